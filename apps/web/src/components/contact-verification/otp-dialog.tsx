import { OTPInput, REGEXP_ONLY_DIGITS, type SlotProps } from 'input-otp';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { toast } from 'sonner';
import {
  verificationMessages,
  type ApplicantSession,
  type SendCodeRequest,
  type VerificationChannel,
} from '@medipay/shared/applicant-session';
import { errorCodes } from '@medipay/shared/api-error';
import { OTP_LENGTH } from '@medipay/shared/constants';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError } from '../../lib/api-client';
import { sendVerificationCode, verifyContactCode } from '../../lib/applicant-api';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';

export const channelTitles: Record<VerificationChannel, string> = {
  email: 'Verificar e-mail',
  phone: 'Verificar SMS/WhatsApp',
};

/** What to do when no code arrives: the spec's spam advice is for e-mail; a text has no spam box. */
export const missingCodeHints: Record<VerificationChannel, string> = {
  email: 'Não recebeu o código? Verifique sua caixa de spam ou tente reenviar.',
  phone: 'Não recebeu o código? Confira o número e tente reenviar.',
};

const channelNames: Record<VerificationChannel, string> = { email: 'E-mail', phone: 'Telefone' };

/** A message shown inside the dialog, beside the code it is about (the spec's title and text). */
export type DialogMessage = { title: string; description?: string; tone: 'error' | 'success' };

const messages = {
  invalid: {
    title: 'Código inválido',
    description: verificationMessages.invalidCode,
    tone: 'error',
  },
  blocked: {
    title: verificationMessages.codeBlockedTitle,
    description: verificationMessages.codeBlocked,
    tone: 'error',
  },
  checkFailed: {
    title: 'Erro na verificação',
    description: 'Tente novamente em alguns instantes.',
    tone: 'error',
  },
  resendFailed: {
    title: 'Erro ao reenviar',
    description: 'Tente novamente em alguns instantes.',
    tone: 'error',
  },
  resent: { title: 'Código reenviado!', tone: 'success' },
} satisfies Record<string, DialogMessage>;

export type OtpDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  flow: Flow;
  channel: VerificationChannel;
  /** The address or number the code was sent to, as the server normalised it. */
  destination: string;
  /** Seconds until a new code may be asked for, as the server said when it sent one. */
  resendInSeconds: number;
  /** Why the code could not be sent, when the dialog opens after a failed send. */
  sendProblem?: DialogMessage | null;
  onVerified: (session: ApplicantSession) => void;
  /**
   * Where the keyboard goes back when the dialog closes without a verification (Escape, the
   * close button): the button that opened it, which was busy sending when the dialog opened.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

function Slot({ char, isActive, hasFakeCaret }: SlotProps) {
  return (
    <div
      className={cn(
        // Shrinks with the dialog (a 320 px phone) instead of pushing the sixth box out of it.
        'relative flex h-12 w-10 min-w-0 shrink items-center justify-center rounded-md border border-input bg-background text-xl font-semibold sm:w-11',
        isActive && 'ring-2 ring-ring ring-offset-1',
      )}
    >
      {char}
      {hasFakeCaret && (
        <span aria-hidden="true" className="absolute h-6 w-px animate-pulse bg-foreground" />
      )}
    </div>
  );
}

/**
 * The one-time-code dialog (applicant-portal.md): six digit slots checked as soon as they are
 * full, a resend countdown, and the spec's messages shown inside the dialog, beside the code
 * (a failed send, a wrong code, a blocked code with a new one to ask for). The code is checked by
 * the server only.
 */
export function OtpDialog(props: OtpDialogProps) {
  const { open, onOpenChange, channel, destination, sendProblem } = props;
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          inputRef.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          const target = props.returnFocusTo?.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader className="min-w-0">
          <DialogTitle className="pr-6">{channelTitles[channel]}</DialogTitle>
          <DialogDescription>
            Digite o código de {OTP_LENGTH} dígitos {sendProblem ? 'recebido em' : 'enviado para'}{' '}
            {/* A long address wraps anywhere rather than widening the dialog past the screen. */}
            <strong className="wrap-anywhere">{destination}</strong>
            {sendProblem ? ', ou peça um novo código.' : '.'}
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open: every opening starts with an empty code and a new countdown. */}
        <OtpDialogBody {...props} inputRef={inputRef} />
      </DialogContent>
    </Dialog>
  );
}

function MessageBox({ id, message }: { id: string; message: DialogMessage | null }) {
  const box = (tone: DialogMessage['tone']) =>
    message?.tone === tone && (
      <div
        className={cn(
          'rounded-md border p-3 text-sm',
          tone === 'error'
            ? 'border-red-300 bg-red-50 text-red-900'
            : 'border-green-300 bg-green-50 text-green-900',
        )}
      >
        <p className="font-semibold">{message.title}</p>
        {message.description && <p className="wrap-anywhere">{message.description}</p>}
      </div>
    );
  // Both regions stay in the page, so that a screen reader announces each new message in place.
  return (
    <div id={id} className="w-full">
      <div role="alert">{box('error')}</div>
      <div role="status">{box('success')}</div>
    </div>
  );
}

function OtpDialogBody(props: OtpDialogProps & { inputRef: RefObject<HTMLInputElement | null> }) {
  const { onOpenChange, flow, channel, destination, onVerified, inputRef } = props;
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(props.resendInSeconds);
  const [message, setMessage] = useState<DialogMessage | null>(props.sendProblem ?? null);
  /** The code took its last wrong try: only a new code can be checked. */
  const [blocked, setBlocked] = useState(false);
  const inputId = useId();
  const statusId = useId();
  const messageId = useId();
  const resendRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  // Back to the code after every check or resend (the input is disabled while checking); a
  // blocked code leaves nothing to type, so the focus goes to the way out: a new code.
  useEffect(() => {
    if (verifying || resending) return;
    if (blocked) resendRef.current?.focus();
    else inputRef.current?.focus();
  }, [verifying, resending, blocked, inputRef]);

  async function verify(value: string) {
    setVerifying(true);
    setMessage(null);
    try {
      const result = await verifyContactCode(flow, channel, value);
      toast.success('Código verificado!', {
        description: `${channelNames[channel]} verificado com sucesso.`,
      });
      onVerified(result.session);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === errorCodes.codeBlocked) {
        setBlocked(true);
        setMessage(messages.blocked);
      } else if (
        error instanceof ApiRequestError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429
      ) {
        setMessage(messages.invalid);
      } else {
        setMessage(messages.checkFailed);
      }
      setCode('');
    } finally {
      setVerifying(false);
    }
  }

  async function resend() {
    setResending(true);
    setMessage(null);
    try {
      const result = await sendVerificationCode(flow, { channel, destination } as SendCodeRequest);
      setSecondsLeft(result.resendInSeconds);
      setBlocked(false);
      setMessage(messages.resent);
    } catch (error) {
      if (error instanceof ApiRequestError && error.retryAfterSeconds)
        setSecondsLeft(error.retryAfterSeconds);
      setMessage(messages.resendFailed);
    } finally {
      setResending(false);
      setCode('');
    }
  }

  return (
    <>
      <div className="flex min-w-0 flex-col items-center gap-3">
        <MessageBox id={messageId} message={message} />
        <Label htmlFor={inputId}>Código de verificação</Label>
        <OTPInput
          ref={inputRef}
          value={code}
          onChange={setCode}
          onComplete={verify}
          maxLength={OTP_LENGTH}
          pattern={REGEXP_ONLY_DIGITS}
          inputMode="numeric"
          autoComplete="one-time-code"
          id={inputId}
          aria-describedby={`${messageId} ${statusId}`}
          disabled={verifying || blocked}
          // The input-otp default widens its hidden input for a password manager's badge.
          pushPasswordManagerStrategy="none"
          containerClassName="flex w-full min-w-0 items-center justify-center has-[:disabled]:opacity-60"
          render={({ slots }) => (
            <div className="flex min-w-0 gap-1.5 sm:gap-2" data-testid="otp-slots">
              {slots.map((slot, index) => (
                <Slot key={index} {...slot} />
              ))}
            </div>
          )}
        />
        <p id={statusId} role="status" className="min-h-5 text-sm text-muted-foreground">
          {verifying && (
            <span className="inline-flex items-center gap-2">
              <Spinner className="size-4" /> Verificando código...
            </span>
          )}
        </p>
      </div>
      <div className="flex min-w-0 flex-col items-center gap-2">
        <Button
          ref={resendRef}
          type="button"
          variant={blocked ? 'default' : 'outline'}
          disabled={secondsLeft > 0 || resending || verifying}
          onClick={resend}
        >
          {secondsLeft > 0
            ? `Reenviar em ${secondsLeft}s`
            : blocked
              ? 'Pedir novo código'
              : 'Reenviar código'}
        </Button>
        <p className="text-center text-xs text-muted-foreground">{missingCodeHints[channel]}</p>
      </div>
    </>
  );
}
