import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, outbox } from '@medipay/db/schema';
import { ABANDONED_SESSION_IDLE_MS } from '@medipay/shared/admin';
import { applicationDetailSchema } from '@medipay/shared/admin-review';
import { errorCodes } from '@medipay/shared/api-error';
import { documentMessages } from '@medipay/shared/documents';
import { medipayActionPaths } from '@medipay/shared/medipay-account';
import { RECTIFICATION_COOKIE } from '@medipay/shared/rectification';
import { createDocumentStorage } from '../../adapters/storage';
import { sweepOrphanFiles } from '../../jobs/orphan-files.job';
import { adminSession, nextTestIp } from '../../../test/admin';
import { startApplicantSession } from '../../../test/applicant';
import { image, multipart } from '../../../test/files';
import { renderIdentityDocument, syntheticIdentity } from '../../../test/identity-documents';
import { startTestS3, type TestS3 } from '../../../test/s3-server';
import { createTestAppInstances, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { submittedPf } from '../../../test/review-detail-fixtures';

/**
 * Documents in a shared store (issue [15], item 3): two processes of the portal on one database
 * and one S3 bucket (a local S3-compatible server) behave as one portal. A document uploaded
 * through A is read through B, by its applicant and by an admin; B's OCR job reads it; B sends it
 * to MediPay; the rectification's old and new versions both stay readable; B's purge and the
 * orphan sweep delete from the bucket. A bucket that refuses a file leaves nothing half-stored.
 * On PGlite the two instances share its one connection; with TEST_DATABASE_URL each has its own
 * pool on a new PostgreSQL database.
 */

const hour = 60 * 60 * 1000;
const clock = createTestClock(new Date('2026-11-22T12:00:00Z'));
let a: TestApp;
let b: TestApp;
let s3: TestS3;
let closeAll: (() => Promise<void>) | undefined;
/** Starting apps (a database, its migrations, the bucket's server) on a busy machine. */
const SETUP_TIMEOUT_MS = 180_000;

type Injected = Awaited<ReturnType<TestApp['app']['inject']>>;

async function upload(t: TestApp, cookie: string, field: string, data: Buffer, name: string) {
  const body = multipart('file', name, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/applicant/PF/documents/${field}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function uploaded(t: TestApp, cookie: string, field: string, data: Buffer, name: string) {
  const response = await upload(t, cookie, field, data, name);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; thumbnailUrl: string | null };
}

const documentRow = async (id: string) =>
  (await a.database.db.select().from(documents).where(eq(documents.id, id)))[0]!;

const get = (t: TestApp, url: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url, headers });

function expectFile(response: Injected, contentType: string) {
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe(contentType);
  return response.rawPayload;
}

describe('two processes, one bucket', { timeout: 90_000 }, () => {
  beforeAll(async () => {
    const created = await createTestAppInstances(2, {
      clock,
      storage: 's3',
      env: { KYC_CHECKS: 'sandbox' },
    });
    [a, b] = created.instances as [TestApp, TestApp];
    s3 = a.s3!;
    closeAll = created.close;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeAll?.();
  });

  it('stores an upload through A in the bucket, not on its disk; B reads it for the applicant and an admin, and its OCR job reads it', async () => {
    const { cookie } = await startApplicantSession(a.app, 'PF', nextTestIp());
    const identity = syntheticIdentity('RG', 21);
    const photo = await renderIdentityDocument(identity);
    const sent = await uploaded(a, cookie, 'docIdentidadeFrente', photo, 'rg-frente.jpg');
    const row = await documentRow(sent.id);

    expect(await s3.keys()).toEqual(
      expect.arrayContaining([row.storageKey, `${row.storageKey}.thumb`]),
    );
    expect(existsSync(join(a.env.DATA_DIR, 'documents'))).toBe(false);

    // The applicant's own read, through the other process: the same bytes as through A.
    const throughA = expectFile(
      await get(a, `/api/documents/${sent.id}`, { cookie }),
      'image/jpeg',
    );
    const throughB = expectFile(
      await get(b, `/api/documents/${sent.id}`, { cookie }),
      'image/jpeg',
    );
    expect(throughB.length).toBe(row.size);
    expect(throughB.equals(throughA)).toBe(true);
    expectFile(await get(b, sent.thumbnailUrl!, { cookie }), 'image/webp');

    // An admin of B opens it for the review.
    const admin = await adminSession(b, 'admin_mini', { clock });
    const asAdmin = expectFile(
      await get(b, `/api/documents/${sent.id}`, { cookie: admin.cookie }),
      'image/jpeg',
    );
    expect(asAdmin.equals(throughA)).toBe(true);

    // The extraction A queued is run by B, which reads the file from the bucket.
    expect(await b.app.extraction.runPending()).toBeGreaterThanOrEqual(1);
    const extraction = await get(b, `/api/applicant/PF/documents/${sent.id}/extraction`, {
      cookie,
    });
    expect(extraction.statusCode, extraction.body).toBe(200);
    expect(extraction.json()).toMatchObject({
      status: 'done',
      kind: 'RG',
      fields: { nome: { value: identity.nome }, numero: { value: identity.numero } },
    });
  });

  it("sends to MediPay through B ('Enviar Documentos') the documents of an application filled through A", async () => {
    const { row } = await submittedPf(a, clock);
    const admin = await adminSession(b, 'admin_mini', { clock });
    const post = (path: string, payload: object = {}) =>
      b.app.inject({
        method: 'POST',
        url: `/api/admin/applications/pf/${row.id}/${path}`,
        headers: admin.headers,
        payload,
      });
    const approved = await post('approve', { expectedStatus: 'EM_ANALISE' });
    expect(approved.statusCode, approved.body).toBe(200);
    clock.advance(1000);

    const response = await post(`medipay/${medipayActionPaths['send-documents']}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = applicationDetailSchema.parse(response.json());
    const current = detail.documents.filter((document) => document.current !== null).length;
    expect(current).toBe(5);
    expect(detail.medipay).toMatchObject({ state: 'done', documentsSent: current });
  });

  it('keeps both versions of a rectified document in the bucket, each readable through either process', async () => {
    const { row, saved } = await submittedPf(a, clock);
    const admin = await adminSession(b, 'admin_mini', { clock });
    const asked = await b.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${row.id}/request-changes`,
      headers: admin.headers,
      payload: { expectedStatus: row.status, exigencias: 'Envie o RG legível.' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    clock.advance(1000);

    // The e-mailed link, opened through A; the new version uploaded and sent through A.
    const [message] = await a.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, row.email!), eq(outbox.template, 'requirements')))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    const token = new URL(
      (message!.data as { rectificationUrl: string }).rectificationUrl,
    ).searchParams.get('token')!;
    const opened = await a.app.inject({
      method: 'POST',
      url: '/api/rectification/open',
      payload: { token },
      remoteAddress: nextTestIp(),
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = `${RECTIFICATION_COOKIE}=${token}`;
    const newPhoto = await image('jpeg', 96, 64);
    const body = multipart('file', 'rg-novo.jpg', newPhoto);
    const replaced = await a.app.inject({
      method: 'POST',
      url: '/api/rectification/documents/docIdentidadeFrente',
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(201);
    const newVersion = replaced.json() as { id: string };
    const submitted = await a.app.inject({
      method: 'POST',
      url: '/api/rectification/submit',
      headers: { cookie },
      payload: { justification: 'RG novo.', documents: { docIdentidadeFrente: newVersion.id } },
      remoteAddress: nextTestIp(),
    });
    expect(submitted.statusCode, submitted.body).toBeLessThan(300);

    // B's review shows both versions; each opens through B and through A, with its own bytes.
    const detailResponse = await get(b, `/api/admin/applications/pf/${row.id}`, admin.headers);
    expect(detailResponse.statusCode, detailResponse.body).toBe(200);
    const front = applicationDetailSchema
      .parse(detailResponse.json())
      .documents.find((document) => document.field === 'docIdentidadeFrente')!;
    const oldId = saved.docIdentidadeFrente!.id;
    expect(front.current?.id).toBe(newVersion.id);
    expect(front.versions.map((version) => version.id)).toEqual([newVersion.id, oldId]);
    const oldRow = await documentRow(oldId);
    const newRow = await documentRow(newVersion.id);
    expect(await s3.keys()).toEqual(expect.arrayContaining([oldRow.storageKey, newRow.storageKey]));
    const adminA = await adminSession(a, 'admin_mini', { clock });
    for (const [t, headers] of [
      [b, admin.headers],
      [a, adminA.headers],
    ] as const) {
      const oldFile = expectFile(await get(t, `/api/documents/${oldId}`, headers), 'image/jpeg');
      const newFile = expectFile(
        await get(t, `/api/documents/${newVersion.id}`, headers),
        'image/jpeg',
      );
      expect(oldFile.length).toBe(oldRow.size);
      expect(newFile.length).toBe(newRow.size);
      expect(oldFile.equals(newFile)).toBe(false);
    }
  });

  it('deletes from the bucket, through the orphan sweep of B, a file no row names, and nothing else', async () => {
    const orphan = `2026/11/${randomUUID()}`;
    await s3.storage.put(orphan, Buffer.from('sobra de um envio interrompido'), 'image/jpeg');
    await s3.storage.put(`${orphan}.thumb`, Buffer.from('miniatura'), 'image/webp');
    await s3.storage.put('outro-sistema/planilha.csv', Buffer.from('a;b'), 'text/csv');
    const named = (await a.database.db.select().from(documents)).flatMap((row) =>
      row.thumbnailKey ? [row.storageKey, row.thumbnailKey] : [row.storageKey],
    );
    expect(named.length).toBeGreaterThan(0);
    const before = await s3.keys();

    const errors: unknown[] = [];
    const report = await sweepOrphanFiles({
      db: b.database.db,
      // The store as B's job builds it, from B's environment.
      storage: await createDocumentStorage(b.env),
      // Two hours on: every file is past the grace period.
      clock: { now: () => new Date(Date.now() + 2 * hour) },
      log: { error: (...args: unknown[]) => errors.push(args) },
    });

    expect(errors).toEqual([]);
    expect(report).toMatchObject({
      listed: before.length,
      foreign: 1,
      young: 0,
      deleted: 2,
      failed: 0,
      referenced: before.length - 3,
    });
    const after = await s3.keys();
    expect(after).not.toContain(orphan);
    expect(after).not.toContain(`${orphan}.thumb`);
    expect(after).toContain('outro-sistema/planilha.csv');
    expect(after).toEqual(expect.arrayContaining(named));
  });

  it("deletes from the bucket, through B's purge, the files of a session abandoned on A", async () => {
    const { cookie } = await startApplicantSession(a.app, 'PF', nextTestIp());
    const left = await uploaded(a, cookie, 'selfie', await image('jpeg'), 'selfie.jpg');
    const row = await documentRow(left.id);
    expect(await s3.keys()).toEqual(expect.arrayContaining([row.storageKey, row.thumbnailKey!]));

    clock.advance(ABANDONED_SESSION_IDLE_MS + hour);
    const admin = await adminSession(b, 'admin_master', { clock });
    const purged = await b.app.inject({
      method: 'POST',
      url: '/api/admin/abandoned-sessions/purge',
      headers: admin.headers,
    });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(purged.json().removed).toBeGreaterThanOrEqual(1);

    expect(await a.database.db.select().from(documents).where(eq(documents.id, left.id))).toEqual(
      [],
    );
    const after = await s3.keys();
    expect(after).not.toContain(row.storageKey);
    expect(after).not.toContain(row.thumbnailKey);
    expect((await get(b, `/api/documents/${left.id}`, { cookie })).statusCode).toBe(404);
  });
});

describe('each process on its own disk (STORAGE=local)', () => {
  let local: TestApp[];
  let closeLocal: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ instances: local, close: closeLocal } = await createTestAppInstances(2, { clock }));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeLocal?.();
  });

  it('does not see what the other received: the reason several processes need the bucket', async () => {
    const [first, second] = local as [TestApp, TestApp];
    expect(first.env.STORAGE).toBe('local');
    const { cookie } = await startApplicantSession(first.app, 'PF', nextTestIp());
    const sent = await uploaded(first, cookie, 'selfie', await image('jpeg'), 'selfie.jpg');
    expect((await get(first, `/api/documents/${sent.id}`, { cookie })).statusCode).toBe(200);
    expect((await get(second, `/api/documents/${sent.id}`, { cookie })).statusCode).toBe(404);
  });
});

/**
 * An S3 endpoint in front of a real bucket that refuses some writes with S3's AccessDenied, as a
 * bucket policy denying them would, and passes every other request through unchanged.
 */
async function refusingProxy(target: string, refuses: (method: string, path: string) => boolean) {
  const upstream = new URL(target);
  const server: Server = createServer((incoming, response) => {
    const path = incoming.url ?? '/';
    if (refuses(incoming.method ?? 'GET', decodeURIComponent(path.split('?')[0]!))) {
      incoming.resume();
      incoming.on('end', () => {
        response.writeHead(403, { 'content-type': 'application/xml' });
        response.end(
          '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code>' +
            '<Message>Access Denied</Message></Error>',
        );
      });
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('a bucket that refuses the file', () => {
  let bucket: TestS3;
  /** Every request the proxies saw, `METHOD /path` with the document's id as <id>. */
  const requests: string[] = [];
  let refusing: Awaited<ReturnType<typeof refusingProxy>>;
  let passing: Awaited<ReturnType<typeof refusingProxy>>;
  /** One database; processes set up with a missing bucket, unknown keys, thumbnails refused, all passed. */
  let apps: Record<'noBucket' | 'wrongKeys' | 'noThumbnails' | 'proxied', TestApp>;
  let closeApps: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    bucket = await startTestS3('medipay-recusa');
    refusing = await refusingProxy(bucket.endpoint, (method, path) => {
      requests.push(`${method} ${path.replace(/[0-9a-f-]{36}/, '<id>')}`);
      return method === 'PUT' && path.endsWith('.thumb');
    });
    passing = await refusingProxy(bucket.endpoint, () => false);
    const created = await createTestAppInstances(4, {
      env: bucket.env,
      instanceEnv: [
        { S3_BUCKET: 'bucket-que-nao-existe' },
        { S3_ACCESS_KEY_ID: 'OUTRA', S3_SECRET_ACCESS_KEY: 'chave-errada' },
        { S3_ENDPOINT: refusing.endpoint },
        { S3_ENDPOINT: passing.endpoint },
      ],
    });
    const [noBucket, wrongKeys, noThumbnails, proxied] = created.instances as [
      TestApp,
      TestApp,
      TestApp,
      TestApp,
    ];
    apps = { noBucket, wrongKeys, noThumbnails, proxied };
    closeApps = created.close;
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await closeApps?.();
    await refusing?.close();
    await passing?.close();
    await bucket?.close();
  });

  /** An upload through the app: the Portuguese upload error, and no row, no object left. */
  async function expectRefusedUpload(t: TestApp) {
    const { cookie } = await startApplicantSession(t.app, 'PF', nextTestIp());
    const response = await upload(t, cookie, 'selfie', await image('jpeg'), 'selfie.jpg');
    expect(response.statusCode, response.body).toBe(503);
    expect(response.json()).toEqual({
      code: errorCodes.unavailable,
      message: documentMessages.uploadFailed,
    });
    expect(documentMessages.uploadFailed).toBe('Não foi possível enviar o arquivo.');
    expect(await t.database.db.select().from(documents)).toEqual([]);
    expect(await bucket.keys()).toEqual([]);
  }

  it('answers the upload error for a bucket that does not exist, keeping nothing', async () => {
    await expectRefusedUpload(apps.noBucket);
  });

  it('answers the upload error for keys the bucket does not know (access denied), keeping nothing', async () => {
    await expectRefusedUpload(apps.wrongKeys);
  });

  it('removes the file already written when the bucket refuses its thumbnail', async () => {
    requests.length = 0;
    await expectRefusedUpload(apps.noThumbnails);
    // The file went in, its thumbnail was refused (once: the SDK does not retry a refusal), then
    // both keys were removed.
    const key = expect.stringMatching(new RegExp(`^/${bucket.bucket}/\\d{4}/\\d{2}/<id>$`));
    const file = requests.find((line) => line.startsWith('PUT'))!.slice('PUT '.length);
    expect(file).toEqual(key);
    expect(requests.filter((line) => line.startsWith('PUT'))).toEqual([
      `PUT ${file}`,
      `PUT ${file}.thumb`,
    ]);
    expect(requests.filter((line) => line.startsWith('DELETE')).sort()).toEqual([
      `DELETE ${file}`,
      `DELETE ${file}.thumb`,
    ]);
    expect(requests.filter((line) => line.startsWith('DELETE'))).toHaveLength(2);
  });

  it('stores through the same kind of proxy what it does not refuse', async () => {
    const t = apps.proxied;
    const { cookie } = await startApplicantSession(t.app, 'PF', nextTestIp());
    const sent = await uploaded(t, cookie, 'selfie', await image('jpeg'), 'selfie.jpg');
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, sent.id));
    expect(await bucket.keys()).toEqual(
      expect.arrayContaining([row!.storageKey, row!.thumbnailKey]),
    );
    expect((await get(t, `/api/documents/${sent.id}`, { cookie })).statusCode).toBe(200);
  });
});
