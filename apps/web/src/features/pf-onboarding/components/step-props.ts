import type { ApplicantSession } from '@medipay/shared/applicant-session';
import type { PfApplicationState, PfSavedValues } from '@medipay/shared/pf-application';

/** What every step of the PF wizard receives. */
export type StepProps = {
  values: PfSavedValues;
  session: ApplicantSession;
  onSession: (session: ApplicantSession) => void;
  onSaved: (state: PfApplicationState) => void;
  onBack?: () => void;
};
