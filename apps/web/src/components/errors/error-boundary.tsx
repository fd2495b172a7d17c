import { Component, type ErrorInfo, type ReactNode } from 'react';
import { paths } from '../../config/paths';
import { Button } from '../ui/button';

type Props = { children: ReactNode; fallback?: ReactNode };
type State = { failed: boolean };

/** Contains a rendering failure (or a chunk that failed to load) to its region of the page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback ?? <PageErrorFallback />;
  }
}

export function PageErrorFallback() {
  return (
    <div
      role="alert"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-2xl font-bold">Algo deu errado</h1>
      <p className="max-w-md text-muted-foreground">
        Não foi possível exibir esta página. Recarregue a página ou volte ao início.
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
        <Button asChild variant="outline">
          <a href={paths.home}>Voltar ao início</a>
        </Button>
      </div>
    </div>
  );
}
