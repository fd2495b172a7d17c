// The applicants of the cluster benchmark: each one, again and again until the time is up, a new
// person through the start of the PF wizard (session, codes, steps 1-3 with uploads, read back),
// round-robin over the processes.
import type { DatabaseHandle } from '@medipay/db/client';
import type { UploadedDocument } from '@medipay/shared/documents';
import { latestCodeFor } from '../../apps/api/test/applicant';
import { cpfFrom } from '../../apps/api/test/cpf';
import { multipart } from '../../apps/api/test/files';
import { pfValues, type PfApplicant } from '../../apps/api/test/flow-applicant';
import { call, type Answer } from './http';

export const kinds = [
  'session',
  'code send',
  'code check',
  'step 1',
  'upload',
  'step 2',
  'step 3',
  'read application',
  'read document',
] as const;
export type Kind = (typeof kinds)[number];
export const stepKinds: Kind[] = ['step 1', 'step 2', 'step 3'];

export type KindStats = { latencies: number[]; errors: number };
export type RoundStats = {
  byKind: Map<Kind, KindStats>;
  /** The first few failures, to say what went wrong. */
  failures: string[];
  journeys: number;
};

class TimeIsUp extends Error {}

export type Files = { pdf: Buffer; jpeg: Buffer };

export type Round = {
  ports: number[];
  database: DatabaseHandle;
  files: Files;
  stats: RoundStats;
  /** Latencies count from here; requests stop starting at `until`. */
  measureFrom: number;
  until: number;
};

let nextPerson = 0;
let nextProcess = 0;

/** One person's way through the start of the PF wizard; throws on the first failure. */
async function journey(round: Round) {
  nextPerson += 1;
  const n = nextPerson;
  const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const email = `cluster${n}@example.com`;
  const national = `119${String(70_000_000 + n).padStart(8, '0')}`;
  const telefone = `+55 (11) ${national.slice(2, 7)}-${national.slice(7)}`;
  const phoneE164 = `+55${national}`;
  const cpf = cpfFrom(100_000_000 + n * 7919);
  let cookie = '';

  const send = async (
    kind: Kind,
    method: string,
    path: string,
    expected: number,
    payload?: object | { multipart: ReturnType<typeof multipart> },
    /** What is wrong with a right status's answer, if anything. */
    check?: (answer: Answer) => string | undefined,
    /** The process to ask; by default the next in turn. */
    onPort?: number,
  ): Promise<Answer & { port: number }> => {
    if (performance.now() >= round.until) throw new TimeIsUp();
    const port = onPort ?? round.ports[nextProcess++ % round.ports.length]!;
    const headers: Record<string, string> = { 'x-forwarded-for': address };
    if (cookie) headers.cookie = cookie;
    let body: Buffer | string | undefined;
    if (payload && 'multipart' in payload) {
      Object.assign(headers, payload.multipart.headers);
      body = payload.multipart.payload;
    } else if (payload) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(payload);
    }
    const started = performance.now();
    let answer: Answer | undefined;
    let failure: string | undefined;
    try {
      answer = await call(port, method, path, headers, body);
      failure =
        answer.status === expected
          ? check?.(answer)
          : `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
    } catch (error) {
      failure = (error as Error).message;
    }
    const stats = round.stats.byKind.get(kind)!;
    if (started >= round.measureFrom) stats.latencies.push(performance.now() - started);
    if (failure !== undefined || !answer) {
      stats.errors += 1;
      if (round.stats.failures.length < 8)
        round.stats.failures.push(`${kind} (${method} ${path} on :${port}): ${failure}`);
      throw new Error(failure);
    }
    return { ...answer, port };
  };
  const json = (answer: Answer) =>
    JSON.parse(answer.body.toString('utf8')) as Record<string, unknown>;

  const session = await send('session', 'POST', '/api/applicant/sessions', 201, { flow: 'PF' });
  cookie = session.setCookie.map((header) => header.split(';')[0]).join('; ');
  const applicant: PfApplicant = {
    cookie,
    remoteAddress: address,
    email,
    telefone,
    phoneE164,
    cpf,
  };

  const verify = async (channel: 'email' | 'phone', destination: string, recipient: string) => {
    await send('code send', 'POST', '/api/applicant/PF/verification/send', 202, {
      channel,
      destination,
    });
    const code = await latestCodeFor(round.database.db, recipient);
    const checked = await send('code check', 'POST', '/api/applicant/PF/verification/verify', 200, {
      channel,
      code,
    });
    // A verified code gives the session a new cookie: the one before opens nothing any more.
    if (checked.setCookie.length > 0)
      cookie = checked.setCookie.map((header) => header.split(';')[0]).join('; ');
  };
  await verify('email', email, email);
  await verify('phone', telefone, phoneE164);

  const steps = '/api/applicant/PF/application/steps';
  // The form values of the API's tests (test/flow-applicant.ts).
  await send('step 1', 'PUT', `${steps}/1`, 200, pfValues.identification(applicant));

  const upload = async (field: string, fileName: string, data: Buffer, contentType: string) => {
    const answer = await send('upload', 'POST', `/api/applicant/PF/documents/${field}`, 201, {
      multipart: multipart('file', fileName, data, contentType),
    });
    return { document: json(answer) as UploadedDocument, port: answer.port };
  };
  const { document: proof, port: proofPort } = await upload(
    'comprovanteResidencia',
    'comprovante.pdf',
    round.files.pdf,
    'application/pdf',
  );
  await send('step 2', 'PUT', `${steps}/2`, 200, pfValues.address(proof));

  const { document: front } = await upload(
    'docIdentidadeFrente',
    'frente.jpg',
    round.files.jpeg,
    'image/jpeg',
  );
  const { document: back } = await upload(
    'docIdentidadeVerso',
    'verso.jpg',
    round.files.jpeg,
    'image/jpeg',
  );
  await send('step 3', 'PUT', `${steps}/3`, 200, pfValues.professional(front, back));

  await send(
    'read application',
    'GET',
    '/api/applicant/PF/application',
    200,
    undefined,
    (answer) => {
      const state = json(answer);
      return state.currentStep === 4 && answer.body.toString('utf8').includes(proof.id)
        ? undefined
        : `the application read back is not at step 4 with its proof of residence: ${answer.body.toString('utf8').slice(0, 200)}`;
    },
  );
  await send(
    'read document',
    'GET',
    `/api/documents/${proof.id}`,
    200,
    undefined,
    // A PDF is stored as sent (images are re-encoded): the same bytes must come back.
    (answer) =>
      answer.body.equals(round.files.pdf)
        ? undefined
        : `the document read back differs from the one sent (${answer.body.length} bytes)`,
    // Through the process after the one that stored it: the bucket is what they share.
    round.ports[(round.ports.indexOf(proofPort) + 1) % round.ports.length],
  );
  if (performance.now() < round.until) round.stats.journeys += 1;
}

export async function applicantLoop(round: Round) {
  while (performance.now() < round.until) {
    try {
      await journey(round);
    } catch (error) {
      if (error instanceof TimeIsUp) return;
      // Counted where it failed; a new person starts.
    }
  }
}
