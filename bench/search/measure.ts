// The measurements of the search benchmark: the kinds of term, each run with a different term
// in every round, and the table of their figures against the budget.
import type { DatabaseHandle } from '@medipay/db/client';
import {
  listQuerySchema,
  type ApplicationList,
  type ListQuery,
} from '@medipay/shared/admin-review';
import { systemClock } from '../../apps/api/src/lib/clock';
import { createReviewLists } from '../../apps/api/src/modules/admin-review/review-list.service';
import { cpfOf, createdAtOf, firstNames, saoPauloDay, surnames } from './rows';

export const rounds = 3;
export const runs = 50;
export const warmUpRuns = 5;

type Case = {
  name: string;
  example: string;
  /** The query of run `run`; `prepare` may walk to a deep page first (not timed). */
  query: (run: number) => Record<string, unknown>;
};

/** A pseudo-random row number for run `run` of a case (the same on every database). */
/** The admin the lists are read for ('Minhas análises' is not measured: nobody holds a case). */
const benchAdminId = '00000000-0000-4000-8000-000000000000';

const rowFor = (rows: number, run: number, salt: number) =>
  1 + ((run * 7_919 + salt * 104_729) % rows);

function cases(rows: number, deepCursor: string | null): Case[] {
  const name = (run: number) => {
    const [first] = firstNames[(run * 7) % firstNames.length]!;
    const [surname] = surnames[(run * 11) % surnames.length]!;
    return `${first} ${surname}`;
  };
  const masked = (cpf: string) =>
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;
  const longSurnames = surnames.filter(([surname]) => surname.length >= 3);
  const statuses = ['EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO', 'NEGADO', 'REJEITADO', 'INICIADO'];
  const protocolOf = (g: number) =>
    `MEDI-${saoPauloDay(createdAtOf(g))}-${String(((g % 1000) * 9973) % 10000).padStart(4, '0')}`;
  return [
    {
      name: 'name, first + last',
      example: name(1),
      query: (run) => ({ search: name(run) }),
    },
    {
      name: 'name, one surname',
      example: surnames[3]![0],
      query: (run) => ({ search: longSurnames[(run * 3) % longSurnames.length]![0] }),
    },
    {
      name: 'name, first + start of last',
      example: `${name(1).slice(0, -3)}`,
      query: (run) => ({ search: name(run).slice(0, -3) }),
    },
    {
      name: 'CPF, masked, whole',
      example: masked(cpfOf(rowFor(rows, 1, 1))),
      query: (run) => ({ search: masked(cpfOf(rowFor(rows, run, 1))) }),
    },
    {
      name: 'CPF prefix (2 digits)',
      example: '47',
      query: (run) => ({ search: String((run * 37) % 100).padStart(2, '0') }),
    },
    {
      name: 'e-mail (part)',
      example: 'maria.souza12',
      query: (run) => {
        const [, first] = firstNames[(run * 13) % firstNames.length]!;
        const [, surname] = surnames[(run * 17) % surnames.length]!;
        return { search: `${first}.${surname}${10 + (run % 90)}` };
      },
    },
    {
      name: 'protocolo, whole',
      example: protocolOf(rowFor(rows, 1, 2)),
      query: (run) => ({ search: protocolOf(rowFor(rows, run, 2)) }),
    },
    {
      name: 'no term, status filter',
      example: 'status=APROVADO',
      query: (run) => ({ status: statuses[run % statuses.length] }),
    },
    { name: 'no term, first page', example: 'page=1', query: () => ({}) },
    {
      name: 'no term, page 50 (Próxima x 49)',
      example: 'page=50&after=…',
      query: () => ({ page: 50, after: deepCursor ?? undefined }),
    },
  ];
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const countLabel = (list: ApplicationList) =>
  `${list.filteredCapped ? '> ' : ''}${list.filtered.toLocaleString('en-US')}`;

/** The `after` cursor of page `page` of the unfiltered list, walked with Próxima. */
async function cursorOfPage(lists: ReturnType<typeof createReviewLists>, page: number) {
  let after: string | undefined;
  for (let current = 1; current < page; current += 1) {
    const result = await lists.list(
      'pf',
      listQuerySchema.parse({ page: current, after }),
      benchAdminId,
    );
    if (!result.next) return null;
    after = result.next;
  }
  return after ?? null;
}

/**
 * Runs every kind of term on `database`; the p95s are held against `budgetP95Ms` when `budget`
 * is set, printed for information otherwise.
 */
export async function measure(
  database: DatabaseHandle,
  label: string,
  rows: number,
  budget: boolean,
  budgetP95Ms: number,
) {
  const lists = createReviewLists({ db: database.db, clock: systemClock });
  const kinds = cases(rows, await cursorOfPage(lists, 50));
  const samples = kinds.map(() => ({
    p50: [] as number[],
    p95: [] as number[],
    max: 0,
    matches: '',
  }));
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, kind] of kinds.entries()) {
      const times: number[] = [];
      const matches: ApplicationList[] = [];
      for (let run = 0; run < warmUpRuns + runs; run += 1) {
        const query: ListQuery = listQuerySchema.parse(kind.query(run));
        const started = performance.now();
        const result = await lists.list('pf', query, benchAdminId);
        const elapsed = performance.now() - started;
        if (run >= warmUpRuns) {
          times.push(elapsed);
          matches.push(result);
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      const sample = samples[index]!;
      sample.p50.push(percentile(sorted, 0.5));
      sample.p95.push(percentile(sorted, 0.95));
      sample.max = Math.max(sample.max, sorted[sorted.length - 1]!);
      matches.sort((a, b) => a.filtered - b.filtered);
      sample.matches = countLabel(matches[Math.floor(matches.length / 2)]!);
    }
  }
  const table: string[][] = [];
  let ok = true;
  for (const [index, kind] of kinds.entries()) {
    const sample = samples[index]!;
    const p95 = median(sample.p95);
    const within = p95 <= budgetP95Ms;
    if (budget) ok &&= within;
    table.push([
      label,
      rows.toLocaleString('en-US'),
      kind.name,
      kind.example,
      sample.matches,
      median(sample.p50).toFixed(1),
      sample.p95.map((value) => value.toFixed(1)).join(' / '),
      p95.toFixed(1),
      sample.max.toFixed(1),
      budget ? `<= ${budgetP95Ms}` : '-',
      budget ? (within ? 'ok' : 'OVER') : 'info',
    ]);
  }
  return { table, ok };
}
