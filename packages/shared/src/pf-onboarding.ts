/** The individual (PF) wizard: one schema per step and one for the whole application. */
import { z } from 'zod';
import { addressShape } from './address';
import {
  choice,
  cpfField,
  emailField,
  minText,
  consentShape,
  optionalDate,
  optionalText,
  phoneField,
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
  nomeCompleto: minText(5, m.nomeCompleto),
  nacionalidade: choice(nacionalidadeValues, m.nacionalidade),
  cpf: cpfField,
  estadoCivil: choice(estadoCivilValues, m.estadoCivil),
  email: emailField,
  telefone: phoneField,
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
  docIdentidadeNome: requiredText(m.docIdentidadeNome),
  docIdentidadeNumero: requiredText(m.docIdentidadeNumero, 30),
  docIdentidadeOrgao: optionalText(60),
  docIdentidadeUf: optionalText(2),
  docIdentidadeValidade: optionalDate(m.docIdentidadeValidade),
};

const biometricsShape = {
  selfie: uploadedFile(pfFileFields.selfie),
  selfieDoc: uploadedFile(pfFileFields.selfieDoc),
  livenessPassed: z.literal(true, { error: m.livenessSchema }),
};

const pepShape = {
  pepTipo: choice(pepTipoValues, m.pepTipo),
  pepNome: optionalText(),
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

export const pfIdentificationSchema = z.object(identificationShape);
export const pfAddressSchema = z.object(pfAddressShape);
export const pfDocumentsSchema = z.object(documentsShape);
export const pfBiometricsSchema = z.object(biometricsShape);
export const pfPepSchema = z.object(pepShape).superRefine(checkPep).transform(keepPepFields);
export const pfConsentSchema = z.object(consentShape);

export type PfIdentification = z.infer<typeof pfIdentificationSchema>;
export type PfAddress = z.infer<typeof pfAddressSchema>;
export type PfDocuments = z.infer<typeof pfDocumentsSchema>;
export type PfBiometrics = z.infer<typeof pfBiometricsSchema>;
export type PfPep = z.infer<typeof pfPepSchema>;
export type PfConsent = z.infer<typeof pfConsentSchema>;

/** The schema of each step, by step id. */
export const pfStepSchemas = {
  1: pfIdentificationSchema,
  2: pfAddressSchema,
  3: pfDocumentsSchema,
  4: pfBiometricsSchema,
  5: pfPepSchema,
  6: pfConsentSchema,
} as const satisfies Record<PfStepId, z.ZodType>;

/** The fields of each step, in form order, for finding the first incomplete step. */
export const pfStepFields: Record<PfStepId, readonly string[]> = {
  1: Object.keys(identificationShape),
  2: Object.keys(pfAddressShape),
  3: Object.keys(documentsShape),
  4: Object.keys(biometricsShape),
  5: Object.keys(pepShape),
  6: Object.keys(consentShape),
};

/** The whole application, checked again at final submit. */
export const pfApplicationSchema = z
  .object({
    ...identificationShape,
    ...pfAddressShape,
    ...documentsShape,
    ...biometricsShape,
    ...pepShape,
    ...consentShape,
  })
  .superRefine(checkPep)
  .transform(keepPepFields);

export type PfApplication = z.infer<typeof pfApplicationSchema>;
