import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApplicantSession } from '../../../test/applicant';
import { image, multipart } from '../../../test/files';
import { renderIdentityDocument, syntheticIdentity } from '../../../test/identity-documents';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createOcrEngine } from './ocr-engine';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  cookie = (await startApplicantSession(t.app, 'PF')).cookie;
});
afterAll(async () => {
  await t.close();
});

async function upload(field: string, data: Buffer, name = 'documento.jpg') {
  const body = multipart('file', name, data);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/applicant/PF/documents/${field}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

const extraction = (id: string, session = cookie) =>
  t.app.inject({
    method: 'GET',
    url: `/api/applicant/PF/documents/${id}/extraction`,
    headers: { cookie: session },
  });

describe('identity document extraction', () => {
  it.each(['RG', 'CIN', 'CNH'] as const)('reads the fields of a photographed %s', async (kind) => {
    const identity = syntheticIdentity(kind, 11);
    const photo = await renderIdentityDocument(identity, {
      rotation: 1.5,
      blur: 0.6,
      noise: 14,
      quality: 65,
    });
    const { id } = await upload('docIdentidadeFrente', photo);
    expect((await extraction(id)).json()).toEqual({ status: 'pending', kind: null, fields: null });

    await t.app.extraction.runPending();
    const result = (await extraction(id)).json();
    expect(result.status).toBe('done');
    expect(result.kind).toBe(kind);
    expect(result.fields.nome.value).toBe(identity.nome);
    expect(result.fields.numero.value).toBe(identity.numero);
    // The issuer, its state and the expiry are stored right or not at all (below their field's
    // confidence the applicant types them): never a wrong value.
    for (const field of ['orgao', 'uf', 'validade'] as const)
      expect([identity[field], null]).toContain(result.fields[field]?.value ?? null);
  });

  it('finds nothing on an image without a document, leaving the fields to the applicant', async () => {
    const { id } = await upload('docIdentidadeVerso', await image('png', 600, 400), 'branco.png');
    await t.app.extraction.runPending();
    expect((await extraction(id)).json()).toEqual({
      status: 'done',
      kind: null,
      fields: { nome: null, numero: null, orgao: null, uf: null, validade: null },
    });
  });

  it('does not read other documents, and shows a result to its session only', async () => {
    const selfie = await upload('selfie', await image('jpeg'));
    expect((await extraction(selfie.id)).statusCode).toBe(404);
    const { id } = await upload(
      'docIdentidadeFrente',
      await renderIdentityDocument(syntheticIdentity('CNH', 3)),
    );
    const other = (await startApplicantSession(t.app, 'PF')).cookie;
    expect((await extraction(id, other)).statusCode).toBe(404);
  });
});

describe('second reading of a band of the card', () => {
  it('reads a band asked for by the first reading, with boxes in the same image', async () => {
    const identity = syntheticIdentity('CIN', 5);
    const engine = createOcrEngine();
    try {
      const result = await engine.read(await renderIdentityDocument(identity), (lines) => {
        const name = lines.find((line) => line.text.includes(identity.nome.split(' ')[0]!));
        return name?.bbox
          ? [{ box: { ...name.bbox, y0: name.bbox.y0 - 6, y1: name.bbox.y1 + 6 } }]
          : [];
      });
      expect(result.regions).toHaveLength(1);
      const [band] = result.regions;
      const read = band!.lines.map((line) => line.text).join(' ');
      expect(read).toContain(identity.nome.split(' ').at(-1));
      // The band's boxes are placed in the prepared card, where the first reading found the row.
      const line = band!.lines.find((candidate) => candidate.text.length > 0)!;
      expect(Math.abs(line.bbox!.y0 - band!.region.box.y0)).toBeLessThan(20);
    } finally {
      await engine.close();
    }
  });
});
