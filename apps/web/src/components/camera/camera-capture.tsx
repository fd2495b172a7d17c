import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { photoCapture } from '@medipay/shared/constants';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';

export type CameraState = 'idle' | 'starting' | 'active' | 'captured';
export type CameraFacing = 'user' | 'environment';
type CameraError = 'permission' | 'not-found' | 'in-use' | 'generic';

export const cameraErrorMessages: Record<CameraError, string> = {
  permission:
    'Permissão da câmera negada. Autorize o acesso à câmera nas configurações do navegador.',
  'not-found': 'Nenhuma câmera encontrada neste dispositivo.',
  'in-use': 'A câmera está em uso por outro aplicativo. Feche-o e tente novamente.',
  generic: 'Não foi possível acessar a câmera.',
};

function classify(error: unknown): CameraError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'PermissionDeniedError' || name === 'SecurityError')
    return 'permission';
  if (
    name === 'NotFoundError' ||
    name === 'DevicesNotFoundError' ||
    name === 'OverconstrainedError'
  )
    return 'not-found';
  if (name === 'NotReadableError' || name === 'TrackStartError') return 'in-use';
  return 'generic';
}

export type CameraCaptureProps = {
  /** 'user': the front camera, shown mirrored (selfie); 'environment': the rear camera (document). */
  facing: CameraFacing;
  /** What is being photographed, for the accessible names ('selfie', 'selfie com documento'). */
  subject: string;
  fileName: string;
  onCapture: (file: File) => void;
  /** Called on every state change (the liveness challenge watches the active camera). */
  onStateChange?: (state: CameraState, video: HTMLVideoElement | null) => void;
  /** False while the photo may not be taken yet (the liveness challenge is running). */
  captureEnabled?: boolean;
  /** Shown over the live image (instructions of the liveness challenge). */
  overlay?: ReactNode;
};

/**
 * Takes a photo with the device camera: idle, starting, active, captured (use the photo or
 * retry). JPEG at quality 0.8 from an ideal 640x480 stream.
 */
export function CameraCapture({
  facing,
  subject,
  fileName,
  onCapture,
  onStateChange,
  captureEnabled = true,
  overlay,
}: CameraCaptureProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('idle');
  const [error, setError] = useState<CameraError | null>(null);
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);

  const changeState = useCallback(
    (next: CameraState) => {
      setState(next);
      onStateChange?.(next, videoRef.current);
    },
    [onStateChange],
  );

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
  }, []);

  useEffect(() => stop, [stop]);
  useEffect(
    () => () => {
      if (photo) URL.revokeObjectURL(photo.url);
    },
    [photo],
  );

  async function start() {
    setError(null);
    changeState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: {
          facingMode: facing,
          width: { ideal: photoCapture.idealWidth },
          height: { ideal: photoCapture.idealHeight },
        },
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (!video) return;
      video.srcObject = stream;
      // Some browsers never fire 'playing' for a camera: count it as active after a moment.
      const forced = setTimeout(() => changeState('active'), photoCapture.forcedActiveTimeoutMs);
      video.onplaying = () => {
        clearTimeout(forced);
        changeState('active');
      };
      await video.play().catch(() => undefined);
    } catch (failure) {
      stop();
      setError(classify(failure));
      changeState('idle');
    }
  }

  function capture() {
    const video = videoRef.current;
    if (!video) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || photoCapture.idealWidth;
    canvas.height = video.videoHeight || photoCapture.idealHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    canvas.toBlob(
      (blob) => {
        if (!blob) {
          setError('generic');
          return;
        }
        stop();
        const file = new File([blob], fileName, { type: 'image/jpeg' });
        setPhoto({ file, url: URL.createObjectURL(blob) });
        changeState('captured');
      },
      'image/jpeg',
      photoCapture.jpegQuality,
    );
  }

  function retry() {
    setPhoto(null);
    setTimeout(() => void start(), photoCapture.retryDelayMs);
    changeState('starting');
  }

  const live = state === 'starting' || state === 'active';

  return (
    <div className="space-y-3">
      <div className="relative flex aspect-[4/3] w-full max-w-md items-center justify-center overflow-hidden rounded-md bg-slate-900">
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label={`Câmera: ${subject}`}
          className={cn(
            'h-full w-full object-cover',
            facing === 'user' && '-scale-x-100',
            !live && 'hidden',
          )}
        />
        {photo && state === 'captured' && (
          <img
            src={photo.url}
            alt={`Foto capturada: ${subject}`}
            className="h-full w-full object-cover"
          />
        )}
        {state === 'starting' && (
          <span
            role="status"
            className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-white"
          >
            <Spinner className="size-4" /> Abrindo a câmera...
          </span>
        )}
        {state === 'idle' && <span className="text-sm text-slate-300">Câmera desligada</span>}
        {state === 'active' && overlay}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {cameraErrorMessages[error]}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {state === 'idle' && (
          <Button type="button" onClick={start}>
            {error ? 'Tentar novamente' : `Abrir câmera para ${subject}`}
          </Button>
        )}
        {state === 'active' && (
          <Button type="button" onClick={capture} disabled={!captureEnabled}>
            Capturar foto
          </Button>
        )}
        {state === 'captured' && photo && (
          <>
            <Button type="button" onClick={() => onCapture(photo.file)}>
              Usar esta foto
            </Button>
            <Button type="button" variant="outline" onClick={retry}>
              Tirar outra
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
