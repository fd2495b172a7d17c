/**
 * Face detection and face embeddings with @vladmandic/human on the WASM backend of TensorFlow.js,
 * with the models and the WASM binary shipped in node_modules: nothing is downloaded.
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
const humanDir = join(wasmDir, '..', '..', '..', '@vladmandic', 'human');

export type DetectedFace = {
  /** x, y, width, height in pixels of the analysed image. */
  box: [number, number, number, number];
  score: number;
  embedding: number[];
  /** The 468 face-mesh landmarks (MediaPipe topology), x and y in pixels of the analysed image. */
  mesh: [number, number, number][];
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

/** Longest side analysed: enough for faces, bounded time. */
const ANALYSIS_SIDE = 1280;

export function createFaceEngine(): FaceEngine {
  let human: Promise<HumanInstance> | undefined;
  let loaded: HumanInstance | undefined;
  const start = () =>
    (human ??= (async () => {
      allowFileUrlsInFetch();
      const { Human } = require(join(humanDir, 'dist', 'human.node-wasm.js')) as {
        Human: new (config: unknown) => HumanInstance;
      };
      const instance = new Human({
        backend: 'wasm',
        wasmPath: `${pathToFileURL(wasmDir).href}/`,
        modelBasePath: `${pathToFileURL(join(humanDir, 'models')).href}/`,
        debug: false,
        filter: { enabled: false },
        face: {
          enabled: true,
          detector: { rotation: false, maxDetected: 10, minConfidence: 0.4 },
          mesh: { enabled: true },
          iris: { enabled: false },
          description: { enabled: true },
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
      await instance.load();
      loaded = instance;
      return instance;
    })());

  // One analysis at a time: TensorFlow.js runs one model at a time anyway, and this bounds memory.
  let queue: Promise<unknown> = Promise.resolve();
  const analyse = async (image: Buffer): Promise<FaceAnalysis> => {
    const engine = await start();
    const prepared = sharp(image)
      .rotate()
      .resize({
        width: ANALYSIS_SIDE,
        height: ANALYSIS_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .removeAlpha();
    const { data, info } = await prepared.clone().raw().toBuffer({ resolveWithObject: true });
    const stats = await prepared.clone().grayscale().stats();
    const tensor = engine.tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
    try {
      const result = await engine.detect(tensor);
      return {
        width: info.width,
        height: info.height,
        brightness: stats.channels[0]?.mean ?? 0,
        sharpness: stats.sharpness,
        faces: result.face
          .filter((face) => face.embedding && face.embedding.length > 0)
          .map((face) => ({
            box: face.box,
            score: face.score,
            embedding: face.embedding!,
            mesh: face.mesh,
          })),
      };
    } finally {
      engine.tf.dispose(tensor);
    }
  };

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
    similarity: (a, b) => {
      if (!loaded)
        throw new Error('The face engine compares faces it has analysed: call analyse first.');
      return loaded.match.similarity(a.embedding, b.embedding);
    },
  };
}
