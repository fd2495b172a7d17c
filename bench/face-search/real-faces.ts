// Descriptors of real faces for the face search: photographs of Labeled Faces in the Wild (LFW,
// University of Massachusetts Amherst), read with `git` from the same source and commit as the
// face corpus (bench/corpus/faces.ts: FACE_CORPUS_GIT, or the clone in .cache/), each turned into
// a selfie as bench/corpus/face-applicants.ts frames one and described by the product's engine.
//
// Two sets of different people, so that nothing measured on the evaluation set was chosen on it:
// - calibration: the 80 people of the face corpus's calibration block (docs/decisions/013), up to
//   four photos each. The population mean of the code (face-search-code.ts) and the code's width
//   and shortlist size were chosen on these.
// - evaluation: LFW people outside the face corpus's three blocks (calibration, retired first
//   evaluation, evaluation): the people with two or more photos give genuine pairs (their first
//   two photos), the people with one photo the faces the 1,000,000 population is made from.
//
// Describing takes about a third of a second per photo: the descriptors are cached in
// .cache/kyc-corpus/face-search/ (git-ignored), keyed by the source commit and the photo blobs.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import { createFaceEngine, type FaceEngine } from '../../apps/api/src/modules/kyc/face-engine';
import { faceCorpusSource } from '../corpus/faces';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = join(root, '.cache', 'kyc-corpus', 'face-search');

type Photo = { path: string; blob: string };
type Person = { name: string; photos: Photo[] };

function gitDir(): string {
  const given = process.env.FACE_CORPUS_GIT;
  if (given) return given;
  const clone = join(root, '.cache', 'kyc-corpus', 'source.git');
  if (!existsSync(clone)) {
    throw new Error(
      'The LFW source is missing: run `npm run corpus:faces` (network once), or set FACE_CORPUS_GIT to a clone.',
    );
  }
  return clone;
}

const git = (args: string[]) =>
  execFileSync('git', ['--git-dir', gitDir(), ...args], { maxBuffer: 256 * 1024 * 1024 });

/** The face corpus's order of people: a hash of the name (bench/corpus/faces.ts). */
const rank = (name: string) => createHash('sha256').update(name).digest('hex');

/** Every LFW person in the corpus's order, photos sorted by path. */
function people(): Person[] {
  const { commit, folder } = faceCorpusSource;
  const listing = String(git(['ls-tree', '-r', commit, '--', `${folder}/`]));
  const byPerson = new Map<string, Photo[]>();
  for (const line of listing.split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+\/([^/]+)\/[^/]+\.jpg)$/.exec(line);
    if (!match) continue;
    const [, blob, path, person] = match;
    byPerson.set(person!, [...(byPerson.get(person!) ?? []), { path: path!, blob: blob! }]);
  }
  return [...byPerson.entries()]
    .map(([name, photos]) => ({
      name,
      photos: [...photos].sort((a, b) => a.path.localeCompare(b.path)),
    }))
    .sort((a, b) => rank(a.name).localeCompare(rank(b.name)));
}

/** The photo as a phone selfie, framed as bench/corpus/face-applicants.ts frames the selfie. */
async function selfieOf(photo: Buffer, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  return sharp(photo)
    .resize(400, 400)
    .modulate({ brightness: 0.9 + random() * 0.2 })
    .jpeg({ quality: 80 + Math.floor(random() * 10) })
    .toBuffer();
}

/** The descriptor of the largest face of the photo's selfie (LFW centres the subject), or null. */
async function describe(engine: FaceEngine, photo: Photo, seed: number): Promise<number[] | null> {
  const analysis = await engine.analyse(
    await selfieOf(git(['cat-file', 'blob', photo.blob]), seed),
  );
  const [face] = [...analysis.faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
  return face ? face.embedding : null;
}

/** Descriptors of `photos`, from the cache or described now (and cached). */
async function descriptors(
  engine: () => FaceEngine,
  name: string,
  photos: Photo[],
  progress: (done: number, total: number) => void,
): Promise<(number[] | null)[]> {
  const key = createHash('sha256')
    .update(faceCorpusSource.commit)
    .update(photos.map((photo) => photo.blob).join(','))
    .digest('hex')
    .slice(0, 16);
  const file = join(cacheDir, `${name}-${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as (number[] | null)[];
  const result: (number[] | null)[] = [];
  for (const [index, photo] of photos.entries()) {
    result.push(await describe(engine(), photo, index + 1));
    if ((index + 1) % 100 === 0) progress(index + 1, photos.length);
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(result));
  return result;
}

export type RealFaces = {
  /** Selfie descriptors of the calibration people, by person (two to four photos each). */
  calibration: number[][][];
  /** Selfie descriptors of evaluation people with one photo each: one face per person. */
  singles: number[][];
  /** Two different photos of one evaluation person, both described. */
  pairs: [number[], number[]][];
};

/** Photos per person of the face corpus, and people per block (bench/corpus/faces.ts). */
const corpusPhotos = 3;
const corpusBlock = 80;

const found = (list: (number[] | null)[]) => list.filter((entry): entry is number[] => !!entry);

export async function realFaces(
  sizes: { singles: number; pairs: number },
  progress: (text: string) => void,
): Promise<RealFaces> {
  let engine: FaceEngine | undefined;
  const lazyEngine = () => (engine ??= createFaceEngine());
  const everyone = people();
  const inCorpus = everyone.filter((person) => person.photos.length >= corpusPhotos);
  const calibrationPeople = inCorpus.slice(0, corpusBlock);
  const usedByCorpus = new Set(inCorpus.slice(0, corpusBlock * 3).map((person) => person.name));
  const others = everyone.filter((person) => !usedByCorpus.has(person.name));
  const pairPeople = others.filter((person) => person.photos.length >= 2).slice(0, sizes.pairs);
  const singlePeople = others
    .filter((person) => person.photos.length === 1)
    .slice(0, sizes.singles);

  const report = (set: string) => (done: number, total: number) =>
    progress(`describing ${set}: ${done} of ${total} photos`);
  const calibrationPhotos = calibrationPeople.map((person) => person.photos.slice(0, 4));
  const calibrationFlat = await descriptors(
    lazyEngine,
    'calibration',
    calibrationPhotos.flat(),
    report('calibration'),
  );
  let next = 0;
  const calibration = calibrationPhotos
    .map((photos) => found(calibrationFlat.slice(next, (next += photos.length))))
    .filter((person) => person.length >= 2);
  const singles = await descriptors(
    lazyEngine,
    'singles',
    singlePeople.map((person) => person.photos[0]!),
    report('singles'),
  );
  const pairPhotos = await descriptors(
    lazyEngine,
    'pairs',
    pairPeople.flatMap((person) => person.photos.slice(0, 2)),
    report('pairs'),
  );
  const pairs: [number[], number[]][] = [];
  for (let index = 0; index + 1 < pairPhotos.length; index += 2) {
    const [a, b] = [pairPhotos[index], pairPhotos[index + 1]];
    if (a && b) pairs.push([a, b]);
  }
  return { calibration, singles: found(singles), pairs };
}
