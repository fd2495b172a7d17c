import type { ReactNode } from 'react';
import { maskCep, maskCnpj, maskCpf, maskPhone } from '@medipay/shared/masks';
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
import { pjSteps } from '@medipay/shared/pj-onboarding';
import { ReviewSubmit } from '../../../../components/wizard/review-submit';
import { ReviewItem, ReviewSection } from '../../../../components/wizard/review-section';
import { paths } from '../../../../config/paths';
import { submitApplication } from '../../api/submit-application';
import type { StepProps } from '../step-props';

type ReviewStepProps = StepProps & { onEdit: (step: number) => void };

function Section(props: { step: number; onEdit: (step: number) => void; children: ReactNode }) {
  const title = pjSteps.find((entry) => entry.id === props.step)?.title ?? '';
  return <ReviewSection title={title} {...props} />;
}

const files = (...names: (string | undefined)[]) => names.filter(Boolean).join(', ');

/** Step 6: everything the company sent, section by section, the two consents and the submit. */
export function ReviewStep({ values, onBack, onEdit }: ReviewStepProps) {
  return (
    <div className="space-y-4">
      <Section step={1} onEdit={onEdit}>
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
        <ReviewItem label="Comprovante de endereço" value={values.comprovanteEndereco?.name} />
      </Section>
      <Section step={3} onEdit={onEdit}>
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
      </Section>
      <Section step={4} onEdit={onEdit}>
        <ReviewItem label="Contrato social" value={values.contratoSocial?.name} />
        <ReviewItem label="Cartão CNPJ" value={values.cartaoCnpj?.name} />
        <ReviewItem label="Alvará de funcionamento" value={values.alvaraFuncionamento?.name} />
        <ReviewItem label="CNES" value={values.cnes} />
        <ReviewItem label="Certificado do CNES" value={values.cnesDocumento?.name} />
      </Section>
      <Section step={5} onEdit={onEdit}>
        <ReviewItem label="Banco" value={labelOf(bancoOptions, values.banco)} />
        <ReviewItem
          label="Agência e conta"
          value={values.agencia && `${values.agencia} / ${values.conta ?? ''}`}
        />
        <ReviewItem label="Tipo de conta" value={labelOf(tipoContaOptions, values.tipoConta)} />
        <ReviewItem
          label="Faturamento mensal"
          value={labelOf(faturamentoMensalOptions, values.faturamentoMensal)}
        />
        <ReviewItem
          label="Funcionários"
          value={labelOf(numeroFuncionariosOptions, values.numeroFuncionarios)}
        />
      </Section>

      <ReviewSubmit
        flow="PJ"
        initial={values}
        lgpdText="Autorizo o tratamento dos dados da empresa e do seu responsável legal pela MediPay para a abertura e a manutenção da conta, nos termos da LGPD (Lei 13.709/2018) e da Política de Privacidade."
        kycText="Declaro que as informações e os documentos enviados são verdadeiros e autorizo a verificação da empresa e do seu responsável legal (KYC), inclusive junto à Receita Federal."
        submitLabel="Finalizar Cadastro"
        send={submitApplication}
        successPath={paths.onboardingPjSuccess}
        onBack={onBack}
      />
    </div>
  );
}
