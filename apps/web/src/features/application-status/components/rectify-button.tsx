import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { applicationStatusMessages as messages } from '@medipay/shared/application-status';
import type { Flow } from '@medipay/shared/status';
import { Button } from '../../../components/ui/button';
import { useCreateRectificationLink } from '../api/create-rectification-link';
import { failureMessage } from './failure-message';
import { leavePage } from './leave-page';
import { StatusAlert } from './status-alert';

/**
 * 'Corrigir documentos': asks the server for a rectification link only now (reading the status
 * mints none), by the page's access (`ownFlow`: the wizard's session of that flow; null: the
 * cookie of a verified code), and goes there.
 */
export function RectifyButton({ ownFlow }: { ownFlow: Flow | null }) {
  const link = useCreateRectificationLink(ownFlow);
  const { reset } = link;
  const [failure, setFailure] = useState<string | null>(null);
  // Still 'Abrindo...' once the link arrived, while the browser leaves: one click, one link.
  const opening = link.isPending || link.isSuccess;

  // Back from the rectification page (back/forward cache), the button works again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [reset]);

  const onClick = async () => {
    if (opening) return;
    setFailure(null);
    try {
      const { url } = await link.mutateAsync();
      leavePage(url);
    } catch (error) {
      setFailure(failureMessage(error, messages.rectifyFailed));
    }
  };

  return (
    <div className="space-y-3">
      {failure && <StatusAlert>{failure}</StatusAlert>}
      {/* aria-disabled rather than disabled: the button keeps the keyboard focus. */}
      <Button
        type="button"
        className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
        aria-disabled={opening ? true : undefined}
        onClick={() => void onClick()}
      >
        {opening && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {opening ? messages.rectifyOpening : messages.rectify}
      </Button>
    </div>
  );
}
