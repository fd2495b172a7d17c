import exifr from 'exifr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '@medipay/db/schema';
import { adminSession } from '../../../test/admin';
import { startApplicantSession } from '../../../test/applicant';
import {
  encryptedPdf,
  hugePng,
  image,
  jpegWithGps,
  multipart,
  pdf,
  pdfWithJavaScript,
} from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: string;
let other: string;
let company: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = (await startApplicantSession(t.app, 'PF')).cookie;
  other = (await startApplicantSession(t.app, 'PF')).cookie;
  company = (await startApplicantSession(t.app, 'PJ')).cookie;
});
afterAll(async () => {
  await t.close();
});

async function upload(field: string, fileName: string, data: Buffer, cookie = owner, flow = 'PF') {
  const body = multipart('file', fileName, data);
  return t.app.inject({
    method: 'POST',
    url: `/api/applicant/${flow}/documents/${field}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

async function storedCount() {
  return (await t.database.db.select().from(documents)).length;
}

describe('document upload', () => {
  it.each([
    ['docIdentidadeFrente', 'rg.jpg', () => image('jpeg'), 'image/jpeg'],
    ['docIdentidadeVerso', 'rg-verso.png', () => image('png'), 'image/png'],
    ['selfie', 'selfie.webp', () => image('webp'), 'image/webp'],
    ['comprovanteResidencia', 'conta de luz.pdf', pdf, 'application/pdf'],
  ] as const)('accepts %s as %s', async (field, name, make, type) => {
    const response = await upload(field, name, await make());
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ name, type });
    expect(body.url).toBe(`/api/documents/${body.id}`);
    expect(body.thumbnailUrl === null).toBe(type === 'application/pdf');
  });

  it('removes EXIF and GPS from a stored photo', async () => {
    const original = await jpegWithGps();
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(-23.55, 1);
    const response = await upload('selfieDoc', 'com-documento.jpg', original);
    expect(response.statusCode).toBe(201);
    const stored = await t.app.inject({
      method: 'GET',
      url: response.json().url,
      headers: { cookie: owner },
    });
    expect(stored.statusCode).toBe(200);
    expect(stored.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(await exifr.gps(stored.rawPayload)).toBeUndefined();
    expect(await exifr.parse(stored.rawPayload)).toBeUndefined();
  });

  it.each([
    [
      'a renamed executable',
      'foto.jpg',
      () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(2000, 1)]),
      415,
      'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
    ],
    [
      'an HTML file named .jpg',
      'foto.jpg',
      () => Buffer.from('<html><body><script>alert(1)</script></body></html>'),
      415,
      'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
    ],
    [
      'a JPEG header followed by HTML',
      'foto.jpg',
      () =>
        Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
          Buffer.from('<html><script>alert(1)</script></html>'),
        ]),
      415,
      'Não foi possível ler a imagem. Envie outro arquivo.',
    ],
    [
      'a PDF for a selfie',
      'selfie.pdf',
      pdf,
      415,
      'Formato não aceito. Envie uma imagem JPG, JPEG, PNG ou WEBP',
    ],
    ['an empty file', 'vazio.jpg', () => Buffer.alloc(0), 400, 'O arquivo está vazio'],
  ] as const)('refuses %s', async (_label, name, make, status, message) => {
    const before = await storedCount();
    const response = await upload('selfie', name, await make());
    expect(response.statusCode).toBe(status);
    expect(response.json().message).toBe(message);
    expect(await storedCount()).toBe(before);
  });

  it('refuses an encrypted PDF and a PDF with JavaScript', async () => {
    const before = await storedCount();
    const encrypted = await upload('comprovanteResidencia', 'protegido.pdf', await encryptedPdf());
    expect(encrypted.statusCode).toBe(415);
    expect(encrypted.json().message).toBe(
      'PDF protegido por senha não é aceito. Envie o arquivo sem senha.',
    );
    const active = await upload('comprovanteResidencia', 'ativo.pdf', await pdfWithJavaScript());
    expect(active.statusCode).toBe(415);
    expect(active.json().message).toBe('PDF com conteúdo executável (JavaScript) não é aceito.');
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file over 10 MB with the spec message', async () => {
    const before = await storedCount();
    const response = await upload(
      'comprovanteResidencia',
      'grande.pdf',
      Buffer.alloc(11 * 1024 * 1024, 0x25),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Arquivo deve ter até 10MB');
    expect(await storedCount()).toBe(before);
  });

  it('refuses an image over 70 megapixels before decoding it, storing nothing', async () => {
    const before = await storedCount();
    const bomb = hugePng(9999, 9999);
    expect(bomb.length).toBeLessThan(100 * 1024);
    const response = await upload('docIdentidadeFrente', 'rg.png', bomb);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'A imagem é grande demais: envie uma foto de até 70 megapixels.',
    });
    expect(await storedCount()).toBe(before);
  });

  it('accepts the photo of a 64-megapixel phone camera', async () => {
    const response = await upload('docIdentidadeVerso', 'rg-verso.png', hugePng(9248, 6936));
    expect(response.statusCode).toBe(201);
  });

  it('accepts only a PDF as the Contrato Social', async () => {
    const image_ = await upload(
      'contratoSocial',
      'contrato.png',
      await image('png'),
      company,
      'PJ',
    );
    expect(image_.statusCode).toBe(415);
    expect(image_.json().message).toBe('Formato não aceito. Envie um arquivo PDF');
    expect(
      (await upload('contratoSocial', 'contrato.pdf', await pdf(), company, 'PJ')).statusCode,
    ).toBe(201);
  });

  it('refuses an unknown field and a request without a session', async () => {
    expect((await upload('passaporte', 'a.pdf', await pdf())).statusCode).toBe(404);
    const body = multipart('file', 'a.pdf', await pdf());
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/documents/comprovanteResidencia',
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps every version of a field', async () => {
    const first = (
      await upload('docIdentidadeFrente', 'v1.png', await image('png', 10, 10))
    ).json();
    const second = (
      await upload('docIdentidadeFrente', 'v2.png', await image('png', 20, 20))
    ).json();
    expect(first.id).not.toBe(second.id);
    for (const version of [first, second]) {
      expect(
        (await t.app.inject({ method: 'GET', url: version.url, headers: { cookie: owner } }))
          .statusCode,
      ).toBe(200);
    }
  });

  it('sanitises the original name and keeps it as metadata only', async () => {
    const response = await upload(
      'comprovanteResidencia',
      '../../etc/conta\u0007 de luz.pdf',
      await pdf(),
    );
    expect(response.json().name).toBe('conta de luz.pdf');
    const [row] = (await t.database.db.select().from(documents)).filter(
      (d) => d.id === response.json().id,
    );
    expect(row!.storageKey).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
  });
});

describe('document access', () => {
  it('serves a document to its session with safe headers', async () => {
    const uploaded = (await upload('comprovanteResidencia', 'conta ção.pdf', await pdf())).json();
    const response = await t.app.inject({
      method: 'GET',
      url: uploaded.url,
      headers: { cookie: owner },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="conta cao.pdf"; filename*=UTF-8''conta%20%C3%A7%C3%A3o.pdf`,
    );
    expect(response.headers['content-security-policy']).toContain('sandbox');
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('serves a small WEBP thumbnail of an image', async () => {
    const uploaded = (
      await upload('docIdentidadeVerso', 'verso.jpg', await image('jpeg', 1200, 800))
    ).json();
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: uploaded.thumbnailUrl,
      headers: { cookie: owner },
    });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(thumbnail.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('answers 404, not 403, to another session, another flow and no session', async () => {
    const uploaded = (await upload('comprovanteResidencia', 'privado.pdf', await pdf())).json();
    for (const headers of [{ cookie: other }, { cookie: company }, {}]) {
      const response = await t.app.inject({ method: 'GET', url: uploaded.url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('%PDF');
    }
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/documents/not-a-uuid',
          headers: { cookie: owner },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('document access for the back office', () => {
  it('serves any document and its thumbnail to a logged-in admin', async () => {
    const photo = (
      await upload('docIdentidadeFrente', 'rg.jpg', await image('jpeg', 600, 400))
    ).json();
    const proof = (
      await upload('comprovanteEndereco', 'conta.pdf', await pdf(), company, 'PJ')
    ).json();
    const { cookie } = await adminSession(t, 'admin_mini');
    for (const url of [photo.url, photo.thumbnailUrl, proof.url]) {
      const response = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('still answers 404 to anyone else, a stale admin cookie included', async () => {
    const uploaded = (await upload('comprovanteResidencia', 'outro.pdf', await pdf())).json();
    const admin = await adminSession(t);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: admin.headers,
    });
    expect(logout.statusCode).toBe(204);
    const forged = `${admin.setCookie.name}=${'A'.repeat(43)}`;
    for (const headers of [{}, { cookie: admin.cookie }, { cookie: forged }, { cookie: other }]) {
      const response = await t.app.inject({ method: 'GET', url: uploaded.url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('%PDF');
    }
    const owned = await t.app.inject({
      method: 'GET',
      url: uploaded.url,
      headers: { cookie: owner },
    });
    expect(owned.statusCode).toBe(200);
  });

  it('answers 404 to an admin for an unknown or malformed id', async () => {
    const { cookie } = await adminSession(t);
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '-'.repeat(36)]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/documents/${id}`,
        headers: { cookie },
      });
      expect(response.statusCode, id).toBe(404);
    }
  });
});
