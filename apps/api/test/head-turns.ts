/**
 * A head turning, for the liveness tests: a real portrait's face, rebuilt in 3D from the face
 * mesh the engine finds on it (468 points with depth) and drawn turned about the vertical axis,
 * triangle by triangle (the mesh's own triangulation, nearest triangles last). Its landmarks
 * move as a head's do (the nose crosses the cheeks), which a flat photo moved in front of the
 * camera cannot do: `flatTurn` draws that attack, the same portrait warped as a card turned in
 * perspective.
 *
 * The portraits are cut from the sample photos that ship inside @vladmandic/face-api; nothing is
 * stored in the repository.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import sharp from 'sharp';
import type { FaceMesh } from '@medipay/shared/liveness';
import { frontalAngle, rotateHead } from '@medipay/shared/testing/head-rotation';
import { humanDir, type FaceEngine } from '../src/modules/kyc/face-engine';

const require = createRequire(import.meta.url);

/** The mesh's triangles (indices into the 468 points), as Human ships them. */
function faceTriangles(): number[] {
  const { Human } = require(join(humanDir, 'dist', 'human.node-wasm.js')) as {
    Human: new (config: unknown) => { faceTriangulation: number[] };
  };
  return new Human({ backend: 'wasm', debug: false }).faceTriangulation;
}

export type RawImage = { data: Buffer; width: number; height: number };

async function rawOf(image: Buffer): Promise<RawImage> {
  const { data, info } = await sharp(image)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const toJpeg = (raw: RawImage) =>
  sharp(raw.data, { raw: { width: raw.width, height: raw.height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();

type Point = readonly [number, number];

/**
 * Copies triangle `from` of `source` onto triangle `to` of `target` (affine map, nearest pixel).
 */
function drawTriangle(source: RawImage, target: RawImage, from: Point[], to: Point[]) {
  const [[x0, y0], [x1, y1], [x2, y2]] = to as [Point, Point, Point];
  const det = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(det) < 1e-6) return;
  const left = Math.max(0, Math.floor(Math.min(x0, x1, x2)));
  const right = Math.min(target.width - 1, Math.ceil(Math.max(x0, x1, x2)));
  const top = Math.max(0, Math.floor(Math.min(y0, y1, y2)));
  const bottom = Math.min(target.height - 1, Math.ceil(Math.max(y0, y1, y2)));
  for (let y = top; y <= bottom; y += 1) {
    for (let x = left; x <= right; x += 1) {
      const px = x + 0.5;
      const py = y + 0.5;
      const b = ((px - x0) * (y2 - y0) - (x2 - x0) * (py - y0)) / det;
      const c = ((x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)) / det;
      const a = 1 - b - c;
      if (a < -0.01 || b < -0.01 || c < -0.01) continue;
      const sx = Math.round(a * from[0]![0] + b * from[1]![0] + c * from[2]![0]);
      const sy = Math.round(a * from[0]![1] + b * from[1]![1] + c * from[2]![1]);
      if (sx < 0 || sy < 0 || sx >= source.width || sy >= source.height) continue;
      const s = (sy * source.width + sx) * 3;
      const t = (y * target.width + x) * 3;
      target.data[t] = source.data[s]!;
      target.data[t + 1] = source.data[s + 1]!;
      target.data[t + 2] = source.data[s + 2]!;
    }
  }
}

/**
 * Covers the face (the mesh's outline) with what surrounds it: each row of the face takes the
 * colour found just outside the face on its side (hair, background), as if the head were gone.
 */
function hideFace(image: RawImage, mesh: FaceMesh) {
  const rows = new Map<number, [number, number]>();
  for (const [x, y] of mesh) {
    const row = Math.round(y);
    const [left, right] = rows.get(row) ?? [x, x];
    rows.set(row, [Math.min(left, x), Math.max(right, x)]);
  }
  const ys = [...rows.keys()].sort((a, b) => a - b);
  let span: [number, number] | undefined;
  for (let y = Math.max(0, ys[0]!); y <= Math.min(image.height - 1, ys.at(-1)!); y += 1) {
    span = rows.get(y) ?? span;
    if (!span) continue;
    const [left, right] = [Math.floor(span[0]) - 6, Math.ceil(span[1]) + 6];
    const middle = (left + right) / 2;
    const outside = (x: number) => Math.max(0, Math.min(image.width - 1, x));
    for (let x = Math.max(0, left); x <= Math.min(image.width - 1, right); x += 1) {
      const from = (y * image.width + outside(x < middle ? left - 4 : right + 4)) * 3;
      const to = (y * image.width + x) * 3;
      image.data[to] = image.data[from]!;
      image.data[to + 1] = image.data[from + 1]!;
      image.data[to + 2] = image.data[from + 2]!;
    }
  }
}

const area = (points: readonly Point[]) => {
  const [[x0, y0], [x1, y1], [x2, y2]] = points as [Point, Point, Point];
  return Math.abs((x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0)) / 2;
};

/**
 * Where each triangle takes its texture from. A portrait looking a little aside shows one cheek
 * foreshortened (or behind hair): turned towards the camera, that side would be drawn from a few
 * stretched pixels. A triangle seen at less than 70% of its frontal area takes the texture of its
 * mirror image across the face's midline when that one is seen better (a face is nearly
 * symmetric): the landmark of the frontal mesh nearest to each landmark's reflection.
 */
function mirroredTexture(mesh: FaceMesh): (indices: readonly number[]) => readonly number[] {
  const frontal = rotateHead(mesh, frontalAngle(mesh));
  const axis = [1, 4, 6, 168, 10, 152];
  const middle = axis.reduce((sum, index) => sum + frontal[index]![0], 0) / axis.length;
  const partner = frontal.map(([x, y, z]) => {
    const mirrored = 2 * middle - x;
    let best = 0;
    let bestDistance = Infinity;
    frontal.forEach(([px, py, pz], index) => {
      const distance = (px - mirrored) ** 2 + (py - y) ** 2 + (pz - z) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    });
    return best;
  });
  const flat = (from: FaceMesh, indices: readonly number[]) =>
    indices.map((index) => [from[index]![0], from[index]![1]] as const);
  const seen = (indices: readonly number[]) =>
    area(flat(mesh, indices)) / Math.max(1e-6, area(flat(frontal, indices)));
  return (indices) => {
    const visibility = seen(indices);
    if (visibility >= 0.7) return indices;
    const mirror = indices.map((index) => partner[index]!);
    return new Set(mirror).size === 3 && seen(mirror) > visibility ? mirror : indices;
  };
}

/**
 * The portrait with its face turned by `degrees` (positive: to the person's left, as headYaw
 * counts). The face's old place is first covered (hideFace), so that no second outline shows
 * where the face was.
 */
export async function turnedFace(
  portrait: Buffer,
  mesh: FaceMesh,
  degrees: number,
  triangles: readonly number[] = faceTriangles(),
): Promise<Buffer> {
  const source = await rawOf(portrait);
  const target: RawImage = { ...source, data: Buffer.from(source.data) };
  hideFace(target, mesh);
  const turned = rotateHead(mesh, degrees);
  const points = (from: FaceMesh, indices: readonly number[]) =>
    indices.map((index) => [from[index]![0], from[index]![1]] as const);
  const texture = mirroredTexture(mesh);
  const faces: { indices: number[]; depth: number }[] = [];
  for (let index = 0; index + 2 < triangles.length; index += 3) {
    const indices = [triangles[index]!, triangles[index + 1]!, triangles[index + 2]!];
    const depth = indices.reduce((sum, point) => sum + turned[point]![2], 0) / 3;
    faces.push({ indices, depth });
  }
  // Human's depth grows away from the camera: the farthest triangles first, the nearest last.
  faces.sort((a, b) => b.depth - a.depth);
  for (const { indices } of faces)
    drawTriangle(source, target, points(mesh, texture(indices)), points(turned, indices));
  return toJpeg(target);
}

/**
 * The portrait as a flat card turned by `degrees` about its vertical axis in front of a camera
 * (a pinhole camera `distance` face-widths away): a printed photo moved, the attack that shows
 * no depth.
 */
export async function flatTurn(portrait: Buffer, degrees: number, distance = 3): Promise<Buffer> {
  const source = await rawOf(portrait);
  const target: RawImage = { ...source, data: Buffer.alloc(source.data.length, 40) };
  const angle = (degrees * Math.PI) / 180;
  const [cx, cy] = [source.width / 2, source.height / 2];
  // The card at depth z0 = focal length, so that facing the camera it fills the frame as before.
  const z0 = source.width * distance;
  for (let y = 0; y < target.height; y += 1) {
    for (let x = 0; x < target.width; x += 1) {
      // The card point (u, v) turned by `angle` is at (u cos, v, z0 + u sin): project, invert.
      const [px, py] = [x - cx, y - cy];
      const denominator = z0 * Math.cos(angle) - px * Math.sin(angle);
      if (!(denominator > 0)) continue;
      const u = (px * z0) / denominator;
      const v = (py * (z0 + u * Math.sin(angle))) / z0;
      const [sx, sy] = [Math.round(cx + u), Math.round(cy + v)];
      if (sx < 0 || sy < 0 || sx >= source.width || sy >= source.height) continue;
      const s = (sy * source.width + sx) * 3;
      const d = (y * target.width + x) * 3;
      target.data[d] = source.data[s]!;
      target.data[d + 1] = source.data[s + 1]!;
      target.data[d + 2] = source.data[s + 2]!;
    }
  }
  return toJpeg(target);
}

/**
 * A portrait's frames for a challenge: facing the camera, its head turned to the person's left by
 * `degrees` (3D), the same turn mirrored for the right (a portrait looking a little aside shows
 * one cheek foreshortened: the turn that shows it most is drawn from skin, the other would be
 * drawn from a few stretched pixels), and the flat portrait turned each way (the attack).
 */
export async function headTurnFrames(engine: FaceEngine, portrait: Buffer, degrees = 32) {
  const analysis = await engine.analyse(portrait);
  const { width = 0 } = await sharp(portrait).metadata();
  const face = analysis.faces[0];
  if (!face) throw new Error('no face in the portrait');
  const scale = width / analysis.width;
  // Human's depth is about half a real head's (nose tip to cheek sides 0.27 face widths, where
  // heads measure about 0.5): doubled, the turn looks like a head's.
  const mesh: FaceMesh = face.mesh.map(([x, y, z]) => [x * scale, y * scale, z * scale * 2]);
  const triangles = faceTriangles();
  // The portrait's own head may look a little aside: it is first turned to face the camera.
  const facing = frontalAngle(mesh);
  const left = await turnedFace(portrait, mesh, facing + degrees, triangles);
  return {
    neutral: await turnedFace(portrait, mesh, facing, triangles),
    left,
    right: await sharp(left).flop().jpeg({ quality: 92 }).toBuffer(),
    flatLeft: await flatTurn(portrait, degrees * 1.5),
    flatRight: await flatTurn(portrait, -degrees * 1.5),
  };
}
