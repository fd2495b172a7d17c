import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { adminMessages, totpCodeSchema, type TotpSetup } from '@medipay/shared/admin';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import { useConfirmTotp, useSetupTotp } from '../api/second-factor';
import { FormAlert } from './form-alert';

/** The key in groups of four, as authenticator apps show it: easier to type. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Enrols an authenticator app: a new secret as a QR code and as text, confirmed by its first
 * code; then the ten recovery codes, shown once, and `onDone` when the admin has kept them.
 * `onSessionEnded` runs when the server no longer knows the session (401).
 */
export function TotpEnrolment({
  onDone,
  onSessionEnded,
}: {
  onDone: () => void;
  onSessionEnded?: () => void;
}) {
  const setup = useSetupTotp();
  const confirm = useConfirmTotp();
  const [secret, setSecret] = useState<TotpSetup | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  const refused = (error: unknown) => {
    if (isUnauthorized(error)) {
      toast.error(errorMessage(error));
      onSessionEnded?.();
      return;
    }
    setFailure(errorMessage(error));
  };

  const newSecret = () => {
    setFailure(null);
    setup.mutate(undefined, { onSuccess: setSecret, onError: refused });
  };

  useEffect(() => {
    // Once per mount (React's development double effect would show two secrets).
    if (started.current) return;
    started.current = true;
    newSecret();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? adminMessages.codeFormat);
      return;
    }
    setFieldError(null);
    try {
      const result = await confirm.mutateAsync(parsed.data);
      toast.success(adminMessages.secondFactorEnrolled);
      setRecoveryCodes(result.recoveryCodes);
    } catch (error) {
      setCode('');
      refused(error);
    }
  }

  if (recoveryCodes) {
    return (
      <section aria-labelledby="codigos-recuperacao" className="space-y-4">
        <h2 id="codigos-recuperacao" className="text-lg font-semibold">
          {adminMessages.recoveryCodesTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{adminMessages.recoveryCodesHint}</p>
        <ul
          aria-label="Códigos de recuperação"
          className="grid grid-cols-2 gap-2 rounded-md border bg-muted p-3 font-mono text-sm"
        >
          {recoveryCodes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <Button type="button" className="w-full" onClick={onDone}>
          Guardei os códigos, continuar
        </Button>
      </section>
    );
  }

  if (!secret) {
    return failure ? (
      <div className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <Button type="button" onClick={newSecret} disabled={setup.isPending}>
          Tentar novamente
        </Button>
      </div>
    ) : (
      <Spinner className="text-primary" label="Gerando o código QR..." />
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">{adminMessages.enrolmentScan}</p>
      <img
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
        alt="Código QR para cadastrar a conta no aplicativo autenticador"
        className="mx-auto size-48 rounded-md border bg-white p-2"
      />
      <div className="space-y-1">
        <p className="text-sm font-medium">{adminMessages.enrolmentKeyLabel}</p>
        <p className="rounded-md border bg-muted p-2 text-center font-mono text-sm break-all">
          {grouped(secret.secret)}
        </p>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      <FormField label={adminMessages.codeLabel} error={fieldError ?? undefined}>
        <Input
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={6}
          className="tracking-widest tabular-nums"
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={confirm.isPending}>
        {confirm.isPending ? 'Ativando...' : 'Ativar'}
      </Button>
    </form>
  );
}
