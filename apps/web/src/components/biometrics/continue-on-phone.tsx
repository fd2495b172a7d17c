import { useState } from 'react';
import { handoffResponseSchema, type HandoffResponse } from '@medipay/shared/applicant-session';
import type { Flow } from '@medipay/shared/status';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog';
import { Spinner } from '../ui/spinner';

type Link = HandoffResponse & { qrPath: string; size: number };

/** The dark modules of a QR code as one SVG path, one unit per module, with a 4-module margin. */
async function qrCode(text: string): Promise<{ path: string; size: number }> {
  const { default: qrcode } = await import('qrcode-generator');
  const code = qrcode(0, 'M');
  code.addData(text);
  code.make();
  const count = code.getModuleCount();
  const margin = 4;
  let path = '';
  for (let row = 0; row < count; row += 1) {
    for (let column = 0; column < count; column += 1) {
      if (code.isDark(row, column)) path += `M${column + margin} ${row + margin}h1v1h-1z`;
    }
  }
  return { path, size: count + margin * 2 };
}

/**
 * Continues the application on a phone: a single-use link, valid for 10 minutes, shown as a QR
 * code and as text. Opening it on the phone opens this same application there.
 */
export function ContinueOnPhone({ flow }: { flow: Flow }) {
  const [link, setLink] = useState<Link | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function create() {
    setLink(null);
    setProblem(null);
    try {
      const handoff = await apiRequest(`/applicant/${flow}/handoff`, {
        method: 'POST',
        schema: handoffResponseSchema,
      });
      const { path, size } = await qrCode(handoff.url);
      setLink({ ...handoff, qrPath: path, size });
    } catch (failure) {
      setProblem(
        failure instanceof ApiRequestError
          ? failure.message
          : 'Não foi possível gerar o link. Tente novamente.',
      );
    }
  }

  return (
    <Dialog onOpenChange={(open) => open && void create()}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          Continuar no celular
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Continuar no celular</DialogTitle>
          <DialogDescription>
            Aponte a câmera do celular para o QR code, ou abra o link nele. O link vale por 10
            minutos e pode ser usado uma única vez.
          </DialogDescription>
        </DialogHeader>
        {!link && !problem && (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner className="size-4" /> Gerando o link...
          </p>
        )}
        {problem && (
          <div className="space-y-3">
            <p role="alert" className="text-sm font-medium text-red-800">
              {problem}
            </p>
            <Button type="button" variant="outline" onClick={() => void create()}>
              Tentar novamente
            </Button>
          </div>
        )}
        {link && (
          <div className="space-y-3">
            <svg
              role="img"
              aria-label="QR code com o link para continuar no celular"
              viewBox={`0 0 ${link.size} ${link.size}`}
              className="mx-auto size-56 bg-white"
              shapeRendering="crispEdges"
            >
              <path d={link.qrPath} fill="#000" />
            </svg>
            <p className="select-all break-all rounded-md bg-muted p-2 text-center font-mono text-xs">
              {link.url}
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
