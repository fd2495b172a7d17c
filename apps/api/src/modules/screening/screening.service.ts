/**
 * PEP and sanctions screening: lists imported as versions, applications screened at submission
 * against every list in force, and every open or approved application screened again, against
 * what changed only, when a new version comes in. Every screening leaves a run row ('no hit'
 * included); a hit is kept once per (application, list entry, entry content hash), so the
 * reviewer's decision on an entry holds until the entry changes.
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@medipay/db/client';
import {
  screeningEntries,
  screeningHits,
  screeningListVersions,
  screeningRuns,
} from '@medipay/db/schema';
import { saoPauloParts } from '@medipay/shared/dates';
import { screeningAuditActions, type ScreeningListKind } from '@medipay/shared/screening';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import { parseListFile } from './list-files';
import { ListFileError, type ListEntry, type ListKind } from './list-types';
import {
  createListIndex,
  type ListIndex,
  type ScreeningMatch,
  type ScreeningQuery,
} from './matcher';
import {
  SCREENED_STATUSES,
  applicationSubjects,
  screenedApplicationsPage,
  type ScreenedApplication,
} from './screening-subjects';

export type ImportResult = {
  readonly list: ListKind;
  readonly version: number;
  readonly rowCount: number;
  /** Against the version in force before: entries new, changed and gone. */
  readonly added: number;
  readonly edited: number;
  readonly removed: number;
};

export type RescreenResult = {
  readonly list: ListKind;
  readonly version: number;
  readonly changedEntries: number;
  readonly removedEntries: number;
  readonly applications: number;
  readonly hits: number;
};

export type Screening = {
  /** Parses the file and makes it the version in force, in one transaction; ListFileError if bad. */
  importList(
    list: ListKind,
    bytes: Uint8Array,
    meta: { fileName: string; importedBy: string },
  ): Promise<ImportResult>;
  /** Screens one application against every list in force (at submission). */
  screenApplication(flow: 'PF' | 'PJ', recordId: string): Promise<{ hits: number }>;
  /**
   * For every list whose version in force was not yet screened against: screens every open or
   * approved application against the entries added or changed since the last screened version,
   * and withdraws the open hits of entries that changed or left. Idempotent; resumable.
   */
  rescreenAfterImports(options?: { signal?: AbortSignal }): Promise<RescreenResult[]>;
  /**
   * Screens the open or approved applications that were never screened (the screening at
   * submission failed, or they predate the lists), against every list in force.
   */
  screenUnscreened(options?: { signal?: AbortSignal }): Promise<number>;
  /** The hits of one query against every list in force, at or above the alert threshold. */
  match(query: ScreeningQuery): Promise<ScreeningMatch[]>;
};

const INSERT_BATCH = 1000;
const RESCREEN_PAGE = 1000;

type Executor = Pick<Database, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** What the reviewer needs to recognise the entry. */
export function entrySummary(entry: ListEntry): Record<string, string | null> {
  switch (entry.list) {
    case 'pep':
      return {
        Função: [entry.functionAcronym, entry.functionDescription].filter(Boolean).join(' — '),
        Órgão: entry.agency || null,
        'CPF (parcial)': entry.cpfMiddleDigits
          ? `***.${entry.cpfMiddleDigits.slice(0, 3)}.${entry.cpfMiddleDigits.slice(3)}-**`
          : null,
        'Fim do exercício': entry.endDate,
        'Fim da carência': entry.graceEndDate,
      };
    case 'ceis':
    case 'cnep':
      return {
        Sanção: entry.category || null,
        Processo: entry.processNumber || null,
        'Órgão sancionador': entry.sanctioningBody || null,
        Início: entry.startDate,
        Fim: entry.endDate,
        Abrangência: entry.scope || null,
      };
    case 'unsc':
      return {
        'Referência ONU': entry.referenceNumber || null,
        Tipo: entry.subject === 'entity' ? 'Entidade' : 'Pessoa',
        'Nomes alternativos': entry.aliases.map((alias) => alias.name).join('; ') || null,
        Nacionalidade: entry.nationalities.join(', ') || null,
        'Incluído em': entry.listedOn,
      };
  }
}

function toEntry(stored: { entry: Record<string, unknown>; contentHash: string }): ListEntry {
  return { ...(stored.entry as unknown as ListEntry), contentHash: stored.contentHash };
}

/** The parsed entries with one row per id: an id published twice with different contents is refused. */
function distinctEntries(entries: readonly ListEntry[]): ListEntry[] {
  const byId = new Map<string, ListEntry>();
  for (const entry of entries) {
    const seen = byId.get(entry.id);
    if (!seen) byId.set(entry.id, entry);
    else if (seen.contentHash !== entry.contentHash) {
      throw new ListFileError(
        `O registro ${entry.id} aparece duas vezes no arquivo com conteúdos diferentes.`,
      );
    }
  }
  return [...byId.values()];
}

export function createScreening(deps: { db: Database; clock: Clock }): Screening {
  const { db, clock } = deps;
  type VersionRef = { id: string; version: number };
  type IndexedLists = { key: string; index: ListIndex; versions: Map<ListKind, VersionRef> };
  let cached: IndexedLists | null = null;

  const versionsInForce = async (): Promise<Map<ListKind, VersionRef>> => {
    const rows = await db
      .select({
        id: screeningListVersions.id,
        list: screeningListVersions.list,
        version: screeningListVersions.version,
      })
      .from(screeningListVersions)
      .where(eq(screeningListVersions.inForce, true));
    return new Map(rows.map((row) => [row.list, { id: row.id, version: row.version }]));
  };

  const loadEntries = async (versionIds: readonly string[]): Promise<ListEntry[]> => {
    if (versionIds.length === 0) return [];
    const rows = await db
      .select({ entry: screeningEntries.entry, contentHash: screeningEntries.contentHash })
      .from(screeningEntries)
      .where(inArray(screeningEntries.versionId, [...versionIds]));
    return rows.map(toEntry);
  };

  /**
   * The index of every list in force, rebuilt when a version changes; callers that come while
   * it is being built share the build.
   */
  let building: { key: string; done: Promise<IndexedLists> } | null = null;
  const fullIndex = async (): Promise<IndexedLists> => {
    const versions = await versionsInForce();
    const key = [...versions.values()]
      .map((version) => version.id)
      .sort()
      .join(',');
    if (cached?.key === key) return cached;
    if (building?.key !== key) {
      const build = async (): Promise<IndexedLists> => {
        const entries = await loadEntries([...versions.values()].map((version) => version.id));
        cached = { key, index: createListIndex(entries), versions };
        return cached;
      };
      building = { key, done: build().finally(() => (building = null)) };
    }
    return building.done;
  };

  /** The São Paulo day, ISO (yyyy-mm-dd), as the entries' dates are. */
  const today = () => {
    const { year, month, day } = saoPauloParts(clock.now());
    return `${year}-${month}-${day}`;
  };

  /** Hits of an application's subjects, the best subject per entry. */
  const matchApplication = (index: ListIndex, application: ScreenedApplication) => {
    const found = new Map<string, { match: ScreeningMatch; role: string; subjectName: string }>();
    for (const subject of application.subjects) {
      for (const match of index.match(subject.query, { today: today() })) {
        const key = `${match.list}:${match.entryId}`;
        const seen = found.get(key);
        if (!seen || seen.match.score < match.score) {
          found.set(key, { match, role: subject.role, subjectName: subject.query.name });
        }
      }
    }
    return [...found.values()];
  };

  /** Writes the runs (one per list screened) and the new hits of a batch of applications. */
  const record = async (
    executor: Executor,
    results: {
      application: ScreenedApplication;
      hits: ReturnType<typeof matchApplication>;
    }[],
    lists: ReadonlyMap<ListKind, VersionRef>,
    trigger: 'submissao' | 'nova_versao',
  ): Promise<number> => {
    const now = clock.now();
    const runs = results.flatMap(({ application, hits }) =>
      [...lists].map(([list, version]) => ({
        flow: application.flow,
        recordId: application.id,
        list,
        versionId: version.id,
        trigger,
        subjects: application.subjects.length,
        hits: hits.filter((hit) => hit.match.list === list).length,
        screenedAt: now,
      })),
    );
    for (let i = 0; i < runs.length; i += INSERT_BATCH) {
      await executor.insert(screeningRuns).values(runs.slice(i, i + INSERT_BATCH));
    }
    const hitRows = results.flatMap(({ application, hits }) =>
      hits.map(({ match, role, subjectName }) => ({
        flow: application.flow,
        recordId: application.id,
        list: match.list,
        entryId: match.entryId,
        contentHash: match.contentHash,
        versionId: lists.get(match.list)!.id,
        subjectRole: role,
        subjectName,
        entryName: match.name,
        entrySummary: entrySummary(match.entry),
        score: match.score,
        reasons: [...match.reasons],
        foundAt: now,
      })),
    );
    let inserted = 0;
    for (let i = 0; i < hitRows.length; i += INSERT_BATCH) {
      const rows = await executor
        .insert(screeningHits)
        .values(hitRows.slice(i, i + INSERT_BATCH))
        .onConflictDoNothing()
        .returning({ id: screeningHits.id });
      inserted += rows.length;
    }
    return inserted;
  };

  const screenApplication: Screening['screenApplication'] = async (flow, recordId) => {
    const application = await applicationSubjects(db, flow, recordId);
    if (!application) throw new Error(`screening: no ${flow} application ${recordId}`);
    const { index, versions } = await fullIndex();
    if (versions.size === 0) return { hits: 0 };
    const hits = matchApplication(index, application);
    const inserted = await db.transaction((tx) =>
      record(tx, [{ application, hits }], versions, 'submissao'),
    );
    return { hits: inserted };
  };

  return {
    async importList(list, bytes, meta) {
      const entries = distinctEntries(parseListFile(list, bytes));
      if (entries.length === 0) {
        throw new ListFileError(
          'O arquivo não tem nenhum registro: a versão em vigor foi mantida.',
        );
      }
      const fileSha256 = createHash('sha256').update(bytes).digest('hex');
      return db.transaction(async (tx) => {
        // One import of a list at a time: the next version number and the switch are taken
        // under this lock.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screening:${list}`}))`);
        const [last] = await tx
          .select({ version: screeningListVersions.version })
          .from(screeningListVersions)
          .where(eq(screeningListVersions.list, list))
          .orderBy(desc(screeningListVersions.version))
          .limit(1);
        const [current] = await tx
          .select({ id: screeningListVersions.id })
          .from(screeningListVersions)
          .where(
            and(eq(screeningListVersions.list, list), eq(screeningListVersions.inForce, true)),
          );
        const version = (last?.version ?? 0) + 1;
        const [created] = await tx
          .insert(screeningListVersions)
          .values({
            list,
            version,
            fileName: meta.fileName,
            fileSha256,
            rowCount: entries.length,
            importedAt: clock.now(),
            importedBy: meta.importedBy,
          })
          .returning({ id: screeningListVersions.id });
        const versionId = created!.id;
        for (let i = 0; i < entries.length; i += INSERT_BATCH) {
          await tx.insert(screeningEntries).values(
            entries.slice(i, i + INSERT_BATCH).map((entry) => {
              const { contentHash, ...rest } = entry;
              return {
                versionId,
                entryId: entry.id,
                contentHash,
                name: entry.names[0] ?? '',
                entry: rest as Record<string, unknown>,
              };
            }),
          );
        }
        let added = entries.length;
        let edited = 0;
        let removed = 0;
        if (current) {
          const previous = new Map(
            (
              await tx
                .select({ id: screeningEntries.entryId, hash: screeningEntries.contentHash })
                .from(screeningEntries)
                .where(eq(screeningEntries.versionId, current.id))
            ).map((row) => [row.id, row.hash]),
          );
          added = 0;
          const ids = new Set<string>();
          for (const entry of entries) {
            ids.add(entry.id);
            const hash = previous.get(entry.id);
            if (hash === undefined) added += 1;
            else if (hash !== entry.contentHash) edited += 1;
          }
          for (const id of previous.keys()) if (!ids.has(id)) removed += 1;
          await tx
            .update(screeningListVersions)
            .set({ inForce: false })
            .where(eq(screeningListVersions.id, current.id));
        }
        await tx
          .update(screeningListVersions)
          .set({ inForce: true })
          .where(eq(screeningListVersions.id, versionId));
        await pruneEntries(tx, list, versionId);
        await recordAdminAction(tx, {
          adminEmail: meta.importedBy,
          action: screeningAuditActions.listImported,
          observacoes:
            `${list} versão ${version} (${meta.fileName}): ${entries.length} registros, ` +
            `${added} novos, ${edited} alterados, ${removed} retirados`,
          createdAt: clock.now(),
        });
        return { list, version, rowCount: entries.length, added, edited, removed };
      });
    },

    screenApplication,

    async rescreenAfterImports(options = {}) {
      const out: RescreenResult[] = [];
      const pending = await db
        .select()
        .from(screeningListVersions)
        .where(
          and(
            eq(screeningListVersions.inForce, true),
            sql`${screeningListVersions.rescreenedAt} is null`,
          ),
        );
      for (const version of pending) {
        if (options.signal?.aborted) break;
        const [baseline] = await db
          .select({ id: screeningListVersions.id })
          .from(screeningListVersions)
          .where(
            and(
              eq(screeningListVersions.list, version.list),
              isNotNull(screeningListVersions.rescreenedAt),
            ),
          )
          .orderBy(desc(screeningListVersions.version))
          .limit(1);
        const entries = await loadEntries([version.id]);
        const before = baseline
          ? new Map(
              (
                await db
                  .select({ id: screeningEntries.entryId, hash: screeningEntries.contentHash })
                  .from(screeningEntries)
                  .where(eq(screeningEntries.versionId, baseline.id))
              ).map((row) => [row.id, row.hash]),
            )
          : new Map<string, string>();
        const changed = entries.filter((entry) => before.get(entry.id) !== entry.contentHash);
        const current = new Set(entries.map((entry) => entry.id));
        const removedEntries = [...before.keys()].filter((id) => !current.has(id)).length;

        // Open hits of an entry that left the list or changed: the new content alerts anew.
        await db.execute(sql`
          update screening_hits h set status = 'retirado'
          where h.list = ${version.list} and h.status = 'aberto'
            and not exists (
              select 1 from screening_entries e
              where e.version_id = ${version.id} and e.entry_id = h.entry_id
                and e.content_hash = h.content_hash)`);

        const index = createListIndex(changed);
        const lists = new Map([[version.list, { id: version.id, version: version.version }]]);
        let applications = 0;
        let hits = 0;
        for (const flow of ['PF', 'PJ'] as const) {
          let after: string | null = null;
          for (;;) {
            if (options.signal?.aborted) return out;
            const page = await screenedApplicationsPage(db, flow, after, RESCREEN_PAGE);
            if (page.length === 0) break;
            const results = page.map((application) => ({
              application,
              hits: index.size === 0 ? [] : matchApplication(index, application),
            }));
            hits += await db.transaction((tx) => record(tx, results, lists, 'nova_versao'));
            applications += page.length;
            after = page[page.length - 1]!.id;
          }
        }
        const stats = { changedEntries: changed.length, removedEntries, applications, hits };
        await db
          .update(screeningListVersions)
          .set({ rescreenedAt: clock.now(), rescreenStats: stats })
          .where(eq(screeningListVersions.id, version.id));
        await pruneEntries(db, version.list, version.id);
        out.push({ list: version.list, version: version.version, ...stats });
      }
      return out;
    },

    async screenUnscreened(options = {}) {
      if ((await versionsInForce()).size === 0) return 0;
      let screened = 0;
      for (const flow of ['PF', 'PJ'] as const) {
        const table = flow === 'PF' ? sql`onboarding_pf` : sql`onboarding_pj`;
        const rows = await db.execute<{ id: string }>(sql`
          select p.id from ${table} p
          where p.status in (${sql.join(
            SCREENED_STATUSES.map((status) => sql`${status}`),
            sql`, `,
          )})
            and not exists (
              select 1 from screening_runs r where r.flow = ${flow} and r.record_id = p.id)
          order by p.id`);
        for (const row of rows.rows) {
          if (options.signal?.aborted) return screened;
          await screenApplication(flow, row.id);
          screened += 1;
        }
      }
      return screened;
    },

    async match(query) {
      const { index } = await fullIndex();
      return index.match(query, { today: today() });
    },
  };
}

/**
 * Keeps the entries of the version in force and of the last re-screened one (the next
 * re-screening compares them); the older versions keep their row only.
 */
async function pruneEntries(executor: Executor, list: ScreeningListKind, inForceId: string) {
  const [baseline] = await executor
    .select({ id: screeningListVersions.id })
    .from(screeningListVersions)
    .where(and(eq(screeningListVersions.list, list), isNotNull(screeningListVersions.rescreenedAt)))
    .orderBy(desc(screeningListVersions.version))
    .limit(1);
  const keep = [inForceId, ...(baseline ? [baseline.id] : [])];
  await executor.execute(sql`
    delete from screening_entries e using screening_list_versions v
    where e.version_id = v.id and v.list = ${list}
      and v.id not in (${sql.join(
        keep.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`);
}
