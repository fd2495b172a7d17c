import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { applicantSessionSchema, type ApplicantSession } from '@medipay/shared/applicant-session';
import { pfApplicationMessages } from '@medipay/shared/pf-application';
import type { Flow } from '@medipay/shared/status';
import { ApiRequestError, apiRequest } from '../../lib/api-client';
import { startApplicantSession } from '../../lib/applicant-api';
import { clearDrafts, hasDrafts } from './step-draft';

export type LoadedApplication<State> = { session: ApplicantSession; application: State };

/**
 * Whether the session this tab's drafts were typed in is still alive: asked only when the tab
 * holds drafts, before a new session could replace it. An ended session takes its drafts along.
 */
async function forgetDraftsOfEndedSession(flow: Flow) {
  if (!hasDrafts(flow)) return;
  try {
    await apiRequest(`/applicant/sessions/${flow}`, { schema: applicantSessionSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) clearDrafts(flow);
    else throw error;
  }
}

/**
 * Starts (or resumes) the browser's applicant session of a flow and reads its application. A
 * failure shows 'Erro' and offers `retry`. The tab's drafts (step-draft.ts) are dropped when
 * the session has ended and once the application was submitted. A session whose application was
 * sent opens its status only (the application is not read: `submitted`).
 */
export function useApplicantApplication<State extends { status: string | null }>(
  flow: Flow,
  read: () => Promise<State>,
) {
  const [loaded, setLoaded] = useState<LoadedApplication<State> | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    (async () => {
      await forgetDraftsOfEndedSession(flow);
      const session = await startApplicantSession(flow);
      if (session.submitted) {
        clearDrafts(flow);
        if (active) setSubmitted(true);
        return;
      }
      const application = await read();
      if (application.status && application.status !== 'INICIADO') clearDrafts(flow);
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
    submitted,
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
