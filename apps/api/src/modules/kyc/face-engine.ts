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
  similarity: (a: DetectedFace, b: DetectedFace) => number;
};

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

  return {
    analyse: async (image) => {
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
      const tensor = engine.tf.tensor3d(
        new Uint8Array(data),
        [info.height, info.width, 3],
        'int32',
      );
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
    },
    similarity: (a, b) => {
      if (!loaded)
        throw new Error('The face engine compares faces it has analysed: call analyse first.');
      return loaded.match.similarity(a.embedding, b.embedding);
    },
  };
}
