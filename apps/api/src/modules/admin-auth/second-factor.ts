import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { ADMIN_RECOVERY_CODE_COUNT } from '@medipay/shared/admin';

/**
 * The pieces of an admin's second factor that hold no state: the TOTP check (RFC 6238, SHA-1,
 * 6 digits, 30 s, as every authenticator app reads an otpauth:// URI) and the recovery codes.
 * The stored secrets are sealed (lib/secret-box.ts, purpose `admin second factor`).
 */

const TOTP_PERIOD_SECONDS = 30;
const TOTP_ISSUER = 'MediPay';
/** One step either side: a phone clock up to 30 s off, or a code typed as it changed. */
const TOTP_DRIFT_STEPS = 1;

function totpOf(secretBase32: string, label = ''): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new secret (160 bits, as RFC 4226 recommends), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads, and its QR code as an SVG document. */
export async function totpEnrolment(secretBase32: string, accountLabel: string) {
  const otpauthUri = totpOf(secretBase32, accountLabel).toString();
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M' });
  return { otpauthUri, qrSvg };
}

/**
 * The time step of `code` when it is right at `now` (within one step of drift), else null. The
 * caller refuses a step not after the last one accepted, so that no code is accepted twice.
 */
export function totpStepOf(secretBase32: string, code: string, now: Date): number | null {
  const timestamp = now.getTime();
  const delta = totpOf(secretBase32).validate({ token: code, timestamp, window: TOTP_DRIFT_STEPS });
  if (delta === null) return null;
  return Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of `secretBase32` at `now` (tests, and the CLI's check of an enrolment). */
export function totpCodeAt(secretBase32: string, now: Date): string {
  return totpOf(secretBase32).generate({ timestamp: now.getTime() });
}

/** No 0/O, 1/I: a code read from paper is typed right. 32 symbols, 5 bits each. */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const RECOVERY_CODE_LENGTH = 10;

/** Ten new recovery codes, as shown: XXXXX-XXXXX (50 random bits each). */
export function newRecoveryCodes(count = ADMIN_RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1) {
      code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    }
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/**
 * The stored form of a recovery code: SHA-256 over the account and the code without its dash,
 * upper-cased (recoveryCodeSchema's normal form), so a code matches only its own account.
 */
export function recoveryCodeHash(adminUserId: string, code: string): string {
  const normal = code.toUpperCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`${adminUserId}:${normal}`).digest('hex');
}
