import { biometricMessages, formatConfidence } from '@medipay/shared/biometrics';
import { maskCpf, maskPhoneInternational } from '@medipay/shared/masks';
import {
  docProfissionalOptions,
  estadoCivilOptions,
  labelOf,
  nacionalidadeOptions,
  pepTipoOptions,
} from '@medipay/shared/options';
import { ReviewItem } from '../../../../components/wizard/review-section';
import { AddressReviewItems, WizardReview } from '../../../../components/wizard/wizard-review';
import { pfWizard } from '../pf-wizard-flow';
import type { StepProps } from '../step-props';

type ReviewStepProps = StepProps & { onEdit: (step: number) => void };

/** Step 6: everything typed, section by section, the two consents and the submit. */
export function ReviewStep({ values, onBack, onEdit }: ReviewStepProps) {
  const pepFields = values.pepTipo && values.pepTipo !== 'NAO';
  return (
    <WizardReview
      wizard={pfWizard}
      initial={values}
      onEdit={onEdit}
      onBack={onBack}
      lgpdText="Autorizo o tratamento dos meus dados pessoais pela MediPay para a abertura e a manutenção da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade."
      kycText="Declaro que as informações e os documentos enviados são verdadeiros e autorizo a verificação da minha identidade (KYC), inclusive por biometria facial."
      submitLabel="Enviar cadastro"
      sections={[
        {
          step: 1,
          items: (
            <>
              <ReviewItem label="Nome completo" value={values.nomeCompleto} />
              <ReviewItem
                label="Nacionalidade"
                value={labelOf(nacionalidadeOptions, values.nacionalidade)}
              />
              <ReviewItem label="CPF" value={values.cpf && maskCpf(values.cpf)} />
              <ReviewItem
                label="Estado civil"
                value={labelOf(estadoCivilOptions, values.estadoCivil)}
              />
              <ReviewItem label="E-mail" value={values.email} />
              <ReviewItem
                label="Telefone"
                value={values.telefone && maskPhoneInternational(values.telefone)}
              />
            </>
          ),
        },
        {
          step: 2,
          items: (
            <AddressReviewItems
              values={values}
              proofLabel="Comprovante de residência"
              proofName={values.comprovanteResidencia?.name}
            />
          ),
        },
        {
          step: 3,
          items: (
            <>
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
                value={[
                  values.docIdentidadeNumero,
                  values.docIdentidadeOrgao,
                  values.docIdentidadeUf,
                ]
                  .filter(Boolean)
                  .join(' ')}
              />
              <ReviewItem
                label="Arquivos"
                value={[values.docIdentidadeFrente?.name, values.docIdentidadeVerso?.name]
                  .filter(Boolean)
                  .join(', ')}
              />
            </>
          ),
        },
        {
          step: 4,
          items: (
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
          ),
        },
        {
          step: 5,
          items: (
            <>
              <ReviewItem label="Declaração" value={labelOf(pepTipoOptions, values.pepTipo)} />
              {pepFields && <ReviewItem label="Cargo" value={values.pepCargo} />}
              {pepFields && <ReviewItem label="Órgão" value={values.pepOrgao} />}
              {values.pepTipo === 'RELACIONADO' && (
                <ReviewItem label="Nome" value={values.pepNome} />
              )}
            </>
          ),
        },
      ]}
    />
  );
}
