import { useEffect, useRef, useState } from 'react';
import type {
  ApplicantSession,
  SendCodeRequest,
  VerificationChannel,
} from '@medipay/shared/applicant-session';
import { OTP_RESEND_COOLDOWN_SECONDS } from '@medipay/shared/constants';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError } from '../../lib/api-client';
import { sendVerificationCode } from '../../lib/applicant-api';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { CheckCircleIcon } from '../ui/icons';
import { OtpDialog, type DialogMessage } from './otp-dialog';

const sendFailures: Record<VerificationChannel, string> = {
  email: 'Não foi possível enviar o código por e-mail',
  phone: 'Não foi possível enviar o código por SMS',
};

export type VerifyContactButtonProps = {
  flow: Flow;
  channel: VerificationChannel;
  /** The e-mail or phone as typed; the server normalises and checks it. */
  destination: string;
  verified: boolean;
  disabled?: boolean;
  onVerified: (session: ApplicantSession) => void;
  /** Names the field in the button's accessible name ('Verificar e-mail'). */
  fieldLabel: string;
};

/**
 * 'Verificar' beside an e-mail or phone field: sends a code and opens the code dialog, even when
 * the sending failed: the dialog then says why, inside it, and offers to send again (the
 * applicant may also still have an earlier code).
 */
export function VerifyContactButton(props: VerifyContactButtonProps) {
  const { flow, channel, destination, verified, onVerified } = props;
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState(destination);
  const [resendIn, setResendIn] = useState(OTP_RESEND_COOLDOWN_SECONDS);
  const [sendProblem, setSendProblem] = useState<DialogMessage | null>(null);
  const verifiedRef = useRef<HTMLParagraphElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const verifiedHere = useRef(false);

  // The dialog and its button give way to the badge: keep the keyboard focus there, so the
  // next Tab goes on to the next field instead of the top of the page.
  useEffect(() => {
    if (verified && verifiedHere.current) verifiedRef.current?.focus();
  }, [verified]);

  if (verified) {
    // On its own line under the field, which keeps the row's whole width. An e-mail can be
    // longer than its field on a phone: the confirmed address follows the badge, whole.
    return (
      <p
        ref={verifiedRef}
        tabIndex={-1}
        className="flex basis-full flex-wrap items-center gap-x-2 gap-y-1 rounded-sm text-sm focus-ring"
      >
        <Badge variant="success">
          <CheckCircleIcon className="size-3.5" aria-hidden="true" />
          Verificado
        </Badge>
        {channel === 'email' && (
          <span className="min-w-0 text-muted-foreground [overflow-wrap:anywhere]">
            {destination}
          </span>
        )}
      </p>
    );
  }

  async function start() {
    setSending(true);
    try {
      const result = await sendVerificationCode(flow, { channel, destination } as SendCodeRequest);
      setSentTo(result.destination);
      setResendIn(result.resendInSeconds);
      setSendProblem(null);
    } catch (error) {
      setSentTo(destination);
      setResendIn(
        error instanceof ApiRequestError && error.retryAfterSeconds ? error.retryAfterSeconds : 0,
      );
      // The spec's 'Erro' with the channel's text; a refused address or number says what is wrong.
      setSendProblem({
        title: 'Erro',
        description:
          error instanceof ApiRequestError && error.status === 400
            ? error.message
            : sendFailures[channel],
        tone: 'error',
      });
    } finally {
      setSending(false);
    }
    setOpen(true);
  }

  return (
    <>
      <Button
        ref={buttonRef}
        type="button"
        variant="outline"
        onClick={start}
        disabled={props.disabled || sending || !destination}
        aria-label={`Verificar ${props.fieldLabel}`}
      >
        {sending ? 'Enviando...' : 'Verificar'}
      </Button>
      <OtpDialog
        open={open}
        onOpenChange={setOpen}
        flow={flow}
        channel={channel}
        destination={sentTo}
        resendInSeconds={resendIn}
        sendProblem={sendProblem}
        returnFocusTo={buttonRef}
        onVerified={(session) => {
          verifiedHere.current = true;
          onVerified(session);
        }}
      />
    </>
  );
}
