import { Spinner } from '../ui/spinner';
import type { ExtractionState } from './use-document-extraction';

const messages = {
  done: 'Dados lidos do documento. Confira e corrija se necessário.',
  failed: 'Erro no processamento. Preencha os campos manualmente.',
} as const;

/**
 * Where the reading of an identity document stands, next to its upload. One polite live region
 * that stays in place, so each change of state is announced; empty while idle.
 */
export function ExtractionStatus({ state }: { state: ExtractionState }) {
  return (
    <div role="status" className="text-sm empty:hidden">
      {state === 'processing' && (
        <p className="flex items-center gap-2 text-muted-foreground">
          {/* The line says it; the spinner's own status label would repeat it. */}
          <span aria-hidden="true" className="inline-flex">
            <Spinner className="size-4" label="" />
          </span>
          Processando...
        </p>
      )}
      {state === 'done' && <p className="text-green-900">{messages.done}</p>}
      {state === 'failed' && <p className="font-medium text-red-800">{messages.failed}</p>}
    </div>
  );
}
