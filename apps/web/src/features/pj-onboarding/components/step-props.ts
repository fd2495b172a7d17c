import type { ApplicantSession } from '@medipay/shared/applicant-session';
import type { PjApplicationState, PjSavedValues } from '@medipay/shared/pj-application';
import type { RegistryPrefill } from './registry-prefill';

/** What every step of the PJ wizard receives. */
export type StepProps = {
  values: PjSavedValues;
  session: ApplicantSession;
  /** What the CNPJ lookup of step 1 found for the later steps (address, legal representative). */
  prefill: RegistryPrefill | null;
  onSession: (session: ApplicantSession) => void;
  onSaved: (state: PjApplicationState) => void;
  onBack?: () => void;
};
