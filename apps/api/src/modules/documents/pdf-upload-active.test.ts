import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '@medipay/db/schema';
import { startApplicantSession } from '../../../test/applicant';
import { multipart } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** The attack of issue 14 through the real upload route, on the test database. */

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
