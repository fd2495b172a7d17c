import type { Database } from '@medipay/db/client';
import type { DashboardScreening } from '@medipay/shared/admin';
import { DASHBOARD_SCREENING_LATEST } from '@medipay/shared/admin';
import { flowOfReview, type ReviewFlow } from '@medipay/shared/admin-review';
import { screeningAuditActions } from '@medipay/shared/screening';
import { errorCodes } from '@medipay/shared/api-error';
import {
  screeningListKinds,
  screeningListLabels,
  screeningListMaxAgeDays,
  screeningSubjectRoleLabels,
  type ApplicationScreening,
  type ScreeningDecision,
  type ScreeningHit,
  type ScreeningListKind,
  type ScreeningListView,
  type ScreeningLists,
  type ScreeningSubjectRole,
} from '@medipay/shared/screening';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { recordAdminAction } from '../admin-audit/admin-audit.repository';
import type { AuthenticatedAdmin } from '../admin-auth/admin-request';
import { reviewNotFound } from '../admin-review/review-detail.service';
import {
  applicationExists,
  countOpenHits,
  decideOpenHit,
  findApplicationHit,
  findApplicationHits,
  findLastScreenings,
  findLatestOpenHitsOnApproved,
  findVersionsInForce,
  type ApplicationHitRow,
  type ListVersionRow,
} from './screening-review.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

export const screeningReviewMessages = {
  hitNotFound: 'Ocorrência de triagem não encontrada.',
  alreadyDecided: 'Esta ocorrência já foi decidida por outro administrador.',
  withdrawn: 'Esta ocorrência foi retirada da lista e não precisa mais de decisão.',
} as const;

/** A reviewer's decision on one hit of one application. */
export type ScreeningDecisionContext = {
  flow: ReviewFlow;
  /** The application. */
  id: string;
  hitId: string;
  admin: AuthenticatedAdmin;
  ip: string | null;
};

export type ScreeningReview = {
  /** The four lists with the version in force and whether it is out of date. */
  lists: () => Promise<ScreeningLists>;
  /** An application's hits (undecided first, then by score) and its last screenings; 404 unknown. */
  get: (flow: ReviewFlow, id: string) => Promise<ApplicationScreening>;
  /**
   * Confirms or dismisses an undecided hit, audited in the same transaction; 404 for an unknown
   * application or hit, 409 for a hit decided (or withdrawn) already. Answers the fresh view.
   */
  decide: (
    context: ScreeningDecisionContext,
    decision: ScreeningDecision,
  ) => Promise<ApplicationScreening>;
  /** The dashboard's alerts: undecided hits on approved customers, and the lists out of date. */
  dashboard: () => Promise<DashboardScreening>;
};

/** Whether a list is out of date at `now`: never imported, or older than its publishing rhythm. */
export function isStale(list: ScreeningListKind, importedAt: Date | null, now: Date): boolean {
  if (!importedAt) return true;
  return now.getTime() - importedAt.getTime() > screeningListMaxAgeDays[list] * DAY_MS;
}

function toListView(
  list: ScreeningListKind,
  version: ListVersionRow | undefined,
  now: Date,
): ScreeningListView {
  return {
    list,
    label: screeningListLabels[list],
    maxAgeDays: screeningListMaxAgeDays[list],
    current: version
      ? {
          version: version.version,
          fileName: version.fileName,
          rowCount: version.rowCount,
          importedAt: version.importedAt.toISOString(),
          importedBy: version.importedBy,
          rescreenedAt: version.rescreenedAt?.toISOString() ?? null,
        }
      : null,
    stale: isStale(list, version?.importedAt ?? null, now),
  };
}

const subjectRoleOf = (role: string): ScreeningSubjectRole =>
  role in screeningSubjectRoleLabels ? (role as ScreeningSubjectRole) : 'titular';

function toHit({ hit, version }: ApplicationHitRow): ScreeningHit {
  return {
    id: hit.id,
    list: hit.list,
    version,
    entryId: hit.entryId,
    entryName: hit.entryName,
    entrySummary: hit.entrySummary,
    subjectRole: subjectRoleOf(hit.subjectRole),
    subjectName: hit.subjectName,
    score: hit.score,
    reasons: hit.reasons,
    status: hit.status,
    foundAt: hit.foundAt.toISOString(),
    decidedAt: hit.decidedAt?.toISOString() ?? null,
    decidedByEmail: hit.decidedByEmail,
    decisionReason: hit.decisionReason,
  };
}

/** The audit text of a decision: which entry of which list, for whom, at what score. */
export function decisionObservation(hit: {
  list: ScreeningListKind;
  entryName: string;
  subjectRole: string;
  subjectName: string;
  score: number;
}): string {
  const role = screeningSubjectRoleLabels[subjectRoleOf(hit.subjectRole)];
  return `Triagem ${screeningListLabels[hit.list]}: ${hit.entryName} (${role}: ${hit.subjectName}; semelhança ${Math.round(hit.score * 100)}%)`;
}

export function createScreeningReview(deps: { db: Database; clock: Clock }): ScreeningReview {
  const { db, clock } = deps;

  const lists = async (): Promise<ScreeningLists> => {
    const versions = await findVersionsInForce(db);
    const byList = new Map(versions.map((version) => [version.list, version]));
    const now = clock.now();
    return { lists: screeningListKinds.map((list) => toListView(list, byList.get(list), now)) };
  };

  const get = async (reviewFlow: ReviewFlow, id: string): Promise<ApplicationScreening> => {
    const flow = flowOfReview(reviewFlow);
    if (!(await applicationExists(db, flow, id))) throw reviewNotFound();
    const [hits, runs] = await Promise.all([
      findApplicationHits(db, flow, id),
      findLastScreenings(db, flow, id),
    ]);
    const lastScreenedAt = Object.fromEntries(
      screeningListKinds.map((list) => [list, null]),
    ) as Record<ScreeningListKind, string | null>;
    for (const run of runs) lastScreenedAt[run.list] = run.screenedAt?.toISOString() ?? null;
    return { lastScreenedAt, hits: hits.map(toHit) };
  };

  return {
    lists,
    get,

    decide: async ({ flow: reviewFlow, id, hitId, admin, ip }, { decision, motivo }) => {
      const flow = flowOfReview(reviewFlow);
      await db.transaction(async (tx) => {
        if (!(await applicationExists(tx, flow, id))) throw reviewNotFound();
        const hit = await findApplicationHit(tx, flow, id, hitId);
        if (!hit) {
          throw new AppError(errorCodes.notFound, screeningReviewMessages.hitNotFound, 404);
        }
        const conflict = (status: string) =>
          new AppError(
            errorCodes.conflict,
            status === 'retirado'
              ? screeningReviewMessages.withdrawn
              : screeningReviewMessages.alreadyDecided,
            409,
          );
        if (hit.status !== 'aberto') throw conflict(hit.status);
        const now = clock.now();
        // Only an undecided hit is updated: of two reviewers deciding at once, the second one
        // updates nothing and gets the 409.
        const decided = await decideOpenHit(tx, hit.id, {
          status: decision,
          decidedAt: now,
          decidedBy: admin.user.id,
          decidedByEmail: admin.user.email,
          decisionReason: motivo,
        });
        if (!decided) throw conflict('confirmado');
        await recordAdminAction(tx, {
          onboardingId: id,
          onboardingType: flow,
          adminUserId: admin.user.id,
          adminEmail: admin.user.email,
          action:
            decision === 'confirmado'
              ? screeningAuditActions.confirmed
              : screeningAuditActions.dismissed,
          observacoes: decisionObservation(hit),
          motivo,
          ip,
          createdAt: now,
        });
      });
      return get(reviewFlow, id);
    },

    dashboard: async () => {
      const [counts, latest, all] = await Promise.all([
        countOpenHits(db),
        findLatestOpenHitsOnApproved(db, DASHBOARD_SCREENING_LATEST),
        lists(),
      ]);
      return {
        openHits: counts.all,
        openHitsOnApproved: counts.onApproved,
        latestOnApproved: latest.map((row) => ({
          ...row,
          foundAt: row.foundAt.toISOString(),
        })),
        staleLists: all.lists.filter((list) => list.stale),
      };
    },
  };
}
