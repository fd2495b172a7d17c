/** The individual (PF) wizard: one schema per step and one for the whole application. */
import { z } from 'zod';
import { addressShape } from './address';
import {
  choice,
  cpfField,
  contactShape,
  consentShape,
  optionalDate,
  optionalPersonName,
  optionalText,
  personName,
  requiredText,
  ufField,
  uploadedFile,
} from './fields';
import { pfFileFields } from './files';
import { validationMessages as m } from './messages';
import {
  docProfissionalValues,
  estadoCivilValues,
  nacionalidadeValues,
  pepTipoValues,
} from './options';
import { isValidCpf } from './tax-id';
import { wizardSchemas } from './wizard';

export const pfSteps = [
  { id: 1, key: 'identificacao', title: 'Identificação', description: 'Dados pessoais' },
  { id: 2, key: 'endereco', title: 'Endereço', description: 'Onde você mora' },
  {
    id: 3,
    key: 'documentos',
    title: 'Documentos e Profissão',
    description: 'Registro profissional e identidade',
  },
  {
    id: 4,
    key: 'biometria',
    title: 'Biometria e Verificação',
    description: 'Selfie e prova de vida',
  },
  { id: 5, key: 'pep', title: 'PEP', description: 'Pessoa politicamente exposta' },
  { id: 6, key: 'revisao', title: 'Revisão e Consentimento', description: 'Confira e envie' },
] as const;

export type PfStepId = (typeof pfSteps)[number]['id'];

const identificationShape = {
  nomeCompleto: personName(5, m.nomeCompleto),
  nacionalidade: choice(nacionalidadeValues, m.nacionalidade),
  cpf: cpfField,
  estadoCivil: choice(estadoCivilValues, m.estadoCivil),
  ...contactShape,
};

const pfAddressShape = {
  ...addressShape,
  comprovanteResidencia: uploadedFile(pfFileFields.comprovanteResidencia),
};

const documentsShape = {
  docProfissionalTipo: choice(docProfissionalValues, m.docProfissionalTipo),
  docProfissionalNumero: requiredText(m.docProfissionalNumero, 30),
  docProfissionalUf: ufField,
  docProfissionalOrgaoEmissor: optionalText(60),
  docIdentidadeFrente: uploadedFile(pfFileFields.docIdentidadeFrente),
  docIdentidadeVerso: uploadedFile(pfFileFields.docIdentidadeVerso),
  /**
   * Read from the identity document by the extraction, then confirmed or typed by the applicant.
   * The name and the number are required (typed when the reading fails): the reviewer compares
   * them with the document. An RG has no expiry, so the validity stays optional.
   */
  docIdentidadeNome: personName(1, m.docIdentidadeNome),
  docIdentidadeNumero: requiredText(m.docIdentidadeNumero, 30),
  docIdentidadeOrgao: optionalText(60),
  docIdentidadeUf: optionalText(2),
  docIdentidadeValidade: optionalDate(m.docIdentidadeValidade),
  /**
   * The applicant confirms that the document is theirs although its name or CPF differs from
   * step 1's (identity-comparison.ts, documentOwnerMismatch); the server refuses the save
   * without it.
   */
  docIdentidadeDivergenciaConfirmada: z.boolean().optional(),
};

const biometricsShape = {
  selfie: uploadedFile(pfFileFields.selfie),
  selfieDoc: uploadedFile(pfFileFields.selfieDoc),
  livenessPassed: z.literal(true, { error: m.livenessSchema }),
};

const pepShape = {
  pepTipo: choice(pepTipoValues, m.pepTipo),
  pepNome: optionalPersonName(),
  pepCpf: optionalText(14),
  pepCargo: optionalText(),
  pepOrgao: optionalText(),
};

type PepFields = {
  pepTipo: (typeof pepTipoValues)[number];
  pepNome?: string | undefined;
  pepCpf?: string | undefined;
  pepCargo?: string | undefined;
  pepOrgao?: string | undefined;
};

/** Fields the PEP answer requires: cargo and órgão for a PEP; also nome and CPF for a relative. */
export const pepRequiredFields = {
  NAO: [],
  PEP: ['pepCargo', 'pepOrgao'],
  RELACIONADO: ['pepNome', 'pepCpf', 'pepCargo', 'pepOrgao'],
} as const satisfies Record<PepFields['pepTipo'], readonly (keyof PepFields)[]>;

function checkPep(value: PepFields, ctx: z.RefinementCtx) {
  for (const field of pepRequiredFields[value.pepTipo]) {
    if (!value[field]) ctx.addIssue({ code: 'custom', path: [field], message: m.pepFields });
  }
  if (value.pepTipo === 'RELACIONADO' && value.pepCpf && !isValidCpf(value.pepCpf)) {
    ctx.addIssue({ code: 'custom', path: ['pepCpf'], message: m.cpfInvalid });
  }
}

/** Keeps only the PEP fields the answer uses (a relative's CPF stored as digits). */
function keepPepFields<T extends PepFields>(value: T): T {
  const used = new Set<string>(pepRequiredFields[value.pepTipo]);
  const result = { ...value };
  for (const field of ['pepNome', 'pepCpf', 'pepCargo', 'pepOrgao'] as const) {
    if (!used.has(field)) result[field] = undefined;
  }
  if (result.pepCpf) result.pepCpf = result.pepCpf.replace(/\D/g, '');
  return result;
}

const wizard = wizardSchemas({
  1: identificationShape,
  2: pfAddressShape,
  3: documentsShape,
  4: biometricsShape,
  5: pepShape,
  6: consentShape,
});

export const pfIdentificationSchema = wizard.stepSchemas[1];
export const pfAddressSchema = wizard.stepSchemas[2];
export const pfDocumentsSchema = wizard.stepSchemas[3];
export const pfBiometricsSchema = wizard.stepSchemas[4];
export const pfPepSchema = wizard.stepSchemas[5].superRefine(checkPep).transform(keepPepFields);
export const pfConsentSchema = wizard.stepSchemas[6];

/** The schema of each step, by step id (step 5 with its PEP rules). */
export const pfStepSchemas = {
  ...wizard.stepSchemas,
  5: pfPepSchema,
} as const satisfies Record<PfStepId, z.ZodType>;

/** The fields of each step, in form order, for finding the first incomplete step. */
export const pfStepFields: Record<PfStepId, readonly string[]> = wizard.stepFields;

/** The whole application, checked again at final submit. */
export const pfApplicationSchema = z
  .object(wizard.applicationShape)
  .superRefine(checkPep)
  .transform(keepPepFields);
