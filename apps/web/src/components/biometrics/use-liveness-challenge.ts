import { useEffect, useRef, useState } from 'react';
import {
  createChallengeTracker,
  facePose,
  isNeutral,
  meshSize,
  type LivenessChallenge,
  type LivenessHint,
} from '@medipay/shared/liveness';
import { ApiRequestError } from '../../lib/api-client';
import { issueLivenessChallenge, sendChallengeFrames } from '../../lib/biometrics-api';
import { useBiometricsEndpoints } from './biometrics-endpoints';
import { loadFaceTracker, type TrackedFace } from './face-tracker';

export type LivenessState =
  | { phase: 'idle' }
  | { phase: 'loading' }
  | {
      phase: 'running';
      current: LivenessChallenge;
      step: number;
      total: number;
      hint: LivenessHint | null;
    }
  | { phase: 'sending' }
  | { phase: 'done'; challengeId: string }
  | { phase: 'failed' }
  | { phase: 'error'; message: string };

const area = (face: TrackedFace) => face.box[2] * face.box[3];
/**
 * A face narrower than this share of the frame is treated as no face: its landmarks are too
 * coarse to tell a blink from noise.
 */
const MIN_FACE_SHARE = 0.2;

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

function toJpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('frame capture failed'))),
      'image/jpeg',
      0.8,
    ),
  );
}

/**
 * Runs the server's liveness challenge on a live camera: follows the face mesh frame by frame,
 * captures the frame where each asked movement shows, and sends the frames when all are done.
 * `video` null pauses; a new `attempt` starts a new challenge.
 */
export function useLivenessChallenge(video: HTMLVideoElement | null, attempt: number) {
  const [state, setState] = useState<LivenessState>({ phase: 'idle' });
  const done = useRef<{ attempt: number; challengeId: string } | null>(null);
  const { base } = useBiometricsEndpoints();

  useEffect(() => {
    if (!video) return;
    if (done.current?.attempt === attempt) return;
    let cancelled = false;

    async function run(source: HTMLVideoElement) {
      setState({ phase: 'loading' });
      const [tracker, issued] = await Promise.all([
        loadFaceTracker(),
        issueLivenessChallenge(base),
      ]);
      if (cancelled) return;
      const machine = createChallengeTracker(issued.order);
      // The neutral frame (facing the camera, before the first movement), then one per step,
      // with the times they were captured: the server checks the movement between them.
      const frames: Blob[] = [];
      const timings: number[] = [];
      const shownAt = performance.now();
      const canvas = document.createElement('canvas');
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      const running = (hint: LivenessHint | null): LivenessState => ({
        phase: 'running',
        current: machine.current ?? issued.order[0]!,
        step: machine.step,
        total: issued.order.length,
        hint,
      });
      setState(running(null));
      let lastHint: LivenessHint | null = null;

      while (!cancelled) {
        await nextFrame();
        if (cancelled || source.videoWidth === 0 || source.readyState < 2) continue;
        // The frame analysed is the frame kept: draw it once, detect on it, capture it.
        canvas.width = source.videoWidth;
        canvas.height = source.videoHeight;
        context.drawImage(source, 0, 0, canvas.width, canvas.height);
        const faces = await tracker.detect(canvas);
        const [largest] = [...faces].sort((a, b) => area(b) - area(a));
        const closeEnough = largest && largest.box[2] >= canvas.width * MIN_FACE_SHARE;
        const at = performance.now();
        const mesh = closeEnough ? largest.mesh : null;
        const event = machine.push({ at, faces: closeEnough ? faces.length : 0, mesh });
        if (
          frames.length === 0 &&
          machine.step === 0 &&
          faces.length === 1 &&
          mesh &&
          mesh.length >= meshSize &&
          isNeutral(facePose(mesh))
        ) {
          frames.push(await toJpeg(canvas));
          timings.push(at - shownAt);
        }
        if (event.type === 'failed') {
          setState({ phase: 'failed' });
          return;
        }
        if (event.type === 'waiting') {
          if (event.hint !== lastHint) {
            lastHint = event.hint;
            setState(running(event.hint));
          }
          continue;
        }
        if (event.type !== 'step-passed') continue;
        frames.push(await toJpeg(canvas));
        timings.push(at - shownAt);
        if (!event.last) {
          lastHint = null;
          setState(running(null));
          continue;
        }
        setState({ phase: 'sending' });
        await sendChallengeFrames(issued, { frames, timings }, base);
        if (cancelled) return;
        done.current = { attempt, challengeId: issued.id };
        setState({ phase: 'done', challengeId: issued.id });
        return;
      }
    }

    run(video).catch((error: unknown) => {
      if (cancelled) return;
      setState({
        phase: 'error',
        message:
          error instanceof ApiRequestError
            ? error.message
            : 'Não foi possível iniciar a prova de vida neste navegador.',
      });
    });
    return () => {
      cancelled = true;
    };
  }, [video, attempt, base]);

  return state;
}
