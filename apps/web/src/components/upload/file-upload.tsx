import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { MAX_UPLOAD_MB } from '@medipay/shared/constants';
import type { UploadedDocument } from '@medipay/shared/documents';
import { acceptAttribute, fileProblem, type FileKind } from '@medipay/shared/files';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { uploadDocument, uploadFile } from '../../lib/upload-document';
import { Button } from '../ui/button';
import { CameraCapture, type CameraFacing } from '../camera/camera-capture';
import { useFinePointer } from './use-fine-pointer';

const kindHints: Record<FileKind, string> = {
  document: `PDF, JPG, JPEG, PNG ou WEBP, até ${MAX_UPLOAD_MB} MB.`,
  pdf: `Somente PDF, até ${MAX_UPLOAD_MB} MB.`,
  image: `JPG, JPEG, PNG ou WEBP, até ${MAX_UPLOAD_MB} MB.`,
};

export type FileUploadProps = {
  flow: Flow;
  /** The document field of the spec (`comprovanteResidencia`, `selfie`, ...). */
  field: string;
  kind: FileKind;
  label: string;
  value: UploadedDocument | null;
  onChange: (document: UploadedDocument | null) => void;
  /** A message from the form's own validation, shown like the upload's. */
  error?: string | undefined;
  /** Also offer a photo from this camera (front for selfies, rear for documents). */
  camera?: CameraFacing;
  /** A camera of its own in place of the plain one (the selfie's liveness camera). */
  renderCamera?: (send: (file: File) => void) => ReactNode;
  /** Sends the file here rather than to the applicant's documents (the phone's selfie step). */
  uploadUrl?: string;
};

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * One document: drop a file (where a mouse can) or pick one; the same checks as the server run first, then the file
 * is sent with a progress bar. An image shows its preview, a PDF its name; both can be replaced
 * or removed.
 */
export function FileUpload({
  flow,
  field,
  kind,
  label,
  value,
  onChange,
  error,
  camera,
  renderCamera,
  uploadUrl,
}: FileUploadProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [usingCamera, setUsingCamera] = useState(false);
  // Dragging a file needs a mouse or a trackpad: a phone is told only to tap.
  const canDrag = useFinePointer();
  const message = problem ?? error;

  async function send(file: File) {
    const local = fileProblem(kind, file);
    if (local) {
      setProblem(local);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      onChange(
        await (uploadUrl
          ? uploadFile(uploadUrl, file, setProgress)
          : uploadDocument(flow, field, file, setProgress)),
      );
    } catch (failure) {
      setProblem(
        failure instanceof ApiRequestError ? failure.message : 'Não foi possível enviar o arquivo.',
      );
    } finally {
      setProgress(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onCameraPhoto(file: File) {
    setUsingCamera(false);
    void send(file);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  }

  const describedBy = [hintId, message ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <div className="space-y-2">
      <p className="text-sm font-medium leading-none" id={`${inputId}-label`}>
        {label}
      </p>
      {value ? (
        <div className="flex items-center gap-3 rounded-md border p-3">
          {value.thumbnailUrl ? (
            <img
              src={value.thumbnailUrl}
              alt={`Pré-visualização: ${label}`}
              className="size-16 rounded object-cover"
            />
          ) : (
            <span
              aria-hidden="true"
              className="flex size-16 items-center justify-center rounded bg-red-50 text-xs font-bold text-red-800"
            >
              PDF
            </span>
          )}
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium">{value.name}</p>
            <p className="text-muted-foreground">{formatSize(value.size)}</p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => inputRef.current?.click()}
              aria-label={`Substituir ${label}`}
            >
              Substituir
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => onChange(null)}
              aria-label={`Remover ${label}`}
            >
              Remover
            </Button>
          </div>
        </div>
      ) : (
        <label
          htmlFor={inputId}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed p-6 text-center text-sm focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
            dragging ? 'border-primary bg-teal-50' : 'border-input',
            message && 'border-red-700',
          )}
        >
          <span className="font-semibold text-primary">Clique para escolher</span>
          {canDrag && <span className="text-muted-foreground">ou arraste o arquivo até aqui</span>}
        </label>
      )}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="sr-only"
        accept={acceptAttribute(kind)}
        aria-labelledby={`${inputId}-label`}
        aria-describedby={describedBy}
        aria-invalid={message ? true : undefined}
        disabled={progress !== null}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void send(file);
        }}
      />
      {camera && !value && (
        <div className="space-y-2">
          {usingCamera ? (
            (renderCamera?.(onCameraPhoto) ?? (
              <CameraCapture
                facing={camera}
                subject={label.toLowerCase()}
                fileName={`${field}.jpg`}
                onCapture={onCameraPhoto}
              />
            ))
          ) : (
            <Button
              type="button"
              variant="outline"
              size="sm"
              aria-label={`Usar a câmera (${label})`}
              onClick={() => setUsingCamera(true)}
            >
              Usar a câmera
            </Button>
          )}
        </div>
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
          <div
            className="h-full bg-primary transition-all"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {kindHints[kind]}
      </p>
      {message && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
