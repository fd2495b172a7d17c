import { DialogActions } from './dialog-actions';
import { UserX } from 'lucide-react';
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
import { useDeactivateAdminUser } from '../api/deactivate-admin-user';

/** 'Desativar' one account, after a confirmation. */
export function DeactivateAdminDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const deactivate = useDeactivateAdminUser();

  function confirm() {
    deactivate.mutate(user.id, {
      onSuccess: () => toast.success(adminMessages.accountDeactivated),
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toast.error(adminMessages.loadFailedTitle, { description: errorMessage(error) });
      },
      onSettled: () => setOpen(false),
    });
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !deactivate.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-red-800"
          aria-label={`Desativar ${user.name}`}
        >
          <UserX aria-hidden="true" />
          Desativar
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Desativar administrador?</DialogTitle>
          <DialogDescription>
            {user.name} ({user.email}) não poderá mais entrar no painel administrativo.
          </DialogDescription>
        </DialogHeader>
        <DialogActions
          pending={deactivate.isPending}
          label="Desativar"
          pendingLabel="Desativando..."
          onConfirm={confirm}
          destructive
        />
      </DialogContent>
    </Dialog>
  );
}
