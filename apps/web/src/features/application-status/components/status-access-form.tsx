import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  applicationStatusMessages as messages,
  statusCodeRequestSchema,
  type ApplicationStatus,
} from '@medipay/shared/application-status';
import { OTP_LENGTH } from '@medipay/shared/constants';
import { otpCodeSchema } from '@medipay/shared/fields';
import { FormField } from '../../../components/form/form-field';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { schemaResolver } from '../../../lib/schema-resolver';
import { useRequestStatusCode } from '../api/request-status-code';
import { useVerifyStatusCode } from '../api/verify-status-code';
import { failureMessage } from './failure-message';
import { StatusAlert } from './status-alert';

type Sent = { protocolo: string; resendInSeconds: number; at: number };

/**
 * Access by protocol: the protocol ('Enviar código'), then the code e-mailed to the application's
 * address ('Verificar'). The server answers a code request alike for every protocol.
 */
export function StatusAccessForm({
  initialProtocol,
  onVerified,
}: {
  initialProtocol: string;
  onVerified: (status: ApplicationStatus) => void;
}) {
  const [sent, setSent] = useState<Sent | null>(null);
  const [protocolo, setProtocolo] = useState(initialProtocol);

  if (!sent)
    return (
      <ProtocolForm
        defaultValue={protocolo}
        onSent={(value, resendInSeconds) => {
          setProtocolo(value);
          setSent({ protocolo: value, resendInSeconds, at: Date.now() });
        }}
      />
    );
  return (
    <CodeForm
      key={sent.at}
      sent={sent}
      onResent={(resendInSeconds) => setSent({ ...sent, resendInSeconds, at: Date.now() })}
      onOtherProtocol={() => setSent(null)}
      onVerified={onVerified}
    />
  );
}

type ProtocolValues = { protocolo: string };

function ProtocolForm({
  defaultValue,
  onSent,
}: {
  defaultValue: string;
  onSent: (protocolo: string, resendInSeconds: number) => void;
}) {
  const request = useRequestStatusCode();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProtocolValues>({
    resolver: schemaResolver<ProtocolValues>(statusCodeRequestSchema),
    defaultValues: { protocolo: defaultValue },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    const body = statusCodeRequestSchema.parse(values);
    try {
      const answer = await request.mutateAsync(body);
      onSent(body.protocolo, answer.resendInSeconds);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-muted-foreground">{messages.formIntro}</p>
      {failure && <StatusAlert>{failure}</StatusAlert>}
      <FormField
        label={messages.protocolLabel}
        error={errors.protocolo?.message}
        hint={messages.protocolHint}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          className="font-mono uppercase"
          {...form.register('protocolo')}
        />
      </FormField>
      <Button type="submit" className="w-full sm:w-auto" disabled={request.isPending}>
        {request.isPending ? messages.sending : messages.sendCode}
      </Button>
    </form>
  );
}

const codeFormSchema = z.object({ code: otpCodeSchema });
type CodeValues = { code: string };

/** Seconds left of a countdown that started at `from`. */
function useSecondsLeft(seconds: number, from: number) {
  const remaining = () => Math.max(0, Math.ceil((from + seconds * 1000 - Date.now()) / 1000));
  const [left, setLeft] = useState(remaining);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft(remaining()), 1000);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [left]);
  return left;
}

function CodeForm({
  sent,
  onResent,
  onOtherProtocol,
  onVerified,
}: {
  sent: Sent;
  onResent: (resendInSeconds: number) => void;
  onOtherProtocol: () => void;
  onVerified: (status: ApplicationStatus) => void;
}) {
  const verify = useVerifyStatusCode();
  const resend = useRequestStatusCode();
  const [failure, setFailure] = useState<string | null>(null);
  const secondsLeft = useSecondsLeft(sent.resendInSeconds, sent.at);
  const form = useForm<CodeValues>({
    resolver: schemaResolver<CodeValues>(codeFormSchema),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const { setFocus } = form;

  // The code field takes the focus when the form appears (the protocol form just left).
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      onVerified(await verify.mutateAsync({ protocolo: sent.protocolo, code }));
    } catch (error) {
      setFailure(failureMessage(error));
    }
  });

  const onResend = async () => {
    setFailure(null);
    try {
      const answer = await resend.mutateAsync({ protocolo: sent.protocolo });
      onResent(answer.resendInSeconds);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p role="status" className="rounded-md border border-teal-200 bg-teal-50 p-3 text-sm">
        {messages.codeSent}{' '}
        <span className="whitespace-nowrap">
          {messages.protocolLabel}: <strong className="font-mono">{sent.protocolo}</strong>
        </span>
      </p>
      {failure && <StatusAlert>{failure}</StatusAlert>}
      <FormField label={messages.codeLabel} error={errors.code?.message} hint={messages.codeHint}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          className="max-w-48 font-mono text-lg tracking-[0.3em]"
          {...form.register('code')}
        />
      </FormField>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? messages.verifying : messages.verify}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={secondsLeft > 0 || resend.isPending}
          onClick={() => void onResend()}
        >
          {secondsLeft > 0 ? messages.resendIn(secondsLeft) : messages.resend}
        </Button>
        <Button type="button" variant="ghost" onClick={onOtherProtocol}>
          {messages.otherProtocol}
        </Button>
      </div>
    </form>
  );
}
