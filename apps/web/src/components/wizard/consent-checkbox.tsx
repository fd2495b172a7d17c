import { useId, type ReactNode } from 'react';
import { Checkbox } from '../ui/checkbox';

export type ConsentCheckboxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  children: ReactNode;
};

/** A consent of the review step: the box, its text as the label, and its message. */
export function ConsentCheckbox({ checked, onChange, error, children }: ConsentCheckboxProps) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-3">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(value) => onChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id} className="cursor-pointer text-sm leading-snug">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="pl-8 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
