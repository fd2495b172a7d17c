/** Parser of the CGU PEP file (`YYYYMM_PEP.csv`), current `Nome_PEP` and older `NOME PEP` headers. */
import { createHash } from 'node:crypto';

import { type ColumnSpec, csvRows } from './csv-reader';
import { brDateToIso, ListFileError, type PepEntry, withHash } from './list-types';

type PepColumn =
  'cpf' | 'name' | 'acronym' | 'description' | 'level' | 'agency' | 'start' | 'end' | 'graceEnd';

// Names are compared normalised, so `Nome_PEP` also matches the older `NOME PEP`.
const PEP_COLUMNS: readonly ColumnSpec<PepColumn>[] = [
  { key: 'cpf', names: ['CPF'], required: true },
  { key: 'name', names: ['Nome_PEP'], required: true },
  { key: 'acronym', names: ['Sigla_Função'], required: true },
  { key: 'description', names: ['Descrição_Função'], required: true },
  { key: 'level', names: ['Nível_Função'], required: true },
  { key: 'agency', names: ['Nome_Órgão'], required: true },
  { key: 'start', names: ['Data_Início_Exercício'], required: true },
  { key: 'end', names: ['Data_Fim_Exercício'], required: true },
  { key: 'graceEnd', names: ['Data_Fim_Carência'], required: true },
];

const DATE_LABELS: Record<'start' | 'end' | 'graceEnd', string> = {
  start: 'Data_Início_Exercício',
  end: 'Data_Fim_Exercício',
  graceEnd: 'Data_Fim_Carência',
};

const MASKED_CPF = /^\*{3}\.(\d{3})\.(\d{3})-\*{2}$/;

/** Parses the whole file; throws ListFileError (and yields nothing) on the first bad line. */
export function parsePepFile(bytes: Uint8Array): PepEntry[] {
  const entries: PepEntry[] = [];
  const seen = new Map<string, number>();
  for (const row of csvRows(bytes, PEP_COLUMNS)) {
    const cpf = row.get('cpf');
    let cpfMiddleDigits: string | null = null;
    if (cpf !== '') {
      const m = MASKED_CPF.exec(cpf);
      if (!m) throw new ListFileError(`Linha ${row.line}: CPF mascarado inválido (${cpf}).`);
      cpfMiddleDigits = `${m[1]}${m[2]}`;
    }
    const name = row.get('name');
    if (name === '') throw new ListFileError(`Linha ${row.line}: Nome_PEP vazio.`);
    const dates = {} as Record<'start' | 'end' | 'graceEnd', string | null>;
    for (const key of ['start', 'end', 'graceEnd'] as const) {
      const raw = row.get(key);
      const iso = brDateToIso(raw);
      if (iso === undefined) {
        throw new ListFileError(
          `Linha ${row.line}: data inválida em ${DATE_LABELS[key]} (${raw}).`,
        );
      }
      dates[key] = iso;
    }
    const acronym = row.get('acronym');
    const agency = row.get('agency');
    const base = createHash('sha256')
      .update(JSON.stringify([cpf, name, acronym, agency, dates.start]))
      .digest('hex')
      .slice(0, 32);
    // The same person, função, órgão and start twice in one file: number the repeats in file order.
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    entries.push(
      withHash({
        list: 'pep' as const,
        id: count === 1 ? `pep:${base}` : `pep:${base}:${count}`,
        names: [name.replace(/\s+/g, ' ')],
        cpfMiddleDigits,
        functionAcronym: acronym,
        functionDescription: row.get('description'),
        functionLevel: row.get('level'),
        agency,
        startDate: dates.start,
        endDate: dates.end,
        graceEndDate: dates.graceEnd,
      }),
    );
  }
  return entries;
}
