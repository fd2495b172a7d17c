// The screening benchmark's load: submitted PF applications inserted straight into the tables
// (multi-row INSERTs), some of them people of the PEP file (name and a CPF with the mask's
// digits), and a new version of a PEP file that adds, edits and removes rows, some of them
// about those applications.
import type { DatabaseHandle } from '@medipay/db/client';
import { cpfCheckDigits } from './labelled-set';
import { createRng, randomPersonName, render } from './names';

export type ListedPerson = { readonly name: string; readonly cpfMiddle: string };

const sqlText = (value: string | null) =>
  value === null ? 'null' : `'${value.replace(/'/g, "''")}'`;

/** A valid CPF per number g (distinct for g below a billion), or one with given middle digits. */
export function cpfOf(g: number, middle?: string): string {
  const base = String((g * 7919) % 1_000_000_000).padStart(9, '0');
  const nine = middle ? `${base.slice(0, 3)}${middle}` : base;
  return nine + cpfCheckDigits(nine);
}

export type Applications = {
  readonly ids: string[];
  /** Indexes (into ids) of the applications that are people of the PEP file. */
  readonly listed: number[];
  /** Those people, as the file lists them. */
  readonly listedPeople: ListedPerson[];
  /** Some applicants not in the file (one in 500), as a new version of it would list them. */
  readonly others: ListedPerson[];
  readonly seconds: number;
};

/**
 * `count` PF applications submitted for analysis (EM_ANALISE, EM_EXIGENCIA or APROVADO), with
 * their sessions; every hundredth is a person of `people` (the name as listed, a CPF with the
 * mask's digits), one in twenty names a PEP relative. Returns their ids in insertion order.
 */
export async function insertApplications(
  database: DatabaseHandle,
  count: number,
  people: readonly ListedPerson[],
  seed: number,
): Promise<Applications> {
  const started = performance.now();
  const rng = createRng(seed);
  const chunk = 5_000;
  const listed: number[] = [];
  const usedMiddles = new Set<string>();
  const listedPeople: ListedPerson[] = [];
  const others: ListedPerson[] = [];
  for (let from = 0; from < count; from += chunk) {
    const sessions: string[] = [];
    const rows: string[] = [];
    for (let g = from; g < Math.min(count, from + chunk); g += 1) {
      const session = `sess_bench_screening_${g}`;
      const at = new Date(Date.UTC(2025, 0, 1) + g * 60_000).toISOString();
      let name = render(randomPersonName(rng), { accents: true, letterCase: 'title' });
      let cpf = cpfOf(g + 1);
      if (g % 100 === 50 && people.length > 0) {
        const person = people[rng.int(people.length)]!;
        if (!usedMiddles.has(person.cpfMiddle)) {
          usedMiddles.add(person.cpfMiddle);
          name = person.name;
          cpf = cpfOf(g + 1, person.cpfMiddle);
          listed.push(g);
          listedPeople.push(person);
        }
      } else if (g % 500 === 125) {
        others.push({ name: name.toLocaleUpperCase('pt-BR'), cpfMiddle: cpf.slice(3, 9) });
      }
      const relative = rng.chance(0.05);
      const roll = rng.next();
      const status = roll < 0.4 ? 'EM_ANALISE' : roll < 0.5 ? 'EM_EXIGENCIA' : 'APROVADO';
      sessions.push(`(${sqlText(session)}, 'PF', '${at}', '${at}', '${at}')`);
      rows.push(
        `(${[
          sqlText(session),
          sqlText(name),
          sqlText(cpf),
          sqlText(`bench${g}@exemplo.com.br`),
          sqlText(`MEDI-BENCH-${String(g).padStart(7, '0')}`),
          sqlText(status),
          '6',
          sqlText(relative ? 'RELACIONADO' : 'NAO'),
          sqlText(
            relative ? render(randomPersonName(rng), { accents: true, letterCase: 'title' }) : null,
          ),
          sqlText(relative ? cpfOf(count + g + 1) : null),
          'true',
          'true',
          `'${at}'`,
          `'${at}'`,
          `'${at}'`,
        ].join(', ')})`,
      );
    }
    await database.executeSql(
      `insert into applicant_sessions (id, flow, created_at, last_seen_at, submitted_at) values ${sessions.join(',\n')};`,
    );
    await database.executeSql(
      `insert into onboarding_pf (session_id, nome_completo, cpf, email, protocolo, status,
         current_step, pep_tipo, pep_nome, pep_cpf, consentimento_lgpd, consentimento_kyc,
         created_at, updated_at, submitted_at)
       values ${rows.join(',\n')};`,
    );
  }
  const { rows: sessionRows } = await database.executeSql(
    `select id, session_id from onboarding_pf where session_id like 'sess_bench_screening_%'`,
  );
  const ids: string[] = new Array<string>(count);
  for (const row of sessionRows as { id: string; session_id: string }[]) {
    ids[Number(row.session_id.slice('sess_bench_screening_'.length))] = row.id;
  }
  await database.executeSql('analyze onboarding_pf; analyze applicant_sessions;');
  return { ids, listed, listedPeople, others, seconds: (performance.now() - started) / 1000 };
}

const FIELD = /"((?:[^"]|"")*)"/g;
const fieldsOf = (line: string) => [...line.matchAll(FIELD)].map((m) => m[1]!.replace(/""/g, '"'));
const lineOf = (fields: readonly string[]) =>
  fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(';');

export type Changes = { readonly added: number; readonly edited: number; readonly removed: number };

/**
 * A new version of a CGU PEP CSV (ISO-8859-1, CRLF, quoted): `changes.removed` rows left out
 * and `changes.edited` changed (an end of office, or another level) (first the rows of `people.removed` and
 * `people.edited`, then rows at random), `changes.added` new rows (first `people.added`).
 */
export function changedPepFile(
  bytes: Uint8Array,
  changes: Changes,
  people: {
    readonly added: readonly ListedPerson[];
    readonly edited: readonly ListedPerson[];
    readonly removed: readonly ListedPerson[];
  },
  seed: number,
): Uint8Array {
  const rng = createRng(seed);
  const lines = Buffer.from(bytes).toString('latin1').split('\r\n');
  const header = lines[0]!;
  const rows = lines.slice(1).filter((line) => line !== '');
  const keyOf = (p: ListedPerson) => `${p.cpfMiddle}|${p.name}`;
  const rowKey = (line: string) => {
    const [cpf = '', name = ''] = fieldsOf(line);
    return `${cpf.replace(/\D/g, '')}|${name}`;
  };
  const toRemove = new Set(people.removed.map(keyOf));
  const toEdit = new Set(people.edited.map(keyOf));
  const removed = new Set<number>();
  const edited = new Set<number>();
  rows.forEach((line, i) => {
    const key = rowKey(line);
    if (toRemove.has(key) && removed.size < changes.removed) removed.add(i);
    else if (toEdit.has(key) && edited.size < changes.edited) edited.add(i);
  });
  while (removed.size < changes.removed) {
    const at = rng.int(rows.length);
    if (!edited.has(at)) removed.add(at);
  }
  while (edited.size < changes.edited) {
    const at = rng.int(rows.length);
    if (!removed.has(at)) edited.add(at);
  }
  const out: string[] = [header];
  rows.forEach((line, i) => {
    if (removed.has(i)) return;
    if (!edited.has(i)) {
      out.push(line);
      return;
    }
    // The entry keeps its id (CPF mask, name, função, órgão, start) and changes its content:
    // the person left office, or the função's level changed.
    const fields = fieldsOf(line);
    if (fields[7] === '') {
      fields[7] = '01/06/2025';
      fields[8] = '01/06/2030';
    } else {
      fields[4] = `${fields[4]} (substituto)`;
    }
    out.push(lineOf(fields));
  });
  for (let i = 0; i < changes.added; i += 1) {
    const person = people.added[i];
    const middle = person?.cpfMiddle ?? String(rng.int(1_000_000)).padStart(6, '0');
    const name =
      person?.name ?? render(randomPersonName(rng), { accents: true, letterCase: 'upper' });
    out.push(
      lineOf([
        `***.${middle.slice(0, 3)}.${middle.slice(3)}-**`,
        name,
        'VER',
        'Vereador',
        'Eletivo',
        'Câmara Municipal de Vila Nova',
        '01/01/2025',
        '',
        '',
      ]),
    );
  }
  return new Uint8Array(Buffer.from(`${out.join('\r\n')}\r\n`, 'latin1'));
}
