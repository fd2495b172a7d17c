// Face match on photographs of real people that the product did not make (Labeled Faces in the
// Wild, rebuilt by bench/corpus/faces.ts). Each person of the corpus becomes an applicant whose
// selfie, selfie with the document and document photo are three *different* photographs. Another
// person's selfie with the document and document make the impostor trials. Prints the curves
// (genuine and impostor rates per threshold), the bands that the calibration set suggests and the
// bands in use, the decisions on both sets, and the time to analyse one applicant's three
// photos. The budgets are checked on the evaluation set, which no choice was tuned on.
// `npm run bench -- face-match` (FACE_MATCH_PEOPLE=20 for a quicker run).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFaceEngine, type FaceAnalysis } from '../apps/api/src/modules/kyc/face-engine';
import sharp from 'sharp';
import {
  evaluateFaceMatch,
  faceMatchThresholds,
  photoQuality,
} from '../apps/api/src/modules/kyc/face-match';
import { applicantImages } from './corpus/face-applicants';
import { buildFaceCorpus, faceCorpusDir, type FaceCorpusManifest } from './corpus/faces';

const budgets = {
  genuineBlocked: 0.03,
  genuineApproved: 0.85,
  impostorApproved: 0.001,
  p95Ms: 1500,
};
const limit = Number(process.env.FACE_MATCH_PEOPLE ?? Infinity);
const print = (text = '') => process.stdout.write(`${text}\n`);
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

function manifest(): FaceCorpusManifest {
  const file = join(faceCorpusDir, 'manifest.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as FaceCorpusManifest;
  try {
    return buildFaceCorpus();
  } catch (error) {
    process.stderr.write(
      `The face corpus is missing and could not be built (${(error as Error).message}).\n` +
        'Run `npm run corpus:faces` with network access, or with FACE_CORPUS_GIT pointing at a clone.\n',
    );
    process.exit(1);
  }
}

type Applicant = {
  person: string;
  selfie: FaceAnalysis;
  selfieDoc: FaceAnalysis;
  document: FaceAnalysis;
};

const engine = createFaceEngine();
const corpus = manifest();
const { source } = corpus;
print(`Corpus: ${source.repository} at ${source.commit.slice(0, 12)} (${source.folder}/, LFW).`);

async function analyseSet(set: keyof FaceCorpusManifest['sets']) {
  const applicants: Applicant[] = [];
  const selfies: Buffer[] = [];
  const times: number[] = [];
  for (const [index, entry] of corpus.sets[set].slice(0, limit).entries()) {
    const photos = entry.photos.slice(0, 3).map((file) => readFileSync(join(faceCorpusDir, file)));
    const images = await applicantImages(
      photos as [Buffer, Buffer, Buffer],
      index + 1,
      entry.person.replace(/_/g, ' '),
    );
    const started = performance.now();
    const selfie = await engine.analyse(images.selfie);
    const selfieDoc = await engine.analyse(images.selfieDoc);
    const document = await engine.analyseSmallFace(images.document);
    times.push(performance.now() - started);
    applicants.push({ person: entry.person, selfie, selfieDoc, document });
    selfies.push(images.selfie);
  }
  return { applicants, selfies, times };
}

const largest = (analysis: FaceAnalysis) =>
  [...analysis.faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];

/** Similarities of the same person and of different people, per comparison. */
function scores(applicants: Applicant[]) {
  const result = {
    selfieDoc: { genuine: [] as number[], impostor: [] as number[] },
    document: { genuine: [] as number[], impostor: [] as number[] },
  };
  for (const [i, a] of applicants.entries()) {
    const selfie = a.selfie.faces.length === 1 ? a.selfie.faces[0]! : null;
    if (!selfie) continue;
    for (const [j, b] of applicants.entries()) {
      for (const key of ['selfieDoc', 'document'] as const) {
        const other = largest(b[key]);
        if (!other) continue;
        result[key][i === j ? 'genuine' : 'impostor'].push(engine.similarity(selfie, other));
      }
    }
  }
  return result;
}

const share = (values: number[], test: (value: number) => boolean) =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.floor(sorted.length * q)))] ?? 0;
};

function printCurves(name: string, data: ReturnType<typeof scores>) {
  print(`\n### Curves, ${name} set: share of pairs at or above each similarity\n`);
  print(
    '| similarity | genuine selfie × selfie with doc. | impostor selfie × selfie with doc. | genuine selfie × document | impostor selfie × document |',
  );
  print('|---|---|---|---|---|');
  for (let step = 30; step <= 80; step += 2) {
    const t = step / 100;
    const at = (values: number[]) => percent(share(values, (v) => v >= t));
    print(
      `| ${t.toFixed(2)} | ${at(data.selfieDoc.genuine)} | ${at(data.selfieDoc.impostor)} | ${at(data.document.genuine)} | ${at(data.document.impostor)} |`,
    );
  }
  print(
    `\npairs: genuine ${data.selfieDoc.genuine.length} + ${data.document.genuine.length}, impostor ${data.selfieDoc.impostor.length} + ${data.document.impostor.length}`,
  );
}

/**
 * The band a set suggests: approve at the lowest similarity (0.01 steps) that at most 0.1% of
 * impostor pairs reach (the budget); reject 0.02 below the similarity that 99% of the genuine
 * pairs of both comparisons reach (pooled: one limit, measured on twice the pairs).
 */
function suggestedBand(impostor: number[], genuine: number[]) {
  let approve = 1;
  for (let step = 100; step >= 0; step -= 1) {
    if (share(impostor, (v) => v >= step / 100) > budgets.impostorApproved) break;
    approve = step / 100;
  }
  const reject = Math.floor((quantile(genuine, 0.01) - 0.02) * 100) / 100;
  return { approve, reject: Math.min(reject, approve) };
}

function decisions(applicants: Applicant[]) {
  const tally = () => ({ aprovado: 0, em_revisao: 0, reprovado: 0 });
  const genuine = tally();
  // Genuine applicants refused by a comparison (a confident mismatch), not by a photo check.
  let genuineMismatch = 0;
  // Someone else's selfie with the document and document, sent with this selfie.
  const otherPerson = tally();
  // This person's selfies with someone else's identity document (a stolen document).
  const otherDocument = tally();
  const reasons = new Map<string, number>();
  for (const [i, a] of applicants.entries()) {
    const own = evaluateFaceMatch(a, engine.similarity);
    genuine[own.decision] += 1;
    if (own.reasons.some((reason) => reason.reason === 'no-match')) genuineMismatch += 1;
    for (const reason of own.reasons) {
      const key = `${reason.photo}: ${reason.reason}`;
      reasons.set(key, (reasons.get(key) ?? 0) + 1);
    }
    for (const [j, b] of applicants.entries()) {
      if (i === j) continue;
      otherPerson[evaluateFaceMatch({ ...b, selfie: a.selfie }, engine.similarity).decision] += 1;
      otherDocument[
        evaluateFaceMatch({ ...a, document: b.document }, engine.similarity).decision
      ] += 1;
    }
  }
  return { genuine, genuineMismatch, otherPerson, otherDocument, reasons };
}

/**
 * The photo checks on the selfies as they are and degraded: refused for light or focus by the
 * rule on the face (face-match.ts, photoQuality) and by the earlier rule on the whole frame.
 */
async function photoChecks(set: string, selfies: Buffer[]) {
  const variants: [string, (image: Buffer) => Promise<Buffer>][] = [
    ['the photographs', async (image) => image],
    ['blurred, sigma 3 px', (image) => sharp(image).blur(3).jpeg().toBuffer()],
    ['blurred, sigma 6 px', (image) => sharp(image).blur(6).jpeg().toBuffer()],
    ['light cut to 15%', (image) => sharp(image).linear(0.15, 0).jpeg().toBuffer()],
  ];
  print(`\n### Photo checks, ${set} set: selfies refused as too dark or blurred\n`);
  print('| selfies | on the face (in use) | on the whole frame (before) |\n|---|---|---|');
  const refused: Record<string, number> = {};
  for (const [name, degrade] of variants) {
    let face = 0;
    let frame = 0;
    for (const image of selfies) {
      const analysis = await engine.analyse(await degrade(image));
      const reason = photoQuality(analysis);
      if (reason === 'too-dark' || reason === 'blurred') face += 1;
      if (
        analysis.brightness < faceMatchThresholds.minBrightness ||
        analysis.sharpness < faceMatchThresholds.minSharpness
      )
        frame += 1;
    }
    refused[name] = face / selfies.length;
    print(`| ${name} | ${percent(face / selfies.length)} | ${percent(frame / selfies.length)} |`);
  }
  return refused;
}

let withinBudget = true;
const sets = (process.env.FACE_MATCH_SETS ?? 'calibration,evaluation').split(',') as (
  'calibration' | 'evaluation'
)[];
for (const set of sets) {
  const { applicants, selfies, times } = await analyseSet(set);
  const data = scores(applicants);
  printCurves(set, data);

  if (set === 'calibration') {
    print('\n### Bands\n');
    print('| comparison | suggested by the calibration set (approve / reject) | in use |');
    print('|---|---|---|');
    for (const [key, band] of [
      ['selfieDoc', faceMatchThresholds.selfies],
      ['document', faceMatchThresholds.document],
    ] as const) {
      const suggested = suggestedBand(data[key].impostor, [
        ...data.selfieDoc.genuine,
        ...data.document.genuine,
      ]);
      print(
        `| selfie × ${key === 'selfieDoc' ? 'selfie with document' : 'document photo'} | ${suggested.approve.toFixed(2)} / ${suggested.reject.toFixed(2)} | ${band.approve.toFixed(2)} / ${band.reject.toFixed(2)} |`,
      );
    }
  }

  const result = decisions(applicants);
  const people = applicants.length;
  const impostorTrials = people * (people - 1);
  const pairApproved = (values: number[], approve: number) => share(values, (v) => v >= approve);
  const selfieDocApproved = pairApproved(
    data.selfieDoc.impostor,
    faceMatchThresholds.selfies.approve,
  );
  const documentApproved = pairApproved(
    data.document.impostor,
    faceMatchThresholds.document.approve,
  );
  print(`\n### Decisions, ${set} set (${people} people, ${impostorTrials} impostor applicants)\n`);
  print('| | aprovado | em revisão | reprovado |\n|---|---|---|---|');
  print(
    `| genuine applicants | ${percent(result.genuine.aprovado / people)} | ${percent(result.genuine.em_revisao / people)} | ${percent(result.genuine.reprovado / people)} |`,
  );
  for (const [name, counts] of [
    ["another person's selfie with document and document", result.otherPerson],
    ["own selfies, another person's document", result.otherDocument],
  ] as const) {
    print(
      `| ${name} | ${percent(counts.aprovado / impostorTrials)} | ${percent(counts.em_revisao / impostorTrials)} | ${percent(counts.reprovado / impostorTrials)} |`,
    );
  }
  print(
    `\nImpostor pairs approved: selfie × selfie with document ${percent(selfieDocApproved)}, selfie × document ${percent(documentApproved)}.`,
  );
  print(
    `Genuine applicants reprovado by the face match (a confident mismatch): ${percent(result.genuineMismatch / people)}; the rest of the reprovado come from the photo checks below (a news photograph is not always a usable selfie).`,
  );
  if (result.reasons.size > 0)
    print(
      `Reasons on genuine applicants: ${[...result.reasons].map(([key, count]) => `${key} (${count})`).join(', ')}.`,
    );

  const p95 = quantile(times, 0.95);
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  print(`\n| three photos of one applicant | mean | p95 | budget |\n|---|---|---|---|`);
  print(`| ${set} | ${Math.round(mean)} ms | ${Math.round(p95)} ms | ${budgets.p95Ms} ms |`);

  const photoRefusals = await photoChecks(set, selfies);

  if (set === 'evaluation') {
    const checks: [string, boolean][] = [
      ['no photograph refused as too dark or blurred', photoRefusals['the photographs'] === 0],
      [
        'genuine applicants reprovado by the face match <= 3%',
        result.genuineMismatch / people <= budgets.genuineBlocked,
      ],
      [
        'genuine applicants aprovado >= 85%',
        result.genuine.aprovado / people >= budgets.genuineApproved,
      ],
      [
        "another person's photo approved <= 0.1% of pairs",
        Math.max(
          selfieDocApproved,
          documentApproved,
          result.otherPerson.aprovado / impostorTrials,
          result.otherDocument.aprovado / impostorTrials,
        ) <= budgets.impostorApproved,
      ],
      ['p95 <= 1.5 s per applicant', p95 <= budgets.p95Ms],
    ];
    print('\n| budget (evaluation set) | met |\n|---|---|');
    for (const [name, met] of checks) {
      print(`| ${name} | ${met ? 'yes' : 'NO'} |`);
      withinBudget &&= met;
    }
  }
}
process.exitCode = withinBudget ? 0 : 1;
