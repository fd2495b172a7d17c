import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FaceMesh,
  type LivenessChallenge,
  type TrackerEvent,
  type TrackerFrame,
  challengeOrder,
  createChallengeTracker,
  eyeOpenness,
  facePose,
  headYaw,
  isNeutral,
  LIVENESS_STEPS,
  livenessChallengeSchema,
  livenessChallenges,
  livenessHints,
  livenessInstructions,
  livenessThresholds,
  poseShows,
} from './liveness';
import { randomInt } from './random';
import {
  blinkClip,
  closeEyes,
  frontalMeshes,
  noFace,
  performChallenges,
  recordedOfKind,
  rotateHead,
  scaleMesh,
  still,
  toFrames,
  turnClip,
} from './testing/face-meshes';

const { closedEyes, openEyes, turned, frontal, stepTimeoutMs } = livenessThresholds;

const allOrders: LivenessChallenge[][] = [
  ['blink', 'turn-left', 'turn-right'],
  ['blink', 'turn-right', 'turn-left'],
  ['turn-left', 'blink', 'turn-right'],
  ['turn-left', 'turn-right', 'blink'],
  ['turn-right', 'blink', 'turn-left'],
  ['turn-right', 'turn-left', 'blink'],
];

const poseOf = (frame: TrackerFrame) => facePose(frame.mesh!);

function run(order: readonly LivenessChallenge[], frames: readonly TrackerFrame[]) {
  const tracker = createChallengeTracker(order);
  const events = frames.map((frame) => tracker.push(frame));
  const passed = events.flatMap((event, index) =>
    event.type === 'step-passed' ? [{ ...event, index }] : [],
  );
  return { tracker, events, passed };
}

const types = (events: readonly TrackerEvent[]) => new Set(events.map((event) => event.type));

describe('face measures on the recorded meshes', () => {
  it('finds open eyes and a frontal yaw on the faces looking at the camera', () => {
    const faces = recordedOfKind('frontal');
    expect(faces).toHaveLength(4);
    for (const { mesh, eyes, yaw } of faces) {
      expect(eyeOpenness(mesh)).toBeCloseTo(eyes, 3);
      expect(headYaw(mesh)).toBeCloseTo(yaw, 3);
      expect(eyeOpenness(mesh)).toBeGreaterThan(0.25);
      expect(eyeOpenness(mesh)).toBeLessThan(0.37);
      expect(Math.abs(headYaw(mesh))).toBeLessThan(0.21);
      expect(isNeutral(facePose(mesh))).toBe(true);
      for (const challenge of livenessChallenges)
        expect(poseShows(challenge, facePose(mesh))).toBe(false);
    }
  });

  it('signs the yaw of the real turned heads as their depth says', () => {
    // Turning to one's left takes the left cheek (454, image right) away from the camera.
    const faces = recordedOfKind('turned');
    expect(faces.map(({ yaw }) => Math.sign(yaw)).sort()).toEqual([-1, 1]);
    for (const { mesh } of faces) {
      const yaw = headYaw(mesh);
      expect(Math.abs(yaw)).toBeGreaterThan(0.75);
      expect(Math.sign(yaw)).toBe(Math.sign(mesh[454]![2] - mesh[234]![2]));
      expect(poseShows(yaw > 0 ? 'turn-left' : 'turn-right', facePose(mesh))).toBe(true);
      expect(poseShows(yaw > 0 ? 'turn-right' : 'turn-left', facePose(mesh))).toBe(false);
      expect(isNeutral(facePose(mesh))).toBe(false);
    }
  });

  it('does not take eyes looking down for closed eyes', () => {
    const [down] = recordedOfKind('eyes-down');
    const eyes = eyeOpenness(down!.mesh);
    expect(eyes).toBeGreaterThan(closedEyes);
    expect(eyes).toBeLessThan(0.25);
  });

  it('follows the synthetic head turns and eyelids', () => {
    for (const mesh of frontalMeshes) {
      const yaws = [-40, -30, -20, -10, 0, 10, 20, 30, 40].map((degrees) =>
        headYaw(rotateHead(mesh, degrees)),
      );
      expect(yaws).toEqual([...yaws].sort((a, b) => a - b));
      expect(Math.abs(headYaw(rotateHead(mesh, 10)))).toBeLessThan(frontal);
      expect(Math.abs(headYaw(rotateHead(mesh, -10)))).toBeLessThan(frontal);
      expect(headYaw(rotateHead(mesh, 30))).toBeGreaterThan(turned);
      expect(headYaw(rotateHead(mesh, -30))).toBeLessThan(-turned);
      expect(eyeOpenness(closeEyes(mesh, 0.2))).toBeGreaterThan(openEyes);
      expect(eyeOpenness(closeEyes(mesh, 0.9))).toBeLessThan(closedEyes / 3);
    }
  });

  it('does not depend on the size, position or in-plane tilt of the face', () => {
    const angle = (20 * Math.PI) / 180;
    const moved = (mesh: FaceMesh): FaceMesh =>
      mesh.map(([x, y, z]) => [
        300 + x * Math.cos(angle) - y * Math.sin(angle),
        -50 + x * Math.sin(angle) + y * Math.cos(angle),
        z,
      ]);
    for (const mesh of [...frontalMeshes, ...recordedOfKind('turned').map((face) => face.mesh)]) {
      for (const other of [scaleMesh(mesh, 0.5), scaleMesh(mesh, 2), moved(mesh)]) {
        expect(eyeOpenness(other)).toBeCloseTo(eyeOpenness(mesh), 9);
        expect(headYaw(other)).toBeCloseTo(headYaw(mesh), 9);
      }
    }
  });

  it('does not see a turn in a flat photo turned in front of the camera', () => {
    // A flat picture turned by an angle is squeezed sideways by its cosine.
    const photos = [...frontalMeshes, ...recordedOfKind('frontal').map(({ mesh }) => mesh)];
    for (const mesh of photos)
      for (const degrees of [30, 45, 60, 70]) {
        const squeeze = Math.cos((degrees * Math.PI) / 180);
        const squeezed = mesh.map(([x, y, z]) => [x * squeeze, y, z] as const);
        const shift = Math.abs(headYaw(squeezed) - headYaw(mesh));
        expect(shift).toBeLessThan(degrees <= 60 ? 0.15 : 0.3);
        expect(Math.abs(headYaw(squeezed))).toBeLessThan(turned);
      }
  });

  it('refuses a mesh without the landmarks', () => {
    expect(() => eyeOpenness([])).toThrow(RangeError);
    expect(() => headYaw([[0, 0, 0]])).toThrow(RangeError);
  });
});

describe('single-frame rule', () => {
  it.each([
    ['blink', { eyes: 0.1, yaw: 0 }, true],
    ['blink', { eyes: 0.1, yaw: -0.2 }, true],
    ['blink', { eyes: 0.1, yaw: 0.4 }, false],
    ['blink', { eyes: 0.18, yaw: 0 }, false],
    ['blink', { eyes: 0.3, yaw: 0 }, false],
    ['turn-left', { eyes: 0.3, yaw: 0.6 }, true],
    ['turn-left', { eyes: 0.3, yaw: 0.4 }, false],
    ['turn-left', { eyes: 0.3, yaw: -0.8 }, false],
    ['turn-right', { eyes: 0.3, yaw: -0.6 }, true],
    ['turn-right', { eyes: 0.3, yaw: 0.8 }, false],
    ['blink', { eyes: Number.NaN, yaw: 0 }, false],
    ['turn-left', { eyes: 0.3, yaw: Number.NaN }, false],
    ['turn-right', { eyes: 0.3, yaw: Number.NaN }, false],
  ] as const)('%s with %o: %s', (challenge, pose, shows) => {
    expect(poseShows(challenge, pose)).toBe(shows);
  });

  it('never shows a challenge on a neutral pose', () => {
    fc.assert(
      fc.property(
        fc.double({ min: openEyes, max: 1, noNaN: true }),
        fc.double({ min: -frontal, max: frontal, noNaN: true }),
        (eyes, yaw) =>
          isNeutral({ eyes, yaw }) &&
          livenessChallenges.every((challenge) => !poseShows(challenge, { eyes, yaw })),
      ),
    );
  });
});

describe('challenge order', () => {
  it('is LIVENESS_STEPS head turns, both directions in each', () => {
    fc.assert(
      fc.property(fc.infiniteStream(fc.nat()), (stream) => {
        const order = challengeOrder((max) => stream.next().value % max);
        return (
          order.length === LIVENESS_STEPS &&
          order.every((step) => step === 'turn-left' || step === 'turn-right') &&
          new Set(order).size === 2
        );
      }),
    );
  });

  it('reaches every sequence of turns with both directions', () => {
    const seen = new Set<string>();
    for (let pick = 0; pick < 14; pick += 1) seen.add(challengeOrder(() => pick).join());
    expect(seen.size).toBe(14);
    const drawn = new Set(
      Array.from({ length: 600 }, () => challengeOrder((max) => randomInt(0, max - 1)).join()),
    );
    expect(drawn.size).toBe(14);
  });

  it('refuses a random integer out of range', () => {
    expect(() => challengeOrder((max) => max)).toThrow(RangeError);
    expect(() => challengeOrder(() => -1)).toThrow(RangeError);
    expect(() => challengeOrder(() => 0.5)).toThrow(RangeError);
  });
});

describe('challenge texts', () => {
  it('validates the challenges', () => {
    expect(livenessChallengeSchema.parse('turn-left')).toBe('turn-left');
    expect(livenessChallengeSchema.safeParse('smile').success).toBe(false);
  });

  it('speaks Portuguese to the applicant', () => {
    expect(livenessInstructions).toEqual({
      blink: 'Pisque os olhos',
      'turn-left': 'Vire o rosto devagar para a sua esquerda',
      'turn-right': 'Vire o rosto devagar para a sua direita',
    });
    expect(livenessHints).toEqual({
      'no-face': 'Posicione seu rosto na câmera',
      'several-faces': 'Apenas uma pessoa deve aparecer na câmera',
      'face-the-camera': 'Olhe para a câmera',
    });
  });
});

describe('challenge tracker', () => {
  it.each(allOrders.map((order) => [order.join(', '), order] as const))(
    'passes %s, capturing frames the server rule accepts',
    (_name, order) => {
      for (const [face, mesh] of frontalMeshes.entries()) {
        const frames = toFrames(performChallenges(mesh, order), { seed: face + 1 });
        const { tracker, events, passed } = run(order, frames);
        expect(passed.map(({ challenge }) => challenge)).toEqual(order);
        expect(passed.map(({ step }) => step)).toEqual([0, 1, 2]);
        expect(passed.map(({ last }) => last)).toEqual([false, false, true]);
        expect(types(events.slice(passed[2]!.index + 1))).toEqual(new Set(['completed']));
        expect(tracker.status).toBe('completed');
        expect(tracker.current).toBeNull();
        expect(tracker.step).toBe(3);
        for (const { challenge, index } of passed) {
          const frame = frames[index]!;
          expect(poseShows(challenge, poseOf(frame))).toBe(true);
          // A turn is reported on its second turned frame, a blink on its first closed frame.
          const before = poseShows(challenge, poseOf(frames[index - 1]!));
          expect(before).toBe(challenge !== 'blink');
        }
      }
    },
  );

  it('passes the same sequences with the face at half size', () => {
    for (const order of allOrders)
      for (const [face, mesh] of frontalMeshes.entries()) {
        const frames = toFrames(performChallenges(mesh, order), {
          seed: face + 11,
          scale: 0.5,
          noise: 0.5,
        });
        const { passed } = run(order, frames);
        expect(passed.map(({ challenge }) => challenge)).toEqual(order);
        for (const { challenge, index } of passed)
          expect(poseShows(challenge, poseOf(frames[index]!))).toBe(true);
      }
  });

  it('never passes a still photo, which times out', () => {
    for (const order of allOrders)
      for (const mesh of frontalMeshes) {
        const frames = toFrames(still(mesh, 120), { noise: 0 });
        const { events, tracker } = run(order, frames);
        expect(types(events)).toEqual(new Set(['waiting', 'failed']));
        expect(events[100]).toEqual({ type: 'waiting', hint: null });
        expect(events[101]).toEqual({ type: 'failed', reason: 'timeout' });
        expect(tracker.status).toBe('failed');
        expect(tracker.current).toBe(order[0]);
      }
  });

  it('never starts a turn on a photo of a turned head', () => {
    const turnedPhotos = [
      ...recordedOfKind('turned').map(({ mesh }) => mesh),
      ...frontalMeshes.flatMap((mesh) => [rotateHead(mesh, 35), rotateHead(mesh, -35)]),
    ];
    for (const mesh of turnedPhotos)
      for (const challenge of ['turn-left', 'turn-right'] as const) {
        const { events } = run([challenge], toFrames(still(mesh, 90), { seed: 3 }));
        expect(events.every((event) => event.type === 'waiting')).toBe(true);
        expect(events[0]).toEqual({ type: 'waiting', hint: 'face-the-camera' });
      }
  });

  it('does not pass a turn the wrong way', () => {
    for (const [face, mesh] of frontalMeshes.entries())
      for (const [asked, other] of [
        ['turn-left', 'right'],
        ['turn-right', 'left'],
      ] as const) {
        const wrong = [...still(mesh, 3), ...turnClip(mesh, other), ...turnClip(mesh, other)];
        const right = turnClip(mesh, asked === 'turn-left' ? 'left' : 'right');
        const frames = toFrames([...wrong, ...right], { seed: face + 5 });
        const { passed } = run([asked], frames);
        expect(passed).toHaveLength(1);
        expect(passed[0]!.index).toBeGreaterThanOrEqual(wrong.length);
      }
  });

  it('needs a turn held on two consecutive frames', () => {
    const mesh = frontalMeshes[0]!;
    const flick = [
      ...still(mesh, 3),
      ...still(rotateHead(mesh, 35), 1),
      ...still(mesh, 2),
      ...still(rotateHead(mesh, 35), 1),
      ...still(mesh, 2),
    ];
    expect(run(['turn-left'], toFrames(flick)).passed).toHaveLength(0);
    const held = [...flick, ...still(rotateHead(mesh, 35), 2)];
    expect(run(['turn-left'], toFrames(held)).passed.map(({ index }) => index)).toEqual([
      held.length - 1,
    ]);
  });

  it('does not pass a blink on eyes closed from the start, nor on half-closed eyes', () => {
    for (const [face, mesh] of frontalMeshes.entries()) {
      const closed = closeEyes(mesh, 0.9);
      const shut = run(['blink'], toFrames(still(closed, 90), { seed: face + 2 }));
      expect(shut.passed).toHaveLength(0);
      expect(shut.events.at(-1)).toEqual({ type: 'waiting', hint: 'face-the-camera' });
      const squint = [...still(mesh, 3), ...blinkClip(mesh, [0.15, 0.3, 0.3, 0.15, 0])];
      expect(run(['blink'], toFrames(squint, { seed: face + 2, noise: 0.3 })).passed).toHaveLength(
        0,
      );
      // The same person opening the eyes, then blinking, passes.
      const opened = [...still(closed, 5), ...still(mesh, 3), ...blinkClip(mesh)];
      const { passed } = run(['blink'], toFrames(opened, { seed: face + 2 }));
      expect(passed).toHaveLength(1);
      expect(passed[0]!.index).toBeGreaterThan(8);
    }
  });

  it('needs the eyes open again after a blink before the next step', () => {
    const mesh = frontalMeshes[1]!;
    const closed = closeEyes(mesh, 0.9);
    const blinked = [...still(mesh, 3), ...still(closed, 1)];
    const turnWithClosedEyes = [...blinked, ...turnClip(closed, 'left')];
    const shots = [...turnWithClosedEyes, ...still(mesh, 2), ...turnClip(mesh, 'left')];
    const { passed, events } = run(['blink', 'turn-left'], toFrames(shots));
    expect(passed.map(({ challenge, index }) => [challenge, index])).toEqual([
      ['blink', blinked.length - 1],
      // The second frame beyond the `turned` yaw: the fourth of the clip.
      ['turn-left', turnWithClosedEyes.length + 2 + 3],
    ]);
    expect(events[blinked.length]).toEqual({ type: 'waiting', hint: 'face-the-camera' });
  });

  it('pauses on several faces or none, without stopping the clock', () => {
    const mesh = frontalMeshes[2]!;
    const turnedHead = rotateHead(mesh, -35);
    const shots = [
      ...still(mesh, 3),
      ...still(turnedHead, 3, 2),
      ...noFace(2),
      { faces: 1, mesh: null },
      ...still(turnedHead, 1),
      ...still(turnedHead, 1, 3),
      ...still(turnedHead, 2),
    ];
    const { events, passed } = run(['turn-right'], toFrames(shots));
    expect(events.slice(3, 12)).toEqual([
      ...Array(3).fill({ type: 'waiting', hint: 'several-faces' }),
      ...Array(3).fill({ type: 'waiting', hint: 'no-face' }),
      { type: 'waiting', hint: null },
      { type: 'waiting', hint: 'several-faces' },
      { type: 'waiting', hint: null },
    ]);
    expect(passed.map(({ index }) => index)).toEqual([12]);

    // Detector-only landmarks (no face mesh) count as no face.
    const partial = toFrames([...still(mesh, 3), ...still(turnedHead.slice(0, 6), 2)]);
    expect(run(['turn-right'], partial).events.slice(3)).toEqual([
      { type: 'waiting', hint: 'no-face' },
      { type: 'waiting', hint: 'no-face' },
    ]);

    const crowd = [...still(mesh, 3), ...still(mesh, 100, 2)];
    const stalled = run(['blink'], toFrames(crowd));
    expect(stalled.events[100]).toEqual({ type: 'waiting', hint: 'several-faces' });
    expect(stalled.events[101]).toEqual({ type: 'failed', reason: 'timeout' });
    const away = run(['blink'], toFrames(noFace(102)));
    expect(away.events[101]).toEqual({ type: 'failed', reason: 'timeout' });
  });

  it('times each step out from when it became current', () => {
    const mesh = frontalMeshes[3]!;
    const blinked = [...still(mesh, 3), ...blinkClip(mesh)];
    const frames = toFrames([...blinked, ...still(mesh, 120)], { startAt: 5_000 });
    const { events, passed, tracker } = run(['blink', 'turn-left', 'turn-right'], frames);
    expect(passed).toHaveLength(1);
    const passedAt = frames[passed[0]!.index]!.at;
    const failed = events.findIndex((event) => event.type === 'failed');
    expect(frames[failed]!.at).toBe(passedAt + stepTimeoutMs + 100);
    expect(frames[failed - 1]!.at).toBe(passedAt + stepTimeoutMs);
    expect(types(events.slice(failed))).toEqual(new Set(['failed']));
    expect(tracker.status).toBe('failed');
    expect(tracker.current).toBe('turn-left');
    expect(tracker.step).toBe(1);
  });

  it('is not fooled by jittered landmarks', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...frontalMeshes),
        fc.constantFrom(...allOrders),
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom({ scale: 1, noise: 1 }, { scale: 0.5, noise: 0.5 }),
        (mesh, order, seed, size) => {
          const { passed } = run(order, toFrames(still(mesh, 90), { seed, ...size }));
          return passed.length === 0;
        },
      ),
      { numRuns: 60 },
    );
  });

  it('needs at least one step', () => {
    expect(() => createChallengeTracker([])).toThrow(RangeError);
  });
});
