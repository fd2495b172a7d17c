import { formatDate } from '@medipay/shared/dates';
import type { ScreeningListView } from '@medipay/shared/screening';
import { formatPercent } from './format';

/** A hit's similarity as a whole percentage ('95%'). */
export const scorePercent = (score: number) => formatPercent(Math.round(score * 100));

/** How often a list is published: 'diariamente', 'a cada 7 dias'. */
export function publishingRhythm(maxAgeDays: number): string {
  return maxAgeDays === 1 ? 'diariamente' : `a cada ${maxAgeDays} dias`;
}

/**
 * The warning of a list out of date: 'Desatualizada: importada em 14/11/2026; a lista é
 * publicada a cada 7 dias.', or 'Desatualizada: nunca importada.'
 */
export function staleWarning(list: ScreeningListView): string {
  if (!list.current) return 'Desatualizada: nunca importada.';
  return `Desatualizada: importada em ${formatDate(list.current.importedAt)}; a lista é publicada ${publishingRhythm(list.maxAgeDays)}.`;
}
