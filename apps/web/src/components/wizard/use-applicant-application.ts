import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import type { ApplicantSession } from '@medipay/shared/applicant-session';
import { pfApplicationMessages } from '@medipay/shared/pf-application';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError } from '../../lib/api-client';
import { startApplicantSession } from '../../lib/applicant-api';

export type LoadedApplication<State> = { session: ApplicantSession; application: State };

/**
 * Starts (or resumes) the browser's applicant session of a flow and reads its application. A
 * failure shows 'Erro' and offers `retry`.
 */
export function useApplicantApplication<State>(flow: Flow, read: () => Promise<State>) {
  const [loaded, setLoaded] = useState<LoadedApplication<State> | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    (async () => {
      const session = await startApplicantSession(flow);
      const application = await read();
      if (active) setLoaded({ session, application });
    })().catch((error: unknown) => {
      if (!active) return;
      setFailed(true);
      toast.error(pfApplicationMessages.sessionFailed, {
        description:
          error instanceof ApiRequestError
            ? error.message
            : 'Não foi possível iniciar o cadastro. Tente novamente.',
      });
    });
    return () => {
      active = false;
    };
    // `read` is a module-level function of the feature: a new one never arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [flow, attempt]);

  return {
    loaded,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((value) => value + 1);
    },
    setSession: (session: ApplicantSession) => setLoaded((state) => state && { ...state, session }),
    setApplication: (application: State) =>
      setLoaded((state) => state && { ...state, application }),
  };
}
