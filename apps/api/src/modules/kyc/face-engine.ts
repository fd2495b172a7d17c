/**
 * Face detection, face mesh and face descriptors on the WASM backend of TensorFlow.js, with the
 * models and the WASM binary shipped in node_modules: nothing is downloaded.
 *
 * @vladmandic/human finds the faces and their mesh (quality checks, liveness). The descriptor
 * that compares two faces is, by default, the 128-d ResNet descriptor of @vladmandic/face-api
 * (68 landmarks, aligned face), chosen by measurement on photographs of real people
 * (docs/decisions/013-face-match-on-independent-data.md); Human's own `faceres` descriptor stays
 * available for comparison.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import sharp from 'sharp';

const require = createRequire(import.meta.url);
const wasmDir = join(
  dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
  'dist',
);
// Human's package `exports` map cannot resolve its own files: reach them beside tfjs.
/** Where @vladmandic/human is installed (its package.json is not exported). */
export const humanDir = join(wasmDir, '..', '..', '..', '@vladmandic', 'human');
const faceApiDir = dirname(require.resolve('@vladmandic/face-api/package.json'));

export type DetectedFace = {
  /** x, y, width, height in pixels of the analysed image. */
  box: [number, number, number, number];
  score: number;
  embedding: number[];
  /** The 468 face-mesh landmarks (MediaPipe topology), x and y in pixels of the analysed image. */
  mesh: [number, number, number][];
  /**
   * Light and focus measured on the face itself (and its eyes), not on the whole frame: a sharp
   * portrait against a plain wall, or a lit face on a dark stage, is judged by the face.
   */
  photo?: FacePhotoStats;
};

export type FacePhotoStats = {
  /** Mean luminance of the face (the mesh's outline), 0 to 255. */
  brightness: number;
  /** Sharpness of the face scaled to FACE_STATS_WIDTH pixels (sharp's Laplacian estimate). */
  sharpness: number;
  /** The same on the band of both eyes scaled to FACE_STATS_WIDTH: eyes in focus or not. */
  eyesSharpness: number;
};

export type FaceAnalysis = {
  width: number;
  height: number;
  faces: DetectedFace[];
  /** Mean luminance, 0 (black) to 255 (white). */
  brightness: number;
  /** Standard deviation of a Laplacian of the grey image: low means blurred. */
  sharpness: number;
};

type HumanResult = {
  face: {
    box: [number, number, number, number];
    score: number;
    embedding?: number[];
    mesh: [number, number, number][];
  }[];
};
type HumanInstance = {
  load: () => Promise<void>;
  detect: (input: unknown) => Promise<HumanResult>;
  tf: {
    tensor3d: (data: Uint8Array, shape: [number, number, number], dtype: string) => unknown;
    dispose: (tensor: unknown) => void;
  };
  match: { similarity: (a: number[], b: number[]) => number };
};

type FaceApiBox = { x: number; y: number; width: number; height: number };
type FaceApi = {
  Rect: new (x: number, y: number, width: number, height: number) => FaceApiBox;
  extractFaceTensors: (image: unknown, boxes: FaceApiBox[]) => Promise<unknown[]>;
  tf: { dispose: (tensor: unknown) => void };
  nets: {
    faceLandmark68Net: {
      loadFromDisk: (dir: string) => Promise<void>;
      detectLandmarks: (face: unknown) => Promise<{
        shiftBy: (
          x: number,
          y: number,
        ) => { align: (box: null, options: { useDlibAlignment: boolean }) => FaceApiBox };
      }>;
    };
    faceRecognitionNet: {
      loadFromDisk: (dir: string) => Promise<void>;
      computeFaceDescriptor: (face: unknown) => Promise<Float32Array>;
    };
  };
};

/**
 * The 128-d ResNet descriptor of the face Human found in `box` (pixels of `image`): the 68
 * landmarks are found in the box, the face is cut again as dlib aligns it (eyes and mouth in
 * place, the alignment the descriptor was trained with) and described.
 */
async function describeFace(faceApi: FaceApi, image: unknown, box: Box): Promise<number[]> {
  // Human's box is a wide square around the mesh; the landmark model was trained on narrower,
  // taller detector boxes (ratios measured on the calibration photos).
  const x = box[0] + box[2] * (0.5 - 0.02 - 0.58 / 2);
  const y = box[1] + box[3] * (0.5 - 0.035 - 0.81 / 2);
  const [width, height] = [box[2] * 0.58, box[3] * 0.81];
  const [crop] = await faceApi.extractFaceTensors(image, [new faceApi.Rect(x, y, width, height)]);
  try {
    const landmarks = await faceApi.nets.faceLandmark68Net.detectLandmarks(crop);
    const aligned = landmarks.shiftBy(x, y).align(null, { useDlibAlignment: true });
    const [chip] = await faceApi.extractFaceTensors(image, [aligned]);
    try {
      return Array.from(await faceApi.nets.faceRecognitionNet.computeFaceDescriptor(chip));
    } finally {
      faceApi.tf.dispose(chip);
    }
  } finally {
    faceApi.tf.dispose(crop);
  }
}

/**
 * The similarity of two descriptors: their cosine, which separates people better than their
 * Euclidean distance on the calibration set (docs/decisions/013), rescaled so that the cosine of
 * two unrelated faces (about 0.84) reads low: 0.8 and below is 0, 1 is 1.
 */
export function descriptorSimilarity(a: number[], b: number[]): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [a[index]!, b[index] ?? 0];
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const cosine = dot / Math.sqrt(normA * normB);
  return Math.min(1, Math.max(0, (cosine - COSINE_FLOOR) / (1 - COSINE_FLOOR)));
}
/** The cosine read as similarity 0 (unrelated faces score about 0.84). */
const COSINE_FLOOR = 0.8;

const mimeTypes: Record<string, string> = {
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/**
 * Human fetches its models and WASM by URL, and Node's fetch cannot read file:// URLs: serve
 * those from disk, and leave every other request to the real fetch.
 */
function allowFileUrlsInFetch() {
  const marker = Symbol.for('medipay.file-fetch');
  const current = globalThis.fetch as typeof fetch & { [key: symbol]: boolean };
  if (current[marker]) return;
  const patched = (async (
    input: Parameters<typeof fetch>[0],
    init?: Parameters<typeof fetch>[1],
  ) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith('file://')) return current(input, init);
    const path = fileURLToPath(url);
    const type = mimeTypes[path.slice(path.lastIndexOf('.'))] ?? 'application/octet-stream';
    return new Response(await readFile(path), { headers: { 'content-type': type } });
  }) as typeof fetch & { [key: symbol]: boolean };
  patched[marker] = true;
  globalThis.fetch = patched;
}

export type FaceEngine = {
  analyse: (image: Buffer) => Promise<FaceAnalysis>;
  /**
   * For a photo that fills a small part of the image (the photo on an identity document): finds
   * the face, then analyses a close crop around it, since the detector sees the whole image at a
   * low resolution. Without a face in the whole image, looks again in overlapping windows.
   */
  analyseSmallFace: (image: Buffer) => Promise<FaceAnalysis>;
  similarity: (a: DetectedFace, b: DetectedFace) => number;
};

type Box = [number, number, number, number];
type Region = { left: number; top: number; width: number; height: number };

function clampRegion(x: number, y: number, w: number, h: number, maxW: number, maxH: number) {
  const left = Math.max(0, Math.round(x));
  const top = Math.max(0, Math.round(y));
  return {
    left,
    top,
    width: Math.max(1, Math.min(maxW - left, Math.round(w))),
    height: Math.max(1, Math.min(maxH - top, Math.round(h))),
  };
}

/** Square windows of `side` pixels overlapping by half, covering the image. */
function slidingWindows(width: number, height: number, side: number): Region[] {
  const step = Math.max(1, Math.floor(side / 2));
  const starts = (length: number) => {
    const values: number[] = [];
    for (let at = 0; at + side < length; at += step) values.push(at);
    values.push(Math.max(0, length - side));
    return values;
  };
  return starts(height).flatMap((top) =>
    starts(width).map((left) => clampRegion(left, top, side, side, width, height)),
  );
}

/**
 * Face and eye regions are scaled to this width before their sharpness is measured, so that the
 * measure does not depend on how large the face is in the frame (a Laplacian's spread grows when
 * a large face is scaled down).
 */
export const FACE_STATS_WIDTH = 128;

/** Landmarks of the eyes' band: outer and inner corners, upper and lower lids of both eyes. */
const EYE_BAND = [33, 133, 159, 145, 362, 263, 386, 374] as const;

type Raw = { data: Buffer; width: number; height: number };

/** A region of the raw frame, clamped to it, or null when less than 8 pixels either way. */
function rawRegion(raw: Raw, x0: number, y0: number, x1: number, y1: number) {
  const left = Math.max(0, Math.floor(x0));
  const top = Math.max(0, Math.floor(y0));
  const width = Math.min(raw.width, Math.ceil(x1)) - left;
  const height = Math.min(raw.height, Math.ceil(y1)) - top;
  return width >= 8 && height >= 8 ? { left, top, width, height } : null;
}

async function regionStats(raw: Raw, region: ReturnType<typeof rawRegion>) {
  if (!region) return null;
  // stats() reads its input, not the pipeline's output: the region is cut and scaled first.
  const { data, info } = await sharp(raw.data, {
    raw: { width: raw.width, height: raw.height, channels: 3 },
  })
    .extract(region)
    .resize({ width: FACE_STATS_WIDTH })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const stats = await sharp(data, {
    raw: { width: info.width, height: info.height, channels: 1 },
  }).stats();
  return { brightness: stats.channels[0]?.mean ?? 0, sharpness: stats.sharpness };
}

/** Light and focus of one face, from its mesh: the face's outline, and the band of its eyes. */
export async function facePhotoStats(
  raw: Raw,
  mesh: readonly (readonly number[])[],
): Promise<FacePhotoStats | undefined> {
  if (mesh.length < 468) return undefined;
  const xs = mesh.map((point) => point[0]!);
  const ys = mesh.map((point) => point[1]!);
  const face = await regionStats(
    raw,
    rawRegion(raw, Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)),
  );
  const eyeXs = EYE_BAND.map((index) => mesh[index]![0]!);
  const eyeYs = EYE_BAND.map((index) => mesh[index]![1]!);
  const span = Math.max(...eyeXs) - Math.min(...eyeXs);
  const middle = (Math.max(...eyeYs) + Math.min(...eyeYs)) / 2;
  const eyes = await regionStats(
    raw,
    rawRegion(
      raw,
      Math.min(...eyeXs) - span * 0.1,
      middle - span * 0.2,
      Math.max(...eyeXs) + span * 0.1,
      middle + span * 0.2,
    ),
  );
  if (!face || !eyes) return undefined;
  return { brightness: face.brightness, sharpness: face.sharpness, eyesSharpness: eyes.sharpness };
}

/** Longest side analysed: enough for faces, bounded time. */
const ANALYSIS_SIDE = 1280;
/** A face narrower than this share of the widest face of the image is in the background. */
export const BACKGROUND_FACE_SHARE = 0.4;
/** A face at least this wide (pixels analysed) is described as found; the descriptor sees 150 px. */
const CLOSE_ENOUGH_PX = 120;

export function createFaceEngine(): FaceEngine {
  let engines: Promise<{ human: HumanInstance; faceApi: FaceApi }> | undefined;
  const start = () =>
    (engines ??= (async () => {
      allowFileUrlsInFetch();
      const { Human } = require(join(humanDir, 'dist', 'human.node-wasm.js')) as {
        Human: new (config: unknown) => HumanInstance;
      };
      const human = new Human({
        backend: 'wasm',
        wasmPath: `${pathToFileURL(wasmDir).href}/`,
        modelBasePath: `${pathToFileURL(join(humanDir, 'models')).href}/`,
        debug: false,
        filter: { enabled: false },
        // Every image is analysed afresh: Human's cache (meant for video) would reuse an earlier
        // image's detection for a similar one, and the same image could answer differently.
        cacheSensitivity: 0,
        face: {
          enabled: true,
          detector: { rotation: false, maxDetected: 10, minConfidence: 0.4 },
          mesh: { enabled: true },
          iris: { enabled: false },
          description: { enabled: false },
          emotion: { enabled: false },
          antispoof: { enabled: false },
          liveness: { enabled: false },
        },
        body: { enabled: false },
        hand: { enabled: false },
        object: { enabled: false },
        gesture: { enabled: false },
        segmentation: { enabled: false },
      });
      await human.load();
      // face-api runs on the TensorFlow.js backend (WASM) that Human has just set up.
      const faceApi = require(join(faceApiDir, 'dist', 'face-api.node-wasm.js')) as FaceApi;
      const models = join(faceApiDir, 'model');
      await faceApi.nets.faceLandmark68Net.loadFromDisk(models);
      await faceApi.nets.faceRecognitionNet.loadFromDisk(models);
      return { human, faceApi };
    })());

  const analyse = async (image: Buffer): Promise<FaceAnalysis> => {
    const { human, faceApi } = await start();
    const prepared = sharp(image)
      .rotate()
      .resize({
        width: ANALYSIS_SIDE,
        height: ANALYSIS_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .removeAlpha()
      .toColourspace('srgb');
    const { data, info } = await prepared.clone().raw().toBuffer({ resolveWithObject: true });
    const stats = await prepared.clone().grayscale().stats();
    const tensor = human.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
    try {
      const result = await human.detect(tensor);
      // Faces far smaller than the main one are people in the background (or the photo on a
      // document someone holds): they are not described and do not count.
      const widest = Math.max(0, ...result.face.map((face) => face.box[2]));
      const faces: DetectedFace[] = [];
      for (const face of result.face.filter((f) => f.box[2] >= widest * BACKGROUND_FACE_SHARE)) {
        const embedding = await describeFace(faceApi, tensor, face.box);
        const photo = await facePhotoStats(
          { data, width: info.width, height: info.height },
          face.mesh,
        );
        faces.push({ box: face.box, score: face.score, embedding, mesh: face.mesh, photo });
      }
      return {
        width: info.width,
        height: info.height,
        brightness: stats.channels[0]?.mean ?? 0,
        sharpness: stats.sharpness,
        faces,
      };
    } finally {
      human.tf.dispose(tensor);
    }
  };

  // One analysis at a time: TensorFlow.js runs one model at a time anyway, and this bounds memory.
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = (image: Buffer) => {
    const run = queue.then(() => analyse(image));
    queue = run.catch(() => undefined);
    return run;
  };

  const closeUp = async (image: Buffer, region: Region): Promise<FaceAnalysis> =>
    serialised(await sharp(image).rotate().extract(region).jpeg({ quality: 95 }).toBuffer());

  return {
    analyse: serialised,
    analyseSmallFace: async (image) => {
      const whole = await serialised(image);
      const { width = 0, height = 0 } = await sharp(image).rotate().metadata();
      const scale = width / whole.width;
      const [face] = [...whole.faces].sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3]);
      // A face already large enough to describe needs no second look.
      if (face && face.box[2] >= CLOSE_ENOUGH_PX) return whole;
      if (face) {
        const [x, y, w, h] = face.box.map((value) => value * scale) as Box;
        const region = clampRegion(x - w, y - h, w * 3, h * 3, width, height);
        const close = await closeUp(image, region);
        return close.faces.length > 0 ? close : whole;
      }
      const side = Math.min(width, height);
      for (const region of slidingWindows(width, height, side)) {
        const close = await closeUp(image, region);
        if (close.faces.length > 0) return close;
      }
      return whole;
    },
    similarity: (a, b) => descriptorSimilarity(a.embedding, b.embedding),
  };
}
