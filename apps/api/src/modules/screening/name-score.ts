/**
 * How alike two names are, token by token, with the reasons: each strong token of the consulted
 * name is paired with at most one of the listed name (same text, same sound, or a few edits),
 * and the score is the weight of the pairs over the weight of everything, unpaired tokens
 * counting less than paired ones. The listed name's first and last tokens (given and family
 * name) weigh more than its middle names, whose absence is common ('JOAO SOUZA' for
 * 'JOAO PEDRO DE SOUZA').
 */
import { boundedEditDistance, editBudget, type NameToken, type NameTokens } from './name-tokens';

export type TokenLikeness = { readonly similarity: number; readonly reason: string };

/** Below this a pair of tokens is not the same name. */
export const MIN_TOKEN_SIMILARITY = 0.6;

/** How alike two tokens are, in [0, 1], and why (null when they are not alike). */
export function tokenLikeness(
  query: NameToken,
  listed: NameToken,
  options: { givenName?: boolean } = {},
): TokenLikeness | null {
  if (query.text === listed.text)
    return { similarity: 1, reason: `${query.text} = ${listed.text}` };
  if (query.sound === listed.sound) {
    return { similarity: 0.95, reason: `${query.text} ≈ ${listed.text} (mesmo som)` };
  }
  if (options.givenName && genderPair(query.text, listed.text)) return null;
  // Typos seldom change the first letter: two edits there make another name (PEREIRA,
  // FERREIRA); a first letter dropped (ONCEICAO for CONCEICAO) keeps the start.
  const [q0, q1] = query.text;
  const [l0, l1] = listed.text;
  const sameStart = q0 === l0 || q0 === l1 || q1 === l0;
  const budget = Math.min(
    editBudget(Math.max(query.text.length, listed.text.length)),
    sameStart ? 2 : 1,
  );
  const edits = boundedEditDistance(query.text, listed.text, budget);
  if (edits <= budget) {
    return {
      similarity: 1 - 0.12 * edits,
      reason: `${query.text} ≈ ${listed.text} (${edits} ${edits === 1 ? 'letra diferente' : 'letras diferentes'})`,
    };
  }
  const soundBudget = editBudget(Math.max(query.sound.length, listed.sound.length));
  const soundEdits = boundedEditDistance(query.sound, listed.sound, soundBudget);
  if (soundEdits <= soundBudget && query.sound[0] === listed.sound[0]) {
    return {
      similarity: 0.9 - 0.12 * soundEdits,
      reason: `${query.text} ≈ ${listed.text} (som parecido)`,
    };
  }
  if (
    (query.text.length === 1 && listed.text.startsWith(query.text)) ||
    (listed.text.length === 1 && query.text.startsWith(listed.text))
  ) {
    return { similarity: MIN_TOKEN_SIMILARITY, reason: `${query.text} ≈ ${listed.text} (inicial)` };
  }
  return null;
}

/**
 * FRANCISCO and FRANCISCA, DANIEL and DANIELA: one letter apart, but another person's given
 * name (a surname's last letter lost, SILV for SILVA, is a typo).
 */
function genderPair(a: string, b: string): boolean {
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  if (shorter.length >= 4 && longer === `${shorter}A` && /[LRSNZ]$/.test(shorter)) return true;
  if (a.length !== b.length || a.length < 4) return false;
  const end = a.length - 1;
  return (
    a.slice(0, end) === b.slice(0, end) &&
    ((a[end] === 'A' && b[end] === 'O') || (a[end] === 'O' && b[end] === 'A'))
  );
}

/** A listed token's weight: the family name most, then the given name, then middle names. */
function listedWeight(index: number, count: number, company: boolean): number {
  if (company) return 1;
  if (count === 1 || index === count - 1) return 1.3;
  if (index === 0) return 1.2;
  return 1;
}

/** The share of an unpaired token's weight that counts against the score. */
const UNPAIRED_QUERY = 0.5;
const UNPAIRED_QUERY_FIRST = 1.2;
const UNPAIRED_LISTED_MIDDLE = 0.5;

export type NameScore = { readonly score: number; readonly reasons: readonly string[] };

/** The token-aligned score of a consulted name against a listed one, in [0, 1], with reasons. */
export function scoreNames(
  query: NameTokens,
  listed: NameTokens,
  options: { company?: boolean } = {},
): NameScore {
  const company = options.company ?? false;
  const q = query.strong;
  const l = listed.strong;
  if (q.length === 0 || l.length === 0) return { score: 0, reasons: [] };

  const pairs: { qi: number; li: number; likeness: TokenLikeness }[] = [];
  for (let qi = 0; qi < q.length; qi += 1) {
    for (let li = 0; li < l.length; li += 1) {
      const likeness = tokenLikeness(q[qi]!, l[li]!, { givenName: li === 0 || qi === 0 });
      if (likeness && likeness.similarity >= MIN_TOKEN_SIMILARITY) pairs.push({ qi, li, likeness });
    }
  }
  // Best pairs first; on a tie, the pair in the same place (keeps 'JOAO JOAO' in order).
  pairs.sort(
    (a, b) =>
      b.likeness.similarity - a.likeness.similarity ||
      Math.abs(a.qi - a.li) - Math.abs(b.qi - b.li),
  );
  const queryUsed = new Array<boolean>(q.length).fill(false);
  const listedUsed = new Array<boolean>(l.length).fill(false);
  const chosen: typeof pairs = [];
  for (const pair of pairs) {
    if (queryUsed[pair.qi] || listedUsed[pair.li]) continue;
    queryUsed[pair.qi] = true;
    listedUsed[pair.li] = true;
    chosen.push(pair);
  }
  if (chosen.length === 0) return { score: 0, reasons: [] };

  let matched = 0;
  let total = 0;
  const reasons: string[] = [];
  for (const pair of chosen.sort((a, b) => a.li - b.li)) {
    const weight = listedWeight(pair.li, l.length, company);
    matched += weight * pair.likeness.similarity;
    total += weight;
    reasons.push(pair.likeness.reason);
  }
  const queryOnly: string[] = [];
  q.forEach((token, index) => {
    if (queryUsed[index]) return;
    // A first name that the listed name lacks is another person's ('INES DEBORA' is not
    // 'DEBORA'); an extra middle name is only a longer way of writing one.
    total += index === 0 ? UNPAIRED_QUERY_FIRST : UNPAIRED_QUERY;
    queryOnly.push(token.text);
  });
  const listedOnly: string[] = [];
  l.forEach((token, index) => {
    if (listedUsed[index]) return;
    const weight = listedWeight(index, l.length, company);
    const edge = index === 0 || index === l.length - 1;
    total += company || edge ? weight : weight * UNPAIRED_LISTED_MIDDLE;
    listedOnly.push(token.text);
  });
  if (queryOnly.length > 0) reasons.push(`só no nome consultado: ${queryOnly.join(' ')}`);
  if (listedOnly.length > 0) reasons.push(`só no nome listado: ${listedOnly.join(' ')}`);

  let score = matched / total;
  const order = chosen.map((pair) => pair.qi);
  if (order.some((value, index) => index > 0 && value < order[index - 1]!)) {
    score *= 0.99;
    reasons.push('nomes em outra ordem');
  }
  if (query.suffix && listed.suffix && query.suffix !== listed.suffix) {
    score *= 0.85;
    reasons.push(`sufixos diferentes: ${query.suffix} e ${listed.suffix}`);
  } else if ((query.suffix ?? null) !== (listed.suffix ?? null)) {
    score *= 0.98;
    reasons.push(`${query.suffix ?? listed.suffix} só em um dos nomes`);
  }
  return { score, reasons };
}
