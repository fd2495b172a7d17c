/** The applicant session and contact verification endpoints, shared by both wizards. */
import { applicationStatusSchema } from '@medipay/shared/application-status';
import {
  applicantSessionSchema,
  sendCodeResponseSchema,
  verifyCodeResponseSchema,
  type SendCodeRequest,
  type VerificationChannel,
} from '@medipay/shared/applicant-session';
import type { Flow } from '@medipay/shared/status';
import { z } from 'zod';
import { apiRequest } from './api-client';

/** Starts (or resumes) this browser's application for a flow; the server sets the cookie. */
export function startApplicantSession(flow: Flow) {
  return apiRequest('/applicant/sessions', {
    method: 'POST',
    body: { flow },
    schema: applicantSessionSchema,
  });
}

/**
 * 'Sair': ends this browser's application session for a flow on the server (the cookie is
 * cleared), so that the next person at this computer starts afresh.
 */
export function endApplicantSession(flow: Flow) {
  return apiRequest(`/applicant/sessions/${flow}`, {
    method: 'DELETE',
    schema: z.unknown().transform(() => undefined),
  });
}

export function sendVerificationCode(flow: Flow, request: SendCodeRequest) {
  return apiRequest(`/applicant/${flow}/verification/send`, {
    method: 'POST',
    body: request,
    schema: sendCodeResponseSchema,
  });
}

export function verifyContactCode(flow: Flow, channel: VerificationChannel, code: string) {
  return apiRequest(`/applicant/${flow}/verification/verify`, {
    method: 'POST',
    body: { channel, code },
    schema: verifyCodeResponseSchema,
  });
}

/**
 * The status of this browser's submitted application of a flow (404 without one): all its
 * session opens once the application was sent (the success page after a reload, the status page).
 */
export function getOwnApplicationStatus(flow: Flow) {
  return apiRequest(`/status/mine?flow=${flow}`, { schema: applicationStatusSchema });
}
