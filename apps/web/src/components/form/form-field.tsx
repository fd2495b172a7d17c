import { useId, type ReactElement, type ReactNode } from 'react';
import { cloneElement } from 'react';
import { Label } from '../ui/label';

export type FormFieldProps = {
  label: string;
  /** The message of the field's failed rule, shown under it and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
  /** The control: receives id, aria-invalid and aria-describedby. */
  children: ReactElement<{ id?: string; 'aria-invalid'?: boolean; 'aria-describedby'?: string }>;
  /**
   * Shown beside the control (a 'Verificar' or 'Buscar' button); an action with `basis-full`
   * takes its own line under it.
   */
  action?: ReactNode;
  /**
   * The action drops below the control when the row is too narrow for the control to keep
   * 15rem (a masked value, like a CNPJ, that must show whole on a phone).
   */
  wrapAction?: boolean;
  className?: string;
};

/** A labelled control with its hint and error, wired for screen readers. */
export function FormField({
  label,
  error,
  hint,
  children,
  action,
  wrapAction = false,
  className,
}: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined]
    .filter(Boolean)
    .join(' ');
  const control = cloneElement(children, {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  });
  return (
    <div className={className ?? 'space-y-2'}>
      <Label htmlFor={id}>{label}</Label>
      {action ? (
        <div className="flex flex-wrap gap-2">
          <div className={wrapAction ? 'min-w-[min(100%,15rem)] flex-1' : 'min-w-0 flex-1'}>
            {control}
          </div>
          {action}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
