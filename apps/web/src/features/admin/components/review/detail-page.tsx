import { useParams } from 'react-router';
import { adminTitle, useDocumentTitle } from '../../hooks/use-document-title';
import { CasePanel } from './case-panel';
import { DecisionActions } from './decision-actions';
import { ApplicationLoader, ConsentsCard, DecisionNotes, DetailHeader } from './detail-parts';
import { FourEyesPanel } from './four-eyes';
import { AuditCard, HistoryCard } from './history-card';
import { IdentityFlags } from './identity-comparison';
import { LinkedApplicationsCard } from './linked-applications-card';
import { MedipayAccountCard } from './medipay-account-card';
import { RectificationCard } from './rectification-card';
import type { ApplicationFlow, DetailOf, ReviewFlowDefinition } from './review-flow';
import { ScreeningCard } from './screening-card';

/**
 * One application of a flow ('Detalhes do Onboarding', 'Detalhes do Onboarding PJ'): the header,
 * the case (due time, holder, dossier), the notes, four-eyes, the decisions allowed now, the
 * MediPay account and the rectification, the PEP and sanctions screening, the linked
 * applications, then the flow's cards, the consents, the status history and the administrative
 * actions.
 */
export function ReviewDetailPage<F extends ApplicationFlow>({
  flow,
}: {
  flow: ReviewFlowDefinition<F>;
}) {
  // One page per flow: its dialogs start afresh when the flow changes.
  return <DetailPage key={flow.flow} flow={flow} />;
}

function DetailPage<F extends ApplicationFlow>({ flow }: { flow: ReviewFlowDefinition<F> }) {
  useDocumentTitle(adminTitle(flow.detail.title));
  const { id } = useParams();
  return (
    <ApplicationLoader flow={flow.flow} id={id} list={flow.list.path}>
      {/* Another application (a linked one) starts afresh: no dialog of this one stays open. */}
      {(detail) => <DetailView key={detail.id} flow={flow} detail={detail} />}
    </ApplicationLoader>
  );
}

function DetailView<F extends ApplicationFlow>({
  flow,
  detail,
}: {
  flow: ReviewFlowDefinition<F>;
  detail: DetailOf<F>;
}) {
  const { Cards } = flow.detail;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <DetailHeader title={flow.detail.title} detail={detail} list={flow.list.path} />
      <CasePanel detail={detail} />
      <IdentityFlags identity={detail.identity} />
      <DecisionNotes detail={detail} />
      <FourEyesPanel detail={detail} />
      <DecisionActions detail={detail} />
      <MedipayAccountCard detail={detail} />
      <RectificationCard detail={detail} />
      <ScreeningCard flow={flow.api} id={detail.id} />
      <LinkedApplicationsCard flow={flow.api} id={detail.id} />

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Cards detail={detail} />
        <ConsentsCard lgpd={detail.values.consentimentoLgpd} kyc={detail.values.consentimentoKyc} />
        <HistoryCard history={detail.history} />
        <AuditCard audit={detail.audit} />
      </div>
    </div>
  );
}
