// Matching quality on the labelled set: each query through a match function (the service's, on
// a database, or the matcher's index straight on the parsed entries), the share of listed
// people found and of unlisted people flagged, per variant class, and samples of the misses
// and false positives for whoever tunes the matcher.
import { labelKey, type LabelledQuery, type LabelledQueryInput } from './labelled-set';

/** The part of ScreeningMatch the bench reads. */
export type MatchLike = {
  readonly list: string;
  readonly entryId: string;
  readonly name: string;
  readonly score: number;
  readonly reasons: readonly string[];
};

export type Outcome = {
  readonly query: LabelledQuery;
  /** Listed: an expected entry is among the hits. Unlisted: any hit at all. */
  readonly flagged: boolean;
  readonly hits: readonly MatchLike[];
  readonly ms: number;
};

/** labelKey → the ids (`list:entryId`) of the parsed entries that carry it. */
export function entryIdsByLabel(
  entries: readonly { list: string; id: string; names: readonly string[] }[],
): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const entry of entries) {
    const key = labelKey(entry);
    const ids = out.get(key) ?? new Set<string>();
    ids.add(`${entry.list}:${entry.id}`);
    out.set(key, ids);
  }
  return out;
}

export async function evaluate(
  queries: readonly LabelledQuery[],
  ids: Map<string, Set<string>>,
  threshold: number,
  match: (query: LabelledQueryInput) => Promise<readonly MatchLike[]> | readonly MatchLike[],
): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const query of queries) {
    const started = performance.now();
    const hits = (await match(query.query)).filter((hit) => hit.score >= threshold);
    const ms = performance.now() - started;
    const expected = new Set((query.expected ?? []).flatMap((key) => [...(ids.get(key) ?? [])]));
    const flagged =
      query.label === 'listed'
        ? hits.some((hit) => expected.has(`${hit.list}:${hit.entryId}`))
        : hits.length > 0;
    outcomes.push({ query, flagged, hits, ms });
  }
  return outcomes;
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;

export const TRUE_BUDGET = 0.98;
export const FALSE_BUDGET = 0.02;

export type QualitySummary = {
  readonly listedShare: number;
  readonly unlistedShare: number;
  readonly ok: boolean;
};

export function summarise(outcomes: readonly Outcome[]): QualitySummary {
  const listed = outcomes.filter((o) => o.query.label === 'listed');
  const unlisted = outcomes.filter((o) => o.query.label === 'unlisted');
  const listedShare = listed.filter((o) => o.flagged).length / Math.max(1, listed.length);
  const unlistedShare = unlisted.filter((o) => o.flagged).length / Math.max(1, unlisted.length);
  return {
    listedShare,
    unlistedShare,
    ok: listedShare >= TRUE_BUDGET && unlistedShare <= FALSE_BUDGET,
  };
}

/**
 * One row per variant class: queries, how many hit (listed: the right entry; unlisted: any
 * entry), with and without the CPF or birth date, for listed people the share with an alert
 * for any entry (the right one or another), and the median time per query.
 */
export function classRows(outcomes: readonly Outcome[]): string[][] {
  const classes = [
    ...new Set(outcomes.map((o) => `${o.query.label}\u0000${o.query.variantClass}`)),
  ];
  return classes.map((key) => {
    const [label, variantClass] = key.split('\u0000') as [string, string];
    const rows = outcomes.filter(
      (o) => o.query.label === label && o.query.variantClass === variantClass,
    );
    const withId = rows.filter((o) => o.query.query.cpf !== null || o.query.query.birthDate);
    const withIdListed = rows.filter((o) =>
      o.query.list === 'pep' ? o.query.query.cpf !== null : o.query.query.birthDate !== null,
    );
    const idRows = label === 'listed' ? withIdListed : withId;
    const noIdRows = rows.filter((o) => !idRows.includes(o));
    const flagged = rows.filter((o) => o.flagged).length;
    const times = rows.map((o) => o.ms).sort((a, b) => a - b);
    return [
      label === 'listed' ? 'listada' : 'não listada',
      variantClass,
      String(rows.length),
      String(flagged),
      percent(flagged, rows.length),
      percent(idRows.filter((o) => o.flagged).length, idRows.length),
      percent(noIdRows.filter((o) => o.flagged).length, noIdRows.length),
      label === 'listed' ? percent(rows.filter((o) => o.hits.length > 0).length, rows.length) : '-',
      (times[Math.floor(times.length / 2)] ?? 0).toFixed(1),
    ];
  });
}

export const classHeaders = [
  'pessoa',
  'classe',
  'consultas',
  'com alerta',
  'share',
  'share com CPF/nasc.',
  'share sem',
  'any alert',
  'median ms',
];

export function budgetRows(
  label: string,
  summary: QualitySummary,
  outcomes: readonly Outcome[],
): string[][] {
  const count = (kind: 'listed' | 'unlisted') =>
    outcomes.filter((o) => o.query.label === kind).length.toLocaleString('en-US');
  return [
    [
      label,
      `listed people found (${count('listed')} queries)`,
      `>= ${(TRUE_BUDGET * 100).toFixed(0)}%`,
      `${(summary.listedShare * 100).toFixed(1)}%`,
      summary.listedShare >= TRUE_BUDGET ? 'ok' : 'ACIMA DO ORÇAMENTO',
    ],
    [
      label,
      `unlisted people flagged (${count('unlisted')} queries)`,
      `<= ${(FALSE_BUDGET * 100).toFixed(0)}%`,
      `${(summary.unlistedShare * 100).toFixed(1)}%`,
      summary.unlistedShare <= FALSE_BUDGET ? 'ok' : 'ACIMA DO ORÇAMENTO',
    ],
  ];
}

/** The phonetic class split by rule (W/V, Z/S...): queries and how many found their entry. */
export function phoneticRuleRows(outcomes: readonly Outcome[]): string[][] {
  const byRule = new Map<string, Outcome[]>();
  for (const o of outcomes) {
    if (o.query.variantClass !== 'grafia fonética') continue;
    const rule = o.query.note.split(':')[0]!;
    byRule.set(rule, [...(byRule.get(rule) ?? []), o]);
  }
  return [...byRule].map(([rule, list]) => {
    const found = list.filter((o) => o.flagged).length;
    return [rule, String(list.length), String(found), percent(found, list.length)];
  });
}

const describeHit = (hit: MatchLike) =>
  `${hit.list} "${hit.name}" ${hit.score.toFixed(3)} [${hit.reasons.join('; ')}]`;

/**
 * Up to `count` misses and false positives, spread over the classes: the query, the listed
 * name, and what the matcher answered (for a miss, the expected entry's score below the
 * threshold when `lookup` finds it).
 */
export function sampleRows(
  outcomes: readonly Outcome[],
  count: number,
  lookup?: (outcome: Outcome) => string,
): { misses: string[][]; falsePositives: string[][] } {
  const spread = (list: readonly Outcome[]) => {
    const byClass = new Map<string, Outcome[]>();
    for (const o of list)
      byClass.set(o.query.variantClass, [...(byClass.get(o.query.variantClass) ?? []), o]);
    const out: Outcome[] = [];
    for (let round = 0; out.length < Math.min(count, list.length); round += 1) {
      for (const group of byClass.values()) {
        if (group[round] && out.length < count) out.push(group[round]!);
      }
    }
    return out;
  };
  const query = (o: Outcome) =>
    [
      JSON.stringify(o.query.query.name),
      o.query.query.cpf ? `CPF ${o.query.query.cpf}` : '',
      o.query.query.birthDate ? `nasc. ${o.query.query.birthDate}` : '',
    ]
      .filter((s) => s !== '')
      .join(', ');
  const misses = spread(outcomes.filter((o) => o.query.label === 'listed' && !o.flagged)).map(
    (o) => [
      o.query.variantClass,
      query(o),
      `${o.query.list} "${o.query.listedName}"`,
      o.query.note,
      lookup ? lookup(o) : o.hits.slice(0, 2).map(describeHit).join(' | ') || 'nenhum alerta',
    ],
  );
  const falsePositives = spread(
    outcomes.filter((o) => o.query.label === 'unlisted' && o.flagged),
  ).map((o) => [
    o.query.variantClass,
    query(o),
    o.query.listedName ?? '-',
    describeHit(o.hits[0]!),
    String(o.hits.length),
  ]);
  return { misses, falsePositives };
}
