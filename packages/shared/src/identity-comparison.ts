/**
 * Who the applicant says they are against what their identity document says: the reviewer's
 * three-source table and its disagreement flags, and the wizard's own check before the identity
 * document's data is saved. Pure functions, the same on the server and in the browser.
 *
 * The sources: what the applicant typed (PF step 1; PJ the legal representative's data), what the
 * registry (Receita Federal, PJ) says, what was read from the document, and what the applicant
 * left in the document's fields of PF step 3 after the reading filled them (corrected).
 */
import { isValidCpf, onlyDigits } from './tax-id';
import { editDistance } from './text';

export const identitySources = ['typed', 'registry', 'read', 'corrected'] as const;
export type IdentitySource = (typeof identitySources)[number];

export const identitySourceLabels: Record<IdentitySource, string> = {
  typed: 'Informado pelo solicitante',
  registry: 'Receita Federal',
  read: 'Lido do documento',
  corrected: 'Confirmado na etapa 3',
};

export type IdentityRowAgreement = 'confere' | 'divergente' | 'sem_comparacao';

export type IdentityRow = {
  key: string;
  label: string;
  /** One value per source of the table (null where the source has none). */
  values: Partial<Record<IdentitySource, string | null>>;
  agreement: IdentityRowAgreement;
};

export const identityFlagCodes = [
  'nome_documento_difere',
  'cpf_documento_difere',
  'dados_documento_alterados',
  'divergencia_confirmada',
  'razao_social_difere',
  'responsavel_fora_do_quadro',
] as const;
export type IdentityFlagCode = (typeof identityFlagCodes)[number];

export type IdentityFlag = { code: IdentityFlagCode; message: string };

export type IdentityComparison = {
  /** The table's columns, in order. */
  sources: IdentitySource[];
  rows: IdentityRow[];
  /** Each disagreement, most serious first. */
  flags: IdentityFlag[];
};

/** Upper case, no accents, letters, digits and single spaces only. */
export function normaliseName(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toUpperCase()
    .replace(/[^0-9A-Z]+/g, ' ')
    .trim();
}

/** Letters and digits only (document numbers: dots and dashes do not count). */
export const normaliseCode = (value: string) => normaliseName(value).replace(/ /g, '');

/** A date as `dd/MM/yyyy`, from that form or from `yyyy-MM-dd`. */
export function normaliseDate(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : value.trim();
}

/**
 * Whether a name read from a document is the typed name, allowing for what OCR gets wrong: one
 * character in ten (at least one). "ANA PAULA RIBEIRO COSTA" is not "JULIANA FERREIRA LIMA".
 */
export function readNameMatches(typed: string, read: string): boolean {
  const a = normaliseName(typed);
  const b = normaliseName(read);
  return editDistance(a, b) <= Math.max(1, Math.floor(Math.max(a.length, b.length) / 10));
}

/** The CPF a document number is, when it is one (the CIN's number is the holder's CPF). */
export function cpfOfDocumentNumber(numero: string | null | undefined): string | null {
  const digits = onlyDigits(numero ?? '');
  return digits.length === 11 && isValidCpf(digits) ? digits : null;
}

export type DocumentOwnerMismatch = { nome: boolean; cpf: boolean };

/**
 * What the wizard asks the applicant to confirm before saving the identity document's data:
 * the name on the document is not the name typed in step 1, or its number is a CPF other than
 * the one typed. Null when both agree.
 */
export function documentOwnerMismatch(
  typed: { nome: string; cpf: string },
  document: { nome: string; numero: string },
): DocumentOwnerMismatch | null {
  const documentCpf = cpfOfDocumentNumber(document.numero);
  const mismatch = {
    nome:
      normaliseName(document.nome) !== '' &&
      normaliseName(typed.nome) !== normaliseName(document.nome),
    cpf: documentCpf !== null && documentCpf !== onlyDigits(typed.cpf),
  };
  return mismatch.nome || mismatch.cpf ? mismatch : null;
}

export const identityMessages = {
  confirmTitle: 'O documento é seu?',
  confirmName: (documentName: string, typedName: string) =>
    `O nome no documento (${documentName}) é diferente do nome informado na etapa 1 (${typedName}).`,
  confirmCpf: 'O CPF do documento é diferente do CPF informado na etapa 1.',
  confirmHint:
    'Envie um documento de identidade seu. Se o nome mudou (por exemplo, após casamento), confirme para continuar: a divergência será analisada pela nossa equipe.',
  confirmAction: 'Confirmar e continuar',
  correctAction: 'Corrigir',
  /** The server's refusal of a save that was not confirmed. */
  notConfirmed:
    'Os dados do documento de identidade são diferentes dos informados na etapa 1. Confirme que o documento é seu para continuar.',
  flags: {
    nome_documento_difere: 'O nome no documento de identidade difere do nome informado.',
    cpf_documento_difere: 'O CPF do documento de identidade difere do CPF informado.',
    dados_documento_alterados: (fields: string) =>
      `O solicitante alterou dados lidos do documento: ${fields}.`,
    divergencia_confirmada: 'O solicitante confirmou que o documento é dele apesar da divergência.',
    razao_social_difere: 'A razão social informada difere da razão social na Receita Federal.',
    responsavel_fora_do_quadro:
      'O responsável informado não consta no quadro de sócios e administradores da Receita Federal.',
  },
  flagsTitle: 'Divergências de identidade',
  noFlags: 'Nenhuma divergência entre os dados informados, a Receita Federal e o documento.',
} as const;

/** Confere when every value present agrees, divergente when two differ, else no comparison. */
function agreementOf(
  values: readonly (string | null | undefined)[],
  same: (a: string, b: string) => boolean,
): IdentityRowAgreement {
  const present = values.filter((value): value is string => Boolean(value?.trim()));
  if (present.length < 2) return 'sem_comparacao';
  return present.every((value) => same(present[0]!, value)) ? 'confere' : 'divergente';
}

const sameBy = (normalise: (value: string) => string) => (a: string, b: string) =>
  normalise(a) === normalise(b);

type ReadFields = {
  kind: string | null;
  nome: string | null;
  numero: string | null;
  orgao: string | null;
  uf: string | null;
  validade: string | null;
};

/** The PF application: step 1, the document as read, the document's fields as saved in step 3. */
export function comparePfIdentity(input: {
  typed: { nome: string | null; cpf: string | null };
  read: ReadFields | null;
  corrected: {
    nome: string | null;
    numero: string | null;
    orgao: string | null;
    uf: string | null;
    validade: string | null;
  };
  /** The applicant confirmed in step 3 that the document is theirs despite a difference. */
  confirmed: boolean;
}): IdentityComparison {
  const { typed, read, corrected } = input;
  const readCpf = cpfOfDocumentNumber(read?.numero);
  const correctedCpf = cpfOfDocumentNumber(corrected.numero);
  const documentFields = [
    { key: 'numero', label: 'Número', normalise: normaliseCode },
    { key: 'orgao', label: 'Órgão emissor', normalise: normaliseCode },
    { key: 'uf', label: 'UF', normalise: normaliseCode },
    { key: 'validade', label: 'Validade', normalise: normaliseDate },
  ] as const;
  const rows: IdentityRow[] = [
    {
      key: 'nome',
      label: 'Nome',
      values: { typed: typed.nome, read: read?.nome ?? null, corrected: corrected.nome },
      agreement: agreementOf([typed.nome, read?.nome, corrected.nome], sameBy(normaliseName)),
    },
    {
      key: 'cpf',
      label: 'CPF',
      values: { typed: typed.cpf, read: readCpf, corrected: correctedCpf },
      agreement: agreementOf([typed.cpf, readCpf, correctedCpf], sameBy(onlyDigits)),
    },
    ...documentFields.map(({ key, label, normalise }) => ({
      key,
      label,
      values: { read: read?.[key] ?? null, corrected: corrected[key] },
      agreement: agreementOf([read?.[key], corrected[key]], sameBy(normalise)),
    })),
  ];

  const flags: IdentityFlag[] = [];
  const nameDiffers =
    Boolean(typed.nome) &&
    ((Boolean(corrected.nome) && normaliseName(corrected.nome!) !== normaliseName(typed.nome!)) ||
      (Boolean(read?.nome) && !readNameMatches(typed.nome!, read!.nome!)));
  if (nameDiffers) flags.push(flag('nome_documento_difere'));
  const typedCpf = onlyDigits(typed.cpf ?? '');
  if (typedCpf && [readCpf, correctedCpf].some((cpf) => cpf !== null && cpf !== typedCpf))
    flags.push(flag('cpf_documento_difere'));
  const changed = [
    { label: 'Nome', normalise: normaliseName, key: 'nome' as const },
    ...documentFields,
  ].filter(
    ({ key, normalise }) =>
      read?.[key] && corrected[key] && normalise(read[key]!) !== normalise(corrected[key]!),
  );
  if (changed.length > 0) {
    flags.push({
      code: 'dados_documento_alterados',
      message: identityMessages.flags.dados_documento_alterados(
        changed.map(({ label }) => label).join(', '),
      ),
    });
  }
  if (input.confirmed && (nameDiffers || flags.some((f) => f.code === 'cpf_documento_difere')))
    flags.push(flag('divergencia_confirmada'));
  return { sources: ['typed', 'read', 'corrected'], rows, flags };
}

/** The PJ application: the typed company and representative, the registry, the document read. */
export function comparePjIdentity(input: {
  typed: {
    razaoSocial: string | null;
    responsavelNome: string | null;
    responsavelCpf: string | null;
    responsavelRg: string | null;
  };
  /** Null when the registry's answer is not at hand. */
  registry: { razaoSocial: string; partners: readonly string[] } | null;
  read: ReadFields | null;
}): IdentityComparison {
  const { typed, registry, read } = input;
  const partner =
    registry && typed.responsavelNome
      ? (registry.partners.find(
          (name) => normaliseName(name) === normaliseName(typed.responsavelNome!),
        ) ?? null)
      : null;
  const readCpf = cpfOfDocumentNumber(read?.numero);
  const readRg = read?.numero && !readCpf ? read.numero : null;
  const rows: IdentityRow[] = [
    {
      key: 'razaoSocial',
      label: 'Razão social',
      values: { typed: typed.razaoSocial, registry: registry?.razaoSocial ?? null },
      agreement: agreementOf([typed.razaoSocial, registry?.razaoSocial], sameBy(normaliseName)),
    },
    {
      key: 'responsavelNome',
      label: 'Nome do responsável',
      values: {
        typed: typed.responsavelNome,
        registry: registry ? (partner ?? 'Não consta no quadro de sócios') : null,
        read: read?.nome ?? null,
      },
      agreement:
        registry && registry.partners.length > 0 && !partner
          ? 'divergente'
          : agreementOf(
              [typed.responsavelNome, partner, read?.nome],
              (a, b) => normaliseName(a) === normaliseName(b) || readNameMatches(a, b),
            ),
    },
    {
      key: 'responsavelCpf',
      label: 'CPF do responsável',
      values: { typed: typed.responsavelCpf, read: readCpf },
      agreement: agreementOf([typed.responsavelCpf, readCpf], sameBy(onlyDigits)),
    },
    {
      key: 'responsavelRg',
      label: 'RG do responsável',
      values: { typed: typed.responsavelRg, read: readRg },
      agreement: agreementOf([typed.responsavelRg, readRg], sameBy(normaliseCode)),
    },
  ];
  const flags: IdentityFlag[] = [];
  if (typed.responsavelNome && read?.nome && !readNameMatches(typed.responsavelNome, read.nome))
    flags.push(flag('nome_documento_difere'));
  if (readCpf && typed.responsavelCpf && readCpf !== onlyDigits(typed.responsavelCpf))
    flags.push(flag('cpf_documento_difere'));
  if (
    registry &&
    typed.razaoSocial &&
    normaliseName(typed.razaoSocial) !== normaliseName(registry.razaoSocial)
  )
    flags.push(flag('razao_social_difere'));
  if (registry && registry.partners.length > 0 && typed.responsavelNome && !partner)
    flags.push(flag('responsavel_fora_do_quadro'));
  return { sources: ['typed', 'registry', 'read'], rows, flags };
}

function flag(code: Exclude<IdentityFlagCode, 'dados_documento_alterados'>): IdentityFlag {
  return { code, message: identityMessages.flags[code] };
}
