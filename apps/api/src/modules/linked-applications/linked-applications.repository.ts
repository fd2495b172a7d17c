import { sql, type SQL } from 'drizzle-orm';
import type { LinkAttribute } from '@medipay/shared/case-review';
import type { Flow } from '@medipay/shared/status';
import type { Executor } from '../messaging/outbox.repository';

/** What an application can share with another one, as stored (null: not filled in). */
export type LinkKeys = {
  flow: Flow;
  id: string;
  /** PF: CPF; PJ: CNPJ. */
  document: string | null;
  email: string | null;
  telefone: string | null;
  dispositivoId: string | null;
  /** The CPFs of people behind it: PF, the applicant's; PJ, the representative's. */
  personCpfs: string[];
};

export type LinkedRow = {
  flow: Flow;
  id: string;
  protocolo: string | null;
  name: string | null;
  document: string | null;
  status: string;
  createdAt: Date;
  sessionId: string;
  attribute: LinkAttribute;
  value: string;
};

/** How many applications one attribute links at most (a shared device of a clinic's desk...). */
export const LINKS_PER_ATTRIBUTE = 50;

type Probe = { attribute: LinkAttribute; value: string; flow: Flow; where: SQL };

/**
 * Every probe is one indexed equality (the document's prefix index, the e-mail's trigram index,
 * the telephone, device and representative indexes), capped: a link query costs a few index
 * lookups whatever the size of the tables.
 */
function probesOf(keys: LinkKeys): Probe[] {
  const probes: Probe[] = [];
  const both = (attribute: LinkAttribute, value: string | null, pf: SQL, pj: SQL) => {
    if (!value) return;
    probes.push(
      { attribute, value, flow: 'PF', where: pf },
      { attribute, value, flow: 'PJ', where: pj },
    );
  };
  if (keys.document) {
    probes.push({
      attribute: 'documento',
      value: keys.document,
      flow: keys.flow,
      where: keys.flow === 'PF' ? sql`cpf = ${keys.document}` : sql`cnpj = ${keys.document}`,
    });
  }
  both('email', keys.email, sql`lower(email) = ${keys.email}`, sql`lower(email) = ${keys.email}`);
  both(
    'telefone',
    keys.telefone,
    sql`telefone = ${keys.telefone}`,
    sql`telefone = ${keys.telefone}`,
  );
  both(
    'dispositivo',
    keys.dispositivoId,
    sql`dispositivo_id = ${keys.dispositivoId}`,
    sql`dispositivo_id = ${keys.dispositivoId}`,
  );
  for (const cpf of keys.personCpfs) {
    // A person behind two applications: a PF applicant who represents a company, or one
    // representative of two companies (the PF-to-PF case is the same document, above).
    if (keys.flow === 'PJ')
      probes.push({ attribute: 'socio', value: cpf, flow: 'PF', where: sql`cpf = ${cpf}` });
    probes.push({
      attribute: 'socio',
      value: cpf,
      flow: 'PJ',
      where: sql`responsavel_cpf = ${cpf}`,
    });
  }
  return probes;
}

const selectOf = (flow: Flow) =>
  flow === 'PF'
    ? sql`select 'PF' as flow, id, protocolo, nome_completo as name, cpf as document, status, created_at, session_id from onboarding_pf`
    : sql`select 'PJ' as flow, id, protocolo, coalesce(nome_fantasia, razao_social) as name, cnpj as document, status, created_at, session_id from onboarding_pj`;

type LinkedApplicationRow = Omit<LinkedRow, 'attribute' | 'value'>;

/** A row of `selectOf`, typed. */
const applicationOf = (row: Record<string, unknown>): LinkedApplicationRow => ({
  flow: row.flow as Flow,
  id: String(row.id),
  protocolo: (row.protocolo as string | null) ?? null,
  name: (row.name as string | null) ?? null,
  document: (row.document as string | null) ?? null,
  status: String(row.status),
  createdAt: new Date(row.created_at as string),
  sessionId: String(row.session_id),
});

/** The other applications sharing each attribute of `keys`, newest first per attribute. */
export async function findLinkedRows(executor: Executor, keys: LinkKeys): Promise<LinkedRow[]> {
  const rows: LinkedRow[] = [];
  for (const probe of probesOf(keys)) {
    const self = probe.flow === keys.flow ? sql` and id <> ${keys.id}` : sql``;
    const result = await executor.execute(
      sql`${selectOf(probe.flow)} where ${probe.where}${self} order by created_at desc limit ${LINKS_PER_ATTRIBUTE}`,
    );
    for (const row of result.rows as Array<Record<string, unknown>>) {
      rows.push({ ...applicationOf(row), attribute: probe.attribute, value: probe.value });
    }
  }
  return rows;
}

/** The applications whose session is one of `sessionIds` (the face search answers sessions). */
export async function findApplicationsBySessions(
  executor: Executor,
  sessionIds: readonly string[],
): Promise<LinkedApplicationRow[]> {
  if (sessionIds.length === 0) return [];
  const list = sql.join(
    sessionIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await executor.execute(
    sql`${selectOf('PF')} where session_id in (${list}) union all ${selectOf('PJ')} where session_id in (${list})`,
  );
  return (result.rows as Array<Record<string, unknown>>).map(applicationOf);
}
