/**
 * Checks of each read field against what the document's rules and its other fields allow, before
 * anything is stored. A field that fails is not stored (the applicant types it) and the reason is
 * kept for the reviewer: a wrong stored value costs a compliance failure, an empty one a few
 * keystrokes. OCR confidence cannot catch these: a date read from the wrong box or a number with
 * a digit shifted is often read very clearly.
 */
import { isValidCpf } from '@medipay/shared/tax-id';
import { hasValidCnhCheckDigits } from './identity-document/cnh';
import { labelVocabulary, nameParticles } from './identity-document/field-readers';
import { ufSet } from './identity-document/issuer-and-state';
import type {
  CardFacts,
  ExtractedField,
  IdentityExtraction,
  IdentityFieldName,
  IdentityKind,
  KindReading,
} from './identity-document/types';

/** Why a field (or the kind) was not stored: a short machine-readable code. */
export type FieldRejections = Partial<Record<IdentityFieldName | 'kind', string>>;

/** The fields as they may be stored, and why the others were dropped. */
export type CheckedExtraction = Omit<IdentityExtraction, 'facts'> & { rejected: FieldRejections };

/* ---------------------------------------------------------------- numbers */

/**
 * RG numbers as each state issues them: how many digits before the check digit, and whether a
 * check digit (after a hyphen) is printed. States whose format is not listed, or not known for
 * sure, take the generic rule the reader itself applies: 7 to 10 digits in all.
 */
type RgFormat = { body: number[]; checkDigit: 'required' | 'none' | 'optional'; x: boolean };
export const rgFormats: Record<string, RgFormat> = {
  // SSP-SP: 12.345.678-9, check digit modulo 11, written X for 10.
  SP: { body: [8], checkDigit: 'required', x: true },
  // DETRAN/IFP-RJ: 12.345.678-9, nine digits with the check digit (older ones padded with 0).
  RJ: { body: [8], checkDigit: 'required', x: false },
  // SSP-MG: MG-12.345.678, no check digit (M-1.234.567 on older cards).
  MG: { body: [7, 8], checkDigit: 'none', x: false },
  // SSP-RS: ten digits, the last a check digit printed without a hyphen.
  RS: { body: [10], checkDigit: 'none', x: false },
  // SESP-PR: 12.345.678-9 (older 1.234.567-8).
  PR: { body: [7, 8], checkDigit: 'required', x: true },
  // SDS-PE: 1.234.567, no check digit.
  PE: { body: [7, 8], checkDigit: 'none', x: false },
};
const genericRg: RgFormat = { body: [7, 8, 9, 10], checkDigit: 'optional', x: true };

/** Whether a stored RG number (`12.345.678-9`, `1.234.567`) fits the format of its state. */
export function fitsRgFormat(value: string, uf: string | null): boolean {
  const match = /^(\d{1,3}(?:\.\d{3})*)(?:-([0-9X]))?$/.exec(value);
  if (!match) return false;
  const body = match[1]!.replace(/\D/g, '');
  const check = match[2];
  const format = (uf && rgFormats[uf]) || genericRg;
  if (!format.body.includes(body.length)) return false;
  if (check && format.checkDigit === 'none') return false;
  if (!check && format.checkDigit === 'required') return false;
  if (check === 'X' && !format.x) return false;
  // Eleven digits in all is a CPF's length, not an RG's.
  return body.length + (check ? 1 : 0) <= 10;
}

/** Why a number is not one the kind of document prints, or null. */
function numberProblem(kind: IdentityKind | null, value: string, uf: string | null): string | null {
  if (kind === 'CIN')
    return isValidCpf(value) && /^\d{11}$/.test(value) ? null : 'cpf-check-digits';
  if (kind === 'CNH') return hasValidCnhCheckDigits(value) ? null : 'cnh-check-digits';
  if (fitsRgFormat(value, uf)) return null;
  return uf && rgFormats[uf] ? `rg-format-${uf}` : 'rg-format';
}

/* ---------------------------------------------------------------- kind */

/**
 * Whether the fields and labels read support the kind: a CNH prints labels only a CNH has
 * (HABILITAÇÃO, CATEGORIA, PERMISSÃO...) or a registro with valid check digits; a CIN its
 * bilingual labels (its number, a CPF, is printed on the other cards too); an old RG its own labels
 * or a number in an RG format.
 */
function supports(reading: KindReading, facts: CardFacts): boolean {
  const { kind, numero } = reading;
  if (!kind) return false;
  if (facts.evidence[kind].length > 0) return true;
  // The old RG and the CNH print the holder's CPF too: a CPF shows no kind by itself. Nor does
  // an 11-digit number that is a CPF as well as a CNH registro (one in a hundred CPFs is).
  if (kind === 'CIN') return false;
  if (kind === 'CNH' && numero && isValidCpf(numero.value)) return false;
  return !!numero && numberProblem(kind, numero.value, reading.uf?.value ?? null) === null;
}

/* ---------------------------------------------------------------- dates */

const dayPattern = /^(\d{2})\/(\d{2})\/(\d{4})$/;
/** A real calendar date as a UTC time, or null. */
export function dayTime(value: string): number | null {
  const match = dayPattern.exec(value);
  if (!match) return null;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCDate() !== day || check.getUTCMonth() !== month - 1) return null;
  return time;
}
const addYears = (time: number, years: number) => {
  const date = new Date(time);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date.getTime();
};
const day = 24 * 60 * 60 * 1000;

/**
 * Why an expiry cannot be the document's, given the other dates read on the card, or null. A CIN
 * is valid for at most 10 years from issue (5 for a child), a CNH for at most 10 (5 from age 50,
 * 3 from 70, 1 for a learner's permission): never less than a year, never more than ten.
 */
function expiryProblem(kind: IdentityKind | null, value: string, facts: CardFacts): string | null {
  const time = dayTime(value);
  if (time === null) return 'validade-not-a-date';
  const { birth, issue, firstLicence } = facts.dates;
  // A date read under both the expiry's label and another's (a column guessed wrong) is not
  // evidence against it.
  const other = (dates: string[]) => dates.includes(value);
  if (other(issue)) return 'validade-equals-issue';
  if (other(firstLicence)) return 'validade-equals-first-licence';
  if (other(birth)) return 'validade-equals-birth';
  const times = (dates: string[]) =>
    dates.map(dayTime).filter((entry): entry is number => entry !== null);
  const issued = times(issue);
  // The latest issue date read: a card reissued keeps older dates beside the current one.
  if (issued.length > 0) {
    const lastIssue = Math.max(...issued);
    if (time <= lastIssue) return 'validade-not-after-issue';
    if (time > addYears(lastIssue, 10) + day) return 'validade-over-10-years-after-issue';
    if (time < addYears(lastIssue, 1) - day) return 'validade-under-1-year-after-issue';
  }
  // Neither under its own label nor checked against an issue date, the latest date on the card
  // may be any other box's (a first licence, an issue date whose label was not read). A CIN's
  // expiry is its issue date 10 years on (5 for a child): a date printed exactly that far back
  // anchors it, labels read or not.
  const issueOfCin =
    kind === 'CIN' &&
    times(facts.dates.printed).some(
      (printed) => printed === addYears(time, -10) || printed === addYears(time, -5),
    );
  if (!facts.expiryLabelled && issued.length === 0 && !issueOfCin) return 'validade-unanchored';
  for (const first of times(firstLicence))
    if (time <= first) return 'validade-not-after-first-licence';
  // A birth date is only used when it is plausible itself: 1900 or later, and the holder 0 to 120
  // years old when the card was issued (16 to 120 for a CNH).
  const minimumAge = kind === 'CNH' ? 16 : 0;
  const births = times(birth).filter(
    (born) =>
      new Date(born).getUTCFullYear() >= 1900 &&
      issued.every((at) => at >= addYears(born, minimumAge) && at <= addYears(born, 120)),
  );
  for (const born of births) {
    if (time <= born) return 'validade-not-after-birth';
    // A driver is 18 or older when licensed: the licence expires later still.
    if (kind === 'CNH' && time < addYears(born, 18)) return 'validade-before-age-18';
  }
  return null;
}

/* ---------------------------------------------------------------- name */

/**
 * Why a name is not a person's name as the card prints it, or null: upper-case letters (an
 * apostrophe inside a word, as in D'AVILA) and single spaces, two words or more, no label word,
 * each word with a vowel and no letter three times in a row (a signature's scrawl read as letters),
 * no word of one or two letters but the particles (OCR split a word: `ME DEIROS`, or kept a
 * scrap: `TO ORIA`), none over 14 letters (two words read as one: `TEREZINHAGUIMARAES`; the
 * longest surnames run to 11-14), not starting with a particle, and not a parent's name read under
 * FILIAÇÃO.
 */
function nameProblem(value: string, facts: CardFacts | undefined): string | null {
  if (!/^[A-Z]+(?:'[A-Z]+)?(?: [A-Z]+(?:'[A-Z]+)?)+$/.test(value)) return 'nome-format';
  const words = value.split(' ');
  if (words.filter((word) => !nameParticles.has(word)).length < 2) return 'nome-too-short';
  // No name starts with DA, DOS or E: its first word was lost.
  if (nameParticles.has(words[0]!)) return 'nome-starts-with-particle';
  if (words.some((word) => labelVocabulary.has(word))) return 'nome-label-word';
  if (words.some((word) => !nameParticles.has(word) && !/[AEIOUY]/.test(word)))
    return 'nome-word-without-vowel';
  if (words.some((word) => /([A-Z])\1\1/.test(word))) return 'nome-repeated-letters';
  if (words.some((word) => word.replace("'", '').length <= 2 && !nameParticles.has(word)))
    return 'nome-word-fragment';
  if (words.some((word) => word.replace("'", '').length > 14)) return 'nome-words-joined';
  if (facts?.parents.includes(value)) return 'nome-is-parent';
  return null;
}

/* ---------------------------------------------------------------- all */

const noFacts: CardFacts = {
  dates: { birth: [], issue: [], firstLicence: [], printed: [] },
  expiryLabelled: false,
  parents: [],
  evidence: { RG: [], CIN: [], CNH: [] },
  alternative: null,
};

/**
 * The fields that pass their checks; each one that fails is left out with its reason. When the
 * kind the labels pointed to is not supported by what was read, the runner-up kind's reading is
 * taken if it is supported; otherwise nothing that depends on the kind (number, issuer, expiry)
 * is kept.
 */
export function checkFields(extraction: IdentityExtraction): CheckedExtraction {
  const facts = extraction.facts ?? noFacts;
  const rejected: FieldRejections = {};
  let reading: KindReading = {
    kind: extraction.kind,
    numero: extraction.numero,
    orgao: extraction.orgao,
    uf: extraction.uf,
    validade: extraction.validade,
  };
  if (reading.kind && extraction.facts && !supports(reading, facts)) {
    const alternative = facts.alternative;
    if (alternative && supports(alternative, facts)) {
      rejected.kind = `${reading.kind}-unsupported-read-as-${alternative.kind}`;
      reading = alternative;
    } else {
      // Only what a document of no known kind reads the same way is kept: an old RG's printed
      // issuer, say, but never a CNH's DETRAN or registro (the fallback would take the holder's
      // RG row for them) nor an expiry.
      rejected.kind = `${reading.kind}-unsupported`;
      const unclassified = facts.unclassified;
      const same = (name: 'numero' | 'orgao' | 'validade') => {
        const found = reading[name];
        const fallback = unclassified?.[name];
        if (found && fallback && fallback.value === found.value) return found;
        if (found) rejected[name] = 'kind-unsupported';
        return null;
      };
      reading = {
        kind: null,
        numero: same('numero'),
        orgao: same('orgao'),
        uf: reading.uf,
        validade: same('validade'),
      };
    }
  }
  const keep = (name: IdentityFieldName, found: ExtractedField | null, problem: string | null) => {
    if (!found) return null;
    if (problem) {
      rejected[name] = problem;
      return null;
    }
    return { value: found.value, confidence: found.confidence };
  };
  const uf = keep(
    'uf',
    reading.uf,
    reading.uf && !ufSet.has(reading.uf.value) ? 'uf-unknown' : null,
  );
  return {
    kind: reading.kind,
    nome: keep(
      'nome',
      extraction.nome,
      extraction.nome && nameProblem(extraction.nome.value, facts),
    ),
    numero: keep(
      'numero',
      reading.numero,
      reading.numero && numberProblem(reading.kind, reading.numero.value, uf?.value ?? null),
    ),
    orgao: keep('orgao', reading.orgao, null),
    uf,
    validade: keep(
      'validade',
      reading.validade,
      reading.validade &&
        (reading.kind === 'RG'
          ? 'validade-on-rg'
          : expiryProblem(reading.kind, reading.validade.value, facts)),
    ),
    rejected,
  };
}
