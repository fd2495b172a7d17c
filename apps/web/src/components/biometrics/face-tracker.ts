/**
 * In-browser face tracking for the active liveness challenge: @vladmandic/human on the WASM
 * backend of TensorFlow.js, with the face detector (BlazeFace) and the face mesh only. Human,
 * its models and the WASM binaries load from our own origin, the first time a tracker is asked
 * for (Human is a lazy chunk of its own: no other page pays for it).
 */
import type { Config, Human } from '@medipay/human-browser';

export type TrackedFace = {
  box: [number, number, number, number]; // x, y, width, height in source pixels
  score: number;
  /** 468 MediaPipe face-mesh landmarks [x, y, z], x and y in pixels of the source (unmirrored camera frame). */
  mesh: [number, number, number][];
};

export type FaceTracker = {
  /** Detects the faces in the current frame of a playing video, or in a canvas / image. */
  detect: (
    source: HTMLVideoElement | HTMLCanvasElement | HTMLImageElement,
  ) => Promise<TrackedFace[]>;
};

/** Where the build copies the models and WASM binaries (see the face-models plugin in vite.config.ts). */
const filesUrl = () =>
  new URL(`${import.meta.env.BASE_URL}models/face/`, window.location.origin).href;

const requiredModels = ['blazeface', 'facemesh'];

function config(): Partial<Config> {
  return {
    backend: 'wasm',
    wasmPath: filesUrl(),
    modelBasePath: filesUrl(),
    debug: false,
    // HTTP caching is enough; an IndexedDB copy could outlive a model update.
    cacheModels: false,
    warmup: 'none',
    // Every frame is analysed afresh: no result reuse between frames.
    cacheSensitivity: 0,
    skipAllowed: false,
    face: {
      enabled: true,
      detector: { maxDetected: 2, rotation: false, return: false },
      mesh: { enabled: true },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  };
}

/** A video frame is readable once the video has data for the current position and beyond. */
function hasFrame(source: HTMLVideoElement | HTMLCanvasElement | HTMLImageElement): boolean {
  if (source instanceof HTMLVideoElement)
    return source.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA && source.videoWidth > 0;
  if (source instanceof HTMLImageElement) return source.complete && source.naturalWidth > 0;
  return source.width > 0 && source.height > 0;
}

function createTracker(human: Human): FaceTracker {
  return {
    detect: async (source) => {
      if (!hasFrame(source)) return [];
      const result = await human.detect(source);
      if (result.error) throw new Error(`Face detection failed: ${result.error}`);
      return result.face.map((face) => ({
        box: [...face.box],
        score: face.score,
        mesh: face.mesh.map(([x, y, z]) => [x, y, z ?? 0]),
      }));
    },
  };
}

async function load(): Promise<FaceTracker> {
  const { Human } = await import('@medipay/human-browser');
  const human = new Human(config());
  // No input filters. Not in config(): Tailwind scans every source file and takes that key, as a
  // bare word, for one of its utilities, whose CSS would then ship on every page.
  human.config.filter.enabled = false;
  // Human logs failures instead of throwing them: check what it reports.
  await human.load();
  const backend = human.tf.getBackend() as string;
  if (backend !== 'wasm')
    throw new Error(`Face tracker: WASM backend unavailable (got ${backend}).`);
  const loaded = new Set(
    human.models
      .stats()
      .modelStats.filter((model) => model.loaded)
      .map((model) => model.name),
  );
  const missing = requiredModels.filter((name) => !loaded.has(name));
  if (missing.length > 0)
    throw new Error(`Face tracker: models not loaded: ${missing.join(', ')}.`);
  return createTracker(human);
}

let tracker: Promise<FaceTracker> | undefined;

/** Loads Human (dynamic import) and its models once; later calls reuse it. */
export function loadFaceTracker(): Promise<FaceTracker> {
  tracker ??= load().catch((error: unknown) => {
    // A failed load (offline, say) is tried again on the next call.
    tracker = undefined;
    throw error;
  });
  return tracker;
}
