/** Ports of the local provider stand-ins the e2e server is pointed at. */
export const registryFakePorts = { viacep: 4176, brasilapi: 4177, receitaws: 4178 } as const;

export const registryFakeUrls = {
  viacep: `http://127.0.0.1:${registryFakePorts.viacep}`,
  brasilapi: `http://127.0.0.1:${registryFakePorts.brasilapi}`,
  receitaws: `http://127.0.0.1:${registryFakePorts.receitaws}`,
};
