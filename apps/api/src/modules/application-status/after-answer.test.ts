import { Writable } from 'node:stream';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { statusCodeSent } from '@medipay/shared/application-status';
import { loggerOptions } from '../../plugins/logging';
import type { ApplicantSessions } from '../applicant-session/applicant-session.service';
import type { Outbox } from '../messaging/outbox.service';
import { createAfterAnswerWork, failureOf } from './after-answer';
import { applicationStatusRoutes } from './application-status.routes';
import type { ApplicationStatuses } from './application-status.service';

/**
 * POST /status/code on a small Fastify instance, its service a stand-in whose work the test
 * holds: what the route does before and after its answer, and on close (issue 23, item 8). The
 * real app's tests (application-status.test.ts) cover what the work writes.
 */

const protocolo = 'MEDI-20261122-4242';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets every timer, I/O callback and immediate due now run. */
const turns = async (count: number) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

async function build(sendCode: ApplicationStatuses['sendCode'], closeTimeoutMs?: number) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      callback();
    },
  });
  const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.setValidatorCompiler(validatorCompiler);
  typed.setSerializerCompiler(serializerCompiler);
  const events: string[] = [];
  const codeSends = createAfterAnswerWork({
    log: app.log,
    what: 'status code send',
    closeTimeoutMs,
  });
  await typed.register(applicationStatusRoutes, {
    statuses: { sendCode } as ApplicationStatuses,
    sessions: {} as ApplicantSessions,
    outbox: {
      dispatch: async (id: string) => {
        events.push(`dispatched ${id}`);
      },
    } as Outbox,
    exportData: () => Promise.reject(new Error('not exported in this test')),
    deleteData: () => Promise.reject(new Error('not deleted in this test')),
    codeSends,
    secureCookies: false,
  });
  const request = () => app.inject({ method: 'POST', url: '/status/code', payload: { protocolo } });
  return { app, lines, events, codeSends, request };
}

describe('POST /status/code', () => {
  it('answers before the work starts, then looks up, writes and asks for the delivery', async () => {
    const work = deferred<{ outboxId: string | null }>();
    const calls: string[] = [];
    const { app, events, codeSends, request } = await build(async (asked) => {
      calls.push(asked);
      return work.promise;
    });
    const response = await request();
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(statusCodeSent);
    expect(calls).toEqual([]);
    await turns(2);
    expect(calls).toEqual([protocolo]);
    work.resolve({ outboxId: 'message-1' });
    await codeSends.settled();
    expect(events).toEqual(['dispatched message-1']);

    // Nothing to deliver (an unknown protocol, the cooldown): nothing asked for.
    const none = await build(async () => ({ outboxId: null }));
    expect((await none.request()).statusCode).toBe(202);
    await none.codeSends.settled();
    expect(none.events).toEqual([]);
    await Promise.all([app.close(), none.app.close()]);
  });

  it('logs a failure after the answer with its type and code, never its message', async () => {
    // What a failed query throws (drizzle): its message quotes the query's parameters.
    const failure = new Error(
      'Failed query: insert into outbox ...\nparams: email,status-code,ana@example.com,{"code":"493817"}',
      { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) },
    );
    const { app, lines, events, codeSends, request } = await build(async () => {
      throw failure;
    });
    const response = await request();
    expect(response.statusCode).toBe(202);
    await codeSends.settled();
    expect(events).toEqual([]);
    const logged = lines.filter((line) => line.msg === 'status code send failed after the answer');
    expect(logged).toEqual([
      expect.objectContaining({
        level: 50,
        reqId: expect.any(String),
        failure: { type: 'Error', code: '40P01' },
      }),
    ]);
    const everything = JSON.stringify(lines);
    expect(everything).not.toContain('ana@example.com');
    expect(everything).not.toContain('493817');
    expect(everything).not.toContain(protocolo);
    await app.close();
  });

  it("makes the app's close wait for the work still running, up to its bound", async () => {
    const work = deferred<{ outboxId: string | null }>();
    const { app, events, request } = await build(() => work.promise);
    expect((await request()).statusCode).toBe(202);
    const closed = app.close().then(() => events.push('closed'));
    await turns(5);
    expect(events).toEqual([]);
    work.resolve({ outboxId: 'message-2' });
    await closed;
    expect(events).toEqual(['dispatched message-2', 'closed']);

    // Work that never ends holds the close back for the bound only, and is logged.
    const stuck = await build(() => new Promise<never>(() => {}), 20);
    expect((await stuck.request()).statusCode).toBe(202);
    await stuck.app.close();
    expect(stuck.lines).toContainEqual(
      expect.objectContaining({
        level: 40,
        msg: 'status code send still running at close',
        unfinished: 1,
      }),
    );
  });
});

describe('failureOf', () => {
  it('keeps the type and a code of the error or of its cause', () => {
    expect(failureOf(Object.assign(new TypeError('x'), { code: 'E1' }))).toEqual({
      type: 'TypeError',
      code: 'E1',
    });
    expect(failureOf(new Error('x', { cause: { code: '23505' } }))).toEqual({
      type: 'Error',
      code: '23505',
    });
    expect(failureOf(new Error('x'))).toEqual({ type: 'Error' });
    expect(failureOf('text')).toEqual({ type: 'string' });
  });
});
