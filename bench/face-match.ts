// Face match on the sample photos shipped in @vladmandic/face-api: similarity of the same
// person (selfie vs selfie-with-document style crop, and vs a document photo) against different
// people, and the time to analyse the three images of one applicant. `npm run bench -- face-match`.
import { createFaceEngine } from '../apps/api/src/modules/kyc/face-engine';
import { faceMatchThresholds } from '../apps/api/src/modules/kyc/face-match';
import { documentWithPhoto, portrait, sampleFaces } from '../apps/api/src/testing/faces';

const budgetMs = 1500;
const engine = createFaceEngine();
const crops = await sampleFaces(engine);

const selfies = [];
for (const crop of crops) {
  const [selfie] = (await engine.analyse(await portrait(crop))).faces;
  const [again] = (
    await engine.analyse(await portrait(crop, { margin: 0.9, quality: 40, brightness: 1.25 }))
  ).faces;
  const documentFaces = (await engine.analyse(await documentWithPhoto(crop))).faces;
  selfies.push({ selfie, again, document: documentFaces[0] });
}

const same: number[] = [];
const sameDocument: number[] = [];
const different: number[] = [];
for (const [index, entry] of selfies.entries()) {
  if (!entry.selfie) continue;
  if (entry.again) same.push(engine.similarity(entry.selfie, entry.again));
  if (entry.document) sameDocument.push(engine.similarity(entry.selfie, entry.document));
  for (const other of selfies.slice(index + 1)) {
    if (other.selfie) different.push(engine.similarity(entry.selfie, other.selfie));
  }
}

const times: number[] = [];
for (const crop of crops.slice(0, 10)) {
  const images = [
    await portrait(crop),
    await portrait(crop, { margin: 0.9 }),
    await documentWithPhoto(crop),
  ];
  const started = performance.now();
  for (const image of images) await engine.analyse(image);
  times.push(performance.now() - started);
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  return [String(values.length), at(0).toFixed(3), at(0.5).toFixed(3), at(1).toFixed(3)];
};
const print = (text: string) => process.stdout.write(`${text}\n`);
print(`${crops.length} faces found in the six sample photos.\n`);
print('| pairs | count | min | median | max |\n|---|---|---|---|---|');
print(`| same person, selfie vs selfie-with-document crop | ${summary(same).join(' | ')} |`);
print(`| same person, selfie vs document photo | ${summary(sameDocument).join(' | ')} |`);
print(`| different people | ${summary(different).join(' | ')} |`);
const sortedTimes = [...times].sort((a, b) => a - b);
const p95 =
  sortedTimes[Math.floor(sortedTimes.length * 0.95) - 1] ??
  sortedTimes[sortedTimes.length - 1] ??
  0;
const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
print(`\n| three images of one applicant | mean | p95 | budget |\n|---|---|---|---|`);
print(
  `| analyse selfie, selfie with document, document | ${Math.round(mean)} ms | ${Math.round(p95)} ms | ${budgetMs} ms |`,
);
const separated =
  Math.min(...same) >= faceMatchThresholds.selfies &&
  Math.min(...sameDocument) >= faceMatchThresholds.document &&
  Math.max(...different) < Math.min(faceMatchThresholds.selfies, faceMatchThresholds.document);
print(
  `\nThresholds: selfies ${faceMatchThresholds.selfies}, document ${faceMatchThresholds.document}; separated: ${separated ? 'yes' : 'NO'}.`,
);
process.exitCode = p95 <= budgetMs && separated ? 0 : 1;
