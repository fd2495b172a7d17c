import { statusLabel, statusTone, type StatusTone } from '@medipay/shared/status';
import { Badge, type BadgeVariant } from './ui/badge';

const toneVariants: Record<StatusTone, { variant: BadgeVariant; className?: string }> = {
  neutral: { variant: 'secondary' },
  info: { variant: 'outline', className: 'border-sky-200 bg-sky-50 text-sky-900' },
  warning: { variant: 'warning' },
  success: { variant: 'success' },
  danger: { variant: 'destructive' },
};

/** A status with its label, in its tone (yellow requirements, green approved, red refusals). */
export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  const { variant, className } = toneVariants[tone];
  return (
    <Badge variant={variant} className={className} data-tone={tone}>
      {statusLabel(status)}
    </Badge>
  );
}
