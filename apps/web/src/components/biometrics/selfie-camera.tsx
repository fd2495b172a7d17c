import { useId, useState } from 'react';
import type { UploadedDocument } from '@medipay/shared/documents';
import { ApiRequestError } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload-document';
import { Button } from '../ui/button';
import { LivenessCamera } from './liveness-camera';

export type SelfieCameraProps = {
  label: string;
  /** Where the photo is sent (the wizard's documents, or the phone's). */
  uploadUrl: string;
  value: UploadedDocument | null;
  /** The selfie sent, with the liveness challenge it followed; null when removed. */
  onChange: (selfie: UploadedDocument | null, challengeId: string | null) => void;
};

/**
 * The selfie, by the camera only: the liveness challenge runs on the live image and the photo is
 * taken once its movements were seen. A selfie sent as a file has no challenge and can never pass
 * the check (decision 008), so no file is offered here.
 */
export function SelfieCamera({ label, uploadUrl, value, onChange }: SelfieCameraProps) {
  const labelId = useId();
  const [usingCamera, setUsingCamera] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(file: File, challengeId: string | null) {
    setUsingCamera(false);
    setProblem(null);
    setProgress(0);
    try {
      onChange(await uploadFile(uploadUrl, file, setProgress), challengeId);
    } catch (failure) {
      setProblem(
        failure instanceof ApiRequestError ? failure.message : 'Não foi possível enviar a foto.',
      );
    } finally {
      setProgress(null);
    }
  }

  return (
    <div role="group" aria-labelledby={labelId} className="space-y-2">
      <p id={labelId} className="text-sm font-medium leading-none">
        {label}
      </p>
      {value ? (
        <div className="flex items-center gap-3 rounded-md border p-3">
          {value.thumbnailUrl && (
            <img
              src={value.thumbnailUrl}
              alt={`Pré-visualização: ${label}`}
              className="size-16 rounded object-cover"
            />
          )}
          <p className="min-w-0 flex-1 truncate text-sm font-medium">{value.name}</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => {
              onChange(null, null);
              setUsingCamera(true);
            }}
          >
            Tirar outra selfie
          </Button>
        </div>
      ) : usingCamera ? (
        <LivenessCamera onCapture={(file, challengeId) => void send(file, challengeId)} />
      ) : (
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Usar a câmera (${label})`}
          disabled={progress !== null}
          onClick={() => setUsingCamera(true)}
        >
          Usar a câmera
        </Button>
      )}
      {progress !== null && (
        <div
          role="progressbar"
          aria-label={`Enviando ${label}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full bg-primary" style={{ width: `${Math.round(progress * 100)}%` }} />
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      )}
    </div>
  );
}
