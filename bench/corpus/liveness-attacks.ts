// Camera frames for the liveness benchmark: presentation attacks simulated from face photos (a
// printed photo moved in front of the camera, the same photo bent, a photo or recorded frames on
// a screen) and small camera variations of real frames. Each frame is rendered by casting the
// camera's rays onto the photo's surface (a plane, or a cylinder for a bent print) and sampling
// the photo there, over a background; nothing is committed, everything is made from the corpus
// photos at run time.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { buildHeadPoses } from './head-poses';

export type Rgb = { data: Buffer; width: number; height: number };
type Random = () => number;

/** Camera frame size and focal length (pixels): a 640x480 webcam with about 60 degrees across. */
const FRAME = { width: 640, height: 480, focal: 560 } as const;

export async function decode(image: Buffer): Promise<Rgb> {
  const { data, info } = await sharp(image)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

export const encode = (image: Rgb, quality = 90) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

/** A plain room: a vertical gradient with soft blotches (a few, made once: they are slow). */
const backgrounds: Rgb[] = [];
function background(random: Random): Rgb {
  if (backgrounds.length < 6) backgrounds.push(makeBackground(random));
  return backgrounds[Math.floor(random() * backgrounds.length)]!;
}

function makeBackground(random: Random): Rgb {
  const { width, height } = FRAME;
  const data = Buffer.alloc(width * height * 3);
  const base = [90 + random() * 120, 90 + random() * 120, 90 + random() * 120];
  const blobs = Array.from({ length: 4 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 60 + random() * 160,
    d: (random() - 0.5) * 80,
  }));
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let shade = 0.75 + (0.35 * y) / height;
      for (const b of blobs)
        shade += (b.d / 255) * Math.exp(-((x - b.x) ** 2 + (y - b.y) ** 2) / b.r ** 2);
      const at = (y * width + x) * 3;
      for (let c = 0; c < 3; c += 1)
        data[at + c] = Math.max(0, Math.min(255, base[c]! * shade + (random() - 0.5) * 6));
    }
  }
  return { data, width, height };
}

function sample(image: Rgb, u: number, v: number, out: number[]): boolean {
  if (u < 0 || v < 0 || u > image.width - 1 || v > image.height - 1) return false;
  const x0 = Math.floor(u);
  const y0 = Math.floor(v);
  const x1 = Math.min(image.width - 1, x0 + 1);
  const y1 = Math.min(image.height - 1, y0 + 1);
  const [fx, fy] = [u - x0, v - y0];
  for (let c = 0; c < 3; c += 1) {
    const p = (x: number, y: number) => image.data[(y * image.width + x) * 3 + c]!;
    out[c] =
      (p(x0, y0) * (1 - fx) + p(x1, y0) * fx) * (1 - fy) +
      (p(x0, y1) * (1 - fx) + p(x1, y1) * fx) * fy;
  }
  return true;
}

export type Pose = {
  /** Rotation of the sheet about the vertical axis, degrees (> 0: its right edge goes away). */
  yaw: number;
  /** About the horizontal axis, degrees. */
  pitch: number;
  /** In the image plane, degrees. */
  roll: number;
  /** Height of the sheet, as a share of the frame height when facing the camera. */
  size: number;
  /** Shift of the sheet's centre, as a share of the frame (x, y). */
  shift: [number, number];
  /** Radius of the cylinder the sheet is bent around, in sheet heights (0: flat). */
  bend: number;
};

/**
 * The camera's view of `photo` printed on a sheet held at `pose` (white margin of 4%): each frame
 * pixel's ray is turned into the sheet's own coordinates and met with its surface (a plane, or a
 * cylinder around the vertical axis curving away from the camera), then the photo is sampled
 * there (bilinear). Rays that miss the sheet show `backdrop`.
 */
export function viewSheet(photo: Rgb, pose: Pose, backdrop: Rgb, margin = 0.04): Rgb {
  const { width, height, focal } = FRAME;
  const sheetH = 1;
  const sheetW = (photo.width / photo.height) * sheetH;
  // Distance at which the sheet, facing the camera, is `size` of the frame height.
  const distance = (focal * sheetH) / (pose.size * height);
  const centre = [
    pose.shift[0] * width * (distance / focal),
    pose.shift[1] * height * (distance / focal),
    distance,
  ];
  const [a, b, c] = [pose.yaw, pose.pitch, pose.roll].map((d) => (d * Math.PI) / 180) as [
    number,
    number,
    number,
  ];
  // Sheet-to-camera rotation R = Ry(yaw) * Rx(pitch) * Rz(roll); rays go back with its transpose.
  const rz = [Math.cos(c), -Math.sin(c), 0, Math.sin(c), Math.cos(c), 0, 0, 0, 1];
  const rx = [1, 0, 0, 0, Math.cos(b), -Math.sin(b), 0, Math.sin(b), Math.cos(b)];
  const ry = [Math.cos(a), 0, Math.sin(a), 0, 1, 0, -Math.sin(a), 0, Math.cos(a)];
  const mul = (p: number[], q: number[]) =>
    Array.from({ length: 9 }, (_, k) => {
      const [i, j] = [Math.floor(k / 3), k % 3];
      return p[i * 3]! * q[j]! + p[i * 3 + 1]! * q[3 + j]! + p[i * 3 + 2]! * q[6 + j]!;
    });
  const r = mul(ry, mul(rx, rz));
  const toSheet = (v: number[]) => [
    r[0]! * v[0]! + r[3]! * v[1]! + r[6]! * v[2]!,
    r[1]! * v[0]! + r[4]! * v[1]! + r[7]! * v[2]!,
    r[2]! * v[0]! + r[5]! * v[1]! + r[8]! * v[2]!,
  ];
  const origin = toSheet(centre.map((value) => -value));
  const radius = pose.bend * sheetH;
  const out = Buffer.from(backdrop.data);
  const colour = [0, 0, 0];
  for (let py = 0; py < height; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const d = toSheet([(px - width / 2) / focal, (py - height / 2) / focal, 1]);
      let sx: number;
      let sy: number;
      if (radius <= 0) {
        if (Math.abs(d[2]!) < 1e-9) continue;
        const t = -origin[2]! / d[2]!;
        if (t <= 0) continue;
        sx = origin[0]! + t * d[0]!;
        sy = origin[1]! + t * d[1]!;
      } else {
        // Cylinder x^2 + (z - radius)^2 = radius^2 through the sheet's centre line.
        const [ox, oz] = [origin[0]!, origin[2]! - radius];
        const qa = d[0]! ** 2 + d[2]! ** 2;
        const qb = 2 * (ox * d[0]! + oz * d[2]!);
        const qc = ox * ox + oz * oz - radius * radius;
        const disc = qb * qb - 4 * qa * qc;
        if (disc < 0) continue;
        const t = (-qb - Math.sqrt(disc)) / (2 * qa);
        if (t <= 0) continue;
        const hx = ox + t * d[0]!;
        const hz = oz + t * d[2]!;
        // Arc length from the centre line; only the half of the cylinder facing the camera.
        if (hz > 0) continue;
        sx = radius * Math.atan2(hx, -hz);
        sy = origin[1]! + t * d[1]!;
      }
      const inner = [sheetW * (1 - 2 * margin), sheetH * (1 - 2 * margin)];
      if (Math.abs(sx) > sheetW / 2 || Math.abs(sy) > sheetH / 2) continue;
      const at = (py * width + px) * 3;
      if (Math.abs(sx) > inner[0]! / 2 || Math.abs(sy) > inner[1]! / 2) {
        out[at] = out[at + 1] = out[at + 2] = 235;
        continue;
      }
      const u = (sx / inner[0]! + 0.5) * (photo.width - 1);
      const v = (sy / inner[1]! + 0.5) * (photo.height - 1);
      if (!sample(photo, u, v, colour)) continue;
      // Matte paper in room light: a little darker and flatter than the screen.
      for (let k = 0; k < 3; k += 1) out[at + k] = 12 + colour[k]! * 0.9;
    }
  }
  return { data: out, width, height };
}

/**
 * `photo` as a screen shows it: a black bezel, a colour cast, the moire of the pixel grid as the
 * camera samples it, and a glare spot. The result is then filmed like a sheet (`viewSheet`).
 */
export function onScreen(photo: Rgb, random: Random): Rgb {
  const bezel = Math.round(Math.max(photo.width, photo.height) * 0.06);
  const width = photo.width + 2 * bezel;
  const height = photo.height + 2 * bezel;
  const data = Buffer.alloc(width * height * 3, 8);
  const cast = [0.9 + random() * 0.2, 0.9 + random() * 0.2, 1 + random() * 0.15];
  const period = 2.2 + random() * 2;
  const angle = random() * Math.PI;
  const glare = { x: random() * width, y: random() * height, r: width * (0.15 + random() * 0.2) };
  for (let y = 0; y < photo.height; y += 1) {
    for (let x = 0; x < photo.width; x += 1) {
      const moire =
        1 + 0.08 * Math.sin(((x * Math.cos(angle) + y * Math.sin(angle)) * 2 * Math.PI) / period);
      const [gx, gy] = [x + bezel, y + bezel];
      const shine = 90 * Math.exp(-((gx - glare.x) ** 2 + (gy - glare.y) ** 2) / glare.r ** 2);
      for (let c = 0; c < 3; c += 1) {
        const value = photo.data[(y * photo.width + x) * 3 + c]! * cast[c]! * moire + shine;
        data[(gy * width + gx) * 3 + c] = Math.max(0, Math.min(255, value));
      }
    }
  }
  return { data, width, height };
}

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const sign = (random: Random) => (random() < 0.5 ? -1 : 1);

/** A pose of a sheet held by hand: facing the camera (`yaw` 0) or turned. */
export function handPose(random: Random, yaw: number, bend = 0): Pose {
  return {
    yaw,
    pitch: between(random, -15, 15),
    roll: between(random, -12, 12),
    size: between(random, 0.55, 0.85),
    shift: [between(random, -0.12, 0.12), between(random, -0.08, 0.08)],
    bend,
  };
}

export type AttackKind = 'print' | 'bent-print' | 'screen-photo';

/**
 * The five frames of a challenge (neutral, then 4 turns) an attacker shows with one photo: the
 * sheet (or screen) facing the camera, then turned 25-60 degrees either way, tilted and moved.
 */
export async function attackFrames(
  photo: Buffer,
  kind: AttackKind,
  random: Random,
): Promise<Buffer[]> {
  const source = await decode(photo);
  const shown = kind === 'screen-photo' ? onScreen(source, random) : source;
  const bend = kind === 'bent-print' ? between(random, 0.35, 0.8) : 0;
  const frames: Buffer[] = [];
  for (let step = 0; step < 5; step += 1) {
    const yaw =
      step === 0
        ? between(random, -8, 8)
        : kind === 'screen-photo'
          ? sign(random) * between(random, 5, 25)
          : sign(random) * between(random, 25, 60);
    const pose = handPose(random, yaw, bend);
    frames.push(await encode(viewSheet(shown, pose, background(random)), 85));
  }
  return frames;
}

/** A recorded frame shown on a screen and filmed again, the screen slightly turned. */
export async function refilmed(frame: Buffer, random: Random): Promise<Buffer> {
  const shown = onScreen(await decode(frame), random);
  const pose = { ...handPose(random, between(random, -12, 12)), size: between(random, 0.8, 0.95) };
  return encode(viewSheet(shown, pose, background(random), 0), 80);
}

/** A recorded frame sent again: resized and re-encoded. */
export async function reencoded(frame: Buffer, random: Random): Promise<Buffer> {
  const { width = 640 } = await sharp(frame).metadata();
  return sharp(frame)
    .resize({ width: Math.round(width * between(random, 0.6, 0.95)) })
    .jpeg({ quality: Math.round(between(random, 55, 85)) })
    .toBuffer();
}

/**
 * The same real frame as a slightly different capture would give it: the camera moved a few
 * pixels and the picture re-encoded (the person held still between two frames).
 */
export async function cameraVariant(frame: Buffer, random: Random): Promise<Buffer> {
  const { width = 640, height = 480 } = await sharp(frame).metadata();
  const cut = between(random, 0.0, 0.04);
  const left = Math.round(width * cut * random());
  const top = Math.round(height * cut * random());
  // As the browser sends it: the camera's 640x480 (or 480x640) frame, JPEG.
  return sharp(frame)
    .extract({
      left,
      top,
      width: Math.round(width * (1 - cut)),
      height: Math.round(height * (1 - cut)),
    })
    .resize({ width: 640, height: 640, fit: 'inside' })
    .jpeg({ quality: Math.round(between(random, 80, 92)) })
    .toBuffer();
}

/**
 * A real person of the evaluation set facing the camera and with the head turned to their own
 * left (headYaw > 0, 'turn-left') and right (headYaw < 0, 'turn-right'), as JPEG: for a browser
 * test that shows them through a fake camera. Server yaw: +0.65 left, -0.71 right (about 25-28
 * degrees by the scale of packages/shared/src/liveness.ts).
 */
export async function genuineTurns(): Promise<{ neutral: Buffer; left: Buffer; right: Buffer }> {
  const paths = buildHeadPoses();
  const jpeg = (path: string) =>
    sharp(readFileSync(path)).rotate().jpeg({ quality: 92 }).toBuffer();
  return {
    neutral: await jpeg(paths.frontal),
    left: await jpeg(paths['turned-left']),
    right: await jpeg(paths['turned-right']),
  };
}
