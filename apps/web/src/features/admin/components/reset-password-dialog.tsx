import { DialogActions } from './dialog-actions';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { adminMessages, resetAdminPasswordSchema, type AdminUser } from '@medipay/shared/admin';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { schemaResolver } from '../../../lib/schema-resolver';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { useResetAdminPassword } from '../api/reset-admin-password';
import { FormAlert } from './form-alert';
import { isWeakPassword, passwordHint } from './password-rules';

type Values = { password: string };

/** 'Redefinir senha' of one account: a new password, in a dialog. */
export function ResetPasswordDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useResetAdminPassword();
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(resetAdminPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  function changeOpen(next: boolean) {
    if (reset.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset({ password: '' });
      setFailure(null);
    }
  }

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ id: user.id, password });
      toast.success(adminMessages.passwordReset);
      setOpen(false);
      form.reset({ password: '' });
    } catch (error) {
      if (isUnauthorized(error)) return;
      if (isWeakPassword(error)) {
        form.setError('password', { message: errorMessage(error) }, { shouldFocus: true });
        return;
      }
      setFailure(errorMessage(error));
    }
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Redefinir senha de ${user.name}`}
        >
          <KeyRound aria-hidden="true" />
          Redefinir senha
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Redefinir senha</DialogTitle>
          <DialogDescription>
            Defina uma nova senha para {user.name} ({user.username}).
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormField label="Nova senha" hint={passwordHint} error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <DialogActions
            pending={reset.isPending}
            label="Salvar nova senha"
            pendingLabel="Salvando..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
