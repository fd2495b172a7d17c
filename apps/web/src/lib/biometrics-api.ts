/**
 * The selfie step's endpoints: the liveness challenge, its frames, and the biometric check.
 * `base` is the wizard's (`/applicant/PF`) or the phone's (`/handoff`, 'Continuar no celular').
 */
import { apiErrorSchema, errorCodes, genericMessages } from '@medipay/shared/api-error';
import {
  biometricCheckSchema,
  challengeFrameNames,
  livenessChallengeResponseSchema,
  type BiometricCheckRequest,
} from '@medipay/shared/biometrics';
import { apiRequest, ApiRequestError } from './api-client';

const WIZARD = '/applicant/PF';

export function issueLivenessChallenge(base = WIZARD) {
  return apiRequest(`${base}/biometrics/challenges`, {
    method: 'POST',
    schema: livenessChallengeResponseSchema,
  });
}

/**
 * Sends the challenge's frames (JPEG): the neutral frame, then the one captured at each movement,
 * with their capture times (ms since the challenge was shown) and the challenge's nonce.
 */
export async function sendChallengeFrames(
  challenge: { id: string; nonce: string },
  answer: { frames: readonly Blob[]; timings: readonly number[] },
  base = WIZARD,
): Promise<void> {
  const body = new FormData();
  body.append('nonce', challenge.nonce);
  body.append('timings', JSON.stringify(answer.timings.map((time) => Math.round(time))));
  answer.frames.forEach((frame, index) => {
    const name = challengeFrameNames[index]!;
    body.append(name, frame, `${name}.jpg`);
  });
  let response: Response;
  try {
    response = await fetch(`/api${base}/biometrics/challenges/${challenge.id}/frames`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body,
    });
  } catch {
    throw new ApiRequestError(0, errorCodes.unavailable, genericMessages.unavailable);
  }
  if (response.ok) return;
  const parsed = apiErrorSchema.safeParse(await response.json().catch(() => undefined));
  throw parsed.success
    ? new ApiRequestError(response.status, parsed.data.code, parsed.data.message)
    : new ApiRequestError(response.status, errorCodes.internal, genericMessages.internal);
}

export function checkBiometrics(request: BiometricCheckRequest, base = WIZARD) {
  return apiRequest(`${base}/biometrics/check`, {
    method: 'POST',
    body: request,
    schema: biometricCheckSchema,
  });
}

/** The newest check of this session; null when there is none. */
export async function latestBiometricCheck() {
  try {
    return await apiRequest(`${WIZARD}/biometrics/check`, { schema: biometricCheckSchema });
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null;
    throw error;
  }
}
