/**
 * Records the real face meshes behind the liveness tests (packages/shared/src/testing/
 * face-meshes.json): the face engine on selfie-like portraits cut from the sample photos of
 * @vladmandic/face-api. Run: cd apps/api && node --import tsx src/testing/record-face-meshes.ts
 *
 * Kept: the four faces closest to facing the camera with open eyes, the most turned head each
 * way, and the face with the narrowest eyes among the others.
 *
 * x and y are Human's pixels of the portrait (integers: Human truncates them). z is Human's raw
 * depth: an integer in pixels of the 192-pixel square crop the mesh model runs on, as Human scales
 * x and y back to the image but not z. `zScale` (crop side / 192; Human's face box keeps the
 * crop's size) brings it to image pixels. Checked: with that scale, a frontal mesh rotated by the
 * angle measured on each real turned face (its 234 -> 454 vector in x-z) gets that face's yaw
 * within 0.09-0.16 RMS, against 0.33-0.44 with the raw z; the best fit is 1.0-1.1 times zScale.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { eyeOpenness, headYaw } from '@medipay/shared/liveness';
import { format } from 'prettier';
import { createFaceEngine, type DetectedFace } from '../src/modules/kyc/face-engine';
import { portrait, sampleFaces } from './faces';

const output = fileURLToPath(
  new URL('../../../packages/shared/src/testing/face-meshes.json', import.meta.url),
);
/** Side of the square crop the mesh model runs on (facemesh.json's input). */
const MESH_INPUT = 192;

type Measured = {
  photo: number;
  face: DetectedFace;
  yaw: number;
  eyes: number;
};

const round = (value: number, digits = 3) => Number(value.toFixed(digits));

async function measureSampleFaces(): Promise<Measured[]> {
  const engine = createFaceEngine();
  const measured: Measured[] = [];
  for (const crop of await sampleFaces(engine)) {
    const image = await portrait(crop);
    const analysis = await engine.analyse(image);
    // The portrait is centred on its face; neighbours may show at the edges.
    const centre = (face: DetectedFace) =>
      Math.hypot(
        face.box[0] + face.box[2] / 2 - analysis.width / 2,
        face.box[1] + face.box[3] / 2 - analysis.height / 2,
      );
    const face = [...analysis.faces].sort((a, b) => centre(a) - centre(b))[0];
    if (!face || face.score < 0.9 || face.mesh.length !== 468) continue;
    measured.push({
      photo: crop.photo,
      face,
      yaw: headYaw(face.mesh),
      eyes: eyeOpenness(face.mesh),
    });
  }
  return measured;
}

function entry(kind: 'frontal' | 'turned' | 'eyes-down', { photo, face, yaw, eyes }: Measured) {
  return {
    kind,
    photo,
    yaw: round(yaw),
    eyes: round(eyes),
    zScale: round(face.box[2] / MESH_INPUT, 4),
    /** x, y, z of the 468 landmarks, one after the other. */
    points: face.mesh.flat(),
  };
}

const faces = await measureSampleFaces();
const byYaw = [...faces].sort((a, b) => a.yaw - b.yaw);
const frontal = [...faces]
  .filter((face) => Math.abs(face.yaw) <= 0.22 && face.eyes >= 0.25)
  .sort((a, b) => Math.abs(a.yaw) - Math.abs(b.yaw))
  .slice(0, 4);
// The most turned head each way (the file stays under 60 KB).
const turnedRight = byYaw.slice(0, 1).filter((face) => face.yaw < -0.6);
const turnedLeft = byYaw.slice(-1).filter((face) => face.yaw > 0.6);
const kept = new Set([...frontal, ...turnedRight, ...turnedLeft]);
const narrowest = faces
  .filter((face) => !kept.has(face))
  .sort((a, b) => a.eyes - b.eyes)
  .slice(0, 1);

const recorded = {
  source:
    'apps/api/test/record-face-meshes.ts: @vladmandic/human on portraits cut from @vladmandic/face-api demo/sample1-6.jpg',
  meshes: [
    ...frontal.map((face) => entry('frontal', face)),
    ...[...turnedLeft, ...turnedRight].map((face) => entry('turned', face)),
    ...narrowest.map((face) => entry('eyes-down', face)),
  ],
};
await writeFile(
  output,
  await format(JSON.stringify(recorded), { parser: 'json', printWidth: 100 }),
);
for (const mesh of recorded.meshes)
  process.stdout.write(`${mesh.kind} photo ${mesh.photo}: yaw ${mesh.yaw}, eyes ${mesh.eyes}\n`);
process.stdout.write(
  `all faces: ${faces.map((face) => `${face.photo}:${round(face.yaw, 2)}/${round(face.eyes, 2)}`).join(' ')}\n`,
);
