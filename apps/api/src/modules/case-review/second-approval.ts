import {
  secondApprovalReasonLabels,
  secondApprovalReasonValues,
  type SecondApprovalReason,
} from '@medipay/shared/case-review';
import type { Executor } from '../messaging/outbox.repository';
import type { ReviewRecord } from '../admin-review/review-detail.repository';
import { hasStandingScreeningHits } from './case-review.repository';

/**
 * The four-eyes rule (decision 023): what makes a case need the approval of two different
 * administrators. One rule for every trigger, so that a new one is a line here:
 * - a screening hit no reviewer discarded (open or confirmed: PEP and sanctions lists);
 * - a declared PEP, or a relative or close associate of one (PF);
 * - a biometric check that ended em revisão (PF);
 * - a disagreement between typed and document data found at submission ([22]);
 * - another application linked to this one (same document, contact, device, partner or face).
 */
export async function secondApprovalReasons(
  executor: Executor,
  record: ReviewRecord,
  linked: boolean,
): Promise<SecondApprovalReason[]> {
  const { row } = record;
  const reasons = new Set<SecondApprovalReason>();
  if (await hasStandingScreeningHits(executor, record.flow, row.id)) reasons.add('triagem');
  if (record.flow === 'PF') {
    if (record.row.pepTipo === 'PEP' || record.row.pepTipo === 'RELACIONADO') {
      reasons.add('pep_declarado');
    }
    if (record.row.biometriaDecisao === 'em_revisao') reasons.add('biometria_em_revisao');
  }
  if ((row.identidadeDivergencias ?? []).length > 0) reasons.add('divergencia_identidade');
  if (linked) reasons.add('cadastro_relacionado');
  return secondApprovalReasonValues.filter((reason) => reasons.has(reason));
}

export const labelledReasons = (reasons: readonly SecondApprovalReason[]) =>
  reasons.map((code) => ({ code, label: secondApprovalReasonLabels[code] }));
