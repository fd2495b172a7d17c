import { maskCnpj, maskCpf, maskPhone } from '@medipay/shared/masks';
import {
  areaAtuacaoOptions,
  bancoOptions,
  faturamentoMensalOptions,
  labelOf,
  numeroFuncionariosOptions,
  responsavelCargoOptions,
  tipoContaOptions,
  tipoEmpresaOptions,
} from '@medipay/shared/options';
import { ReviewItem } from '../../../../components/wizard/review-section';
import { WizardReview, type ReviewSections } from '../../../../components/wizard/wizard-review';
import { pjWizard } from '../pj-wizard-flow';
import type { StepProps } from '../step-props';

const files = (...names: (string | undefined)[]) => names.filter(Boolean).join(', ');

/** Steps 1, 3, 4 and 5 on the review (the address is the wizard's own section). */
function sections(values: StepProps['values']): ReviewSections {
  const agencia = values.agencia && `${values.agencia} / ${values.conta ?? ''}`;
  return {
    1: (
      <>
        <ReviewItem label="Razão social" value={values.razaoSocial} />
        <ReviewItem label="Nome fantasia" value={values.nomeFantasia} />
        <ReviewItem label="CNPJ" value={values.cnpj && maskCnpj(values.cnpj)} />
        <ReviewItem label="Inscrição estadual" value={values.inscricaoEstadual} />
        <ReviewItem label="Inscrição municipal" value={values.inscricaoMunicipal} />
        <ReviewItem
          label="Tipo de empresa"
          value={labelOf(tipoEmpresaOptions, values.tipoEmpresa)}
        />
        <ReviewItem
          label="Área de atuação"
          value={labelOf(areaAtuacaoOptions, values.areaAtuacao)}
        />
        <ReviewItem label="E-mail" value={values.email} />
        <ReviewItem label="Telefone" value={values.telefone && maskPhone(values.telefone)} />
      </>
    ),
    3: (
      <>
        <ReviewItem label="Nome" value={values.responsavelNome} />
        <ReviewItem label="CPF" value={values.responsavelCpf && maskCpf(values.responsavelCpf)} />
        <ReviewItem label="RG" value={values.responsavelRg} />
        <ReviewItem
          label="Cargo"
          value={labelOf(responsavelCargoOptions, values.responsavelCargo)}
        />
        <ReviewItem
          label="Arquivos"
          value={files(values.responsavelDocFrente?.name, values.responsavelDocVerso?.name)}
        />
      </>
    ),
    4: (
      <>
        <ReviewItem label="Contrato social" value={values.contratoSocial?.name} />
        <ReviewItem label="Cartão CNPJ" value={values.cartaoCnpj?.name} />
        <ReviewItem label="Alvará de funcionamento" value={values.alvaraFuncionamento?.name} />
        <ReviewItem label="CNES" value={values.cnes} />
        <ReviewItem label="Certificado do CNES" value={values.cnesDocumento?.name} />
      </>
    ),
    5: (
      <>
        <ReviewItem label="Banco" value={labelOf(bancoOptions, values.banco)} />
        <ReviewItem label="Agência e conta" value={agencia} />
        <ReviewItem label="Tipo de conta" value={labelOf(tipoContaOptions, values.tipoConta)} />
        <ReviewItem
          label="Faturamento mensal"
          value={labelOf(faturamentoMensalOptions, values.faturamentoMensal)}
        />
        <ReviewItem
          label="Funcionários"
          value={labelOf(numeroFuncionariosOptions, values.numeroFuncionarios)}
        />
      </>
    ),
  };
}

/** Step 6: everything the company sent, section by section, the two consents and the submit. */
export function ReviewStep(props: StepProps & { onEdit: (step: number) => void }) {
  return <WizardReview wizard={pjWizard} sections={sections(props.values)} {...props} />;
}
