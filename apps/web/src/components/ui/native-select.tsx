import type { ComponentProps } from 'react';
import type { Option } from '@medipay/shared/options';
import { cn } from '../../lib/cn';

export type NativeSelectProps = ComponentProps<'select'> & {
  options: readonly Option[];
  /** The first, empty choice ('Selecione...'). */
  placeholder?: string;
};

/** The browser's own select, styled like the inputs: keyboard and screen-reader friendly. */
export function NativeSelect({
  options,
  placeholder = 'Selecione...',
  className,
  ...props
}: NativeSelectProps) {
  return (
    <select
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base md:text-sm focus-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    >
      <option value="">{placeholder}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
