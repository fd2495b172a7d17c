// Liveness from the head's motion, judged on the server's own face mesh (face-engine.ts) for real
// people turning their head and for presentation attacks made from face photos
// (bench/corpus/liveness-attacks.ts). A challenge is a neutral frame then 4 head turns, judged by
// the product's evaluateLiveness (liveness-check.ts): the neutral frame is neutral, every turn
// shows the asked yaw (poseShows) and a landmark motion from the neutral frame that is not a
// plane's (motionParallax >= LIVENESS_MIN_PARALLAX), and no three of its frames are within
// REPLAY_MAX_DISTANCE of frames of one accepted earlier challenge.
//
// Real people: one person photographed in one session by a phone (bench/corpus/head-poses.ts,
// the only same-session turns available: evaluation), and pairs of photographs of the same LFW
// person facing the camera and turned (different days: cross-session, calibration and
// evaluation). Attacks: LFW frontal photos (and the head-pose person's frontal) printed, bent, on
// a screen; and the head-pose session replayed, re-encoded or filmed from a screen.
// `npm run bench -- liveness` (LIVENESS_PEOPLE=5 LFW people per set by default).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type FaceMesh,
  facePose,
  isNeutral,
  type LivenessChallenge,
  poseShows,
} from '@medipay/shared/liveness';
import {
  evaluateLiveness,
  type ChallengeSignatures,
} from '../apps/api/src/modules/kyc/liveness-check';
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import { createFaceEngine, type FaceAnalysis } from '../apps/api/src/modules/kyc/face-engine';
import {
  frameSignature,
  LIVENESS_MIN_PARALLAX,
  motionParallax,
  REPLAY_MAX_DISTANCE,
  signatureDistance,
} from '../apps/api/src/modules/kyc/liveness-motion';
import { faceCorpusDir, type FaceCorpusManifest } from './corpus/faces';
import { buildHeadPoses, headPoseSource } from './corpus/head-poses';
import {
  attackFrames,
  type AttackKind,
  cameraVariant,
  reencoded,
  refilmed,
} from './corpus/liveness-attacks';

const budgets = { apcer: 0, bpcer: 0.05, p95Ms: 1500 };
const people = Number(process.env.LIVENESS_PEOPLE ?? 5);
const print = (text = '') => process.stdout.write(`${text}\n`);
const percent = (value: number) => (Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : '-');
const fixed = (value: number) => (Number.isFinite(value) ? value.toFixed(4) : '-');

const engine = createFaceEngine();
const random = seededRandom(20260);

type Judged = { accepted: boolean; reason: string; parallax: number[]; signatures: number[][] };

/** One face per frame, or null. */
const meshOf = (analysis: FaceAnalysis): FaceMesh | null =>
  analysis.faces.length === 1 ? analysis.faces[0]!.mesh : null;

/** Capture times of a challenge done at a person's pace, and the server's clock around it. */
const issuedAt = new Date('2026-11-27T12:00:00Z');
const paced = [1500, 4000, 6500, 9000, 11500];
const completedAt = new Date(issuedAt.getTime() + 12_000);

/**
 * The product's judgement of a challenge (liveness-check.ts, evaluateLiveness): frames[0] neutral,
 * then one frame per turn of `order`, the neutral face standing for the selfie; `earlier` holds
 * the signatures of the accepted challenges a replay is looked for in.
 */
function judge(
  analyses: FaceAnalysis[],
  order: LivenessChallenge[],
  earlier: ChallengeSignatures[],
): Judged {
  const meshes = analyses.map(meshOf);
  const neutral = meshes[0];
  // Parallax of every turn frame with a face, for the distributions, whatever the verdict.
  const parallax = meshes
    .slice(1)
    .flatMap((mesh) => (neutral && mesh ? [motionParallax(neutral, mesh)] : []));
  const [first, ...frames] = analyses;
  const outcome = evaluateLiveness({
    challenge: { order, neutral: first!, frames, timings: paced, issuedAt, completedAt },
    selfie: first!.faces.length === 1 ? first!.faces[0]! : null,
    selfieTakenAt: new Date(completedAt.getTime() + 10_000),
    similarity: engine.similarity,
    earlier,
  });
  const signatures = meshes.flatMap((mesh) => (mesh ? [frameSignature(mesh)] : []));
  const reason = outcome.passed
    ? 'accepted'
    : outcome.detail === 'flat'
      ? 'parallax'
      : outcome.detail === 'replayed'
        ? 'replay'
        : outcome.reason === 'challenge-not-done'
          ? 'yaw or neutral'
          : (outcome.reason ?? 'refused');
  return { accepted: outcome.passed, reason, parallax, signatures };
}

const times: number[] = [];
async function analyseChallenge(
  frames: Buffer[],
  order: LivenessChallenge[],
  stored: ChallengeSignatures[],
) {
  const started = performance.now();
  const analyses: FaceAnalysis[] = [];
  for (const frame of frames) analyses.push(await engine.analyse(frame));
  const judged = judge(analyses, order, stored);
  times.push(performance.now() - started);
  return { analyses, judged };
}

/** The order of turns that the attack frames show (an attacker turns the sheet as asked). */
const orderOf = (analyses: FaceAnalysis[]): LivenessChallenge[] =>
  analyses.slice(1).map((analysis) => {
    const mesh = meshOf(analysis);
    return mesh && facePose(mesh).yaw < 0 ? 'turn-right' : 'turn-left';
  });

const randomOrder = (): LivenessChallenge[] =>
  Array.from({ length: 4 }, () => (random() < 0.5 ? 'turn-left' : 'turn-right'));

type Row = { label: string; set: string; count: number; failures: number; reasons: string[] };
const genuineRows: Row[] = [];
const attackRows: Row[] = [];
const parallaxByClass = new Map<string, number[]>();
const addParallax = (label: string, values: number[]) =>
  parallaxByClass.set(label, [...(parallaxByClass.get(label) ?? []), ...values]);
function tally(rows: Row[], label: string, set: string, failed: boolean, reason: string) {
  let row = rows.find((r) => r.label === label && r.set === set);
  if (!row) rows.push((row = { label, set, count: 0, failures: 0, reasons: [] }));
  row.count += 1;
  if (failed) row.failures += 1;
  row.reasons.push(reason);
}

// ---------------------------------------------------------------- real people
const headPoses = buildHeadPoses();
// The engine's start-up (loading the models) is not a challenge's time.
await engine.analyse(readFileSync(Object.values(headPoses)[0]!));
print(
  `Same-session head turns: ${headPoseSource.repository} at ${headPoseSource.commit.slice(0, 12)} ` +
    '(1 person, 6 photos).',
);
const sessionFrames = new Map<string, Buffer>();
for (const [pose, path] of Object.entries(headPoses)) sessionFrames.set(pose, readFileSync(path));

/** The recorded session: an accepted genuine session's signatures, as the product keeps them. */
const stored: ChallengeSignatures[] = [];
let sessionSignatures: ChallengeSignatures = [];
const sessions = 4;
let recordedSession: { frames: Buffer[]; order: LivenessChallenge[] } | null = null;
for (let session = 0; session < sessions; session += 1) {
  const order = randomOrder();
  const frames = [
    await cameraVariant(sessionFrames.get('frontal')!, random),
    ...(await Promise.all(
      order.map((turn) =>
        cameraVariant(
          sessionFrames.get(turn === 'turn-left' ? 'turned-left' : 'turned-right')!,
          random,
        ),
      ),
    )),
  ];
  // Each session is judged alone (the same person coming back must not look like a replay of
  // their own earlier session: measured below with the signature distances).
  const { judged } = await analyseChallenge(frames, order, []);
  tally(genuineRows, 'same session (phone)', 'evaluation', !judged.accepted, judged.reason);
  addParallax('genuine same-session', judged.parallax);
  if (judged.accepted && !recordedSession) {
    recordedSession = { frames, order };
    sessionSignatures = judged.signatures;
  }
}
stored.push(sessionSignatures);

function manifest(): FaceCorpusManifest | null {
  const file = join(faceCorpusDir, 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FaceCorpusManifest) : null;
}
const corpus = manifest();
if (!corpus) print('LFW corpus missing (.cache/kyc-corpus/faces): `npm run corpus:faces`.');

type Person = {
  person: string;
  frontal: Buffer | null;
  turned: { photo: Buffer; mesh: FaceMesh }[];
};
const peopleBySet: Record<'calibration' | 'evaluation', Person[]> = {
  calibration: [],
  evaluation: [],
};
const sameFaceDistances: number[] = [];
for (const set of ['calibration', 'evaluation'] as const) {
  for (const entry of corpus?.sets[set] ?? []) {
    if (peopleBySet[set].length >= people) break;
    const person: Person = { person: entry.person, frontal: null, turned: [] };
    let frontalMesh: FaceMesh | null = null;
    const meshes: FaceMesh[] = [];
    for (const file of entry.photos) {
      const photo = readFileSync(join(faceCorpusDir, file));
      const mesh = meshOf(await engine.analyse(photo));
      if (!mesh) continue;
      meshes.push(mesh);
      const pose = facePose(mesh);
      if (!frontalMesh && isNeutral(pose)) [person.frontal, frontalMesh] = [photo, mesh];
      else if (Math.abs(pose.yaw) > 0.5) person.turned.push({ photo, mesh });
    }
    for (let i = 0; i < meshes.length; i += 1)
      for (let j = i + 1; j < meshes.length; j += 1)
        sameFaceDistances.push(
          signatureDistance(frameSignature(meshes[i]!), frameSignature(meshes[j]!)),
        );
    if (!person.frontal) continue;
    peopleBySet[set].push(person);
    for (const { mesh } of person.turned) {
      const turn: LivenessChallenge = facePose(mesh).yaw > 0 ? 'turn-left' : 'turn-right';
      const value = motionParallax(frontalMesh!, mesh);
      const failed = !(poseShows(turn, facePose(mesh)) && value >= LIVENESS_MIN_PARALLAX);
      tally(genuineRows, 'LFW pair (cross-session)', set, failed, failed ? 'parallax' : 'accepted');
      addParallax(`genuine LFW pairs (${set})`, [value]);
    }
  }
}

// ---------------------------------------------------------------- attacks
const kinds: AttackKind[] = ['print', 'bent-print', 'screen-photo'];
const attackSources: { set: string; photo: Buffer }[] = [
  ...(['calibration', 'evaluation'] as const).flatMap((set) =>
    peopleBySet[set].map((person) => ({ set, photo: person.frontal! })),
  ),
  { set: 'evaluation', photo: sessionFrames.get('frontal')! },
];
for (const { set, photo } of attackSources) {
  for (const kind of kinds) {
    const frames = await attackFrames(photo, kind, random);
    const analyses: FaceAnalysis[] = [];
    for (const frame of frames) analyses.push(await engine.analyse(frame));
    const judged = judge(analyses, orderOf(analyses), stored);
    tally(attackRows, kind, set, judged.accepted, judged.reason);
    addParallax(`attack ${kind} (${set})`, judged.parallax);
  }
}

// Replays of the recorded genuine session against a new challenge: the attacker answers with the
// recorded frames of the asked direction, re-encoded or filmed from a screen.
const replayDistances: Record<string, number[]> = { reencoded: [], refilmed: [] };
if (recordedSession) {
  const { frames, order } = recordedSession;
  const byTurn = (turn: LivenessChallenge) => frames[1 + order.indexOf(turn)] ?? frames[1]!;
  for (const [label, make] of [
    ['replay re-encoded', reencoded],
    ['replay filmed from a screen', refilmed],
  ] as const) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const challenge = randomOrder();
      const replay = [
        await make(frames[0]!, random),
        ...(await Promise.all(challenge.map((turn) => make(byTurn(turn), random)))),
      ];
      const { judged } = await analyseChallenge(replay, challenge, stored);
      tally(attackRows, label, 'evaluation', judged.accepted, judged.reason);
      addParallax(`attack ${label}`, judged.parallax);
      const key = label.includes('screen') ? 'refilmed' : 'reencoded';
      for (const signature of judged.signatures)
        replayDistances[key]!.push(
          Math.min(...stored.flat().map((old) => signatureDistance(signature, old))),
        );
    }
  }
}

// ---------------------------------------------------------------- tables
const stats = (values: number[]) => {
  const sorted = [...values].filter(Number.isFinite).sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return sorted.length === 0
    ? '- | - | - | -'
    : `${sorted.length} | ${fixed(sorted[0]!)} | ${fixed(at(0.5))} | ${fixed(sorted.at(-1)!)}`;
};
const reasons = (row: Row) =>
  Object.entries(
    row.reasons.reduce<Record<string, number>>(
      (acc, r) => ({ ...acc, [r]: (acc[r] ?? 0) + 1 }),
      {},
    ),
  )
    .map(([reason, n]) => `${reason} ${n}`)
    .join(', ');

print(
  `\nThresholds: LIVENESS_MIN_PARALLAX ${LIVENESS_MIN_PARALLAX}, REPLAY_MAX_DISTANCE ${REPLAY_MAX_DISTANCE}`,
);
print('\n### Attacks (APCER: accepted / count)\n');
print('| attack | set | count | accepted | APCER | outcomes |');
print('| --- | --- | --- | --- | --- | --- |');
for (const row of attackRows)
  print(
    `| ${row.label} | ${row.set} | ${row.count} | ${row.failures} | ${percent(row.failures / row.count)} | ${reasons(row)} |`,
  );
print('\n### Real people (BPCER: refused / count)\n');
print('| genuine | set | count | refused | BPCER | outcomes |');
print('| --- | --- | --- | --- | --- | --- |');
for (const row of genuineRows)
  print(
    `| ${row.label} | ${row.set} | ${row.count} | ${row.failures} | ${percent(row.failures / row.count)} | ${reasons(row)} |`,
  );
print('\n### Parallax from the neutral frame (inter-ocular distances)\n');
print('| class | frames | min | median | max |');
print('| --- | --- | --- | --- | --- |');
for (const [label, values] of [...parallaxByClass.entries()].sort())
  print(`| ${label} | ${stats(values)} |`);
print('\n### Signature distance to the nearest stored frame\n');
print('| pair | count | min | median | max |');
print('| --- | --- | --- | --- | --- |');
print(`| replay re-encoded | ${stats(replayDistances.reencoded!)} |`);
print(`| replay filmed from a screen | ${stats(replayDistances.refilmed!)} |`);
print(`| same LFW person, different photos | ${stats(sameFaceDistances)} |`);

const sortedTimes = [...times].sort((a, b) => a - b);
const mean = times.reduce((sum, t) => sum + t, 0) / Math.max(1, times.length);
const p95 =
  sortedTimes[Math.min(sortedTimes.length - 1, Math.floor(0.95 * sortedTimes.length))] ?? 0;
print(`\n### Server check per challenge (5 frames analysed + judgement)\n`);
print(`| challenges | mean | p95 | budget p95 |\n| --- | --- | --- | --- |`);
print(`| ${times.length} | ${mean.toFixed(0)} ms | ${p95.toFixed(0)} ms | ${budgets.p95Ms} ms |`);

const apcer = attackRows.every((row) => row.failures / row.count <= budgets.apcer);
const refused = genuineRows.filter((row) => row.set === 'evaluation');
const bpcer =
  refused.reduce((sum, row) => sum + row.failures, 0) /
  Math.max(
    1,
    refused.reduce((sum, row) => sum + row.count, 0),
  );
const within = apcer && bpcer <= budgets.bpcer && p95 <= budgets.p95Ms;
print(
  `\nBudgets: APCER ${apcer ? 'met' : 'MISSED'} (0%), BPCER evaluation ${percent(bpcer)} ` +
    `(${bpcer <= budgets.bpcer ? 'met' : 'MISSED'}, <= 5%), p95 ${p95 <= budgets.p95Ms ? 'met' : 'MISSED'}.`,
);
process.exitCode = within ? 0 : 1;
