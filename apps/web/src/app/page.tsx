import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/errors/error-boundary';
import { Spinner } from '../components/ui/spinner';

export function PageFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner className="text-primary" />
    </div>
  );
}

/**
 * A page region: its own error boundary, and while its code loads `fallback` (a spinner unless
 * told: a page with static content shows that instead).
 */
export function Page({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <ErrorBoundary>
      <Suspense fallback={fallback ?? <PageFallback />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
