// HTTP for the cluster benchmark: one keep-alive agent per API process, and a request that
// answers its status, body and cookies.
import { Agent, request } from 'node:http';

const requestTimeoutMs = 60_000;

const agents = new Map<number, Agent>();

function agentFor(port: number): Agent {
  let agent = agents.get(port);
  if (!agent) {
    agent = new Agent({ keepAlive: true, maxSockets: 1000 });
    agents.set(port, agent);
  }
  return agent;
}

export type Answer = { status: number; body: Buffer; setCookie: string[] };

export function call(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, agent: agentFor(port), headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            setCookie: res.headers['set-cookie'] ?? [],
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(requestTimeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

/** Closes the keep-alive connections of every process (at the end of a round). */
export function closeAgents() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}
