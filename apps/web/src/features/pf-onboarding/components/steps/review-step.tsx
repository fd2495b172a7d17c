import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { formatConfidence } from '@medipay/shared/biometrics';
import { maskCep, maskCpf, maskPhoneInternational } from '@medipay/shared/masks';
import { validationMessages } from '@medipay/shared/messages';
import {
  docProfissionalOptions,
  estadoCivilOptions,
  labelOf,
  nacionalidadeOptions,
  pepTipoOptions,
} from '@medipay/shared/options';
import { pfApplicationMessages as messages } from '@medipay/shared/pf-application';
import { pfSteps } from '@medipay/shared/pf-onboarding';
import { Button } from '../../../../components/ui/button';
import { Checkbox } from '../../../../components/ui/checkbox';
import { Spinner } from '../../../../components/ui/spinner';
import { textLinkClass } from '../../../../components/ui/text-link';
import { paths } from '../../../../config/paths';
import { ApiRequestError } from '../../../../lib/api-client';
import { submitApplication } from '../../api/submit-application';
import type { StepProps } from '../step-props';

type ReviewStepProps = StepProps & { onEdit: (step: number) => void };

function Section({
  step,
  onEdit,
  children,
}: {
  step: number;
  onEdit: (step: number) => void;
  children: ReactNode;
}) {
  const title = pfSteps.find((entry) => entry.id === step)?.title ?? '';
  return (
    <section className="rounded-md border p-4" aria-labelledby={`revisao-${step}`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id={`revisao-${step}`} className="font-semibold">
          {title}
        </h2>
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-label={`Editar ${title}`}
          onClick={() => onEdit(step)}
        >
          Editar
        </Button>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">{children}</dl>
    </section>
  );
}

function Item({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="break-words">{value || '-'}</dd>
    </>
  );
}

/** Step 6: everything typed, section by section, the two consents and the submit. */
export function ReviewStep({ values, onBack, onEdit }: ReviewStepProps) {
  const navigate = useNavigate();
  const [lgpd, setLgpd] = useState(values.consentimentoLgpd ?? false);
  const [kyc, setKyc] = useState(values.consentimentoKyc ?? false);
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
      const sent = await submitApplication({ consentimentoLgpd: true, consentimentoKyc: true });
      void navigate(paths.onboardingPfSuccess, { replace: true, state: sent });
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

  const pepFields = values.pepTipo && values.pepTipo !== 'NAO';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <Section step={1} onEdit={onEdit}>
        <Item label="Nome completo" value={values.nomeCompleto} />
        <Item label="Nacionalidade" value={labelOf(nacionalidadeOptions, values.nacionalidade)} />
        <Item label="CPF" value={values.cpf && maskCpf(values.cpf)} />
        <Item label="Estado civil" value={labelOf(estadoCivilOptions, values.estadoCivil)} />
        <Item label="E-mail" value={values.email} />
        <Item label="Telefone" value={values.telefone && maskPhoneInternational(values.telefone)} />
      </Section>
      <Section step={2} onEdit={onEdit}>
        <Item label="CEP" value={values.cep && maskCep(values.cep)} />
        <Item
          label="Endereço"
          value={[values.logradouro, values.numero, values.complemento].filter(Boolean).join(', ')}
        />
        <Item label="Bairro" value={values.bairro} />
        <Item label="Cidade" value={values.cidade && `${values.cidade} - ${values.uf ?? ''}`} />
        <Item label="Comprovante de residência" value={values.comprovanteResidencia?.name} />
      </Section>
      <Section step={3} onEdit={onEdit}>
        <Item
          label="Registro profissional"
          value={
            values.docProfissionalTipo &&
            `${labelOf(docProfissionalOptions, values.docProfissionalTipo)} ${values.docProfissionalNumero ?? ''} - ${values.docProfissionalUf ?? ''}`
          }
        />
        <Item label="Órgão emissor" value={values.docProfissionalOrgaoEmissor} />
        <Item
          label="Documento de identidade"
          value={[values.docIdentidadeNumero, values.docIdentidadeOrgao, values.docIdentidadeUf]
            .filter(Boolean)
            .join(' ')}
        />
        <Item
          label="Arquivos"
          value={[values.docIdentidadeFrente?.name, values.docIdentidadeVerso?.name]
            .filter(Boolean)
            .join(', ')}
        />
      </Section>
      <Section step={4} onEdit={onEdit}>
        <Item
          label="Verificação"
          value={
            values.livenessPassed
              ? `Aprovada (confiança ${formatConfidence(values.livenessConfidence ?? 0)})`
              : 'Pendente'
          }
        />
      </Section>
      <Section step={5} onEdit={onEdit}>
        <Item label="Declaração" value={labelOf(pepTipoOptions, values.pepTipo)} />
        {pepFields && <Item label="Cargo" value={values.pepCargo} />}
        {pepFields && <Item label="Órgão" value={values.pepOrgao} />}
        {values.pepTipo === 'RELACIONADO' && <Item label="Nome" value={values.pepNome} />}
      </Section>

      <p className="text-sm">
        Leia a{' '}
        <Link to={paths.privacyPolicy} target="_blank" className={textLinkClass}>
          Política de Privacidade
        </Link>{' '}
        antes de enviar.
      </p>
      <div className="space-y-3">
        <Consent
          checked={lgpd}
          onChange={(checked) => {
            setLgpd(checked);
            setErrors((current) => ({ ...current, lgpd: undefined }));
          }}
          error={errors.lgpd}
        >
          Autorizo o tratamento dos meus dados pessoais pela MediPay para a abertura e a manutenção
          da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade.
        </Consent>
        <Consent
          checked={kyc}
          onChange={(checked) => {
            setKyc(checked);
            setErrors((current) => ({ ...current, kyc: undefined }));
          }}
          error={errors.kyc}
        >
          Declaro que as informações e os documentos enviados são verdadeiros e autorizo a
          verificação da minha identidade (KYC), inclusive por biometria facial.
        </Consent>
      </div>
      <div className="flex flex-col-reverse gap-3 pt-4 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={onBack} disabled={sending}>
          Voltar
        </Button>
        <Button type="submit" disabled={sending}>
          {sending ? (
            <>
              <Spinner className="size-4" /> Enviando...
            </>
          ) : (
            'Enviar cadastro'
          )}
        </Button>
      </div>
    </form>
  );
}

function Consent({
  checked,
  onChange,
  error,
  children,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(value) => onChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-snug">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="pl-8 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
