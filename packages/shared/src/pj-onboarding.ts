/** The company (PJ) wizard: one schema per step and one for the whole application. */
import { z } from 'zod';
import { addressShape } from './address';
import {
  choice,
  cnpjField,
  cpfField,
  companyName,
  contactShape,
  consentShape,
  personName,
  optionalText,
  requiredText,
  uploadedFile,
} from './fields';
import { pjFileFields } from './files';
import { validationMessages as m } from './messages';
import {
  areaAtuacaoValues,
  bancoValues,
  faturamentoMensalValues,
  numeroFuncionariosValues,
  responsavelCargoValues,
  tipoContaValues,
  tipoEmpresaValues,
} from './options';
import { CNES_MAX_LENGTH } from './constants';
import { wizardSchemas } from './wizard';

export const pjSteps = [
  { id: 1, key: 'empresa', title: 'Dados da Empresa', description: 'Identificação da operadora' },
  { id: 2, key: 'endereco', title: 'Endereço', description: 'Sede da empresa' },
  {
    id: 3,
    key: 'responsavel',
    title: 'Responsável Legal',
    description: 'Quem representa a empresa',
  },
  { id: 4, key: 'documentos', title: 'Documentos', description: 'Documentos da empresa' },
  { id: 5, key: 'financeiro', title: 'Dados Financeiros', description: 'Conta e porte' },
  { id: 6, key: 'revisao', title: 'Revisão e Consentimentos', description: 'Confira e envie' },
] as const;

export type PjStepId = (typeof pjSteps)[number]['id'];

/** Longest bank branch and account numbers accepted. */
export const AGENCIA_MAX_LENGTH = 6;
export const CONTA_MAX_LENGTH = 20;

function bankNumber(requiredMessage: string, formatMessage: string, max: number) {
  return requiredText(requiredMessage, max).regex(/^[\d-]*$/, formatMessage);
}

const companyShape = {
  razaoSocial: companyName(5, m.razaoSocial),
  nomeFantasia: companyName(1, m.nomeFantasia),
  cnpj: cnpjField,
  inscricaoEstadual: optionalText(20),
  inscricaoMunicipal: optionalText(20),
  tipoEmpresa: choice(tipoEmpresaValues, m.tipoEmpresa),
  areaAtuacao: choice(areaAtuacaoValues, m.areaAtuacao),
  ...contactShape,
};

const pjAddressShape = {
  ...addressShape,
  comprovanteEndereco: uploadedFile(pjFileFields.comprovanteEndereco),
};

const responsibleShape = {
  responsavelNome: personName(5, m.responsavelNome),
  responsavelCpf: cpfField,
  responsavelRg: requiredText(m.responsavelRg, 20),
  responsavelCargo: choice(responsavelCargoValues, m.responsavelCargo),
  responsavelDocFrente: uploadedFile(pjFileFields.responsavelDocFrente),
  responsavelDocVerso: uploadedFile(pjFileFields.responsavelDocVerso),
};

const documentsShape = {
  contratoSocial: uploadedFile(pjFileFields.contratoSocial),
  cartaoCnpj: uploadedFile(pjFileFields.cartaoCnpj),
  alvaraFuncionamento: uploadedFile(pjFileFields.alvaraFuncionamento),
  cnes: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{0,${CNES_MAX_LENGTH}}$`), m.cnes)
    .optional()
    .transform((value) => value || undefined),
  cnesDocumento: uploadedFile(pjFileFields.cnesDocumento).optional(),
};

const financeShape = {
  banco: choice(bancoValues, m.banco),
  agencia: bankNumber(m.agencia, m.agenciaFormat, AGENCIA_MAX_LENGTH),
  conta: bankNumber(m.conta, m.contaFormat, CONTA_MAX_LENGTH),
  tipoConta: choice(tipoContaValues, m.tipoConta),
  faturamentoMensal: choice(faturamentoMensalValues, m.faturamentoMensal),
  numeroFuncionarios: choice(numeroFuncionariosValues, m.numeroFuncionarios),
};

const wizard = wizardSchemas({
  1: companyShape,
  2: pjAddressShape,
  3: responsibleShape,
  4: documentsShape,
  5: financeShape,
  6: consentShape,
});

export const pjCompanySchema = wizard.stepSchemas[1];
export const pjAddressSchema = wizard.stepSchemas[2];
export const pjResponsibleSchema = wizard.stepSchemas[3];
export const pjDocumentsSchema = wizard.stepSchemas[4];
export const pjFinanceSchema = wizard.stepSchemas[5];
export const pjConsentSchema = wizard.stepSchemas[6];

export const pjStepSchemas = wizard.stepSchemas satisfies Record<PjStepId, z.ZodType>;

export const pjStepFields: Record<PjStepId, readonly string[]> = wizard.stepFields;

/** The whole application, checked again at final submit. */
export const pjApplicationSchema = z.object(wizard.applicationShape);
