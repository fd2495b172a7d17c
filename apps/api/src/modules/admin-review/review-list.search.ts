import { and, eq, gte, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { onboardingPf, onboardingPj } from '@medipay/db/schema';
import { SEARCH_SUBSTRING_MIN_LENGTH, type ReviewFlow } from '@medipay/shared/admin-review';
import type { prazoFilterValues } from '@medipay/shared/case-review';
import { CNPJ_LENGTH, CPF_LENGTH } from '@medipay/shared/constants';
import { startOfSaoPauloDay } from '@medipay/shared/dates';
import { cnpjCharacters, onlyDigits } from '@medipay/shared/tax-id';
import { hasOpenHits } from '../screening/screening-review.repository';

/**
 * The conditions of the back-office lists: what a list shows, its filters and its search, in SQL
 * on the indexes of migrations 0011_review-search, 0019_search-at-scale and 0020_email-search
 * (expression and operator-class indexes, which is why they live in those custom migrations and
 * not in schema.ts), and case management's due-time and holder filters on the partial indexes of
 * migration 0026_case-management. The queries that read the lists with them are in
 * review-list.repository.ts.
 *
 * - a search term of SEARCH_SUBSTRING_MIN_LENGTH characters or more matches the PF name by its
 *   words when it is made of words (full text, 'simple' configuration, over
 *   medipay_search_text(name): every word typed is a word of the name, the last one as its
 *   beginning, in any order; GIN index), and as typed anywhere in it otherwise ('o_s', '00%');
 *   anywhere in the PJ names (`medipay_search_text(col) like '%term%'`, case- and
 *   accent-insensitive, GIN trigram indexes), in the e-mail (`lower(email)`, trigram index of
 *   migration 0020), in the protocolo and in the CPF/CNPJ (trigram indexes on the raw columns);
 * - a shorter term matches only the start of the exact fields, protocolo and CPF/CNPJ (btree
 *   `text_pattern_ops`): one or two characters give no trigram, so a substring match of them
 *   would read the whole table.
 */

export type ListFilters = {
  search?: string | undefined;
  status?: string | undefined;
  /** PJ only. */
  tipo?: string | undefined;
  /** PF only: the biometric check's decision (em_revisao: partial index on it). */
  biometria?: 'em_revisao' | undefined;
  /** Both flows: the applications with screening hits to decide (partial index on them). */
  triagem?: 'pendente' | undefined;
  /**
   * The cases awaiting analysis due later today (São Paulo day) or overdue, at `now` (the
   * service's clock): a range of the partial due-time index.
   */
  prazo?: { filter: (typeof prazoFilterValues)[number]; now: Date } | undefined;
  /** The cases this admin holds ('Minhas análises'; partial index on the holder). */
  analistaId?: string | undefined;
  /**
   * Only the cases awaiting analysis that have a due time: the due-time sort (`prazo_asc`)
   * lists those alone, in the order of their partial index.
   */
  queue?: boolean | undefined;
};

/**
 * The statuses in which a case awaits the back office's analysis and its due time runs: those of
 * the partial indexes onboarding_pf_prazo_idx and onboarding_pj_prazo_idx, in their order.
 */
export const awaitingAnalysis = {
  pf: ['EM_ANALISE'],
  pj: ['ENVIADO_PARA_ANALISE', 'EM_ANALISE'],
} as const satisfies Record<ReviewFlow, readonly string[]>;

export function isAwaitingAnalysis(flow: ReviewFlow, status: string): boolean {
  return (awaitingAnalysis[flow] as readonly string[]).includes(status);
}

/**
 * `status in (...)` of the cases awaiting analysis, with the statuses as literals: written as
 * the due-time indexes' predicate, which the planner then proves from the query whatever plan
 * it keeps (a bound parameter would not prove it in a generic plan).
 */
export function awaitingAnalysisCondition(flow: ReviewFlow, status: AnyPgColumn): SQL {
  const statuses = awaitingAnalysis[flow].map((value) => `'${value}'`).join(', ');
  return sql`${status} in (${sql.raw(statuses)})`;
}

/** The start of the São Paulo day after the one of `now` (days of 23 to 25 hours included). */
export function startOfNextSaoPauloDay(now: Date): Date {
  const today = startOfSaoPauloDay(now);
  return startOfSaoPauloDay(new Date(today.getTime() + 36 * 60 * 60 * 1000));
}

/**
 * The deadline filter as deadlineStatus (business-days.ts) reads a due time: overdue once it
 * passed, due today when it is still ahead within the São Paulo day of `now`.
 */
function prazoCondition(
  table: { prazoAnalise: AnyPgColumn },
  prazo: NonNullable<ListFilters['prazo']>,
): SQL | undefined {
  if (prazo.filter === 'atrasados') return lt(table.prazoAnalise, prazo.now);
  return and(
    gte(table.prazoAnalise, prazo.now),
    lt(table.prazoAnalise, startOfNextSaoPauloDay(prazo.now)),
  );
}

/**
 * The PF list shows every record except abandoned sessions (isVisibleInPfList in
 * packages/shared/src/status.ts). Written exactly as the predicate of the partial index
 * onboarding_pf_visible_created_idx, so that the planner matches it.
 */
export const pfVisible = sql`(${onboardingPf.status} <> 'INICIADO' or ${onboardingPf.currentStep} > 1 or btrim(coalesce(${onboardingPf.nomeCompleto}, '')) <> '')`;

/** `%` and `_` of a LIKE pattern taken literally (the default escape character is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Characters a typed CPF may hold: digits and its mask. */
const cpfLike = /^[\d.\-/\s]+$/;
/** Characters a typed CNPJ may hold: digits, letters (alphanumeric CNPJ) and its mask. */
const cnpjLike = /^[0-9A-Za-z.\-/\s]+$/;

/**
 * How a term is compared with a column: anywhere in it (3+ characters, trigram index) or at its
 * start (1-2 characters, btree `text_pattern_ops`).
 */
function matches(column: AnyPgColumn, value: string, substring: boolean): SQL {
  const pattern = substring ? `%${escapeLike(value)}%` : `${escapeLike(value)}%`;
  return sql`${column} like ${pattern}`;
}

/** Case- and accent-insensitive substring match on a text column (GIN trigram index). */
function textContains(column: AnyPgColumn, term: string): SQL {
  return sql`medipay_search_text(${column}) like '%' || medipay_search_text(${escapeLike(term)}) || '%'`;
}

/**
 * Substring match on an e-mail (GIN trigram index on lower(email), migration 0020). E-mails are
 * stored lower-cased and ASCII (the shared schema's emailField), so lowering them is all the
 * recheck of the index's candidates needs; the term is lowered and unaccented once.
 */
function emailContains(column: AnyPgColumn, term: string): SQL {
  return sql`lower(${column}) like '%' || medipay_search_text(${escapeLike(term)}) || '%'`;
}

/**
 * A term that reads as words of a name: letters, digits, spaces, hyphens and apostrophes (an
 * e-mail's '@', '.' or '_' make it an e-mail search, a '%' a literal search).
 */
const nameLike = /^[\p{L}\p{N}\s'’-]+$/u;

/**
 * The words of a name search, or null when the term does not read as a name: each word made of
 * letters and digits only.
 */
export function nameWords(term: string): string[] | null {
  if (!nameLike.test(term)) return null;
  const words = term.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  return words.length > 0 ? words : null;
}

/**
 * A word as a quoted lexeme of a tsquery, lowered and unaccented in SQL as the index's
 * expression is. Its quotes and backslashes are doubled after unaccent, which turns some letters
 * into quotes ('ŉ' into "'n", 'ʼ' into "'"): quoted before it, such a word broke the quoting and
 * the query failed with a 500 (issue 23, item 2).
 */
function quotedLexeme(word: string): SQL {
  return sql`'''' || replace(replace(medipay_search_text(${word}), '\\', '\\\\'), '''', '''''') || ''''`;
}

/**
 * The PF name matches the words typed (index onboarding_pf_nome_fts_idx, same expression): each
 * word quoted, joined with `&`, the last one a prefix (`'joao' & 'da':*`).
 */
function nameMatches(words: string[]): SQL {
  const query = sql.join(words.map(quotedLexeme), sql` || ' & ' || `);
  return sql`to_tsvector('simple'::regconfig, medipay_search_text(${onboardingPf.nomeCompleto})) @@ to_tsquery('simple'::regconfig, ${query} || ':*')`;
}

/**
 * The search predicate of a flow, or undefined for no term. A CPF term matches with or without
 * its mask (digits compared); a CNPJ term too (its characters compared, upper case).
 */
export function searchCondition(flow: ReviewFlow, rawTerm: string | undefined): SQL | undefined {
  const term = rawTerm?.trim() ?? '';
  if (term === '') return undefined;
  const substring = [...term].length >= SEARCH_SUBSTRING_MIN_LENGTH;
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  const branches: SQL[] = [];

  // The branches are written cheapest first: a row that a trigram index only may match is
  // rechecked on the table against the whole OR, which stops at the first branch it meets. A
  // field that cannot hold the term is not searched: no e-mail has a space, no protocolo
  // anything but capitals, digits and hyphens ('Márcia Ribeiro' reads the name index alone).
  if (substring && !/\s/.test(term)) branches.push(emailContains(table.email, term));
  // Protocolos are upper case (MEDI-20261122-0042, PJ-20261122-1234). 'MEDI-' or 'PJ-' occurs
  // only at their start: such a term is a prefix (btree), never a substring, whose trigrams
  // ('med', 'edi', ...) are in every protocolo and would make the trigram index read them all.
  const protocolo = term.toUpperCase();
  const fromStart = /^(MEDI|PJ)-/.test(protocolo);
  if (/^[A-Z0-9-]+$/.test(protocolo)) {
    branches.push(matches(table.protocolo, protocolo, substring && !fromStart));
  }

  // A whole CPF or CNPJ can only be one from its start: the prefix index finds it at once,
  // where its trigrams (digits: a thousand trigrams shared by millions of rows) read long lists.
  if (flow === 'pf' && cpfLike.test(term)) {
    const digits = onlyDigits(term);
    if (digits !== '') {
      const substring = digits.length >= SEARCH_SUBSTRING_MIN_LENGTH && digits.length < CPF_LENGTH;
      branches.push(matches(onboardingPf.cpf, digits, substring));
    }
  }
  if (flow === 'pj' && cnpjLike.test(term)) {
    const characters = cnpjCharacters(term);
    if (characters !== '') {
      const substring =
        characters.length >= SEARCH_SUBSTRING_MIN_LENGTH && characters.length < CNPJ_LENGTH;
      branches.push(matches(onboardingPj.cnpj, characters, substring));
    }
  }
  if (substring) {
    if (flow === 'pf') {
      const words = nameWords(term);
      branches.push(words ? nameMatches(words) : textContains(onboardingPf.nomeCompleto, term));
    } else {
      branches.push(textContains(onboardingPj.razaoSocial, term));
      branches.push(textContains(onboardingPj.nomeFantasia, term));
    }
  }
  // A term no field can hold ('é', '@%') matches nothing, not everything.
  return branches.length > 0 ? or(...branches) : sql`false`;
}

/** What the flow's list shows at all ('Total'): PF hides abandoned sessions, PJ shows all. */
export function visibleCondition(flow: ReviewFlow): SQL | undefined {
  return flow === 'pf' ? pfVisible : undefined;
}

/** The list's filters as one condition ('Filtrados'); the filters are checked by the service. */
export function filteredCondition(flow: ReviewFlow, filters: ListFilters): SQL | undefined {
  const table = flow === 'pf' ? onboardingPf : onboardingPj;
  // Always written for PF, even where a status filter implies it: the sort and status indexes
  // are partial on it.
  const conditions: (SQL | undefined)[] = [visibleCondition(flow)];
  if (filters.status) conditions.push(eq(table.status, filters.status));
  if (flow === 'pj' && filters.tipo) conditions.push(eq(onboardingPj.tipoEmpresa, filters.tipo));
  // Written as the predicate of onboarding_pf_biometria_revisao_idx.
  if (flow === 'pf' && filters.biometria)
    conditions.push(eq(onboardingPf.biometriaDecisao, filters.biometria));
  if (filters.triagem) conditions.push(hasOpenHits(flow === 'pf' ? 'PF' : 'PJ', table.id));
  if (filters.prazo || filters.queue)
    conditions.push(awaitingAnalysisCondition(flow, table.status));
  if (filters.prazo) conditions.push(prazoCondition(table, filters.prazo));
  if (filters.queue) conditions.push(isNotNull(table.prazoAnalise));
  if (filters.analistaId) conditions.push(eq(table.analistaId, filters.analistaId));
  conditions.push(searchCondition(flow, filters.search));
  return and(...conditions);
}

export function hasFilters(filters: ListFilters): boolean {
  return Boolean(
    filters.search?.trim() ||
    filters.status ||
    filters.tipo ||
    filters.biometria ||
    filters.triagem ||
    filters.prazo ||
    filters.analistaId ||
    filters.queue,
  );
}

/**
 * Whether a list's search reads the name's full-text index by words (a prefix among them).
 * A word's prefix ('Ribe':*) gathers every row of every word it begins (330,000 at ten million
 * rows) in one bitmap; past work_mem (4 MB by default) the bitmap keeps whole pages instead of
 * rows, and every row of those pages is rechecked on the table — 85,000 rows and 2.7 s for
 * 9,000 matches. Those queries get 64 MB (SET LOCAL, for their transaction alone); others keep
 * the default, under which the planner's choices for them were measured (with more memory it
 * takes bitmaps over 95,000 CPF prefixes where an index scan stops at the count's cap).
 */
export function searchesNameWords(flow: ReviewFlow, filters: ListFilters): boolean {
  const term = filters.search?.trim() ?? '';
  return (
    flow === 'pf' && [...term].length >= SEARCH_SUBSTRING_MIN_LENGTH && nameWords(term) !== null
  );
}
