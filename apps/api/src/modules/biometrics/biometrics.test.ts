import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationResults } from '@medipay/db/schema';
import { challengeFrameNames } from '@medipay/shared/biometrics';
import { LIVENESS_STEPS } from '@medipay/shared/liveness';
import { startApplicantSession } from '../../../test/applicant';
import {
  applicantPhotos,
  portrait,
  portraitFaces,
  samplePhoto,
  type FaceCrop,
} from '../../../test/faces';
import { multipart, multipartForm, pdf } from '../../../test/files';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { headTurnFrames } from '../../../test/head-turns';
import { createTestClock } from '../../../test/test-clock';
import { createFaceEngine } from '../kyc/face-engine';
import { faceMatchThresholds } from '../kyc/face-match';
import { CHALLENGE_TTL_MS } from './biometrics.service';

const clock = createTestClock();
let t: TestApp;
let sandbox: TestApp;
let people: FaceCrop[];

beforeAll(async () => {
  t = await createTestApp({ clock });
  sandbox = await createTestApp({ env: { KYC_CHECKS: 'sandbox' } });
  const engine = createFaceEngine();
  const faces = await portraitFaces(engine);
  people = faces.solo;
}, 120_000);
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

/** A selfie with two people side by side, whatever the sample photos' own groups are. */
async function twoPeople(left: FaceCrop, right: FaceCrop): Promise<Buffer> {
  const size = 320;
  const [a, b] = await Promise.all(
    [left, right].map(async (crop) =>
      sharp(await portrait(crop))
        .resize(size, size, { fit: 'cover' })
        .toBuffer(),
    ),
  );
  return sharp({ create: { width: size * 2, height: size, channels: 3, background: '#808080' } })
    .composite([
      { input: a!, left: 0, top: 0 },
      { input: b!, left: size, top: 0 },
    ])
    .jpeg()
    .toBuffer();
}

async function upload(app: TestApp, cookie: string, field: string, name: string, data: Buffer) {
  const body = multipart('file', name, data);
  const response = await app.app.inject({
    method: 'POST',
    url: `/api/applicant/PF/documents/${field}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** A PF session with the three photos uploaded. */
async function applicant(
  photos: { selfie: Buffer; selfieDoc: Buffer; document: Buffer },
  app = t,
  selfieName = 'selfie.jpg',
) {
  const { cookie } = await startApplicantSession(app.app, 'PF');
  const document = await upload(app, cookie, 'docIdentidadeFrente', 'rg.jpg', photos.document);
  const selfieDocId = await upload(app, cookie, 'selfieDoc', 'selfie-doc.jpg', photos.selfieDoc);
  const selfieId = await upload(app, cookie, 'selfie', selfieName, photos.selfie);
  return { cookie, selfieId, selfieDocId, document };
}

async function check(
  cookie: string,
  body: { selfieId: string; selfieDocId: string; challengeId: string | null },
  app = t,
) {
  return app.app.inject({
    method: 'POST',
    url: '/api/applicant/PF/biometrics/check',
    headers: { cookie },
    payload: body,
  });
}

async function storedCheck(selfieId: string) {
  const [row] = await t.database.db
    .select()
    .from(verificationResults)
    .where(
      and(
        eq(verificationResults.documentId, selfieId),
        eq(verificationResults.check, 'face_match'),
      ),
    );
  return row?.result as {
    decision: string;
    liveness?: { passed: boolean; detail?: string };
    faceMatch: { selfieToSelfieDoc: number; selfieToDocument: number };
  };
}

describe('face match', () => {
  it('matches the same person in the three photos, yet an uploaded selfie never passes liveness', async () => {
    const person = await applicant(await applicantPhotos(people[0]!));
    const response = await check(person.cookie, { ...person, challengeId: null });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      decision: 'reprovado',
      sandbox: false,
      selfieId: person.selfieId,
      reasons: [{ photo: 'camera', reason: 'camera-required' }],
    });
    const stored = await storedCheck(person.selfieId);
    expect(stored.decision).toBe('reprovado');
    expect(stored.faceMatch.selfieToSelfieDoc).toBeGreaterThanOrEqual(
      faceMatchThresholds.selfies.approve,
    );
    expect(stored.faceMatch.selfieToDocument).toBeGreaterThanOrEqual(
      faceMatchThresholds.document.approve,
    );
    // The answer carries the similarities it stored.
    expect(response.json().similarities).toEqual(stored.faceMatch);

    const latest = await t.app.inject({
      method: 'GET',
      url: '/api/applicant/PF/biometrics/check',
      headers: { cookie: person.cookie },
    });
    expect(latest.json()).toMatchObject({ decision: 'reprovado', selfieId: person.selfieId });
  }, 60_000);

  it('never approves a selfie of another person, and names each comparison below the reject limit', async () => {
    const owner = await applicantPhotos(people[1]!);
    const stranger = await applicantPhotos(people[2]!);
    const person = await applicant({ ...owner, selfie: stranger.selfie });
    const body = (await check(person.cookie, { ...person, challengeId: null })).json();
    expect(body.decision).toBe('reprovado');
    const stored = await storedCheck(person.selfieId);
    const { selfies, document } = faceMatchThresholds;
    // Not a confident match on either comparison.
    expect(stored.faceMatch.selfieToSelfieDoc).toBeLessThan(selfies.approve);
    expect(stored.faceMatch.selfieToDocument).toBeLessThan(document.approve);
    // A confident mismatch is named on its photo; an uncertain one is not a reason.
    const named = (photo: string) =>
      body.reasons.some(
        (reason: { photo: string; reason: string }) =>
          reason.photo === photo && reason.reason === 'no-match',
      );
    expect(named('selfieDoc')).toBe(stored.faceMatch.selfieToSelfieDoc < selfies.reject);
    expect(named('document')).toBe(stored.faceMatch.selfieToDocument < document.reject);
    if (named('selfieDoc')) {
      expect(body.reasons).toContainEqual({
        photo: 'selfieDoc',
        reason: 'no-match',
        message: 'Os rostos das fotos não correspondem à mesma pessoa.',
      });
    }
  }, 60_000);

  it('names the problems of a selfie: several faces, no face, too dark, blurred', async () => {
    const photos = await applicantPhotos(people[0]!);
    const cases = [
      [await twoPeople(people[0]!, people[3]!), 'several-faces'],
      [await sharp(photos.document).resize(400).jpeg().toBuffer(), 'no-face'],
      [await sharp(photos.selfie).modulate({ brightness: 0.1 }).jpeg().toBuffer(), 'too-dark'],
      [await sharp(photos.selfie).blur(6).jpeg().toBuffer(), 'blurred'],
    ] as const;
    for (const [selfie, reason] of cases) {
      const person = await applicant({ ...photos, selfie });
      const body = (await check(person.cookie, { ...person, challengeId: null })).json();
      expect(body.decision).toBe('reprovado');
      expect(body.reasons).toContainEqual(expect.objectContaining({ photo: 'selfie', reason }));
    }
  }, 120_000);

  it('judges light and focus on the face: a sharp portrait in soft light, a lit face in a dark room', async () => {
    const photos = await applicantPhotos(people[0]!);
    // A studio portrait in soft, even light: little contrast anywhere, the face still in focus.
    const softLight = await sharp(photos.selfie).linear(0.35, 140).jpeg().toBuffer();
    // A stage: the face lit, the rest of the frame almost black.
    const face = await sharp(photos.selfie).resize({ width: 300 }).toBuffer();
    const { height = 0 } = await sharp(face).metadata();
    const darkRoom = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: '#060606' },
    })
      .composite([{ input: face, left: 420, top: Math.round((900 - height) / 2) }])
      .jpeg()
      .toBuffer();
    const engine = createFaceEngine();
    // Judged on the whole frame, as before, both were refused.
    const soft = await engine.analyse(softLight);
    expect(soft.sharpness).toBeLessThan(faceMatchThresholds.minSharpness);
    const room = await engine.analyse(darkRoom);
    expect(room.brightness).toBeLessThan(faceMatchThresholds.minBrightness);
    for (const selfie of [softLight, darkRoom]) {
      const person = await applicant({ ...photos, selfie });
      const body = (await check(person.cookie, { ...person, challengeId: null })).json();
      // Refused only for want of the camera's challenge: the photo itself is good.
      expect(body.reasons).toEqual([
        expect.objectContaining({ photo: 'camera', reason: 'camera-required' }),
      ]);
    }
  }, 120_000);

  it('asks for a photo of the identity document when its front is a PDF', async () => {
    const photos = await applicantPhotos(people[0]!);
    const person = await applicant({ ...photos, document: await pdf() });
    const body = (await check(person.cookie, { ...person, challengeId: null })).json();
    expect(body).toMatchObject({
      decision: 'reprovado',
      confidence: 0,
      similarities: { selfieToSelfieDoc: null, selfieToDocument: null },
      reasons: [{ photo: 'document', reason: 'document-not-image' }],
    });
  });

  it('refuses photos of another session, and answers 401 without one', async () => {
    const photos = await applicantPhotos(people[0]!);
    const owner = await applicant(photos);
    const { cookie } = await startApplicantSession(t.app, 'PF');
    const response = await check(cookie, { ...owner, challengeId: null });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Envie a selfie, a selfie com documento e a frente do documento de identidade.',
    );
    expect((await check('', { ...owner, challengeId: null })).statusCode).toBe(401);
    const company = await startApplicantSession(t.app, 'PJ');
    expect((await check(company.cookie, { ...owner, challengeId: null })).statusCode).toBe(401);
  });
});

describe('liveness challenge', () => {
  type Challenge = { id: string; order: string[]; nonce: string; expiresInSeconds: number };
  async function issue(cookie: string) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/applicant/PF/biometrics/challenges',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(201);
    return response.json() as Challenge;
  }

  /** The capture times of a challenge done at a person's pace. */
  const paced = [1500, 4000, 6500, 9000, 11500];

  async function sendFrames(
    cookie: string,
    challenge: Pick<Challenge, 'id' | 'nonce'>,
    frames: Record<string, Buffer>,
    fields: Record<string, string> = {},
  ) {
    const body = multipartForm(
      { nonce: challenge.nonce, timings: JSON.stringify(paced), ...fields },
      Object.entries(frames).map(([field, data]) => ({ field, fileName: `${field}.jpg`, data })),
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/applicant/PF/biometrics/challenges/${challenge.id}/frames`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  /** The neutral frame and one per step, all `image`. */
  const allFrames = (image: Buffer) =>
    Object.fromEntries(challengeFrameNames.map((name) => [name, image]));

  it('issues four head turns, both ways, in a random sequence, each with its own nonce', async () => {
    const { cookie } = await startApplicantSession(t.app, 'PF');
    const orders = new Set<string>();
    const nonces = new Set<string>();
    for (let index = 0; index < 12; index += 1) {
      const challenge = await issue(cookie);
      expect(challenge.order).toHaveLength(LIVENESS_STEPS);
      expect(new Set(challenge.order)).toEqual(new Set(['turn-left', 'turn-right']));
      expect(challenge.expiresInSeconds).toBe(CHALLENGE_TTL_MS / 1000);
      orders.add(challenge.order.join());
      nonces.add(challenge.nonce);
    }
    expect(orders.size).toBeGreaterThan(1);
    expect(nonces.size).toBe(12);
    // The nonce itself is not stored: only what proves it.
    const rows = await t.database.db
      .select({ result: verificationResults.result })
      .from(verificationResults)
      .where(eq(verificationResults.check, 'liveness'));
    expect(JSON.stringify(rows)).not.toContain([...nonces][0]);
  });

  it('keeps the neutral frame and one per movement, with the nonce, once, for its own session, before it expires', async () => {
    const photos = await applicantPhotos(people[0]!);
    const person = await applicant(photos);
    const challenge = await issue(person.cookie);
    const all = allFrames(photos.selfie);

    const missing = await sendFrames(person.cookie, challenge, { neutral: photos.selfie });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Envie uma imagem para cada movimento pedido.');
    const unknown = await sendFrames(person.cookie, challenge, { ...all, smile: photos.selfie });
    expect(unknown.statusCode).toBe(400);
    const untimed = await sendFrames(person.cookie, challenge, all, { timings: '[1, 2]' });
    expect(untimed.statusCode).toBe(400);
    // Without the nonce the browser was given, the frames answer no challenge.
    const forged = await sendFrames(person.cookie, { ...challenge, nonce: 'x'.repeat(32) }, all);
    expect(forged.statusCode).toBe(404);

    const stranger = await startApplicantSession(t.app, 'PF');
    expect((await sendFrames(stranger.cookie, challenge, all)).statusCode).toBe(404);

    expect((await sendFrames(person.cookie, challenge, all)).statusCode).toBe(204);
    expect((await sendFrames(person.cookie, challenge, all)).statusCode).toBe(409);

    const late = await issue(person.cookie);
    clock.advance(CHALLENGE_TTL_MS + 1000);
    const expired = await sendFrames(person.cookie, late, all);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toBe(
      'Prova de vida não encontrada ou expirada. Comece de novo.',
    );
  });

  it('passes a head that turns as asked, and refuses the same frames replayed against a new challenge', async () => {
    // A frontal face of the sample photos; the turns are its head rebuilt in 3D (head-turns.ts).
    const crop: FaceCrop = { photo: 5, box: [278, 848, 371, 371] };
    const photos = await applicantPhotos(crop);
    const camera = await sharp(samplePhoto(5))
      .extract({ left: 33, top: 726, width: 864, height: 649 })
      .resize(640, 480)
      .jpeg()
      .toBuffer();
    const frames = await headTurnFrames(createFaceEngine(), camera);
    const person = await applicant(photos);
    const framesFor = (
      challenge: Challenge,
      turns: { left: Buffer; right: Buffer<ArrayBufferLike> } = frames,
    ) =>
      Object.fromEntries([
        ['neutral', frames.neutral],
        ...challenge.order.map((step, index) => [
          `step-${index}`,
          step === 'turn-left' ? turns.left : turns.right,
        ]),
      ]);
    const attempt = async (turns?: { left: Buffer; right: Buffer<ArrayBufferLike> }) => {
      const challenge = await issue(person.cookie);
      clock.advance(12_000);
      expect(
        (await sendFrames(person.cookie, challenge, framesFor(challenge, turns))).statusCode,
      ).toBe(204);
      const selfieId = await upload(t, person.cookie, 'selfie', 'selfie.jpg', photos.selfie);
      const response = await check(person.cookie, {
        selfieId,
        selfieDocId: person.selfieDocId,
        challengeId: challenge.id,
      });
      return { body: response.json(), stored: await storedCheck(selfieId) };
    };

    const live = await attempt();
    expect(live.body.reasons).toEqual([]);
    expect(live.body.decision).not.toBe('reprovado');
    expect(live.stored.liveness).toMatchObject({ passed: true });

    // The recording of that session, sent again for a new challenge (whatever its order).
    const replayed = await attempt();
    expect(replayed.body.decision).toBe('reprovado');
    expect(replayed.body.reasons).toEqual([
      expect.objectContaining({ photo: 'camera', reason: 'not-live' }),
    ]);
    expect(replayed.stored.liveness).toMatchObject({ passed: false, detail: 'replayed' });

    // A printed photo of the face turned in front of the camera never shows a head's turn.
    const flat = await attempt({ left: frames.flatLeft, right: frames.flatRight });
    expect(flat.body.decision).toBe('reprovado');
    expect(flat.body.reasons).toEqual([
      expect.objectContaining({ photo: 'camera', reason: 'challenge-not-done' }),
    ]);
  }, 120_000);

  it('does not pass when the frames are still photos that show none of the movements', async () => {
    const photos = await applicantPhotos(people[0]!);
    const { cookie } = await startApplicantSession(t.app, 'PF');
    await upload(t, cookie, 'docIdentidadeFrente', 'rg.jpg', photos.document);
    const selfieDocId = await upload(t, cookie, 'selfieDoc', 'selfie-doc.jpg', photos.selfieDoc);
    const challenge = await issue(cookie);
    clock.advance(12_000);
    expect((await sendFrames(cookie, challenge, allFrames(photos.selfie))).statusCode).toBe(204);
    const selfieId = await upload(t, cookie, 'selfie', 'selfie.jpg', photos.selfie);

    const body = (await check(cookie, { selfieId, selfieDocId, challengeId: challenge.id })).json();
    expect(body.decision).toBe('reprovado');
    expect(body.reasons).toEqual([
      expect.objectContaining({ photo: 'camera', reason: 'challenge-not-done' }),
    ]);
  }, 60_000);
});

describe('KYC_CHECKS=sandbox', () => {
  const blank = () =>
    sharp({ create: { width: 64, height: 64, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();

  it('passes any photos, labelled as sandbox, and fails a selfie named to fail', async () => {
    const photos = { selfie: await blank(), selfieDoc: await blank(), document: await blank() };
    const passing = await applicant(photos, sandbox);
    const passed = await check(passing.cookie, { ...passing, challengeId: null }, sandbox);
    expect(passed.json()).toMatchObject({
      decision: 'aprovado',
      confidence: 0.962,
      sandbox: true,
      reasons: [],
    });
    const { similarities } = passed.json();
    expect(similarities.selfieToSelfieDoc).toBeGreaterThanOrEqual(
      faceMatchThresholds.selfies.approve,
    );
    expect(similarities.selfieToDocument).toBeGreaterThanOrEqual(
      faceMatchThresholds.document.approve,
    );

    const failing = await applicant(photos, sandbox, 'selfie-reprovar.jpg');
    const failed = await check(failing.cookie, { ...failing, challengeId: null }, sandbox);
    expect(failed.json()).toMatchObject({
      decision: 'reprovado',
      sandbox: true,
      reasons: [{ photo: 'selfieDoc', reason: 'no-match' }],
    });
    expect(failed.json().similarities.selfieToSelfieDoc).toBeLessThan(
      faceMatchThresholds.selfies.reject,
    );
  });

  it('keeps a check that lets the applicant go on, with its photos, for the step after a reload', async () => {
    const kept = (cookie: string) =>
      sandbox.app.inject({
        method: 'GET',
        url: '/api/applicant/PF/biometrics/passed',
        headers: { cookie },
      });
    const photos = { selfie: await blank(), selfieDoc: await blank(), document: await blank() };
    const person = await applicant(photos, sandbox);
    // Nothing checked yet: nothing kept (null, not an error: every step 4 opens with it).
    const nothing = await kept(person.cookie);
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json()).toBeNull();

    const passed = await check(person.cookie, { ...person, challengeId: null }, sandbox);
    const again = await kept(person.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.json()).toEqual({
      check: passed.json(),
      selfie: expect.objectContaining({ id: person.selfieId, name: 'selfie.jpg' }),
      selfieDoc: expect.objectContaining({ id: person.selfieDocId, name: 'selfie-doc.jpg' }),
    });
    // The wizard's own route to the photo (the phone's route is not the desktop's).
    expect(again.json().selfie.url).toBe(`/api/documents/${person.selfieId}`);

    // Another applicant never gets it; a newer failed check replaces it: the step starts over.
    const other = await startApplicantSession(sandbox.app, 'PF');
    expect((await kept(other.cookie)).json()).toBeNull();
    const failingSelfie = await upload(
      sandbox,
      person.cookie,
      'selfie',
      'selfie-reprovar.jpg',
      photos.selfie,
    );
    await check(
      person.cookie,
      { selfieId: failingSelfie, selfieDocId: person.selfieDocId, challengeId: null },
      sandbox,
    );
    expect((await kept(person.cookie)).json()).toBeNull();
    expect(
      (await sandbox.app.inject({ method: 'GET', url: '/api/applicant/PF/biometrics/passed' }))
        .statusCode,
    ).toBe(401);

    // A check em revisão lets the applicant go on: it is kept too.
    const review = await applicant(photos, sandbox, 'selfie-revisao.jpg');
    await check(review.cookie, { ...review, challengeId: null }, sandbox);
    expect((await kept(review.cookie)).json().check.decision).toBe('em_revisao');
  });

  it('ends em revisão for a selfie named for review, both similarities in the uncertain band', async () => {
    const photos = { selfie: await blank(), selfieDoc: await blank(), document: await blank() };
    const person = await applicant(photos, sandbox, 'selfie-revisao.jpg');
    const response = await check(person.cookie, { ...person, challengeId: null }, sandbox);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ decision: 'em_revisao', sandbox: true, reasons: [] });
    const { selfieToSelfieDoc, selfieToDocument } = body.similarities;
    const { selfies, document } = faceMatchThresholds;
    expect(selfieToSelfieDoc).toBeGreaterThanOrEqual(selfies.reject);
    expect(selfieToSelfieDoc).toBeLessThan(selfies.approve);
    expect(selfieToDocument).toBeGreaterThanOrEqual(document.reject);
    expect(selfieToDocument).toBeLessThan(document.approve);
    expect(body.confidence).toBe(Math.min(selfieToSelfieDoc, selfieToDocument));
  });
});
