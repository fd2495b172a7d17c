/**
 * Who an application puts on the lists: PF — the applicant and the relative or associate named in
 * the PEP step; PJ — the company, its legal representative and every partner of the registry
 * lookup (QSA). Read in pages, in id order, for the re-screening of every open or approved
 * application.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import type { ScreeningSubjectRole } from '@medipay/shared/screening';
import type { ScreeningQuery } from './matcher';

export type Subject = { readonly role: ScreeningSubjectRole; readonly query: ScreeningQuery };

export type ScreenedApplication = {
  readonly flow: 'PF' | 'PJ';
  readonly id: string;
  readonly status: string;
  readonly subjects: readonly Subject[];
};

/** The statuses screened again when a list changes: sent, in analysis, in requirements, approved. */
export const SCREENED_STATUSES = ['ENVIADO_PARA_ANALISE', 'EM_ANALISE', 'EM_EXIGENCIA', 'APROVADO'];

const statusList = sql.join(
  SCREENED_STATUSES.map((status) => sql`${status}`),
  sql`, `,
);

type PfRow = {
  id: string;
  status: string;
  nome_completo: string | null;
  cpf: string | null;
  pep_nome: string | null;
  pep_cpf: string | null;
};

type PjRow = {
  id: string;
  status: string;
  razao_social: string | null;
  cnpj: string | null;
  responsavel_nome: string | null;
  responsavel_cpf: string | null;
  qsa: unknown;
};

function pfSubjects(row: PfRow): Subject[] {
  const out: Subject[] = [];
  if (row.nome_completo) {
    out.push({ role: 'titular', query: { kind: 'PF', name: row.nome_completo, cpf: row.cpf } });
  }
  if (row.pep_nome) {
    out.push({
      role: 'relacionado_pep',
      query: { kind: 'PF', name: row.pep_nome, cpf: row.pep_cpf },
    });
  }
  return out;
}

/** The partners' names of a cached registry answer (`qsa: [{ nome }]`). */
function partnerNames(qsa: unknown): string[] {
  if (!Array.isArray(qsa)) return [];
  return qsa
    .map((partner: unknown) =>
      partner && typeof partner === 'object' && 'nome' in partner ? String(partner.nome) : '',
    )
    .filter((name) => name.trim() !== '');
}

function pjSubjects(row: PjRow): Subject[] {
  const out: Subject[] = [];
  if (row.razao_social || row.cnpj) {
    out.push({
      role: 'empresa',
      query: { kind: 'PJ', name: row.razao_social ?? '', cnpj: row.cnpj },
    });
  }
  const representative = row.responsavel_nome?.trim().toUpperCase() ?? '';
  if (row.responsavel_nome) {
    out.push({
      role: 'representante',
      query: { kind: 'PF', name: row.responsavel_nome, cpf: row.responsavel_cpf },
    });
  }
  for (const name of new Set(partnerNames(row.qsa))) {
    // The representative is often a partner: screened once, with the CPF.
    if (name.trim().toUpperCase() === representative) continue;
    out.push({ role: 'socio', query: { kind: 'PF', name } });
  }
  return out;
}

const pfColumns = sql`id, status, nome_completo, cpf, pep_nome, pep_cpf`;
const pjColumns = sql`p.id, p.status, p.razao_social, p.cnpj, p.responsavel_nome, p.responsavel_cpf,
  (select c.value -> 'qsa' from lookup_cache c where c.key = 'cnpj:' || p.cnpj) as qsa`;

/** One application's subjects, whatever its status; null if there is no such application. */
export async function applicationSubjects(
  db: Database,
  flow: 'PF' | 'PJ',
  id: string,
): Promise<ScreenedApplication | null> {
  if (flow === 'PF') {
    const rows = await db.execute<PfRow>(
      sql`select ${pfColumns} from onboarding_pf where id = ${id}`,
    );
    const row = rows.rows[0];
    return row ? { flow, id: row.id, status: row.status, subjects: pfSubjects(row) } : null;
  }
  const rows = await db.execute<PjRow>(
    sql`select ${pjColumns} from onboarding_pj p where p.id = ${id}`,
  );
  const row = rows.rows[0];
  return row ? { flow, id: row.id, status: row.status, subjects: pjSubjects(row) } : null;
}

/** A page of the screened applications of a flow after `afterId` (id order). */
export async function screenedApplicationsPage(
  db: Database,
  flow: 'PF' | 'PJ',
  afterId: string | null,
  limit: number,
): Promise<ScreenedApplication[]> {
  const after = afterId ?? '00000000-0000-0000-0000-000000000000';
  if (flow === 'PF') {
    const rows = await db.execute<PfRow>(
      sql`select ${pfColumns} from onboarding_pf
          where status in (${statusList}) and id > ${after}
          order by id limit ${limit}`,
    );
    return rows.rows.map((row) => ({
      flow,
      id: row.id,
      status: row.status,
      subjects: pfSubjects(row),
    }));
  }
  const rows = await db.execute<PjRow>(
    sql`select ${pjColumns} from onboarding_pj p
        where p.status in (${statusList}) and p.id > ${after}
        order by p.id limit ${limit}`,
  );
  return rows.rows.map((row) => ({
    flow,
    id: row.id,
    status: row.status,
    subjects: pjSubjects(row),
  }));
}
