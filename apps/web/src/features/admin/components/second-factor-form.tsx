import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  adminMessages,
  recoveryCodeSchema,
  totpCodeSchema,
  type AdminSessionInfo,
} from '@medipay/shared/admin';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { useVerifySecondFactor } from '../api/second-factor';
import { adminKeys } from '../api/query-keys';
import { FormAlert } from './form-alert';

/**
 * The login's second step: the authenticator's 6-digit code, or one recovery code. The answer is
 * the complete session, which the login page takes on to the page the admin wanted.
 */
export function SecondFactorForm() {
  const queryClient = useQueryClient();
  const verify = useVerifySecondFactor();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The field takes the focus when the step opens and when the kind of code changes.
  useEffect(() => input.current?.focus(), [recovery]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = (recovery ? recoveryCodeSchema : totpCodeSchema).safeParse(value);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? adminMessages.codeFormat);
      return;
    }
    setFieldError(null);
    try {
      const info: AdminSessionInfo = await verify.mutateAsync(
        recovery ? { recoveryCode: value } : { code: parsed.data },
      );
      toast.success(adminMessages.loginSucceeded);
      queryClient.setQueryData(adminKeys.session, info);
    } catch (error) {
      setValue('');
      if (isUnauthorized(error)) {
        // The unfinished login ended (ten minutes): back to the password.
        toast.error(errorMessage(error));
        queryClient.setQueryData(adminKeys.session, null);
        return;
      }
      setFailure(errorMessage(error));
    }
  }

  function switchKind() {
    setRecovery((current) => !current);
    setValue('');
    setFieldError(null);
    setFailure(null);
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">
        {recovery ? adminMessages.recoveryCodeFormat : adminMessages.secondFactorPrompt}
      </p>
      {failure && <FormAlert>{failure}</FormAlert>}
      <FormField
        key={recovery ? 'recovery' : 'code'}
        label={recovery ? adminMessages.recoveryCodeLabel : adminMessages.codeLabel}
        error={fieldError ?? undefined}
      >
        <Input
          ref={input}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete={recovery ? 'off' : 'one-time-code'}
          inputMode={recovery ? 'text' : 'numeric'}
          autoCapitalize={recovery ? 'characters' : 'none'}
          spellCheck={false}
          maxLength={recovery ? 11 : 6}
          className="tracking-widest tabular-nums"
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? 'Verificando...' : 'Verificar'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={switchKind}>
        {recovery ? adminMessages.useAuthenticatorCode : adminMessages.useRecoveryCode}
      </Button>
    </form>
  );
}
