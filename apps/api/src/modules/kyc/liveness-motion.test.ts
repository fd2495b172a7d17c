import type { FaceMesh, MeshPoint } from '@medipay/shared/liveness';
import { frontalMeshes, jitter, rotateHead } from '@medipay/shared/testing/face-meshes';
import { seededRandom } from '@medipay/shared/testing/seeded-random';
import { describe, expect, it } from 'vitest';
import {
  applyHomography,
  fitHomography,
  frameSignature,
  LIVENESS_MIN_PARALLAX,
  motionParallax,
  REPLAY_MAX_DISTANCE,
  signatureDistance,
} from './liveness-motion';

/** Landmark noise of the server's mesh on a re-encoded frame, in pixels (measured: < 0.5). */
const NOISE = 0.5;

function centre(mesh: FaceMesh): [number, number] {
  const cx = mesh.reduce((sum, [x]) => sum + x, 0) / mesh.length;
  const cy = mesh.reduce((sum, [, y]) => sum + y, 0) / mesh.length;
  return [cx, cy];
}

/**
 * The 2D mesh as the picture of a flat sheet: laid on a plane (bent around a vertical cylinder of
 * `bend` face widths when > 0), turned by yaw / pitch / roll degrees and seen in perspective.
 */
function flatView(mesh: FaceMesh, yaw: number, pitch: number, roll: number, bend = 0): FaceMesh {
  const [cx, cy] = centre(mesh);
  const width = Math.abs(mesh[454]![0] - mesh[234]![0]);
  const [a, b, c] = [yaw, pitch, roll].map((d) => (d * Math.PI) / 180) as [number, number, number];
  const focal = 4 * width;
  return mesh.map(([x0, y0]): MeshPoint => {
    let [x, y, z] = [x0 - cx, y0 - cy, 0];
    if (bend > 0) {
      const radius = bend * width;
      [x, z] = [radius * Math.sin(x / radius), radius * (1 - Math.cos(x / radius))];
    }
    [x, y] = [x * Math.cos(c) - y * Math.sin(c), x * Math.sin(c) + y * Math.cos(c)];
    [x, z] = [x * Math.cos(a) + z * Math.sin(a), -x * Math.sin(a) + z * Math.cos(a)];
    [y, z] = [y * Math.cos(b) - z * Math.sin(b), y * Math.sin(b) + z * Math.cos(b)];
    const scale = focal / (focal + z);
    return [cx + x * scale, cy + y * scale, 0];
  });
}

/** Moved in the image plane: rotated, scaled and shifted. */
function similarity(mesh: FaceMesh, degrees: number, scale: number, dx: number, dy: number) {
  const angle = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  return mesh.map(([x, y, z]): MeshPoint => [
    (x * cos - y * sin) * scale + dx,
    (x * sin + y * cos) * scale + dy,
    z * scale,
  ]);
}

describe('fitHomography', () => {
  it('recovers a homography from exact correspondences', () => {
    const h = [1.1, 0.2, 30, -0.1, 0.9, -12, 0.0004, -0.0002, 1];
    const from = frontalMeshes[0]!.slice(0, 40).map(([x, y]) => [x, y] as const);
    const to = from.map((point) => applyHomography(h, point));
    const fitted = fitHomography(from, to);
    for (const point of from) {
      const [x, y] = applyHomography(fitted, point);
      const [u, v] = applyHomography(h, point);
      expect(Math.hypot(x - u, y - v)).toBeLessThan(1e-6);
    }
  });
});

describe('motionParallax', () => {
  const random = seededRandom(7);
  const noisy = (mesh: FaceMesh) => jitter(mesh, NOISE, random);

  it('is large for a real head turned in 3D beyond the turn threshold', () => {
    for (const mesh of frontalMeshes)
      for (const degrees of [-30, -25, 25, 30])
        expect(motionParallax(noisy(mesh), noisy(rotateHead(mesh, degrees)))).toBeGreaterThan(
          LIVENESS_MIN_PARALLAX,
        );
  });

  it('is about 0 for a flat photo moved, tilted and turned in perspective', () => {
    for (const mesh of frontalMeshes)
      for (const [yaw, pitch, roll] of [
        [40, 10, 5],
        [-60, -10, -8],
        [25, 0, 20],
      ] as const) {
        const value = motionParallax(noisy(mesh), noisy(flatView(mesh, yaw, pitch, roll)));
        expect(value).toBeLessThan(LIVENESS_MIN_PARALLAX / 2);
      }
  });

  it('stays below the threshold for a photo bent around a cylinder and turned', () => {
    for (const mesh of frontalMeshes)
      for (const yaw of [-45, 45]) {
        const neutral = noisy(flatView(mesh, 0, 0, 0, 1.2));
        expect(motionParallax(neutral, noisy(flatView(mesh, yaw, 5, 0, 1.2)))).toBeLessThan(
          LIVENESS_MIN_PARALLAX,
        );
      }
  });

  it('does not depend on where the face is, its size or its in-plane tilt', () => {
    const mesh = frontalMeshes[1]!;
    const turned = rotateHead(mesh, 30);
    const moved = motionParallax(similarity(mesh, 10, 1.7, 80, -40), turned);
    expect(moved).toBeCloseTo(motionParallax(mesh, turned), 2);
  });
});

describe('frameSignature', () => {
  const random = seededRandom(11);

  it('has about 100 numbers', () => {
    expect(frameSignature(frontalMeshes[0]!).length).toBe(96);
  });

  it('finds the same frame again, moved, scaled, tilted and with landmark noise', () => {
    for (const mesh of frontalMeshes) {
      const again = jitter(similarity(mesh, 12, 0.8, 50, 20), NOISE * 0.8, random);
      expect(signatureDistance(frameSignature(mesh), frameSignature(again))).toBeLessThan(
        REPLAY_MAX_DISTANCE,
      );
    }
  });

  it('finds the same frame filmed again from a slightly turned screen', () => {
    for (const mesh of frontalMeshes) {
      const refilmed = flatView(mesh, 12, -6, 3);
      expect(signatureDistance(frameSignature(mesh), frameSignature(refilmed))).toBeLessThan(
        REPLAY_MAX_DISTANCE,
      );
    }
  });

  it('tells apart another face and another turn of the same face', () => {
    for (const [index, mesh] of frontalMeshes.entries()) {
      const other = frontalMeshes[(index + 1) % frontalMeshes.length]!;
      expect(signatureDistance(frameSignature(mesh), frameSignature(other))).toBeGreaterThan(
        REPLAY_MAX_DISTANCE * 3,
      );
      const turned = rotateHead(mesh, 25);
      const turnedMore = rotateHead(mesh, 33);
      expect(signatureDistance(frameSignature(turned), frameSignature(turnedMore))).toBeGreaterThan(
        REPLAY_MAX_DISTANCE,
      );
    }
  });
});
