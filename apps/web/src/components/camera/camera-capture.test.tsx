import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CameraCapture } from './camera-capture';

const stopTrack = vi.fn();
const getUserMedia = vi.fn();

beforeEach(() => {
  stopTrack.mockReset();
  getUserMedia.mockReset();
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event('playing'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: vi.fn(),
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback, type) =>
    callback(new Blob(['jpeg'], { type: type ?? 'image/jpeg' })),
  );
  URL.createObjectURL = vi.fn(() => 'blob:foto');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

const stream = () => ({ getTracks: () => [{ stop: stopTrack }] }) as unknown as MediaStream;

describe('CameraCapture', () => {
  it('opens the front camera, captures a JPEG and hands it over', async () => {
    getUserMedia.mockResolvedValue(stream());
    const onCapture = vi.fn();
    const user = userEvent.setup();
    render(
      <CameraCapture facing="user" subject="selfie" fileName="selfie.jpg" onCapture={onCapture} />,
    );

    await user.click(screen.getByRole('button', { name: 'Abrir câmera para selfie' }));
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
    });
    expect(screen.getByLabelText('Câmera: selfie')).toHaveClass('-scale-x-100');

    await user.click(await screen.findByRole('button', { name: 'Capturar foto' }));
    expect(HTMLCanvasElement.prototype.toBlob).toHaveBeenCalledWith(
      expect.any(Function),
      'image/jpeg',
      0.8,
    );
    expect(stopTrack).toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Foto capturada: selfie' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Usar esta foto' }));
    const file = onCapture.mock.calls[0]![0] as File;
    expect(file.name).toBe('selfie.jpg');
    expect(file.type).toBe('image/jpeg');
  });

  it('does not mirror the rear camera, and retries after half a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    getUserMedia.mockResolvedValue(stream());
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(
      <CameraCapture
        facing="environment"
        subject="documento"
        fileName="doc.jpg"
        onCapture={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir câmera para documento' }));
    expect(getUserMedia.mock.calls[0]![0].video.facingMode).toBe('environment');
    expect(screen.getByLabelText('Câmera: documento')).not.toHaveClass('-scale-x-100');
    await user.click(await screen.findByRole('button', { name: 'Capturar foto' }));
    await user.click(screen.getByRole('button', { name: 'Tirar outra' }));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it.each([
    [
      'NotAllowedError',
      'Permissão da câmera negada. Autorize o acesso à câmera nas configurações do navegador.',
    ],
    ['NotFoundError', 'Nenhuma câmera encontrada neste dispositivo.'],
    ['NotReadableError', 'A câmera está em uso por outro aplicativo. Feche-o e tente novamente.'],
    ['AbortError', 'Não foi possível acessar a câmera.'],
  ])('explains %s and offers a retry', async (name, message) => {
    getUserMedia
      .mockRejectedValueOnce(new DOMException('camera', name))
      .mockResolvedValueOnce(stream());
    const user = userEvent.setup();
    render(
      <CameraCapture facing="user" subject="selfie" fileName="selfie.jpg" onCapture={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Abrir câmera para selfie' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('button', { name: 'Capturar foto' })).toBeInTheDocument();
  });
});
