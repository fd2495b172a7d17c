import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Spinner } from '../components/ui/spinner';

function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="text-primary" />
    </div>
  );
}

/** A page region: its own error boundary, and a spinner while its code loads. */
export function Page({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageFallback />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
