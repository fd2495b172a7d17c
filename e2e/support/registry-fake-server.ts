/**
 * Local stand-ins for ViaCEP, BrasilAPI and ReceitaWS for the browser tests, answering in the
 * providers' documented shapes. BrasilAPI is down for the numeric CNPJ, so ReceitaWS answers it.
 * Any CNPJ starting with 'E2E' is the sample clinic under that number, so that every journey can
 * apply with a company of its own (a CNPJ has one open application at a time).
 */
import { startHttpFake } from '../../apps/api/test/http-fake';
import { brasilApiCnpj, receitaWsCompany, viaCepSe } from '../../apps/api/test/registry-samples';
import { registryFakePorts } from './registry';

const down = { status: 500, body: { message: 'Internal Server Error' } };

const servers = await Promise.all([
  startHttpFake((path) => {
    if (path === '/health') return { status: 200, body: {} };
    if (path === '/ws/01001000/json/') return { status: 200, body: viaCepSe };
    return { status: 200, body: { erro: 'true' } };
  }, registryFakePorts.viacep),
  startHttpFake((path) => {
    if (path === '/api/cnpj/v1/12ABC34501DE35') return { status: 200, body: brasilApiCnpj };
    if (path === '/api/cnpj/v1/11222333000181') return down;
    const journeyCnpj = /^\/api\/cnpj\/v1\/(E2E[0-9A-Z]{9}\d{2})$/.exec(path)?.[1];
    if (journeyCnpj) return { status: 200, body: { ...brasilApiCnpj, cnpj: journeyCnpj } };
    return {
      status: 404,
      body: { name: 'NotFoundError', message: 'CNPJ não encontrado.', type: 'not_found' },
    };
  }, registryFakePorts.brasilapi),
  startHttpFake((path) => {
    if (path === '/v1/cnpj/11222333000181') return { status: 200, body: receitaWsCompany };
    return { status: 200, body: { status: 'ERROR', message: 'CNPJ inválido' } };
  }, registryFakePorts.receitaws),
]);

const stop = () => {
  void Promise.all(servers.map((server) => server.close())).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
