/**
 * Screening of one person or company against the lists in memory. Candidates come from the
 * names' tokens: the same token, the same phonetic key, or one deletion away on either side
 * (every typo of one letter, and many of two); from the CPF's visible digits (PEP) and from the
 * full CPF or CNPJ (CEIS, CNEP). Each candidate is then scored name against name
 * (name-score.ts), and the score is moved by what else is known: the CPF digits, the birth date,
 * the tax id. Only hits at or above the alert threshold are returned (decision 022).
 */
import type { ListEntry, ListKind, UnBirthDate } from './list-types';
import { scoreNames } from './name-score';
import { deletions, nameTokens, type NameTokens } from './name-tokens';

export type ScreeningQuery = {
  readonly name: string;
  readonly kind: 'PF' | 'PJ';
  /** 11 digits (a mask is ignored). */
  readonly cpf?: string | null;
  /** 14 characters (a mask is ignored). */
  readonly cnpj?: string | null;
  /** ISO yyyy-mm-dd. */
  readonly birthDate?: string | null;
};

export type ScreeningMatch = {
  readonly list: ListKind;
  readonly entryId: string;
  readonly contentHash: string;
  /** The listed name as published (the entry's first name). */
  readonly name: string;
  /** In [0, 1]. */
  readonly score: number;
  readonly reasons: readonly string[];
  readonly entry: ListEntry;
};

/**
 * The alert threshold, chosen on the calibration set (screening-calibration.test.ts) and reported
 * on an independently built one (bench/screening): decision 022.
 */
export const ALERT_THRESHOLD = 0.74;

/** A name alone never reaches 1: what confirms it (CPF digits, birth date) adds the rest. */
const NAME_ONLY_CEILING = 0.92;

export type ListIndex = {
  readonly size: number;
  match(query: ScreeningQuery, options?: { minScore?: number; today?: string }): ScreeningMatch[];
};

type NameRecord = { readonly entry: number; readonly tokens: NameTokens; readonly alias: boolean };

/** The entry's subject: who or what can be screened against it. */
function subjectOf(entry: ListEntry): 'PF' | 'PJ' {
  if (entry.list === 'pep') return 'PF';
  if (entry.list === 'unsc') return entry.subject === 'entity' ? 'PJ' : 'PF';
  return entry.personType === 'J' ? 'PJ' : 'PF';
}

function digitsOf(value: string | null | undefined): string {
  return (value ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');
}

/** The six digits a masked CPF shows (`***.708.767-**`): the 4th to the 9th. */
export function cpfMiddleDigits(cpf: string): string {
  return cpf.slice(3, 9);
}

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) {
    if (list[list.length - 1] !== value) list.push(value);
  } else {
    map.set(key, [value]);
  }
}

/** The index of the entries given (one list or several). */
export function createListIndex(entries: readonly ListEntry[]): ListIndex {
  const records: NameRecord[] = [];
  const tokenIds = new Map<string, number>();
  const postings: number[][] = [];
  const bySound = new Map<string, number[]>();
  const byDeletion = new Map<string, number[]>();
  const byMaskedCpf = new Map<string, number[]>();
  const byDocument = new Map<string, number[]>();
  const subjects: ('PF' | 'PJ')[] = [];

  const tokenId = (text: string, sound: string): number => {
    let id = tokenIds.get(text);
    if (id === undefined) {
      id = postings.length;
      tokenIds.set(text, id);
      postings.push([]);
      push(bySound, sound, id);
      for (const variant of deletions(text)) push(byDeletion, variant, id);
    }
    return id;
  };

  entries.forEach((entry, index) => {
    const subject = subjectOf(entry);
    subjects.push(subject);
    entry.names.forEach((name, nameIndex) => {
      const tokens = nameTokens(name, { company: subject === 'PJ' });
      const record = records.length;
      records.push({ entry: index, tokens, alias: nameIndex > 0 });
      for (const token of tokens.strong) {
        const list = postings[tokenId(token.text, token.sound)]!;
        if (list[list.length - 1] !== record) list.push(record);
      }
    });
    if (entry.list === 'pep' && entry.cpfMiddleDigits) {
      push(byMaskedCpf, entry.cpfMiddleDigits, index);
    } else if (entry.list === 'ceis' || entry.list === 'cnep') {
      const digits = digitsOf(entry.documentDigits);
      if (digits === '') return;
      if (entry.documentMasked) push(byMaskedCpf, digits, index);
      else push(byDocument, digits, index);
    }
  });

  /** The vocabulary tokens a query token may be: same, same sound, one deletion either side. */
  const tokenCandidates = (text: string, sound: string): Set<number> => {
    const found = new Set<number>();
    const exact = tokenIds.get(text);
    if (exact !== undefined) found.add(exact);
    for (const id of bySound.get(sound) ?? []) found.add(id);
    for (const variant of deletions(text)) {
      const same = tokenIds.get(variant);
      if (same !== undefined) found.add(same);
      for (const id of byDeletion.get(variant) ?? []) found.add(id);
    }
    return found;
  };

  const counts = new Uint8Array(records.length);
  const stamps = new Uint32Array(records.length);
  let stamp = 0;

  return {
    size: entries.length,
    match(query, options = {}) {
      const minScore = options.minScore ?? ALERT_THRESHOLD;
      const today = options.today ?? new Date().toISOString().slice(0, 10);
      const company = query.kind === 'PJ';
      const tokens = nameTokens(query.name, { company });
      const cpf = query.kind === 'PF' ? digitsOf(query.cpf) : '';
      const document = query.kind === 'PJ' ? digitsOf(query.cnpj) : cpf;

      // Records sharing at least two tokens (one for a one-token name) with the query.
      const touched: number[] = [];
      for (const token of tokens.strong) {
        stamp += 1;
        for (const id of tokenCandidates(token.text, token.sound)) {
          for (const record of postings[id]!) {
            if (stamps[record] === stamp) continue;
            stamps[record] = stamp;
            if (counts[record] === 0) touched.push(record);
            if (counts[record]! < 255) counts[record]! += 1;
          }
        }
      }
      const needed = Math.min(2, tokens.strong.length);
      const best = new Map<number, Found>();
      const consider = (entryIndex: number, score: number, reasons: string[]): void => {
        const current = best.get(entryIndex);
        if (!current || score > current.score) {
          best.set(entryIndex, { score, reasons, byDocument: false });
        }
      };

      for (const record of touched) {
        const count = counts[record]!;
        counts[record] = 0;
        if (count < needed) continue;
        const { entry: entryIndex, tokens: listed, alias } = records[record]!;
        if (subjects[entryIndex] !== query.kind) continue;
        // Cheap upper bound before the full score: paired tokens over paired plus unpaired.
        const unpaired =
          0.6 * Math.max(0, tokens.strong.length - count) +
          0.5 * Math.max(0, listed.strong.length - count);
        if (count / (count + unpaired) < minScore * 0.85) continue;
        const name = scoreNames(tokens, listed, { company });
        if (name.score < 0.5) continue;
        const reasons = alias ? ['nome alternativo da lista', ...name.reasons] : [...name.reasons];
        consider(entryIndex, name.score * NAME_ONLY_CEILING, reasons);
      }

      // Entries found by tax id, whatever their name.
      if (document !== '') {
        for (const entryIndex of byDocument.get(document) ?? []) {
          if (subjects[entryIndex] !== query.kind) continue;
          const names = entries[entryIndex]!.names.map((name) =>
            scoreNames(tokens, nameTokens(name, { company }), { company }),
          );
          const name = names.reduce((a, b) => (b.score > a.score ? b : a));
          best.set(entryIndex, {
            score: 0.9 + 0.1 * name.score,
            reasons: [query.kind === 'PJ' ? 'CNPJ igual' : 'CPF igual', ...name.reasons],
            byDocument: true,
          });
        }
      }

      const out: ScreeningMatch[] = [];
      for (const [entryIndex, found] of best) {
        const entry = entries[entryIndex]!;
        const adjusted = adjust(entry, found, { cpf, document, query, today });
        if (!adjusted || adjusted.score < minScore) continue;
        out.push({
          list: entry.list,
          entryId: entry.id,
          contentHash: entry.contentHash,
          name: entry.names[0] ?? '',
          score: Math.round(adjusted.score * 1000) / 1000,
          reasons: adjusted.reasons,
          entry,
        });
      }
      // A masked CPF that matches alone (the name changed, as at marriage) is not a hit: six
      // digits are shared by about one listed person in ten, so they only confirm a name.
      return out.sort((a, b) => b.score - a.score || a.entryId.localeCompare(b.entryId));
    },
  };
}

type Found = { score: number; reasons: string[]; byDocument: boolean };

type Context = {
  readonly cpf: string;
  readonly document: string;
  readonly query: ScreeningQuery;
  readonly today: string;
};

/** The name score moved by the other attributes; null when the entry cannot be the subject. */
function adjust(
  entry: ListEntry,
  found: Found,
  { cpf, document, query, today }: Context,
): { score: number; reasons: string[] } | null {
  const out = [...found.reasons];
  let value = found.score;
  const confirm = (share: number, reason: string): void => {
    value += (1 - value) * share;
    out.push(reason);
  };
  const contradict = (factor: number, reason: string): void => {
    value *= factor;
    out.push(reason);
  };

  if (entry.list === 'pep') {
    if (entry.graceEndDate && entry.graceEndDate < today) return null;
    if (entry.graceEndDate) out.push(`PEP até ${brDate(entry.graceEndDate)} (fim da carência)`);
    if (cpf.length === 11 && entry.cpfMiddleDigits) {
      if (cpfMiddleDigits(cpf) === entry.cpfMiddleDigits) {
        confirm(0.8, 'dígitos visíveis do CPF iguais');
      } else {
        contradict(0.5, 'dígitos visíveis do CPF diferentes');
      }
    }
  } else if (entry.list === 'ceis' || entry.list === 'cnep') {
    if (entry.endDate && entry.endDate < today) return null;
    const digits = digitsOf(entry.documentDigits);
    if (digits !== '' && document !== '' && !found.byDocument) {
      if (entry.documentMasked && document.length === 11) {
        if (cpfMiddleDigits(document) === digits) confirm(0.8, 'dígitos visíveis do CPF iguais');
        else contradict(0.5, 'dígitos visíveis do CPF diferentes');
      } else if (!entry.documentMasked) {
        // The sanction names its tax id: another id is another person or company.
        return null;
      }
    }
  } else if (
    entry.list === 'unsc' &&
    entry.subject === 'individual' &&
    query.birthDate &&
    entry.birthDates.length > 0
  ) {
    const verdict = birthDateVerdict(query.birthDate, entry.birthDates);
    if (verdict === 'same-date') confirm(0.6, 'data de nascimento igual');
    else if (verdict === 'same-year') confirm(0.3, 'ano de nascimento igual');
    else if (verdict === 'in-range') out.push('ano de nascimento no intervalo listado');
    else contradict(0.7, 'data de nascimento diferente da listada');
  }
  return { score: value, reasons: out };
}

function birthDateVerdict(
  iso: string,
  dates: readonly UnBirthDate[],
): 'same-date' | 'same-year' | 'in-range' | 'different' {
  const year = Number(iso.slice(0, 4));
  let verdict: 'same-date' | 'same-year' | 'in-range' | 'different' = 'different';
  for (const date of dates) {
    if (date.kind === 'exact' && date.date === iso) return 'same-date';
    if (date.kind === 'exact' && date.date.startsWith(`${year}-`)) verdict = 'same-year';
    if (date.kind === 'year' && date.year === year) verdict = 'same-year';
    if (date.kind === 'range' && year >= date.fromYear && year <= date.toYear) {
      if (verdict === 'different') verdict = 'in-range';
    }
  }
  return verdict;
}

function brDate(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
