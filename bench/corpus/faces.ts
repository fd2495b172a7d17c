// Builds the face corpus of the face-match benchmark from photographs of real people that the
// product did not make: Labeled Faces in the Wild (LFW, University of Massachusetts Amherst), as
// committed in a public repository. Nothing is committed here; the photos are written to
// `.cache/kyc-corpus/faces/` (git-ignored), split by person into a calibration set (where the
// model and the bands are chosen) and an evaluation set (only reported, never tuned on): blocks
// of 80 people in a fixed order, the first for calibration and the third for evaluation.
//
//   npm run corpus:faces                 (or: node --import tsx bench/corpus/faces.ts)
//   FACE_CORPUS_GIT=/path/to/clone/.git npm run corpus:faces
//
// The source is read with `git` at a fixed commit, from FACE_CORPUS_GIT when set, else from a
// clone made into .cache/ (needs network once).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const faceCorpusSource = {
  repository: 'https://github.com/baileyfriend/Gender-Image-Classifier',
  commit: '9aaaad06efad7888c2d12b77c343a0ef1bea17bc',
  folder: 'lfw',
} as const;

const root = fileURLToPath(new URL('../..', import.meta.url));
export const faceCorpusDir = join(root, '.cache', 'kyc-corpus', 'faces');

/** People per set, each with at least `photosPerPerson` different photographs. */
const peoplePerSet = Number(process.env.FACE_CORPUS_PEOPLE ?? 80);
const photosPerPerson = 3;

export type FaceCorpusManifest = {
  source: typeof faceCorpusSource;
  sets: Record<'calibration' | 'evaluation', { person: string; photos: string[] }[]>;
};

function git(gitDir: string, args: string[], encoding: 'utf8' | 'buffer' = 'utf8') {
  return execFileSync('git', ['--git-dir', gitDir, ...args], {
    encoding: encoding === 'utf8' ? 'utf8' : undefined,
    maxBuffer: 256 * 1024 * 1024,
  });
}

function sourceGitDir(): string {
  const given = process.env.FACE_CORPUS_GIT;
  if (given) return given;
  const clone = join(root, '.cache', 'kyc-corpus', 'source.git');
  if (!existsSync(clone)) {
    mkdirSync(join(root, '.cache', 'kyc-corpus'), { recursive: true });
    execFileSync('git', ['clone', '--bare', faceCorpusSource.repository, clone], {
      stdio: 'inherit',
    });
  }
  return clone;
}

/** A stable order that does not follow the alphabet (so both sets mix every initial). */
const rank = (name: string) => createHash('sha256').update(name).digest('hex');

export function buildFaceCorpus(): FaceCorpusManifest {
  const gitDir = sourceGitDir();
  const { commit, folder } = faceCorpusSource;
  const listing = String(git(gitDir, ['ls-tree', '-r', commit, '--', `${folder}/`]));
  const byPerson = new Map<string, { path: string; blob: string }[]>();
  for (const line of listing.split('\n')) {
    const match = /^\d+ blob ([0-9a-f]+)\t(.+\/([^/]+)\/[^/]+\.jpg)$/.exec(line);
    if (!match) continue;
    const [, blob, path, person] = match;
    byPerson.set(person!, [...(byPerson.get(person!) ?? []), { path: path!, blob: blob! }]);
  }
  const people = [...byPerson.entries()]
    .filter(([, photos]) => photos.length >= photosPerPerson)
    .sort(([a], [b]) => rank(a).localeCompare(rank(b)));
  if (people.length < peoplePerSet * 3)
    throw new Error(`only ${people.length} people with ${photosPerPerson}+ photos in the source`);

  rmSync(faceCorpusDir, { recursive: true, force: true });
  const manifest: FaceCorpusManifest = {
    source: faceCorpusSource,
    sets: { calibration: [], evaluation: [] },
  };
  // The people in the second block of the order were the first evaluation set: reported on
  // once, with the Euclidean similarity, then retired (docs/decisions/013). The evaluation set is
  // the third block.
  const blocks = { calibration: 0, evaluation: 2 } as const;
  for (const set of ['calibration', 'evaluation'] as const) {
    const start = blocks[set] * peoplePerSet;
    for (const [person, photos] of people.slice(start, start + peoplePerSet)) {
      const chosen = [...photos].sort((a, b) => a.path.localeCompare(b.path));
      const dir = join(faceCorpusDir, set, person);
      mkdirSync(dir, { recursive: true });
      const files: string[] = [];
      for (const photo of chosen.slice(0, 4)) {
        const file = join(set, person, photo.path.slice(photo.path.lastIndexOf('/') + 1));
        writeFileSync(
          join(faceCorpusDir, file),
          git(gitDir, ['cat-file', 'blob', photo.blob], 'buffer'),
        );
        files.push(file);
      }
      manifest.sets[set].push({ person, photos: files });
    }
  }
  writeFileSync(join(faceCorpusDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const manifest = buildFaceCorpus();
  for (const [set, people] of Object.entries(manifest.sets)) {
    const photos = people.reduce((sum, person) => sum + person.photos.length, 0);
    process.stdout.write(`${set}: ${people.length} people, ${photos} photos\n`);
  }
  process.stdout.write(`written to ${faceCorpusDir}\n`);
}
