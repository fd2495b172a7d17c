import { randomUrlSafe } from './random';
import { type Flow } from './status';

/** Session id prefixes of the spec: `sess_` for individuals, `pj_` for companies. */
export const sessionIdPrefixes = { PF: 'sess_', PJ: 'pj_' } as const satisfies Record<Flow, string>;

/** 32 URL-safe characters: 192 random bits. */
const RANDOM_LENGTH = 32;

export const sessionIdPattern = /^(sess|pj)_[A-Za-z0-9_-]{32}$/;

export function generateSessionId(flow: Flow): string {
  return `${sessionIdPrefixes[flow]}${randomUrlSafe(RANDOM_LENGTH)}`;
}

/** The flow a session id belongs to, or null when it is not a session id. */
export function sessionIdFlow(value: string): Flow | null {
  if (!sessionIdPattern.test(value)) return null;
  return value.startsWith(sessionIdPrefixes.PF) ? 'PF' : 'PJ';
}
