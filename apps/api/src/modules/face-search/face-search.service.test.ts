import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicantSessions, documents, faceDescriptors } from '@medipay/db/schema';
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import { startApplicantSession } from '../../../test/applicant';
import { applicantPhotos, portrait, sampleFaces, type FaceCrop } from '../../../test/faces';
import { multipart } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createFaceEngine, descriptorSimilarity, type FaceEngine } from '../kyc/face-engine';
import { faceMatchThresholds } from '../kyc/face-match';
import { DESCRIPTOR_LENGTH, POPULATION_MEAN, SAME_PERSON_SIMILARITY } from './face-code';
import { createFaceSearch, type FaceSearch } from './face-search.service';

let t: TestApp;
let sandbox: TestApp;
let engine: FaceEngine;
let search: FaceSearch;
/** Sample faces whose portrait shows only them: each stands for one applicant. */
let people: { crop: FaceCrop; descriptor: number[]; sessionId: string; documentId: string }[];

/** A session with a selfie document, as the wizard leaves them (no file is stored). */
async function selfieRows(total: number) {
  const rows = Array.from({ length: total }, () => ({
    sessionId: `sess_${randomUUID().replaceAll('-', '')}`,
    documentId: randomUUID(),
  }));
  await t.database.db
    .insert(applicantSessions)
    .values(rows.map(({ sessionId }) => ({ id: sessionId, flow: 'PF' as const })));
  await t.database.db.insert(documents).values(
    rows.map(({ sessionId, documentId }) => ({
      id: documentId,
      flow: 'PF' as const,
      sessionId,
      field: 'selfie',
      storageKey: `test/${documentId}`,
      sha256: '0'.repeat(64),
      size: 1,
      mimeType: 'image/jpeg',
      originalName: 'selfie.jpg',
      uploadedBy: 'applicant' as const,
    })),
  );
  return rows;
}

const largestFace = async (image: Buffer) => {
  const [face] = (await engine.analyse(image)).faces.sort((a, b) => b.box[2] - a.box[2]);
  if (!face) throw new Error('no face in the test image');
  return face.embedding;
};

beforeAll(async () => {
  t = await createTestApp();
  sandbox = await createTestApp({ env: { KYC_CHECKS: 'sandbox' } });
  search = createFaceSearch({ db: t.database.db });
  engine = createFaceEngine();
  // The faces of the first three sample photos: enough different people, a third of the time.
  const crops = (await sampleFaces(engine)).filter((crop) => crop.photo <= 3);
  const solo: { crop: FaceCrop; descriptor: number[] }[] = [];
  for (const crop of crops) {
    const { faces } = await engine.analyse(await portrait(crop));
    if (faces.length === 1) solo.push({ crop, descriptor: faces[0]!.embedding });
  }
  const rows = await selfieRows(solo.length);
  people = solo.map((person, index) => ({ ...person, ...rows[index]! }));
  for (const person of people) await search.record(t.database.db, person);

  // A few hundred other people: made-up faces around the population mean, as far from it as
  // real faces are (about 0.4), so unrelated to every sample face.
  const random = seededRandom(5);
  const normal = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  for (const row of await selfieRows(300)) {
    const difference = Array.from({ length: DESCRIPTOR_LENGTH }, normal);
    const length = Math.hypot(...difference);
    const descriptor = POPULATION_MEAN.map(
      (mean, index) => mean + (0.4 * difference[index]!) / length,
    );
    await search.record(t.database.db, { ...row, descriptor });
  }
}, 120_000);
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

describe('face search', () => {
  it('finds the same person in another image with the similarity the face check shows, and no other person', async () => {
    expect(people.length).toBeGreaterThanOrEqual(5);
    const person = people[0]!;
    // Another image of the person: wider, darker, more compressed (the samples hold no person
    // in two different photographs; docs/decisions/008).
    const query = await largestFace(
      await portrait(person.crop, { margin: 0.9, quality: 50, brightness: 0.8 }),
    );
    const expected = descriptorSimilarity(query, person.descriptor);
    expect(expected).toBeGreaterThanOrEqual(SAME_PERSON_SIMILARITY);

    const matches = await search.search(query);
    expect(matches[0]).toEqual({
      sessionId: person.sessionId,
      documentId: person.documentId,
      similarity: expect.closeTo(expected, 6),
    });
    // Exactly the stored faces at or above the limit, best first: the search misses none here.
    const exact = people
      .map((other) => ({ other, similarity: descriptorSimilarity(query, other.descriptor) }))
      .filter(({ similarity }) => similarity >= SAME_PERSON_SIMILARITY)
      .sort((a, b) => b.similarity - a.similarity);
    expect(matches.map((match) => match.documentId)).toEqual(
      exact.map(({ other }) => other.documentId),
    );
    // People the face check would call someone else are never listed.
    const others = people.filter(
      (other) => descriptorSimilarity(query, other.descriptor) < faceMatchThresholds.selfies.reject,
    );
    expect(others.length).toBeGreaterThanOrEqual(3);
    const listed = new Set(matches.map((match) => match.sessionId));
    for (const other of others) expect(listed.has(other.sessionId)).toBe(false);
  });

  it('leaves out the application being looked at, and honours the limit', async () => {
    const person = people[1]!;
    const query = await largestFace(await portrait(person.crop, { margin: 0.9, quality: 50 }));
    const all = await search.search(query);
    expect(all.map((match) => match.sessionId)).toContain(person.sessionId);
    const excluded = await search.search(query, { excludeSessionId: person.sessionId });
    expect(excluded.map((match) => match.sessionId)).not.toContain(person.sessionId);
    expect(excluded).toEqual(all.filter((match) => match.sessionId !== person.sessionId));
    expect(await search.search(query, { limit: 1 })).toEqual(all.slice(0, 1));
  });

  it('keeps one descriptor per selfie, as float32, replaced when described again', async () => {
    const person = people[2]!;
    const stored = await search.descriptorOf(person.sessionId, person.documentId);
    expect(stored).toEqual(person.descriptor.map((value) => Math.fround(value)));
    expect(await search.descriptorOf(people[3]!.sessionId, person.documentId)).toBeNull();
    const [before] = await t.database.db.select({ n: count() }).from(faceDescriptors);
    const again = person.descriptor.map((value) => value * 0.99 + 0.001);
    await search.record(t.database.db, { ...person, descriptor: again });
    await search.record(t.database.db, person);
    const [after] = await t.database.db.select({ n: count() }).from(faceDescriptors);
    expect(after!.n).toBe(before!.n);
    expect(await search.descriptorOf(person.sessionId, person.documentId)).toEqual(stored);
  });
});

describe('recording at the face check', () => {
  async function checkSelfie(app: TestApp, crop: FaceCrop) {
    const photos = await applicantPhotos(crop);
    const { cookie } = await startApplicantSession(app.app, 'PF');
    const upload = async (field: string, data: Buffer) => {
      const body = multipart('file', `${field}.jpg`, data);
      const response = await app.app.inject({
        method: 'POST',
        url: `/api/applicant/PF/documents/${field}`,
        headers: { ...body.headers, cookie },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(201);
      return response.json().id as string;
    };
    await upload('docIdentidadeFrente', photos.document);
    const selfieDocId = await upload('selfieDoc', photos.selfieDoc);
    const selfieId = await upload('selfie', photos.selfie);
    const response = await app.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/biometrics/check',
      headers: { cookie },
      payload: { selfieId, selfieDocId, challengeId: null },
    });
    expect(response.statusCode).toBe(200);
    const stored = await app.database.db
      .select({ sessionId: faceDescriptors.sessionId })
      .from(faceDescriptors)
      .where(eq(faceDescriptors.documentId, selfieId));
    return { selfieId, stored };
  }

  it('stores the selfie of a real check, refused or not, and nothing in the sandbox', async () => {
    const person = people[0]!;
    const real = await checkSelfie(t, person.crop);
    expect(real.stored).toHaveLength(1);
    // The applicant is now found by the other image of their face.
    const matches = await search.search(person.descriptor, { excludeSessionId: person.sessionId });
    expect(matches[0]).toMatchObject({ documentId: real.selfieId });

    const inSandbox = await checkSelfie(sandbox, person.crop);
    expect(inSandbox.stored).toEqual([]);
  }, 60_000);
});
