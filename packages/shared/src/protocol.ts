import { saoPauloDayKey, type DateInput } from './dates';
import { randomInt } from './random';
import { type Flow } from './status';

/** The four-letter prefix of individual (PF) protocols. */
export const PF_PROTOCOL_PREFIX = 'MEDI';

/** `MEDI-YYYYMMDD-NNNN`, 4 random digits (0000-9999). */
export const pfProtocolPattern = /^MEDI-\d{8}-\d{4}$/;
/** `PJ-YYYYMMDD-NNNN`, NNNN from 1000 to 9999. */
export const pjProtocolPattern = /^PJ-\d{8}-[1-9]\d{3}$/;

/**
 * A new protocol for a submission at `now`, dated in the São Paulo day. Protocols are unique by
 * index in the database; on a collision the caller generates another (docs/decisions).
 */
export function generateProtocol(flow: Flow, now: DateInput = new Date()): string {
  const day = saoPauloDayKey(now);
  if (flow === 'PF')
    return `${PF_PROTOCOL_PREFIX}-${day}-${String(randomInt(0, 9999)).padStart(4, '0')}`;
  return `PJ-${day}-${randomInt(1000, 9999)}`;
}

export function isProtocol(value: string): boolean {
  return pfProtocolPattern.test(value) || pjProtocolPattern.test(value);
}

/** Collisions tolerated before a submission gives up and asks the applicant to try again. */
export const PROTOCOL_MAX_ATTEMPTS = 20;
