import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { documents } from '@medipay/db/schema';
import { startApplicantSession } from '../../../test/applicant';
import { multipart } from '../../../test/files';
import { activeContentByPdfJs } from '../../../test/pdf-reader';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The attacks of issues 14 and 23 through the real upload route, on the test database. */

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await startApplicantSession(t.app, 'PF')).cookie;
});
afterAll(async () => {
  await t.close();
});

const fixture = (file: string) =>
  readFileSync(join(import.meta.dirname, '../../../test/fixtures/pdf', file));

async function upload(file: string) {
  const body = multipart('file', file, fixture(file));
  return t.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/documents/comprovanteResidencia',
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function storedCount() {
  return (await t.database.db.select().from(documents)).length;
}

describe('uploading a PDF with active content', () => {
  it.each([
    'objstm-openaction-javascript.pdf',
    'objstm-launch.pdf',
    'escaped-openaction-javascript.pdf',
    'escaped-launch.pdf',
  ])('refuses %s and stores nothing', async (file) => {
    const response = await upload(file);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe('PDF com conteúdo executável (JavaScript) não é aceito.');
    expect(await storedCount()).toBe(0);
  });

  it.each([
    ['header-without-space.pdf', 'PDF com conteúdo executável (JavaScript) não é aceito.'],
    ['header-without-space-launch.pdf', 'PDF com conteúdo executável (JavaScript) não é aceito.'],
    ['objstm-count-by-reference.pdf', 'Não foi possível ler o PDF. Envie outro arquivo.'],
  ])('refuses %s (issue 23) and stores nothing', async (file, message) => {
    const response = await upload(file);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(message);
    expect(await storedCount()).toBe(0);
  });

  it('accepts a harmless PDF whose text mentions /JavaScript', async () => {
    const response = await upload('javascript-word-in-text.pdf');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'javascript-word-in-text.pdf',
      type: 'application/pdf',
    });
    expect(await storedCount()).toBe(1);
  });
});

describe('an accepted PDF', () => {
  it('is kept and served rebuilt, never as sent; the hash of what was sent is recorded', async () => {
    const sent = fixture('uri-link.pdf');
    expect((await activeContentByPdfJs(sent)).annotations).toEqual(['Link']);

    const response = await upload('uri-link.pdf');
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({
      method: 'GET',
      url: response.json().url,
      headers: { cookie },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.rawPayload.equals(sent)).toBe(false);
    expect(await activeContentByPdfJs(served.rawPayload)).toMatchObject({
      pages: 1,
      annotations: [],
      openAction: null,
    });

    const [row] = await t.database.db
      .select()
      .from(documents)
      .where(eq(documents.id, response.json().id));
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(row).toMatchObject({
      sha256: sha256(served.rawPayload),
      originalSha256: sha256(sent),
      size: served.rawPayload.length,
    });
  });
});
