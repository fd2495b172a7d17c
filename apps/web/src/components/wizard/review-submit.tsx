import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { validationMessages } from '@medipay/shared/messages';
import { pfApplicationMessages as messages } from '@medipay/shared/pf-application';
import type { Flow } from '@medipay/shared/status';
import { paths } from '../../config/paths';
import { ApiRequestError } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { textLinkClass } from '../ui/text-link';
import { ConsentCheckbox } from './consent-checkbox';
import { clearDrafts } from './step-draft';

export type Consents = { consentimentoLgpd: boolean; consentimentoKyc: boolean };

export type ReviewSubmitProps = {
  /** Whose drafts (step-draft.ts) the submit ends. */
  flow: Flow;
  /** The consents as saved (both false before the first submit). */
  initial: Partial<Consents>;
  lgpdText: ReactNode;
  kycText: ReactNode;
  submitLabel: string;
  send: (consents: Consents) => Promise<{ protocolo: string; email: string }>;
  /** Where the protocol is shown, once the server confirmed the submission. */
  successPath: string;
  onBack?: (() => void) | undefined;
};

/**
 * The end of the review step: the privacy policy, the two consents and the submit. The success
 * page opens only after the server confirmed; a refusal shows 'Erro no envio' and keeps
 * everything.
 */
export function ReviewSubmit(props: ReviewSubmitProps) {
  const navigate = useNavigate();
  const [lgpd, setLgpd] = useState(props.initial.consentimentoLgpd ?? false);
  const [kyc, setKyc] = useState(props.initial.consentimentoKyc ?? false);
  const [errors, setErrors] = useState<{ lgpd?: string; kyc?: string }>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = {
      lgpd: lgpd ? undefined : validationMessages.consentimentoLgpd,
      kyc: kyc ? undefined : validationMessages.consentimentoKyc,
    };
    setErrors(problems);
    if (problems.lgpd || problems.kyc) return;
    setSending(true);
    try {
      const sent = await props.send({ consentimentoLgpd: true, consentimentoKyc: true });
      clearDrafts(props.flow);
      void navigate(props.successPath, { replace: true, state: sent });
    } catch (error) {
      toast.error(messages.submitFailedTitle, {
        description:
          error instanceof ApiRequestError && error.status >= 400 && error.status < 500
            ? error.message
            : messages.submitFailed,
      });
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <p className="text-sm">
        Leia a{' '}
        <Link to={paths.privacyPolicy} target="_blank" className={textLinkClass}>
          Política de Privacidade
        </Link>{' '}
        antes de enviar.
      </p>
      <div className="space-y-3">
        <ConsentCheckbox
          checked={lgpd}
          onChange={(checked) => {
            setLgpd(checked);
            setErrors((current) => ({ ...current, lgpd: undefined }));
          }}
          error={errors.lgpd}
        >
          {props.lgpdText}
        </ConsentCheckbox>
        <ConsentCheckbox
          checked={kyc}
          onChange={(checked) => {
            setKyc(checked);
            setErrors((current) => ({ ...current, kyc: undefined }));
          }}
          error={errors.kyc}
        >
          {props.kycText}
        </ConsentCheckbox>
      </div>
      <div className="flex flex-col-reverse gap-3 pt-4 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={props.onBack} disabled={sending}>
          Voltar
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? (
            <>
              <Spinner className="size-4" /> Enviando...
            </>
          ) : (
            props.submitLabel
          )}
        </Button>
      </div>
    </form>
  );
}
