import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LivenessChallenge } from '@medipay/shared/liveness';
import {
  frontalMeshes,
  performChallenges,
  still,
  type Shot,
} from '@medipay/shared/testing/face-meshes';
import { LivenessCamera } from './liveness-camera';

/** What the mocked face tracker sees, frame after frame (the last one repeats). */
let shots: Shot[] = [];
vi.mock('./face-tracker', () => ({
  loadFaceTracker: async () => ({
    detect: async () => {
      const shot = shots.length > 1 ? shots.shift()! : shots[0];
      if (!shot?.mesh) return [];
      const face = {
        box: [100, 100, 200, 200],
        score: 0.9,
        mesh: shot.mesh.map(([x, y, z]) => [x, y, z]),
      };
      return Array.from({ length: shot.faces }, () => face);
    },
  }),
}));

const order: LivenessChallenge[] = ['turn-left', 'turn-right', 'turn-right', 'turn-left'];
const nonce = 'n0nce-of-this-challenge';
const challengeId = '6f1c2b9e-8a59-4c1a-9d1e-2f4b7c3a1d00';
const fetchMock = vi.fn();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
    setTimeout(() => callback(performance.now()), 0),
  );
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: vi.fn().mockResolvedValue({ getTracks: () => [{ stop: vi.fn() }] }) },
    configurable: true,
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
    callback(new Blob(['jpeg'], { type: type ?? 'image/jpeg' })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:selfie');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

describe('LivenessCamera', () => {
  it('asks for the movements in the order of the server, sends the neutral frame and one for each with their times and the nonce, then lets the selfie be taken', async () => {
    const mesh = frontalMeshes[0]!;
    shots = [...performChallenges(mesh, order), ...still(mesh, 1)];
    fetchMock
      .mockResolvedValueOnce(answer(201, { id: challengeId, order, nonce, expiresInSeconds: 300 }))
      .mockResolvedValueOnce(answer(204));
    const onCapture = vi.fn();
    const user = userEvent.setup();
    render(<LivenessCamera onCapture={onCapture} />);

    await user.click(screen.getByRole('button', { name: 'Abrir câmera para selfie' }));
    expect(screen.getByRole('button', { name: 'Capturar foto' })).toBeDisabled();
    await screen.findByText('Prova de vida concluída. Olhe para a câmera e tire a selfie.', {
      selector: '[role="status"] span',
    });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toBe(`/api/applicant/PF/biometrics/challenges/${challengeId}/frames`);
    const sent = init.body as FormData;
    expect([...sent.keys()]).toEqual([
      'nonce',
      'timings',
      'neutral',
      'step-0',
      'step-1',
      'step-2',
      'step-3',
    ]);
    expect(sent.get('nonce')).toBe(nonce);
    // Capture times in ms since the challenge was shown: the neutral frame first, then in order.
    const timings = JSON.parse(sent.get('timings') as string) as number[];
    expect(timings).toHaveLength(5);
    expect(timings.every((time, index) => index === 0 || time >= timings[index - 1]!)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Capturar foto' }));
    await user.click(screen.getByRole('button', { name: 'Usar esta foto' }));
    expect(onCapture).toHaveBeenCalledWith(expect.any(File), challengeId);
  });

  it('never completes on a still photo, and offers to start again after the time is up', async () => {
    shots = still(frontalMeshes[0]!, 1);
    fetchMock.mockResolvedValueOnce(
      answer(201, { id: challengeId, order, nonce, expiresInSeconds: 300 }),
    );
    const now = vi.spyOn(performance, 'now');
    let clock = 0;
    now.mockImplementation(() => (clock += 200));
    const user = userEvent.setup();
    render(<LivenessCamera onCapture={vi.fn()} />);

    await user.click(screen.getByRole('button', { name: 'Abrir câmera para selfie' }));
    await screen.findByRole('button', { name: 'Recomeçar prova de vida' }, { timeout: 5000 });
    expect(screen.getByRole('status')).toHaveTextContent('O tempo para o movimento acabou.');
    expect(screen.getByRole('button', { name: 'Capturar foto' })).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says why the challenge could not start', async () => {
    shots = still(frontalMeshes[0]!, 1);
    fetchMock.mockResolvedValueOnce(
      answer(429, {
        code: 'RATE_LIMITED',
        message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
      }),
    );
    const user = userEvent.setup();
    render(<LivenessCamera onCapture={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Abrir câmera para selfie' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'Muitas tentativas. Aguarde um pouco e tente novamente.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Recomeçar prova de vida' })).toBeEnabled();
  });
});
