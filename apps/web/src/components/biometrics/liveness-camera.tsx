import { useState } from 'react';
import { livenessHints, livenessInstructions } from '@medipay/shared/liveness';
import { CameraCapture } from '../camera/camera-capture';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { useLivenessChallenge, type LivenessState } from './use-liveness-challenge';

export type LivenessCameraProps = {
  /** The selfie taken after the challenge, and the challenge it followed. */
  onCapture: (file: File, challengeId: string | null) => void;
};

function Instruction({ state }: { state: LivenessState }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'loading':
      return (
        <span className="flex items-center gap-2">
          <Spinner className="size-4" /> Preparando a prova de vida...
        </span>
      );
    case 'running':
      return (
        <span>
          <span className="block text-xs uppercase tracking-wide opacity-80">
            Movimento {state.step + 1} de {state.total}
          </span>
          <span className="block text-base font-semibold">
            {state.hint ? livenessHints[state.hint] : livenessInstructions[state.current]}
          </span>
        </span>
      );
    case 'sending':
      return (
        <span className="flex items-center gap-2">
          <Spinner className="size-4" /> Enviando a prova de vida...
        </span>
      );
    case 'done':
      return <span>Prova de vida concluída. Olhe para a câmera e tire a selfie.</span>;
    case 'failed':
      return <span>O tempo para o movimento acabou.</span>;
    case 'error':
      return <span>{state.message}</span>;
  }
}

/**
 * The selfie camera with the active liveness challenge: the movements asked by the server are
 * followed on the live image; the photo can be taken only once they were all seen.
 */
export function LivenessCamera({ onCapture }: LivenessCameraProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [attempt, setAttempt] = useState(0);
  const state = useLivenessChallenge(video, attempt);
  const challengeId = state.phase === 'done' ? state.challengeId : null;

  return (
    <div className="space-y-3">
      <CameraCapture
        facing="user"
        subject="selfie"
        fileName="selfie.jpg"
        captureEnabled={state.phase === 'done'}
        onStateChange={(cameraState, element) =>
          setVideo(cameraState === 'active' ? element : null)
        }
        overlay={
          <div
            aria-hidden="true"
            className="absolute inset-x-0 bottom-0 bg-slate-900/75 p-3 text-center text-sm text-white"
          >
            <Instruction state={state} />
          </div>
        }
        onCapture={(file) => onCapture(file, challengeId)}
      />
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
        {state.phase === 'idle' ? (
          'Ao abrir a câmera, siga os movimentos pedidos na tela.'
        ) : (
          <Instruction state={state} />
        )}
      </p>
      {(state.phase === 'failed' || state.phase === 'error') && (
        <Button type="button" variant="outline" onClick={() => setAttempt((value) => value + 1)}>
          Recomeçar prova de vida
        </Button>
      )}
    </div>
  );
}
