import {
  CircleCheck,
  CircleDashed,
  CircleX,
  ExternalLink,
  FileUp,
  LoaderCircle,
  Mail,
  MailCheck,
  TriangleAlert,
  UserPlus,
  type LucideIcon,
} from 'lucide-react';
import { toast } from 'sonner';
import {
  reviewMessages,
  type ApplicationDetail,
  type ReviewFlow,
} from '@medipay/shared/admin-review';
import { formatDateTime } from '@medipay/shared/dates';
import {
  medipayMessages,
  type MedipayAccount,
  type MedipayAction,
} from '@medipay/shared/medipay-account';
import { Button } from '../../../../components/ui/button';
import { textLinkClass } from '../../../../components/ui/text-link';
import { cn } from '../../../../lib/cn';
import { isUnauthorized } from '../../api/admin-errors';
import { medipayErrorMessage, useMedipayAction } from '../../api/medipay-action';
import { useMedipayStateToasts } from '../../hooks/use-medipay-state-toasts';
import { SectionCard } from './detail-parts';

type ActionText = {
  label: string;
  pendingLabel: string;
  icon: LucideIcon;
  /** The success toast; none for the creation (the state change toasts it). */
  success: string | null;
  failure: string;
};

const actionTexts: Record<MedipayAction, ActionText> = {
  'create-account': {
    label: 'Criar conta MediPay',
    pendingLabel: 'Criando...',
    icon: UserPlus,
    success: null,
    failure: medipayMessages.createFailed,
  },
  'send-documents': {
    label: 'Enviar Documentos',
    pendingLabel: 'Enviando...',
    icon: FileUp,
    success: medipayMessages.documentsSent,
    failure: medipayMessages.documentsFailed,
  },
  'send-onboarding': {
    label: 'Enviar Onboard',
    pendingLabel: 'Enviando...',
    icon: Mail,
    success: medipayMessages.emailSent,
    failure: medipayMessages.onboardingFailed,
  },
  'confirm-email': {
    label: 'Confirmar Email',
    pendingLabel: 'Enviando...',
    icon: MailCheck,
    success: medipayMessages.emailSent,
    failure: medipayMessages.emailVerificationFailed,
  },
};

const tones = {
  none: { icon: CircleDashed, className: 'border-border bg-muted/50 text-foreground' },
  pending: { icon: LoaderCircle, className: 'border-sky-300 bg-sky-50 text-sky-950' },
  done: { icon: CircleCheck, className: 'border-green-300 bg-green-50 text-green-950' },
  failed: { icon: CircleX, className: 'border-red-300 bg-red-50 text-red-950' },
} as const;

/** Where the account stands, in words (the colour and icon only repeat it). */
function AccountState({ medipay }: { medipay: MedipayAccount | null }) {
  const tone = tones[medipay?.state ?? 'none'];
  const Icon = tone.icon;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-state={medipay?.state ?? 'none'}
      className={cn('flex gap-3 rounded-md border p-3', tone.className)}
    >
      <Icon
        className={cn(
          'mt-0.5 size-5 shrink-0',
          medipay?.state === 'pending' && 'animate-spin motion-reduce:animate-none',
        )}
        aria-hidden="true"
      />
      <div className="min-w-0 space-y-1">
        {!medipay && <p className="font-medium">{medipayMessages.none}</p>}
        {medipay?.state === 'pending' && (
          <>
            <p className="font-semibold">{medipayMessages.pending}</p>
            {medipay.error && (
              <>
                <p>{medipayMessages.retrying}</p>
                <p className="break-words">Último erro: {medipay.error}</p>
                <p className="tabular-nums">Tentativas: {medipay.attempts}</p>
              </>
            )}
          </>
        )}
        {medipay?.state === 'done' && (
          <>
            <p className="font-semibold">{medipayMessages.done}</p>
            {medipay.userId && (
              <p className="break-all">
                ID do usuário MediPay: <code className="font-mono">{medipay.userId}</code>
              </p>
            )}
            {medipay.existingAccount && <p>{medipayMessages.existing}</p>}
          </>
        )}
        {medipay?.state === 'failed' && (
          <>
            <p className="font-semibold">{medipayMessages.failed}</p>
            {medipay.error && <p className="break-words">Erro: {medipay.error}</p>}
          </>
        )}
      </div>
    </div>
  );
}

/** When the documents and the e-mail verification were sent. */
function SentDates({ medipay }: { medipay: MedipayAccount }) {
  const sent = [
    medipay.documentsSentAt && `Documentos enviados em ${formatDateTime(medipay.documentsSentAt)}`,
    medipay.emailVerificationSentAt &&
      `Verificação de e-mail enviada em ${formatDateTime(medipay.emailVerificationSentAt)}`,
  ].filter((line): line is string => Boolean(line));
  if (sent.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm">
      {sent.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/**
 * The activation link of an existing account: the job e-mails it by itself when the account is
 * created; when it was last sent, the link, and what 'Enviar Onboard' does (a resend).
 */
function Activation({ medipay }: { medipay: MedipayAccount }) {
  if (medipay.state !== 'done') return null;
  return (
    <div className="space-y-1 text-sm">
      {medipay.onboardingSentAt ? (
        <p className="font-medium">
          {medipayMessages.activationSent(formatDateTime(medipay.onboardingSentAt))}
        </p>
      ) : (
        <p className="flex items-start gap-2 font-medium text-yellow-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {medipayMessages.activationNotSent}
        </p>
      )}
      <p className="text-muted-foreground">{medipayMessages.activationExplained}</p>
      {medipay.onboardingUrl && (
        <p>
          <a
            href={medipay.onboardingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={cn(textLinkClass, 'inline-flex items-center gap-1')}
          >
            Link de onboarding
            <ExternalLink className="size-4" aria-hidden="true" />
            <span className="sr-only">(abre em nova aba)</span>
          </a>
        </p>
      )}
    </div>
  );
}

/** The platform actions the server offers now, one button each; all wait for the one running. */
function AccountActions({ detail }: { detail: ApplicationDetail }) {
  const flow: ReviewFlow = detail.flow === 'PF' ? 'pf' : 'pj';
  const mutation = useMedipayAction(flow);
  const pending = mutation.isPending;
  const running = pending ? mutation.variables?.action : undefined;

  async function run(action: MedipayAction) {
    const text = actionTexts[action];
    try {
      await mutation.mutateAsync({ id: detail.id, action });
      if (text.success) toast.success(text.success);
    } catch (error) {
      if (isUnauthorized(error)) return;
      console.warn('Ação MediPay recusada:', error);
      toast.error(reviewMessages.errorTitle, {
        description: medipayErrorMessage(error, text.failure),
      });
    }
  }

  if (detail.medipayActions.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {detail.medipayActions.map((action) => {
        const text = actionTexts[action];
        const Icon = text.icon;
        return (
          <Button
            key={action}
            type="button"
            variant={action === 'create-account' ? 'default' : 'outline'}
            disabled={pending}
            onClick={() => void run(action)}
          >
            <Icon aria-hidden="true" />
            {running === action ? text.pendingLabel : text.label}
          </Button>
        );
      })}
    </div>
  );
}

/**
 * 'Conta MediPay': the payment-platform account of an approved application (pending, created,
 * failed, or none yet), what was sent to it, and the platform actions offered now. Toasts the
 * account's changes while the page is open; renders nothing before there is anything to show.
 */
export function MedipayAccountCard({ detail }: { detail: ApplicationDetail }) {
  useMedipayStateToasts(detail);
  const { medipay } = detail;
  if (!medipay && detail.medipayActions.length === 0) return null;
  return (
    <SectionCard title={medipayMessages.cardTitle}>
      <div className="space-y-4">
        <AccountState medipay={medipay} />
        {medipay && <Activation medipay={medipay} />}
        {medipay && <SentDates medipay={medipay} />}
        <AccountActions detail={detail} />
      </div>
    </SectionCard>
  );
}
