import { useCallback, useEffect, useRef, useState } from 'react';
import { photoCapture } from '@medipay/shared/constants';
import { loadFaceTracker } from '../../../components/biometrics/face-tracker';
import { cameraErrorMessages } from '../../../components/camera/camera-capture';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';

type TrialState = 'idle' | 'starting' | 'active';

const trackerErrorMessage = 'Não foi possível carregar o rastreamento facial. Tente novamente.';

function faceCountText(count: number): string {
  if (count === 0) return 'Nenhum rosto detectado';
  return count === 1 ? '1 rosto detectado' : `${count} rostos detectados`;
}

function cameraError(error: unknown): string {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  return name === 'NotAllowedError' ? cameraErrorMessages.permission : cameraErrorMessages.generic;
}

/** The in-browser face tracker on the front camera, to try locally: counts the faces it sees. */
export function FaceTrackerTrial() {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const frameRef = useRef(0);
  // Bumped by every start and stop: a run that sees another value has been stopped.
  const runRef = useRef(0);
  const [state, setState] = useState<TrialState>('idle');
  const [faces, setFaces] = useState<number | null>(null);
  const [detectMs, setDetectMs] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const stop = useCallback(() => {
    runRef.current += 1;
    cancelAnimationFrame(frameRef.current);
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('idle');
    setFaces(null);
    setDetectMs(null);
  }, []);

  useEffect(
    () => () => {
      runRef.current += 1;
      cancelAnimationFrame(frameRef.current);
      streamRef.current?.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  async function start() {
    const run = ++runRef.current;
    const current = () => run === runRef.current;
    setError(null);
    setState('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: false,
        video: {
          facingMode: 'user',
          width: { ideal: photoCapture.idealWidth },
          height: { ideal: photoCapture.idealHeight },
        },
      });
    } catch (failure) {
      if (current()) {
        setError(cameraError(failure));
        setState('idle');
      }
      return;
    }
    const video = videoRef.current;
    if (!current() || !video) {
      stream.getTracks().forEach((track) => track.stop());
      return;
    }
    streamRef.current = stream;
    video.srcObject = stream;
    await video.play().catch(() => undefined);
    try {
      const tracker = await loadFaceTracker();
      if (!current()) return;
      setState('active');
      const tick = async () => {
        const started = performance.now();
        const found = await tracker.detect(video);
        if (!current()) return;
        setDetectMs(Math.round(performance.now() - started));
        setFaces(found.length);
        frameRef.current = requestAnimationFrame(() => void tick().catch(fail));
      };
      await tick();
    } catch (failure) {
      fail(failure);
    }

    function fail(failure: unknown) {
      if (!current()) return;
      console.error(failure);
      stop();
      setError(trackerErrorMessage);
    }
  }

  const status =
    state === 'starting' || (state === 'active' && faces === null)
      ? 'Carregando o rastreamento facial...'
      : state === 'active' && faces !== null
        ? faceCountText(faces)
        : '';

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Rastreamento facial</h2>
        <CardDescription>
          A análise acontece neste navegador: nenhuma imagem da câmera é enviada ao servidor.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex aspect-[4/3] w-full max-w-md items-center justify-center overflow-hidden rounded-md bg-slate-900">
          <video
            ref={videoRef}
            muted
            playsInline
            aria-label="Câmera: rastreamento facial"
            className={state === 'idle' ? 'hidden' : 'h-full w-full -scale-x-100 object-cover'}
          />
          {state === 'idle' && <span className="text-sm text-slate-300">Câmera desligada</span>}
        </div>
        <p role="status" className="text-sm font-medium">
          {status}
        </p>
        {state === 'active' && detectMs !== null && (
          <p className="text-sm text-muted-foreground">Análise do quadro: {detectMs} ms</p>
        )}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {state === 'idle' ? (
            <Button type="button" onClick={start}>
              Iniciar rastreamento facial
            </Button>
          ) : (
            <Button type="button" variant="outline" onClick={stop}>
              Parar
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
