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
import { AddressReviewItems, WizardReview } from '../../../../components/wizard/wizard-review';
import { pjWizard } from '../pj-wizard-flow';
import type { StepProps } from '../step-props';

type ReviewStepProps = StepProps & { onEdit: (step: number) => void };

const files = (...names: (string | undefined)[]) => names.filter(Boolean).join(', ');

/** Step 6: everything the company sent, section by section, the two consents and the submit. */
export function ReviewStep({ values, onBack, onEdit }: ReviewStepProps) {
  return (
    <WizardReview
      wizard={pjWizard}
      initial={values}
      onEdit={onEdit}
      onBack={onBack}
      lgpdText="Autorizo o tratamento dos dados da empresa e do seu responsável legal pela MediPay para a abertura e a manutenção da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade."
      kycText="Declaro que as informações e os documentos enviados são verdadeiros e autorizo a verificação da empresa e do seu responsável legal (KYC), inclusive junto à Receita Federal."
      submitLabel="Finalizar Cadastro"
      sections={[
        {
          step: 1,
          items: (
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
        },
        {
          step: 2,
          items: (
            <AddressReviewItems
              values={values}
              proofLabel="Comprovante de endereço"
              proofName={values.comprovanteEndereco?.name}
            />
          ),
        },
        {
          step: 3,
          items: (
            <>
              <ReviewItem label="Nome" value={values.responsavelNome} />
              <ReviewItem
                label="CPF"
                value={values.responsavelCpf && maskCpf(values.responsavelCpf)}
              />
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
        },
        {
          step: 4,
          items: (
            <>
              <ReviewItem label="Contrato social" value={values.contratoSocial?.name} />
              <ReviewItem label="Cartão CNPJ" value={values.cartaoCnpj?.name} />
              <ReviewItem
                label="Alvará de funcionamento"
                value={values.alvaraFuncionamento?.name}
              />
              <ReviewItem label="CNES" value={values.cnes} />
              <ReviewItem label="Certificado do CNES" value={values.cnesDocumento?.name} />
            </>
          ),
        },
        {
          step: 5,
          items: (
            <>
              <ReviewItem label="Banco" value={labelOf(bancoOptions, values.banco)} />
              <ReviewItem
                label="Agência e conta"
                value={values.agencia && `${values.agencia} / ${values.conta ?? ''}`}
              />
              <ReviewItem
                label="Tipo de conta"
                value={labelOf(tipoContaOptions, values.tipoConta)}
              />
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
        },
      ]}
    />
  );
}
