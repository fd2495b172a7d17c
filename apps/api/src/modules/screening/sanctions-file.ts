/** Parser of the CGU CEIS and CNEP files, current and older headers (columns matched by name). */
import { type ColumnSpec, csvRows } from './csv-reader';
import {
  brDateToIso,
  distinctNames,
  ListFileError,
  normaliseLabel,
  type SanctionEntry,
  withHash,
} from './list-types';

type SanctionColumn =
  | 'code'
  | 'personType'
  | 'document'
  | 'name'
  | 'informedName'
  | 'companyName'
  | 'tradeName'
  | 'process'
  | 'category'
  | 'fine'
  | 'start'
  | 'end'
  | 'publication'
  | 'body'
  | 'scope';

function columns(list: 'ceis' | 'cnep'): ColumnSpec<SanctionColumn>[] {
  return [
    { key: 'code', names: ['CÓDIGO DA SANÇÃO'], required: true },
    { key: 'personType', names: ['TIPO DE PESSOA (F/J)', 'TIPO DE PESSOA'], required: true },
    { key: 'document', names: ['CPF OU CNPJ DO SANCIONADO'], required: true },
    { key: 'name', names: ['NOME DO SANCIONADO'], required: true },
    { key: 'informedName', names: ['NOME INFORMADO PELO ÓRGÃO SANCIONADOR'], required: false },
    { key: 'companyName', names: ['RAZÃO SOCIAL - CADASTRO RECEITA'], required: false },
    { key: 'tradeName', names: ['NOME FANTASIA - CADASTRO RECEITA'], required: false },
    { key: 'process', names: ['NÚMERO DO PROCESSO'], required: false },
    { key: 'category', names: ['CATEGORIA DA SANÇÃO'], required: true },
    { key: 'fine', names: ['VALOR DA MULTA'], required: list === 'cnep' },
    { key: 'start', names: ['DATA INÍCIO SANÇÃO'], required: true },
    { key: 'end', names: ['DATA FINAL SANÇÃO'], required: true },
    { key: 'publication', names: ['DATA PUBLICAÇÃO'], required: false },
    { key: 'body', names: ['ÓRGÃO SANCIONADOR'], required: false },
    {
      key: 'scope',
      // Misspelled so in the current files; the older ones name it differently.
      names: [
        'ABRAGÊNCIA DA SANÇÃO',
        'ABRANGÊNCIA DA SANÇÃO',
        'ABRANGÊNCIA DEFINIDA EM DECISÃO JUDICIAL',
      ],
      required: false,
    },
  ];
}

const DATE_LABELS = {
  start: 'DATA INÍCIO SANÇÃO',
  end: 'DATA FINAL SANÇÃO',
  publication: 'DATA PUBLICAÇÃO',
} as const;

/** "1.234,56" → "1234.56"; empty → null; anything else → undefined. */
function fineToDecimal(value: string): string | null | undefined {
  if (normaliseLabel(value) === '' || normaliseLabel(value).startsWith('sem informac')) return null;
  const m = /^(\d{1,3}(?:\.\d{3})*|\d+)(?:,(\d{1,2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const integer = (m[1] ?? '0').replace(/\./g, '').replace(/^0+(?=\d)/, '');
  return `${integer}.${(m[2] ?? '').padEnd(2, '0')}`;
}

/** Parses a CEIS or CNEP file; throws ListFileError (and yields nothing) on the first bad line. */
export function parseSanctionsFile(list: 'ceis' | 'cnep', bytes: Uint8Array): SanctionEntry[] {
  const entries: SanctionEntry[] = [];
  const ids = new Set<string>();
  for (const row of csvRows(bytes, columns(list))) {
    const at = `Linha ${row.line}:`;
    const id = row.get('code');
    if (id === '') throw new ListFileError(`${at} CÓDIGO DA SANÇÃO vazio.`);
    if (ids.has(id)) throw new ListFileError(`${at} CÓDIGO DA SANÇÃO repetido (${id}).`);
    ids.add(id);
    const personType = row.get('personType').toUpperCase();
    if (personType !== 'F' && personType !== 'J') {
      throw new ListFileError(`${at} TIPO DE PESSOA inválido (${row.get('personType')}).`);
    }
    const document = row.get('document');
    const documentMasked = document.includes('*');
    const digits = document.replace(/\D/g, '');
    const expected = documentMasked ? 6 : personType === 'F' ? 11 : 14;
    if (document !== '' && digits.length !== expected) {
      throw new ListFileError(`${at} CPF OU CNPJ DO SANCIONADO inválido (${document}).`);
    }
    const names = distinctNames([
      row.get('name'),
      row.get('informedName'),
      row.get('companyName'),
      row.get('tradeName'),
    ]);
    if (names.length === 0) throw new ListFileError(`${at} NOME DO SANCIONADO vazio.`);
    const dates = {} as Record<keyof typeof DATE_LABELS, string | null>;
    for (const key of ['start', 'end', 'publication'] as const) {
      const raw = row.get(key);
      const iso = brDateToIso(raw);
      if (iso === undefined) {
        throw new ListFileError(`${at} data inválida em ${DATE_LABELS[key]} (${raw}).`);
      }
      dates[key] = iso;
    }
    let fineAmount: string | null = null;
    if (list === 'cnep') {
      const fine = fineToDecimal(row.get('fine'));
      if (fine === undefined) {
        throw new ListFileError(`${at} VALOR DA MULTA inválido (${row.get('fine')}).`);
      }
      fineAmount = fine;
    }
    entries.push(
      withHash({
        list,
        id,
        personType,
        names,
        documentDigits: digits === '' ? null : digits,
        documentMasked,
        category: row.get('category'),
        processNumber: row.get('process'),
        startDate: dates.start,
        endDate: dates.end,
        publicationDate: dates.publication,
        sanctioningBody: row.get('body'),
        scope: row.get('scope'),
        fineAmount,
      }),
    );
  }
  return entries;
}
