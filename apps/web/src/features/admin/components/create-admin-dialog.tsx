import { DialogActions } from './dialog-actions';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { adminMessages, createAdminUserSchema } from '@medipay/shared/admin';
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
import { NativeSelect } from '../../../components/ui/native-select';
import { schemaResolver } from '../../../lib/schema-resolver';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { useCreateAdminUser } from '../api/create-admin-user';
import { FormAlert } from './form-alert';
import { isWeakPassword, passwordHint } from './password-rules';
import { adminRoleOptions } from './role-options';

type Values = { name: string; email: string; username: string; role: string; password: string };

const emptyValues: Values = { name: '', email: '', username: '', role: '', password: '' };

/** 'Novo administrador': the account form in a dialog; the server refuses duplicates (409). */
export function CreateAdminDialog() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateAdminUser();
  const form = useForm<Values>({
    resolver: schemaResolver<Values>(createAdminUserSchema),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const { errors } = form.formState;

  function changeOpen(next: boolean) {
    if (create.isPending) return;
    setOpen(next);
    if (!next) {
      form.reset(emptyValues);
      setFailure(null);
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await create.mutateAsync(createAdminUserSchema.parse(values));
      toast.success(adminMessages.accountCreated);
      setOpen(false);
      form.reset(emptyValues);
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
        <Button type="button">
          <UserPlus aria-hidden="true" />
          Novo administrador
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Novo administrador</DialogTitle>
          <DialogDescription>
            A pessoa entra no painel com o usuário ou o e-mail e a senha definidos aqui.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormField label="Nome" error={errors.name?.message}>
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <FormField label="E-mail" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField
            label="Usuário"
            hint="Letras minúsculas, números, ponto, hífen ou sublinhado"
            error={errors.username?.message}
          >
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              {...form.register('username')}
            />
          </FormField>
          <FormField label="Perfil" error={errors.role?.message}>
            <NativeSelect
              options={adminRoleOptions}
              placeholder="Selecione o perfil"
              {...form.register('role')}
            />
          </FormField>
          <FormField label="Senha" hint={passwordHint} error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <DialogActions
            pending={create.isPending}
            label="Criar administrador"
            pendingLabel="Criando..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
