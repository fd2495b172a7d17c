import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. There is no Tailwind class merging (tailwind-merge costs 7 KB of the
 * landing page's JavaScript budget): components expose variants instead of expecting callers
 * to override a utility they already set.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
