import { ExternalLink, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { useState } from 'react';
import type { UploadedDocument } from '@medipay/shared/documents';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../../components/ui/dialog';
import { textLinkClass } from '../../../../components/ui/text-link';

const MIN_ZOOM = 0.5;
const MAX_ZOOM = 4;
const ZOOM_STEP = 0.25;

/**
 * An image document as a thumbnail that opens full size in a viewer with zoom and rotation
 * (CSS transforms: the file is never changed).
 */
export function ImageDocument({ label, document }: { label: string; document: UploadedDocument }) {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);

  function changeOpen(open: boolean) {
    if (!open) return;
    setZoom(1);
    setRotation(0);
  }

  return (
    <Dialog onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="block w-full overflow-hidden rounded-md border bg-muted focus-ring cursor-zoom-in"
        >
          <img
            src={document.thumbnailUrl ?? document.url}
            alt={label}
            loading="lazy"
            className="h-40 w-full object-contain"
          />
          <span className="sr-only">Ampliar</span>
        </button>
      </DialogTrigger>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{document.name}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-wrap items-center gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={zoom <= MIN_ZOOM}
            onClick={() => setZoom((value) => Math.max(MIN_ZOOM, value - ZOOM_STEP))}
          >
            <ZoomOut aria-hidden="true" />
            Diminuir zoom
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={zoom >= MAX_ZOOM}
            onClick={() => setZoom((value) => Math.min(MAX_ZOOM, value + ZOOM_STEP))}
          >
            <ZoomIn aria-hidden="true" />
            Aumentar zoom
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setRotation((value) => (value + 90) % 360)}
          >
            <RotateCw aria-hidden="true" />
            Girar
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <a
            href={document.url}
            target="_blank"
            rel="noopener noreferrer"
            className={`ml-auto inline-flex items-center gap-1 text-sm ${textLinkClass}`}
          >
            Abrir em nova aba
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        </div>
        <div className="flex h-[65vh] items-center justify-center overflow-auto rounded-md bg-muted [scrollbar-gutter:stable]">
          <img
            src={document.url}
            alt={`${label} em tamanho real`}
            data-testid="document-full"
            style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
            className="max-h-full max-w-full object-contain transition-transform motion-reduce:transition-none"
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}
