import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { applicantSessions, onboardingPf, onboardingPj, statusHistory } from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import { ABANDONED_SESSION_IDLE_MS } from '@medipay/shared/admin';
import { backOfficeDashboardSchema } from '@medipay/shared/back-office';
import type { Status } from '@medipay/shared/status';
import { createTestClock } from '../../../test/test-clock';
import {
  approvalRate,
  createAdminDashboard,
  decidedApprovalRate,
  purgeObservation,
  type AdminDashboard,
} from './admin-dashboard.service';

/** 02:30 UTC on 23 Nov 2026 is 23:30 on 22 Nov in São Paulo (UTC-3): the day began at 03:00 UTC. */
const now = new Date('2026-11-23T02:30:00.000Z');
const startOfToday = new Date('2026-11-22T03:00:00.000Z');
const longAgo = new Date('2026-10-01T12:00:00.000Z');

const clock = createTestClock(now);
let database: TestDatabase;
let dashboard: AdminDashboard;
let sequence = 0;

const silentLog = {
  info: vi.fn(),
  warn: vi.fn(),
  error: vi.fn(),
  debug: vi.fn(),
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  database = await createTestDatabase();
  dashboard = createAdminDashboard({
    db: database.db,
    storage: { delete: async () => {} },
    clock,
    log: silentLog,
  });
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  clock.set(now);
  await database.db.delete(onboardingPf);
  await database.db.delete(onboardingPj);
  await database.db.delete(applicantSessions);
});

async function session(flow: 'PF' | 'PJ', lastSeenAt = now): Promise<string> {
  sequence += 1;
  const id = `${flow === 'PF' ? 'sess' : 'pj'}_dashboard_${sequence}`;
  await database.db
    .insert(applicantSessions)
    .values({ id, flow, createdAt: lastSeenAt, lastSeenAt });
  return id;
}

async function pfRecord(
  status: Status,
  createdAt = longAgo,
  sessionLastSeenAt = now,
  prazoAnalise: Date | null = null,
) {
  const sessionId = await session('PF', sessionLastSeenAt);
  await database.db
    .insert(onboardingPf)
    .values({ sessionId, status, createdAt, updatedAt: createdAt, prazoAnalise });
  return sessionId;
}

async function pjRecord(
  status: Status,
  createdAt = longAgo,
  sessionLastSeenAt = now,
  prazoAnalise: Date | null = null,
) {
  const sessionId = await session('PJ', sessionLastSeenAt);
  await database.db
    .insert(onboardingPj)
    .values({ sessionId, status, createdAt, updatedAt: createdAt, prazoAnalise });
  return sessionId;
}

async function many(count: number, make: () => Promise<unknown>) {
  for (let index = 0; index < count; index += 1) await make();
}

describe('the approval rate', () => {
  it.each([
    [0, 0, 0],
    [0, 5, 0],
    [5, 5, 100],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13],
    [1, 200, 1],
    [1, 201, 0],
    [2, 13, 15],
  ])('is %i approved of %i requests -> %i%% (rounded)', (approved, total, rate) => {
    expect(approvalRate(approved, total)).toBe(rate);
  });
});

describe('the decided-only approval rate', () => {
  it.each([
    [0, 0, null],
    [3, 0, 100],
    [0, 4, 0],
    [1, 1, 50],
    [1, 2, 33.3],
    [2, 1, 66.7],
    [1, 5, 16.7],
    [1, 7, 12.5],
    [1, 15, 6.3],
    [2, 998, 0.2],
  ])('is %i approved and %i denied -> %s', (approved, denied, rate) => {
    expect(decidedApprovalRate(approved, denied)).toBe(rate);
  });
});

describe('the audit text of a purge', () => {
  it('is singular for one session', () => {
    expect(purgeObservation(0)).toBe('0 sessões abandonadas removidas');
    expect(purgeObservation(1)).toBe('1 sessão abandonada removida');
    expect(purgeObservation(12)).toBe('12 sessões abandonadas removidas');
  });
});

describe('the dashboard counters', () => {
  it('are zero, with a 0 approval rate and no decided-only rate, on an empty database', async () => {
    const empty = {
      total: 0,
      pending: 0,
      inRequirement: 0,
      approved: 0,
      denied: 0,
      createdToday: 0,
      approvalRate: 0,
      decidedApprovalRate: null,
    };
    expect(await dashboard.getDashboard()).toEqual({
      pf: empty,
      pj: empty,
      abandonedSessions: 0,
      screening: expect.objectContaining({ openHits: 0, openHitsOnApproved: 0 }),
      cases: {
        pf: { dueToday: 0, overdue: 0 },
        pj: { dueToday: 0, overdue: 0 },
        medianDecisionMs: null,
        decisions: 0,
      },
      // The retention job has not run on this database.
      retention: null,
    });
  });

  it('count each PF status group', async () => {
    await many(2, () => pfRecord('INICIADO'));
    await many(1, () => pfRecord('EM_ANALISE'));
    await many(3, () => pfRecord('EM_EXIGENCIA'));
    await many(2, () => pfRecord('APROVADO'));
    await many(1, () => pfRecord('NEGADO'));
    await many(3, () => pfRecord('REJEITADO'));
    await many(1, () => pfRecord('PENDENTE'));
    const result = await dashboard.getDashboard();
    expect(backOfficeDashboardSchema.parse(result)).toEqual(result);
    expect(result.pf).toEqual({
      total: 13,
      pending: 3,
      inRequirement: 3,
      approved: 2,
      denied: 4,
      createdToday: 0,
      // 2 of 13 requests; 2 of the 6 decided.
      approvalRate: 15,
      decidedApprovalRate: 33.3,
    });
    expect(result.pj.total).toBe(0);
  });

  it('count ENVIADO_PARA_ANALISE as pending for PJ', async () => {
    await many(1, () => pjRecord('INICIADO'));
    await many(2, () => pjRecord('ENVIADO_PARA_ANALISE'));
    await many(1, () => pjRecord('EM_ANALISE'));
    await many(1, () => pjRecord('EM_EXIGENCIA'));
    await many(2, () => pjRecord('APROVADO'));
    await many(1, () => pjRecord('NEGADO'));
    const result = await dashboard.getDashboard();
    expect(result.pj).toEqual({
      total: 8,
      pending: 4,
      inRequirement: 1,
      approved: 2,
      denied: 1,
      createdToday: 0,
      // 2 of 8 requests; 2 of the 3 decided.
      approvalRate: 25,
      decidedApprovalRate: 66.7,
    });
    expect(result.pf.total).toBe(0);
    expect(result.pf.approvalRate).toBe(0);
    expect(result.pf.decidedApprovalRate).toBeNull();
  });

  it('count as created today what was created since midnight in São Paulo, not in UTC', async () => {
    const justBefore = new Date(startOfToday.getTime() - 1);
    // Before the São Paulo midnight (21 Nov, 23:59:59.999 there).
    await pfRecord('INICIADO', justBefore);
    await pjRecord('INICIADO', justBefore);
    // At and after it: 22 Nov 00:00 and 23:29 in São Paulo, although 23 Nov in UTC for the last.
    await pfRecord('INICIADO', startOfToday);
    await pfRecord('APROVADO', new Date('2026-11-22T15:00:00.000Z'));
    await pfRecord('NEGADO', new Date('2026-11-23T02:29:59.000Z'));
    await pjRecord('EM_ANALISE', startOfToday);

    const lateEvening = await dashboard.getDashboard();
    expect(lateEvening.pf.createdToday).toBe(3);
    expect(lateEvening.pj.createdToday).toBe(1);

    // Thirty minutes later it is 23 Nov in São Paulo too: a new day, nothing created yet.
    clock.set(new Date('2026-11-23T03:00:00.000Z'));
    const midnight = await dashboard.getDashboard();
    expect(midnight.pf.createdToday).toBe(0);
    expect(midnight.pj.createdToday).toBe(0);
    expect(midnight.pf.total).toBe(4);
  });

  it('count the abandoned sessions: no application and idle for longer than the idle time', async () => {
    const idleSince = new Date(now.getTime() - ABANDONED_SESSION_IDLE_MS);
    await session('PF', longAgo);
    await session('PJ', new Date(idleSince.getTime() - 1));
    // Not abandoned: exactly at the limit, recently seen, or with an application.
    await session('PF', idleSince);
    await session('PF', now);
    await pfRecord('INICIADO', longAgo, longAgo);
    await pjRecord('INICIADO', longAgo, longAgo);

    expect((await dashboard.getDashboard()).abandonedSessions).toBe(2);
    clock.set(new Date(now.getTime() + 1));
    expect((await dashboard.getDashboard()).abandonedSessions).toBe(3);
  });
});

describe('the case queues', () => {
  const HOUR_MS = 60 * 60 * 1000;
  /** The end of 22 Nov in São Paulo, 'today' for the clock (23:30 there). */
  const endOfToday = new Date('2026-11-23T02:59:59.999Z');

  it('count the cases awaiting analysis due later today and the overdue ones', async () => {
    await pfRecord('EM_ANALISE', longAgo, now, new Date(now.getTime() - 1));
    await pfRecord('EM_ANALISE', longAgo, now, new Date('2026-11-18T02:59:59.999Z'));
    await pfRecord('EM_ANALISE', longAgo, now, now);
    await pfRecord('EM_ANALISE', longAgo, now, endOfToday);
    // Tomorrow's, none at all, and a decided case's (its due time no longer runs).
    await pfRecord('EM_ANALISE', longAgo, now, new Date(endOfToday.getTime() + 1));
    await pfRecord('EM_ANALISE');
    await pfRecord('APROVADO', longAgo, now, new Date('2026-11-18T02:59:59.999Z'));
    await pjRecord('ENVIADO_PARA_ANALISE', longAgo, now, new Date('2026-11-20T02:59:59.999Z'));
    await pjRecord('EM_ANALISE', longAgo, now, endOfToday);
    await pjRecord('EM_EXIGENCIA', longAgo, now, new Date('2026-11-20T02:59:59.999Z'));

    const { cases } = await dashboard.getDashboard();
    expect(cases.pf).toEqual({ dueToday: 2, overdue: 2 });
    expect(cases.pj).toEqual({ dueToday: 1, overdue: 1 });
  });

  it('take the median time from entering analysis to the decision, over 30 days', async () => {
    await database.db.delete(statusHistory);
    const at = (hoursBeforeNow: number) => new Date(now.getTime() - hoursBeforeNow * HOUR_MS);
    const move = (
      flow: 'PF' | 'PJ',
      recordId: string,
      toStatus: Status,
      createdAt: Date,
      actorType: 'applicant' | 'admin' = 'admin',
    ) =>
      database.db
        .insert(statusHistory)
        .values({ flow, recordId, toStatus, actorType, createdAt, actorId: null });
    const [a, b, c, old, early] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    // A: 5 h in analysis, then approved.
    await move('PF', a, 'EM_ANALISE', at(100), 'applicant');
    await move('PF', a, 'APROVADO', at(95));
    // B: 1 day and 4 h to the requirements, then 2 h from the corrections to the denial.
    await move('PF', b, 'EM_ANALISE', at(60), 'applicant');
    await move('PF', b, 'EM_EXIGENCIA', at(32));
    await move('PF', b, 'EM_ANALISE', at(10), 'applicant');
    await move('PF', b, 'NEGADO', at(8));
    // C (PJ): 3 h from the submission to the approval, decided just now.
    await move('PJ', c, 'ENVIADO_PARA_ANALISE', at(3), 'applicant');
    await move('PJ', c, 'APROVADO', now);
    // Left out: a decision over 30 days old, and one with no analysis before it.
    await move('PF', old, 'EM_ANALISE', at(30 * 24 + 10), 'applicant');
    await move('PF', old, 'APROVADO', at(30 * 24 + 1));
    await move('PJ', early, 'NEGADO', at(2));

    const { cases } = await dashboard.getDashboard();
    // 2, 3, 5 and 28 hours: the median is halfway between 3 and 5.
    expect(cases).toMatchObject({ medianDecisionMs: 4 * HOUR_MS, decisions: 4 });
    await database.db.delete(statusHistory);
  });
});
