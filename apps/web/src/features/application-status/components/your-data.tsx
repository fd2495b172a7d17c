import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { dataSubjectMessages as messages } from '@medipay/shared/data-subject';
import type { Flow } from '@medipay/shared/status';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { useDeleteMyData } from '../api/delete-my-data';
import { failureMessage } from './failure-message';
import { StatusAlert } from './status-alert';

/**
 * 'Seus dados' (LGPD art. 18): the download of everything kept of the application, and its
 * deletion after a confirmation; `onErased` when nothing is left to show.
 */
export function YourData({
  ownFlow,
  onErased,
}: {
  ownFlow: Flow | null;
  onErased: (message: string) => void;
}) {
  const remove = useDeleteMyData(ownFlow);
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    setFailure(null);
    try {
      const outcome = await remove.mutateAsync();
      setOpen(false);
      if (outcome.outcome === 'erased') onErased(outcome.message);
      else setAnswer(outcome.message);
    } catch (error) {
      setOpen(false);
      setFailure(failureMessage(error));
    }
  };

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">{messages.exportTitle}</h2>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm">{messages.exportHint}</p>
        {failure && <StatusAlert>{failure}</StatusAlert>}
        {answer && (
          <p role="status" className="rounded-md border bg-muted p-3 text-sm">
            {answer}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <a
            href={ownFlow ? `/api/status/mine/export?flow=${ownFlow}` : '/api/status/export'}
            download
            className={buttonVariants({ variant: 'outline' })}
          >
            <Download aria-hidden="true" />
            {messages.exportAction}
          </a>
          <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
            <DialogTrigger asChild>
              <Button type="button" variant="outline" className="text-red-800">
                <Trash2 aria-hidden="true" />
                {messages.deletionAction}
              </Button>
            </DialogTrigger>
            <DialogContent>
              <DialogHeader>
                <DialogTitle>{messages.deletionConfirmTitle}</DialogTitle>
                <DialogDescription>{messages.deletionConfirm}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline" disabled={remove.isPending}>
                    Cancelar
                  </Button>
                </DialogClose>
                <Button
                  type="button"
                  variant="destructive"
                  disabled={remove.isPending}
                  onClick={() => void confirm()}
                >
                  {remove.isPending ? 'Excluindo...' : 'Excluir'}
                </Button>
              </DialogFooter>
            </DialogContent>
          </Dialog>
        </div>
      </CardContent>
    </Card>
  );
}
