import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { Slot } from './slot';

const base =
  'inline-flex cursor-pointer items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors focus-ring focus-visible:ring-offset-2 disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-teal-800',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-red-800',
  outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-sky-200',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  link: 'text-primary underline-offset-4 hover:underline',
  inverted: 'bg-white text-teal-900 hover:bg-teal-50',
} as const;

const sizes = {
  default: 'h-10 px-4 py-2 whitespace-nowrap',
  sm: 'h-9 px-3 whitespace-nowrap',
  lg: 'h-12 px-6 text-base whitespace-nowrap',
  icon: 'h-10 w-10 whitespace-nowrap',
  /** The default's height at least; a label too long for a phone's row wraps instead. */
  wrap: 'min-h-10 max-w-full px-4 py-2 text-center',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

/** The classes of a button, for elements that must look like one. */
export function buttonVariants({
  variant = 'default',
  size = 'default',
}: { variant?: ButtonVariant; size?: ButtonSize } = {}): string {
  return cn(base, variants[variant], sizes[size]);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the child element (e.g. a link) with the button's look. */
  asChild?: boolean;
};

export function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
