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
import { WizardReview, type ReviewSections } from '../../../../components/wizard/wizard-review';
import { pfWizard } from '../pf-wizard-flow';
import type { StepProps } from '../step-props';

/** Steps 1, 3, 4 and 5 on the review (the address is the wizard's own section). */
function sections(values: StepProps['values']): ReviewSections {
  const pepFields = values.pepTipo && values.pepTipo !== 'NAO';
  const biometrics = !values.livenessPassed
    ? 'Pendente'
    : values.biometricDecision === 'em_revisao'
      ? biometricMessages.reviewTitle
      : `Aprovada (confiança ${formatConfidence(values.livenessConfidence ?? 0)})`;
  return {
    1: (
      <>
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
      </>
    ),
    3: (
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
      </>
    ),
    4: <ReviewItem label="Verificação" value={biometrics} />,
    5: (
      <>
        <ReviewItem label="Declaração" value={labelOf(pepTipoOptions, values.pepTipo)} />
        {pepFields && <ReviewItem label="Cargo" value={values.pepCargo} />}
        {pepFields && <ReviewItem label="Órgão" value={values.pepOrgao} />}
        {values.pepTipo === 'RELACIONADO' && <ReviewItem label="Nome" value={values.pepNome} />}
      </>
    ),
  };
}

/** Step 6: everything typed, section by section, the two consents and the submit. */
export function ReviewStep(props: StepProps & { onEdit: (step: number) => void }) {
  return <WizardReview wizard={pfWizard} sections={sections(props.values)} {...props} />;
}
