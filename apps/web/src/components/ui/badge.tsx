import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

const variants = {
  default: 'border-transparent bg-primary text-primary-foreground',
  secondary: 'border-transparent bg-secondary text-secondary-foreground',
  outline: 'text-foreground',
  success: 'border-transparent bg-green-100 text-green-900',
  warning: 'border-transparent bg-yellow-100 text-yellow-900',
  destructive: 'border-transparent bg-red-100 text-red-900',
} as const;

export type BadgeVariant = keyof typeof variants;

export type BadgeProps = ComponentProps<'span'> & { variant?: BadgeVariant };

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
