import { DialogActions } from './dialog-actions';
import { Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import {
  ABANDONED_SESSION_IDLE_MS,
  ABANDONED_SESSION_PURGE_AFTER_MS,
  adminMessages,
} from '@medipay/shared/admin';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { isUnauthorized } from '../api/admin-errors';
import { usePurgeAbandonedSessions } from '../api/purge-abandoned-sessions';
import { formatCount } from './format';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const idleHours = ABANDONED_SESSION_IDLE_MS / HOUR_MS;
const purgeDays = ABANDONED_SESSION_PURGE_AFTER_MS / DAY_MS;

function willBeRemoved(count: number): string {
  return count === 1
    ? '1 sessão abandonada será removida.'
    : `${formatCount(count)} sessões abandonadas serão removidas.`;
}

/** 'Sessões abandonadas': how many there are, and a confirmed way to remove them now. */
export function AbandonedSessionsCard({ count }: { count: number }) {
  const headingId = useId();
  const [confirming, setConfirming] = useState(false);
  const purge = usePurgeAbandonedSessions();

  function confirm() {
    purge.mutate(undefined, {
      onSuccess: ({ removed }) => {
        toast.success(adminMessages.cleanupDone, {
          description: adminMessages.cleanupDoneDescription(removed),
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        console.warn('Erro na limpeza:', error);
        toast.error(adminMessages.cleanupFailedTitle, { description: adminMessages.cleanupFailed });
      },
      onSettled: () => setConfirming(false),
    });
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="text-lg font-semibold leading-tight">
          Sessões abandonadas
        </h2>
        <CardDescription>
          Cadastros que nunca salvaram a primeira etapa, sem atividade há mais de {idleHours} horas.
          Uma limpeza diária remove as que passam de {purgeDays} dias sem atividade.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-3xl font-bold tabular-nums">
          {formatCount(count)}
          <span className="sr-only">
            {' '}
            {count === 1 ? 'sessão abandonada' : 'sessões abandonadas'}
          </span>
        </p>
        <Button
          type="button"
          variant="destructive"
          // Its label wraps rather than widening the card on a 320 px phone.
          size="wrap"
          disabled={count === 0}
          onClick={() => setConfirming(true)}
        >
          <Trash2 aria-hidden="true" />
          Limpar sessões abandonadas
        </Button>
      </CardContent>
      <Dialog open={confirming} onOpenChange={(open) => !purge.isPending && setConfirming(open)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Limpar sessões abandonadas?</DialogTitle>
            <DialogDescription>
              {willBeRemoved(count)} Esta ação não pode ser desfeita.
            </DialogDescription>
          </DialogHeader>
          <DialogActions
            pending={purge.isPending}
            label="Confirmar limpeza"
            pendingLabel="Limpando..."
            onConfirm={confirm}
            destructive
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
