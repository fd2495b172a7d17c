/**
 * Shared types and helpers of the official list parsers (issue 24 groundwork): the entries the
 * import will store, the refusal of a malformed file, the canonical content hash.
 */
import { createHash } from 'node:crypto';

export type ListKind = 'pep' | 'ceis' | 'cnep' | 'unsc';

export type PepEntry = {
  readonly list: 'pep';
  /** Deterministic key from the CPF mask, name, função, órgão and start date. */
  readonly id: string;
  readonly names: readonly string[];
  /** The six visible digits of the masked CPF (`***.708.767-**` → `708767`), or null. */
  readonly cpfMiddleDigits: string | null;
  readonly functionAcronym: string;
  readonly functionDescription: string;
  readonly functionLevel: string;
  readonly agency: string;
  readonly startDate: string | null;
  readonly endDate: string | null;
  /** End of the five-year grace period (Data_Fim_Carência), ISO yyyy-mm-dd, or null. */
  readonly graceEndDate: string | null;
  readonly contentHash: string;
};

export type SanctionEntry = {
  readonly list: 'ceis' | 'cnep';
  /** CÓDIGO DA SANÇÃO. */
  readonly id: string;
  readonly personType: 'F' | 'J';
  readonly names: readonly string[];
  /** Digits of the CPF or CNPJ as published; for a masked CPF only the visible digits. */
  readonly documentDigits: string | null;
  readonly documentMasked: boolean;
  readonly category: string;
  readonly processNumber: string;
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly publicationDate: string | null;
  readonly sanctioningBody: string;
  readonly scope: string;
  /** CNEP only: VALOR DA MULTA as a decimal string ("1234.56"), or null. */
  readonly fineAmount: string | null;
  readonly contentHash: string;
};

export type UnBirthDate =
  | { readonly kind: 'exact'; readonly date: string }
  | { readonly kind: 'year'; readonly year: number }
  | { readonly kind: 'range'; readonly fromYear: number; readonly toYear: number };

export type UnDocument = {
  readonly type: string;
  readonly number: string;
};

export type UnEntry = {
  readonly list: 'unsc';
  /** DATAID. */
  readonly id: string;
  readonly subject: 'individual' | 'entity';
  readonly referenceNumber: string;
  /** The primary name first, then the aliases. */
  readonly names: readonly string[];
  readonly aliases: readonly { readonly quality: string; readonly name: string }[];
  readonly birthDates: readonly UnBirthDate[];
  readonly nationalities: readonly string[];
  readonly documents: readonly UnDocument[];
  readonly listedOn: string | null;
  readonly contentHash: string;
};

export type ListEntry = PepEntry | SanctionEntry | UnEntry;

/** A file refused as a whole: the caller keeps the version in force. Message in Portuguese. */
export class ListFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListFileError';
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      out[key] = canonical((value as Record<string, unknown>)[key]);
    }
    return out;
  }
  return value;
}

/** sha256 (hex) of the canonical JSON (sorted keys) of the entry without its hash. */
export function contentHash<T extends object>(entry: T): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(entry)))
    .digest('hex');
}

export function withHash<T extends object>(entry: T): T & { contentHash: string } {
  return { ...entry, contentHash: contentHash(entry) };
}

/** Lower case, no accents, any run of other characters as one space: `Nome_PEP` → `nome pep`. */
export function normaliseLabel(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Values the CGU files use for an unknown date. */
function isNoInformation(value: string): boolean {
  const n = normaliseLabel(value);
  return n === '' || n.startsWith('sem informac') || n.startsWith('nao informad');
}

/** dd/mm/yyyy → yyyy-mm-dd; empty or "Sem informação" → null; anything else → undefined. */
export function brDateToIso(value: string): string | null | undefined {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value.trim());
  if (!m) return isNoInformation(value) ? null : undefined;
  const [, dd, mm, yyyy] = m as unknown as [string, string, string, string];
  return isoIfReal(Number(yyyy), Number(mm), Number(dd));
}

export function isoIfReal(year: number, month: number, day: number): string | undefined {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return undefined;
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Non-empty, trimmed, de-duplicated (case- and accent-insensitively) names in order. */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = raw.replace(/\s+/g, ' ').trim();
    const key = normaliseLabel(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}
