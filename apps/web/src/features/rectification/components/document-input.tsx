import { ExternalLink, FileText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { MAX_UPLOAD_MB } from '@medipay/shared/constants';
import { acceptAttribute, fileProblem, fileRules, type FileKind } from '@medipay/shared/files';
import { rectificationMessages, type RectificationDocument } from '@medipay/shared/rectification';
import { Button } from '../../../components/ui/button';
import { textLinkClass } from '../../../components/ui/text-link';
import { useFinePointer } from '../../../components/upload/use-fine-pointer';
import { cn } from '../../../lib/cn';

/** 'PDF, JPG, JPEG, PNG ou WEBP, até 10 MB.', from the kind's rule. */
function kindHint(kind: FileKind): string {
  const names = fileRules[kind].extensions.map((extension) => extension.toUpperCase());
  const list =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} ou ${names.at(-1)}`;
  return `${list}, até ${MAX_UPLOAD_MB} MB.`;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.ceil(bytes / 1024)} KB`;
}

export type DocumentInputProps = {
  document: RectificationDocument;
  label: string;
  value: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** A document the reviewer asked for: the submit needs a new file for it. */
  required?: boolean;
  /** The form's message about this document (a requested one left without a file). */
  error?: string | null;
  /** The file picker, for the form to move the focus to it. */
  inputRef?: (input: HTMLInputElement | null) => void;
};

/**
 * One document to replace: the file on record ('Ver documento') and a file to choose or drop,
 * checked with the server's rules before it is kept. Nothing is sent until the form is. A
 * requested document shows the reviewer's reason, which describes its file picker.
 */
export function DocumentInput({
  document,
  label,
  value,
  onChange,
  disabled,
  required,
  error,
  inputRef: onInputRef,
}: DocumentInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const reasonId = `${id}-reason`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const canDrag = useFinePointer();
  const refocus = useRef(false);

  // After 'Remover' the file picker comes back: keyboard focus goes to it.
  useEffect(() => {
    if (value || !refocus.current) return;
    refocus.current = false;
    inputRef.current?.focus();
  }, [value]);

  function choose(file: File | undefined) {
    if (!file) return;
    const local = fileProblem(document.kind, file);
    setProblem(local);
    if (!local) onChange(file);
  }

  function onDrop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    if (!disabled) choose(event.dataTransfer.files[0]);
  }

  // The file's own problem comes first: it is the one the applicant just caused.
  const message = problem ?? error ?? null;
  const describedBy = [
    document.motivo ? reasonId : undefined,
    hintId,
    message ? errorId : undefined,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li className="min-w-0 space-y-2 rounded-md border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={labelId} className="text-sm font-semibold">
          {label}
        </h3>
        {document.current && !value && (
          <a
            href={document.current.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={labelId}
            className={cn('inline-flex items-center gap-1 text-sm', textLinkClass)}
          >
            {rectificationMessages.viewDocument}
            <span className="sr-only"> (abre em nova aba)</span>
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        )}
      </div>
      {document.motivo && (
        <p id={reasonId} className="text-sm break-words text-red-900">
          {rectificationMessages.reason(document.motivo)}
        </p>
      )}
      {value ? (
        <div className="flex items-center gap-3 rounded-md border border-teal-200 bg-teal-50 p-3">
          <FileText className="size-6 shrink-0 text-teal-800" aria-hidden="true" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="truncate font-medium" title={value.name}>
              {value.name}
            </p>
            <p className="text-muted-foreground">{formatSize(value.size)}</p>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            disabled={disabled}
            aria-label={`Remover ${label}`}
            onClick={() => {
              refocus.current = true;
              onChange(null);
            }}
          >
            <X aria-hidden="true" />
            Remover
          </Button>
        </div>
      ) : (
        <label
          onDragOver={(event) => {
            event.preventDefault();
            if (!disabled) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            'flex cursor-pointer flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed p-5 text-center text-sm focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
            dragging ? 'border-primary bg-teal-50' : 'border-input',
            message && 'border-red-700',
            disabled && 'cursor-not-allowed opacity-50',
          )}
        >
          <span className="font-semibold text-teal-800">Clique para escolher</span>
          {canDrag && (
            <span className="text-muted-foreground">ou arraste o novo arquivo até aqui</span>
          )}
          <input
            ref={(input) => {
              inputRef.current = input;
              onInputRef?.(input);
            }}
            type="file"
            className="sr-only"
            accept={acceptAttribute(document.kind)}
            aria-labelledby={labelId}
            aria-describedby={describedBy}
            aria-required={required ? true : undefined}
            aria-invalid={message ? true : undefined}
            disabled={disabled}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
      )}
      <p id={hintId} className="text-xs text-muted-foreground">
        {kindHint(document.kind)}
      </p>
      {/* A file refused on the spot is announced; the form's message was, in its toast. */}
      {message && (
        <p
          id={errorId}
          role={problem ? 'alert' : undefined}
          className="text-sm font-medium text-red-800"
        >
          {message}
        </p>
      )}
    </li>
  );
}
