import { type AreaAtuacao, type ResponsavelCargo, type TipoEmpresa } from './options';

/** Lower case, without accents, single-spaced: the form keywords are written in. */
export function normalizeText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

type KeywordRule<Value> = { value: Value; keywords: readonly string[] };

/**
 * Company type by keywords of the main activity (CNAE descriptions of division 86 and of
 * associations), checked in this order. Each keyword matches the start of a word.
 */
const tipoEmpresaRules: readonly KeywordRule<TipoEmpresa>[] = [
  // 8610-1/01 atendimento hospitalar; 8610-1/02 pronto-socorro e unidades hospitalares de urgência.
  { value: 'hospital', keywords: ['hospital', 'pronto socorro', 'urgencia'] },
  // 8640-2/01 anatomia patológica e citológica; 8640-2/02 laboratórios clínicos.
  {
    value: 'laboratorio',
    keywords: [
      'laborator',
      'anatomia patologica',
      'analises clinicas',
      'citologic',
      'banco de celulas',
      'bancos de celulas',
    ],
  },
  // 8640-2/04..09 and /99: tomografia, ressonância, imagem com e sem radiação, ECG/EEG, endoscopia.
  {
    value: 'centro_diagnostico',
    keywords: [
      'diagnostic',
      'imagem',
      'tomografia',
      'ressonancia',
      'radiolog',
      'ultrassonograf',
      'endoscopia',
      'registro grafico',
      'mamograf',
      'densitometr',
    ],
  },
  // 8630-5/01 and /02: ambulatorial with surgery or with complementary exams.
  {
    value: 'ambulatorio',
    keywords: [
      'ambulatorial com',
      'ambulatorio',
      'policlinica',
      'unidade basica',
      'posto de saude',
    ],
  },
  // 8630-5/03 restrita a consultas; 8630-5/04 odontológica; 8650-0/xx professionals; 8640-2/10..13 therapies.
  {
    value: 'clinica',
    keywords: [
      'clinica',
      'consulta',
      'consultorio',
      'ambulatorial',
      'odontolog',
      'fisioterap',
      'psicolog',
      'nutricao',
      'fonoaudiolog',
      'terapia ocupacional',
      'enfermagem',
      'vacinacao',
      'reproducao humana',
      'quimioterap',
      'radioterap',
      'hemoterap',
      'litotripsia',
      'dialise',
      'medica',
      'medico',
    ],
  },
  // 9430-8/00 associações de defesa de direitos sociais; 9499-5/00 associações; foundations.
  {
    value: 'organizacao_social',
    keywords: [
      'associac',
      'organizacao social',
      'beneficen',
      'filantrop',
      'fundacao',
      'santa casa',
      'sem fins lucrativos',
    ],
  },
];

/** Specialty area by keywords of the main activity, checked in this order. */
const areaAtuacaoRules: readonly KeywordRule<AreaAtuacao>[] = [
  { value: 'oncologia', keywords: ['oncolog', 'cancer', 'quimioterap', 'radioterap'] },
  { value: 'cardiologia', keywords: ['cardio', 'cardiac', 'hemodinamic'] },
  { value: 'neurologia', keywords: ['neuro', 'eletroencefalogra'] },
  { value: 'ortopedia', keywords: ['ortoped', 'traumatolog'] },
  { value: 'pediatria', keywords: ['pediatr', 'infantil', 'neonat'] },
  {
    value: 'ginecologia',
    keywords: ['ginecolog', 'obstetr', 'maternidade', 'reproducao humana', 'mamograf'],
  },
  { value: 'urologia', keywords: ['urolog', 'litotripsia'] },
  { value: 'oftalmologia', keywords: ['oftalmolog', 'olhos'] },
  {
    value: 'psiquiatria',
    keywords: ['psiquiatr', 'saude mental', 'dependencia quimica', 'dependentes quimicos'],
  },
];

/** Words that make a text health care without naming a specialty: area 'geral'. */
const generalHealthKeywords = [
  'hospital',
  'saude',
  'medic',
  'ambulatori',
  'clinic',
  'laborator',
  'diagnostic',
  'pronto socorro',
  'urgencia',
  'enfermagem',
  'consulta',
];

function matches(text: string, keyword: string): boolean {
  return ` ${text}`.includes(` ${keyword}`);
}

function firstMatch<Value>(text: string, rules: readonly KeywordRule<Value>[]): Value | undefined {
  return rules.find((rule) => rule.keywords.some((keyword) => matches(text, keyword)))?.value;
}

/** The company type suggested by the registry's main activity; 'outros' when nothing matches. */
export function guessTipoEmpresa(mainActivity: string | null | undefined): TipoEmpresa {
  return firstMatch(normalizeText(mainActivity ?? ''), tipoEmpresaRules) ?? 'outros';
}

/**
 * The specialty area suggested by the main activity: a specialty when one is named, 'geral' for
 * health care in general, 'outros' otherwise.
 */
export function guessAreaAtuacao(mainActivity: string | null | undefined): AreaAtuacao {
  const text = normalizeText(mainActivity ?? '');
  const specialty = firstMatch(text, areaAtuacaoRules);
  if (specialty) return specialty;
  return generalHealthKeywords.some((keyword) => matches(text, keyword)) ? 'geral' : 'outros';
}

export type Partner = { nome: string; qual: string };

const partnerPreference: readonly ((qualification: string) => boolean)[] = [
  (q) => q.includes('socio administrador'),
  (q) => matches(q, 'administrador'),
  (q) => matches(q, 'diretor'),
  (q) => matches(q, 'socio'),
];

/**
 * The partner to pre-fill as the legal representative: sócio-administrador, then administrador,
 * diretor, sócio, otherwise the first partner. Undefined for an empty list.
 */
export function chooseResponsiblePartner<P extends Partner>(partners: readonly P[]): P | undefined {
  for (const preferred of partnerPreference) {
    const partner = partners.find((candidate) => preferred(normalizeText(candidate.qual)));
    if (partner) return partner;
  }
  return partners[0];
}

/** The representative role matching a registry qualification such as '49-Sócio-Administrador'. */
export function cargoFromQualification(qualification: string): ResponsavelCargo {
  const q = normalizeText(qualification);
  if (matches(q, 'administrador') || q.includes('socio administrador')) return 'administrador';
  if (matches(q, 'diretor') || matches(q, 'presidente')) return 'diretor';
  if (matches(q, 'procurador')) return 'procurador';
  if (matches(q, 'representante')) return 'representante_legal';
  if (matches(q, 'socio')) return 'socio';
  return 'outros';
}
