// Photographs of one real person turning their head in front of a phone camera, in one session:
// facing the camera, looking up, looking down, head tilted, turned to one side and to the other
// (6 photos, 768x1024). They come from the test data of a public head-pose project, read with
// `git` at a fixed commit (the photos were removed from the project's later commits). Nothing is
// committed here: they are written to `.cache/kyc-corpus/head-poses/` (git-ignored).
//
//   node --import tsx bench/corpus/head-poses.ts
//   HEAD_POSES_GIT=/path/to/clone/.git node --import tsx bench/corpus/head-poses.ts
//
// The source is read from HEAD_POSES_GIT when set, else from a bare clone made into .cache/
// (needs network once).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const headPoseSource = {
  repository: 'https://github.com/PetrFlajsingr/BIO-head-pose-estimation',
  commit: '3f65f88510c8dddcb3a2adae23fd8aa8e0b78d72',
  folder: 'data',
} as const;

/**
 * The photos, by what the person does in them (checked by eye and by the server's head yaw, > 0
 * to the person's left: 6.jpg +0.65, 5.jpg -0.71; the tilted head 4.jpg is also turned to the
 * person's right, -0.95).
 */
export const headPosePhotos = {
  frontal: '1.jpg',
  up: '2.jpg',
  down: '3.jpg',
  tilted: '4.jpg',
  'turned-right': '5.jpg',
  'turned-left': '6.jpg',
} as const;
export type HeadPosePhoto = keyof typeof headPosePhotos;

const root = fileURLToPath(new URL('../..', import.meta.url));
export const headPoseDir = join(root, '.cache', 'kyc-corpus', 'head-poses');

function sourceGitDir(): string {
  const given = process.env.HEAD_POSES_GIT;
  if (given) return given;
  const clone = join(root, '.cache', 'kyc-corpus', 'head-poses-source.git');
  if (!existsSync(clone)) {
    mkdirSync(join(root, '.cache', 'kyc-corpus'), { recursive: true });
    execFileSync('git', ['clone', '--bare', headPoseSource.repository, clone], {
      stdio: 'inherit',
    });
  }
  return clone;
}

/** Writes the photos into headPoseDir (when missing) and returns their paths by pose. */
export function buildHeadPoses(): Record<HeadPosePhoto, string> {
  const paths = Object.fromEntries(
    Object.entries(headPosePhotos).map(([pose, file]) => [pose, join(headPoseDir, file)]),
  ) as Record<HeadPosePhoto, string>;
  if (Object.values(paths).every((path) => existsSync(path))) return paths;
  const gitDir = sourceGitDir();
  mkdirSync(headPoseDir, { recursive: true });
  for (const file of Object.values(headPosePhotos)) {
    const blob = execFileSync('git', [
      '--git-dir',
      gitDir,
      'show',
      `${headPoseSource.commit}:${headPoseSource.folder}/${file}`,
    ]);
    writeFileSync(join(headPoseDir, file), blob);
  }
  writeFileSync(
    join(headPoseDir, 'source.json'),
    `${JSON.stringify({ ...headPoseSource, photos: headPosePhotos }, null, 2)}\n`,
  );
  return paths;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = buildHeadPoses();
  process.stdout.write(
    `Head poses from ${headPoseSource.repository} at ${headPoseSource.commit.slice(0, 12)}: ` +
      `${Object.keys(paths).length} photos in ${headPoseDir}\n`,
  );
}
