import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationDetailSchema, type ApplicationDetail } from '@medipay/shared/admin-review';
import { linkedApplicationsSchema } from '@medipay/shared/case-review';
import { adminSession } from '../../../test/admin';
import { portrait, sampleFaces } from '../../../test/faces';
import { submittedPf } from '../../../test/review-detail-fixtures';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { SAME_PERSON_SIMILARITY } from '../face-search/face-code';
import { createFaceSearch } from '../face-search/face-search.service';
import { createFaceEngine, type FaceEngine } from '../kyc/face-engine';

const clock = createTestClock();
let t: TestApp;
let engine: FaceEngine;
let admin: Awaited<ReturnType<typeof adminSession>>;

beforeAll(async () => {
  // Sandbox checks store no descriptor: the test records the real engine's descriptors of the
  // selfies itself, as the real face check does.
  t = await createTestApp({ clock, env: { KYC_CHECKS: 'sandbox' } });
  engine = createFaceEngine();
  admin = await adminSession(t);
});
afterAll(async () => {
  await t.close();
});

const selfieOf = (detail: ApplicationDetail) =>
  detail.documents.find((document) => document.field === 'selfie')!.current!.id;

async function get(url: string) {
  const response = await t.app.inject({ method: 'GET', url, headers: admin.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('linked applications by face', () => {
  // The real face engine reads the sample photos: 13 s on a quiet machine, 32 s on a loaded one.
  it('links one person under two CPFs by the selfie, not a different person', async () => {
    // Two faces of the first sample photo whose portraits show them alone: two people.
    const solo = [];
    for (const crop of (await sampleFaces(engine)).filter((face) => face.photo === 1)) {
      if ((await engine.analyse(await portrait(crop))).faces.length === 1) solo.push(crop);
      if (solo.length === 2) break;
    }
    const [person, stranger] = solo;
    const faces = createFaceSearch({ db: t.database.db });
    const applications = [];
    // The same person photographed twice (a new framing and exposure), then someone else.
    for (const photo of [
      await portrait(person!),
      await portrait(person!, { margin: 0.9, quality: 55, brightness: 0.85 }),
      await portrait(stranger!),
    ]) {
      const { row } = await submittedPf(t, clock);
      const detail = applicationDetailSchema.parse(
        await get(`/api/admin/applications/pf/${row.id}`),
      );
      const [face] = (await engine.analyse(photo)).faces;
      await faces.record(t.database.db, {
        sessionId: row.sessionId,
        documentId: selfieOf(detail),
        descriptor: face!.embedding,
      });
      applications.push(row);
    }
    const [first, second, third] = applications;
    expect(first!.cpf).not.toBe(second!.cpf);

    const linked = linkedApplicationsSchema.parse(
      await get(`/api/admin/applications/pf/${first!.id}/links`),
    );
    expect(linked.faceSearched).toBe(true);
    expect(linked.items.map((item) => item.id)).toEqual([second!.id]);
    const [match] = linked.items;
    expect(match!.faceSimilarity).toBeGreaterThanOrEqual(SAME_PERSON_SIMILARITY);
    expect(match!.shared).toEqual([
      { attribute: 'rosto', value: `${Math.round(match!.faceSimilarity! * 100)}%` },
    ]);
    // The link asks for a second approval, on both sides; the stranger is linked to nobody.
    const detail = applicationDetailSchema.parse(
      await get(`/api/admin/applications/pf/${second!.id}`),
    );
    expect(detail.case.secondApprovalReasons.map((reason) => reason.code)).toEqual([
      'cadastro_relacionado',
    ]);
    expect(
      linkedApplicationsSchema.parse(await get(`/api/admin/applications/pf/${third!.id}/links`))
        .items,
    ).toEqual([]);
  }, 90_000);
});
