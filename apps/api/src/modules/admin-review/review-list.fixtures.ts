/** Records for the tests of the back-office lists, written straight into the database. */
import { randomBytes } from 'node:crypto';
import type { Database } from '@medipay/db/client';
import { adminUsers, applicantSessions, onboardingPf, onboardingPj } from '@medipay/db/schema';

type PfValues = Omit<typeof onboardingPf.$inferInsert, 'sessionId'>;
type PjValues = Omit<typeof onboardingPj.$inferInsert, 'sessionId'>;

async function newSession(db: Database, flow: 'PF' | 'PJ', at: Date): Promise<string> {
  const id = `${flow === 'PF' ? 'sess_' : 'pj_'}${randomBytes(24).toString('base64url')}`;
  await db.insert(applicantSessions).values({ id, flow, createdAt: at, lastSeenAt: at });
  return id;
}

export async function insertPf(db: Database, values: PfValues): Promise<string> {
  const at = values.createdAt ?? new Date();
  const sessionId = await newSession(db, 'PF', at);
  const [row] = await db
    .insert(onboardingPf)
    .values({ updatedAt: at, ...values, sessionId })
    .returning({ id: onboardingPf.id });
  return row!.id;
}

export async function insertPj(db: Database, values: PjValues): Promise<string> {
  const at = values.createdAt ?? new Date();
  const sessionId = await newSession(db, 'PJ', at);
  const [row] = await db
    .insert(onboardingPj)
    .values({ updatedAt: at, ...values, sessionId })
    .returning({ id: onboardingPj.id });
  return row!.id;
}

/** An admin account (the audit trail's admin_user_id refers to one). */
export async function insertAdmin(db: Database): Promise<{ id: string; email: string }> {
  const name = `revisor.${randomBytes(4).toString('hex')}`;
  const [row] = await db
    .insert(adminUsers)
    .values({
      email: `${name}@medipay.test`,
      username: name,
      name: 'Revisor de Teste',
      passwordHash: 'not-a-hash',
      role: 'admin_mini',
    })
    .returning({ id: adminUsers.id, email: adminUsers.email });
  return row!;
}

/** Reads a whole async iterable of text chunks. */
export async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const chunk of chunks) all.push(chunk);
  return all;
}

/** Splits CSV text (`;`, RFC 4180 quoting, CRLF) into rows of cells. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!;
    if (quoted) {
      if (character === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (character === '"') {
        quoted = false;
      } else {
        cell += character;
      }
    } else if (character === '"') {
      quoted = true;
    } else if (character === ';') {
      row.push(cell);
      cell = '';
    } else if (character === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 1;
    } else {
      cell += character;
    }
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}
