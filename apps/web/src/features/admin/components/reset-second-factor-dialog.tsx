import { ShieldOff } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { adminMessages, type AdminUser } from '@medipay/shared/admin';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { useResetAdminSecondFactor } from '../api/reset-second-factor';
import { DialogActions } from './dialog-actions';

/** 'Redefinir 2 etapas' of one account that has an authenticator app, after a confirmation. */
export function ResetSecondFactorDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const reset = useResetAdminSecondFactor();

  function confirm() {
    reset.mutate(user.id, {
      onSuccess: () => toast.success(adminMessages.secondFactorReset),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast.error(adminMessages.loadFailedTitle, { description: errorMessage(error) });
      },
      onSettled: () => setOpen(false),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !reset.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Redefinir a verificação em duas etapas de ${user.name}`}
        >
          <ShieldOff aria-hidden="true" />
          Redefinir 2 etapas
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redefinir a verificação em duas etapas?</DialogTitle>
          <DialogDescription>{adminMessages.secondFactorResetConfirm(user.name)}</DialogDescription>
        </DialogHeader>
        <DialogActions
          pending={reset.isPending}
          label="Redefinir"
          pendingLabel="Redefinindo..."
          onConfirm={confirm}
          destructive
        />
      </DialogContent>
    </Dialog>
  );
}
