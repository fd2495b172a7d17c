import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** A refusal or a failure, announced as it appears. */
export function StatusAlert({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-900"
    >
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{children}</p>
    </div>
  );
}
