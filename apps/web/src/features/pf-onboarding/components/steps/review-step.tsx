import type { ReactNode } from 'react';
import { biometricMessages, formatConfidence } from '@medipay/shared/biometrics';
import { maskCep, maskCpf, maskPhoneInternational } from '@medipay/shared/masks';
import {
  docProfissionalOptions,
  estadoCivilOptions,
  labelOf,
  nacionalidadeOptions,
  pepTipoOptions,
} from '@medipay/shared/options';
import { pfSteps } from '@medipay/shared/pf-onboarding';
import { ReviewSubmit } from '../../../../components/wizard/review-submit';
import { ReviewItem, ReviewSection } from '../../../../components/wizard/review-section';
import { paths } from '../../../../config/paths';
import { submitApplication } from '../../api/submit-application';
import type { StepProps } from '../step-props';

type ReviewStepProps = StepProps & { onEdit: (step: number) => void };

function Section(props: { step: number; onEdit: (step: number) => void; children: ReactNode }) {
  const title = pfSteps.find((entry) => entry.id === props.step)?.title ?? '';
  return <ReviewSection title={title} {...props} />;
}

/** Step 6: everything typed, section by section, the two consents and the submit. */
export function ReviewStep({ values, onBack, onEdit }: ReviewStepProps) {
  const pepFields = values.pepTipo && values.pepTipo !== 'NAO';
  return (
    <div className="space-y-4">
      <Section step={1} onEdit={onEdit}>
        <ReviewItem label="Nome completo" value={values.nomeCompleto} />
        <ReviewItem
          label="Nacionalidade"
          value={labelOf(nacionalidadeOptions, values.nacionalidade)}
        />
        <ReviewItem label="CPF" value={values.cpf && maskCpf(values.cpf)} />
        <ReviewItem label="Estado civil" value={labelOf(estadoCivilOptions, values.estadoCivil)} />
        <ReviewItem label="E-mail" value={values.email} />
        <ReviewItem
          label="Telefone"
          value={values.telefone && maskPhoneInternational(values.telefone)}
        />
      </Section>
      <Section step={2} onEdit={onEdit}>
        <ReviewItem label="CEP" value={values.cep && maskCep(values.cep)} />
        <ReviewItem
          label="Endereço"
          value={[values.logradouro, values.numero, values.complemento].filter(Boolean).join(', ')}
        />
        <ReviewItem label="Bairro" value={values.bairro} />
        <ReviewItem
          label="Cidade"
          value={values.cidade && `${values.cidade} - ${values.uf ?? ''}`}
        />
        <ReviewItem label="Comprovante de residência" value={values.comprovanteResidencia?.name} />
      </Section>
      <Section step={3} onEdit={onEdit}>
        <ReviewItem
          label="Registro profissional"
          value={
            values.docProfissionalTipo &&
            `${labelOf(docProfissionalOptions, values.docProfissionalTipo)} ${values.docProfissionalNumero ?? ''} - ${values.docProfissionalUf ?? ''}`
          }
        />
        <ReviewItem label="Órgão emissor" value={values.docProfissionalOrgaoEmissor} />
        <ReviewItem
          label="Documento de identidade"
          value={[values.docIdentidadeNumero, values.docIdentidadeOrgao, values.docIdentidadeUf]
            .filter(Boolean)
            .join(' ')}
        />
        <ReviewItem
          label="Arquivos"
          value={[values.docIdentidadeFrente?.name, values.docIdentidadeVerso?.name]
            .filter(Boolean)
            .join(', ')}
        />
      </Section>
      <Section step={4} onEdit={onEdit}>
        <ReviewItem
          label="Verificação"
          value={
            !values.livenessPassed
              ? 'Pendente'
              : values.biometricDecision === 'em_revisao'
                ? biometricMessages.reviewTitle
                : `Aprovada (confiança ${formatConfidence(values.livenessConfidence ?? 0)})`
          }
        />
      </Section>
      <Section step={5} onEdit={onEdit}>
        <ReviewItem label="Declaração" value={labelOf(pepTipoOptions, values.pepTipo)} />
        {pepFields && <ReviewItem label="Cargo" value={values.pepCargo} />}
        {pepFields && <ReviewItem label="Órgão" value={values.pepOrgao} />}
        {values.pepTipo === 'RELACIONADO' && <ReviewItem label="Nome" value={values.pepNome} />}
      </Section>

      <ReviewSubmit
        flow="PF"
        initial={values}
        lgpdText="Autorizo o tratamento dos meus dados pessoais pela MediPay para a abertura e a manutenção da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade."
        kycText="Declaro que as informações e os documentos enviados são verdadeiros e autorizo a verificação da minha identidade (KYC), inclusive por biometria facial."
        submitLabel="Enviar cadastro"
        send={submitApplication}
        successPath={paths.onboardingPfSuccess}
        onBack={onBack}
      />
    </div>
  );
}
