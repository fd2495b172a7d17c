import { RefreshCw } from 'lucide-react';
import { adminMessages } from '@medipay/shared/admin';
import { Button } from '../../../components/ui/button';

/** What replaces data that could not be loaded: the reason and a way to try again. */
export function LoadError({
  onRetry,
  retrying = false,
}: {
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border bg-card p-8 text-center">
      <p className="font-medium">{adminMessages.loadFailed}</p>
      <Button type="button" variant="outline" onClick={onRetry} disabled={retrying}>
        <RefreshCw aria-hidden="true" />
        Tentar novamente
      </Button>
    </div>
  );
}
