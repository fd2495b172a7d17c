import { useState } from 'react';
import { handoffResponseSchema, type HandoffResponse } from '@medipay/shared/applicant-session';
import type { HandoffState } from '@medipay/shared/handoff';
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
import type { PhoneHandoff } from './use-phone-handoff';

type Link = HandoffResponse & { qrPath: string; size: number };

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

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

export const phoneStatus: Partial<Record<HandoffState, string>> = {
  waiting: 'Aguardando a leitura do QR code no celular...',
  opened: 'Link aberto no celular. Conclua a verificação de identidade por lá.',
  done: 'Verificação concluída no celular. As fotos já aparecem aqui.',
  expired: 'O link expirou sem que a verificação fosse concluída. Gere um novo link.',
};

/**
 * 'Continuar no celular': a single-use link, valid for 10 minutes, shown as a QR code and as
 * text. The phone that opens it takes the selfie step of this application and nothing else;
 * `handoff` (usePhoneHandoff) follows it and hands its photos and result over once its check
 * passed. When the portal's address is this computer's own (PUBLIC_URL left at localhost), the
 * dialog says that a phone cannot open the link.
 */
export function ContinueOnPhone({ handoff }: { handoff: PhoneHandoff }) {
  const [link, setLink] = useState<Link | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [created, setCreated] = useState(false);
  const { state: followed, follow } = handoff;
  // Before this dialog made a link, a link under way (after a reload) is the newest one.
  const state: HandoffState | null = created || followed === 'opened' ? followed : null;

  async function create() {
    setLink(null);
    setProblem(null);
    setCreated(false);
    try {
      const answer = await apiRequest('/applicant/PF/handoff', {
        method: 'POST',
        schema: handoffResponseSchema,
      });
      const { path, size } = await qrCode(answer.url);
      setLink({ ...answer, qrPath: path, size });
      setCreated(true);
      follow();
    } catch (failure) {
      setProblem(
        failure instanceof ApiRequestError
          ? failure.message
          : 'Não foi possível gerar o link. Tente novamente.',
      );
    }
  }

  const status = state ? phoneStatus[state] : undefined;

  return (
    <Dialog onOpenChange={(open) => open && state !== 'opened' && void create()}>
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
            minutos e pode ser usado uma única vez. No celular você faz apenas a verificação de
            identidade; o restante do cadastro continua aqui.
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
        {link && state !== 'opened' && state !== 'done' && (
          <div className="space-y-3">
            {link.loopback && (
              <div
                role="alert"
                className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
              >
                <p className="font-semibold">Este link não abre em um celular</p>
                <p>
                  O endereço do portal configurado é o deste computador ({hostOf(link.url)}): um
                  celular que ler o QR code tentará acessar a si mesmo. Use a câmera deste
                  computador, ou peça ao responsável pelo portal que configure o endereço público
                  (PUBLIC_URL).
                </p>
              </div>
            )}
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
        {status && (
          <p role="status" className="text-sm">
            {status}
          </p>
        )}
        {state === 'expired' && (
          <Button type="button" variant="outline" onClick={() => void create()}>
            Gerar novo link
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
