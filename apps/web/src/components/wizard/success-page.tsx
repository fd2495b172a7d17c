import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { submittedStatus } from '@medipay/shared/status';
import { getOwnApplicationStatus } from '../../lib/applicant-api';
import { CheckCircleIcon } from '../ui/icons';
import { Spinner } from '../ui/spinner';
import { NextStepsCard, ProtocolCard } from './success-cards';
import { useSubmission, type Submission } from './use-submission';
import type { WizardApplication, WizardFlow } from './wizard-flow';

export type SuccessPageProps<State extends WizardApplication, Step extends number> = {
  wizard: Pick<WizardFlow<State, Step>, 'flow' | 'entryPath'>;
  title: string;
  /** The line under the title. */
  lead: string;
  /** What the protocol's card says of the confirmation e-mail. */
  protocolNote: (submission: Submission) => ReactNode;
  nextSteps: readonly string[];
  /** What the flow shows after the next steps: benefits, help, links. */
  children: ReactNode;
};

/**
 * A wizard's success page: the protocol of the application just sent (from the submit, or the
 * session's status after a reload), its status and what comes next, then the flow's own content.
 * Without a submitted application it goes back to the wizard.
 */
export function SuccessPage<State extends WizardApplication, Step extends number>({
  wizard,
  title,
  lead,
  protocolNote,
  nextSteps,
  children,
}: SuccessPageProps<State, Step>) {
  const submission = useSubmission(() => getOwnApplicationStatus(wizard.flow));

  if (submission === 'loading')
    return (
      <div className="flex justify-center py-24">
        <Spinner className="text-primary" />
      </div>
    );
  if (!submission) return <Navigate to={wizard.entryPath} replace />;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div className="text-center">
        <CheckCircleIcon className="mx-auto size-14 text-green-700" aria-hidden="true" />
        <h1 className="mt-3 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-muted-foreground">{lead}</p>
      </div>
      <ProtocolCard protocolo={submission.protocolo} status={submittedStatus(wizard.flow)}>
        {protocolNote(submission)}
      </ProtocolCard>
      <NextStepsCard steps={nextSteps} />
      {children}
    </div>
  );
}
