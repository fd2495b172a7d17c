import { cn } from '../../lib/cn';

/** The MediPay mark and word. Decorative: links around it carry their own label. */
export function BrandLogo({
  className,
  inverted = false,
}: {
  className?: string;
  inverted?: boolean;
}) {
  return (
    <span className={cn('flex items-center gap-2', className)} aria-hidden="true">
      <svg viewBox="0 0 32 32" className="size-8" focusable="false">
        <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : '#0f766e'} />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" fill={inverted ? '#0f766e' : '#ffffff'} />
      </svg>
      <span
        className={cn(
          'text-xl font-bold tracking-tight',
          inverted ? 'text-white' : 'text-slate-900',
        )}
      >
        Medi<span className={inverted ? 'text-teal-200' : 'text-primary'}>Pay</span>
      </span>
    </span>
  );
}
