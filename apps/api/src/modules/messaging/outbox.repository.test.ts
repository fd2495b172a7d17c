import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '@medipay/db/schema';
import { createTestDatabase, type TestDatabase } from '@medipay/db/testing/test-database';
import {
  findStrandedOutboxIds,
  insertOutboxMessage,
  redactExpiredCodes,
} from './outbox.repository';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('outbox sweeping', () => {
  it('finds pending messages whose job may be lost, and redacts expired codes', async () => {
    const db = database.db;
    const fresh = await insertOutboxMessage(db, {
      channel: 'email',
      template: 'otp-code',
      recipient: 'a@example.com',
      data: { code: '111111' },
      idempotencyKey: 'k1',
    });
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await findStrandedOutboxIds(db, new Date(), 3600_000)).toEqual([]);
    expect(await findStrandedOutboxIds(db, later, 3600_000)).toEqual([fresh]);

    await redactExpiredCodes(db, new Date(Date.now() - 60_000));
    expect((await db.select().from(outbox))[0]!.data).toEqual({ code: '111111' });
    await redactExpiredCodes(db, later);
    expect((await db.select().from(outbox))[0]!.data).toEqual({});
  });
});
