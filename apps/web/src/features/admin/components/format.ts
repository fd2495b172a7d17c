import { saoPauloParts } from '@medipay/shared/dates';

const integer = new Intl.NumberFormat('pt-BR');
const oneDecimal = new Intl.NumberFormat('pt-BR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** A count with pt-BR thousands separators (1.234). */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** A whole percentage (30%): the dashboard's approval rate. */
export function formatPercent(value: number): string {
  return `${integer.format(value)}%`;
}

/** A percentage with one decimal and a comma (66,7%); a dash before any decision. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${oneDecimal.format(rate)}%`;
}

/** `dd/MM/yyyy HH:mm` in São Paulo time; 'Nunca' for an account that never logged in. */
export function formatLastAccess(value: string | null): string {
  if (!value) return 'Nunca';
  const { day, month, year, hour, minute } = saoPauloParts(value);
  return `${day}/${month}/${year} ${hour}:${minute}`;
}
