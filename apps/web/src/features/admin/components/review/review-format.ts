import { formatShortDate, saoPauloParts } from '@medipay/shared/dates';
import { maskPhone } from '@medipay/shared/masks';
import { nationalPhoneDigits } from '@medipay/shared/phone';

const oneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A date in a list: `dd/MM/yy` in São Paulo time (back-office.md section 9). */
export function formatListDate(value: string): string {
  return formatShortDate(value);
}

/**
 * The PF list's date, now `dd/MM/yy` like every list (the name is kept for the list page's
 * import; use formatListDate).
 */
export const formatListDateTime = formatListDate;

/** A due time in a list: `dd/MM/yy HH:mm` in São Paulo time (the time matters on its day). */
export function formatDeadline(value: string): string {
  const { hour, minute } = saoPauloParts(value);
  return `${formatShortDate(value)} ${hour}:${minute}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * A duration as the dashboard says it: days and hours ('1 dia e 4 h', '2 dias', '5 h'), rounded
 * to the hour; under an hour, minutes ('35 min', 'menos de 1 min'); a dash when there is none.
 */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const minutes = Math.round(ms / MINUTE_MS);
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(ms / HOUR_MS);
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (days === 0) return `${rest} h`;
  const dayText = days === 1 ? '1 dia' : `${days} dias`;
  return rest === 0 ? dayText : `${dayText} e ${rest} h`;
}

/** A 0-1 score as a percentage with one decimal and a comma (87,5%); a dash when unknown. */
export function formatScore(value: number | null | undefined): string {
  return value == null ? '—' : `${oneDecimal.format(value * 100)}%`;
}

/** The part of an e-mail before the '@' (the reviewer in the PJ list). */
export function emailLocalPart(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? email : email.slice(0, at);
}

/** A stored value for display: a dash when empty. */
export function orDash(value: string | null | undefined): string {
  return value?.trim() ? value : '—';
}

/** A stored phone (E.164) for display: `(11) 98765-4321`, or `(21) 3333-4444` for a landline. */
export function formatPhone(value: string | undefined): string {
  if (!value) return '';
  const digits = nationalPhoneDigits(value);
  if (digits.length === 10)
    return `(${digits.slice(0, 2)}) ${digits.slice(2, 6)}-${digits.slice(6)}`;
  return maskPhone(value);
}

/** What labels an outcome decided by KYC_CHECKS=sandbox, wherever it is shown. */
export const sandboxOutcome = {
  badge: 'Sandbox',
  suffix: ' (sandbox)',
  explanation:
    'Resultado do modo sandbox (KYC_CHECKS=sandbox): nenhum rosto foi comparado; a decisão, as semelhanças e o liveness são simulados.',
} as const;
