/**
 * A face mesh's head turned in 3D about the vertical axis (the tests' head turns), apart from the
 * recorded meshes so that it loads without them.
 */
import { headYaw, type FaceMesh } from '../liveness';

/**
 * The head turned by `degrees` around the vertical axis through the mesh's centre, seen with a
 * parallel projection: > 0 turns it to the person's left (the nose, nearest the camera, moves
 * towards the image's right).
 */
export function rotateHead(mesh: FaceMesh, degrees: number): FaceMesh {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = mesh.reduce((sum, [x]) => sum + x, 0) / mesh.length;
  const cz = mesh.reduce((sum, [, , z]) => sum + z, 0) / mesh.length;
  return mesh.map(([x, y, z]) => [
    cx + (x - cx) * cos - (z - cz) * sin,
    y,
    cz + (x - cx) * sin + (z - cz) * cos,
  ]);
}

/** The angle that brings headYaw to 0 (bisection: the yaw grows with the angle). */
export function frontalAngle(mesh: FaceMesh): number {
  let low = -45;
  let high = 45;
  for (let round = 0; round < 40; round += 1) {
    const middle = (low + high) / 2;
    if (headYaw(rotateHead(mesh, middle)) > 0) high = middle;
    else low = middle;
  }
  return (low + high) / 2;
}
