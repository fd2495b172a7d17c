import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  applicationStatusMessages as messages,
  parseStatusPageFlow,
  statusPageParams,
  type ApplicationStatus,
} from '@medipay/shared/application-status';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { textLinkClass } from '../../../components/ui/text-link';
import { paths } from '../../../config/paths';
import { useMyStatus } from '../api/get-my-status';
import { useStatusFromAccess } from '../api/get-status';
import { statusKeys } from '../api/query-keys';
import { isAccessRefusal } from './failure-message';
import { StatusAccessForm } from './status-access-form';
import { StatusAlert } from './status-alert';
import { StatusView } from './status-view';

const sameProtocol = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/**
 * /acompanhar-status: with `?fluxo=pf|pj` the application of this browser's wizard session;
 * otherwise the one a verified code opened (cookie), or the protocol and code form
 * (`?protocolo=` prefills it).
 */
export function ApplicationStatusPage() {
  const [params, setParams] = useSearchParams();
  const flow = parseStatusPageFlow(params.get(statusPageParams.flow));
  const prefill = params.get(statusPageParams.protocol) ?? '';
  const [askingAnother, setAskingAnother] = useState(false);
  const [erased, setErased] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const mine = useMyStatus(askingAnother ? null : flow);
  const access = useStatusFromAccess(!askingAnother && flow === null);
  const query = flow === null ? access : mine;

  const onVerified = (status: ApplicationStatus) => {
    setAskingAnother(false);
    // The cookie now opens this protocol: a reload or a bookmark shows it again.
    setParams({ [statusPageParams.protocol]: status.protocolo }, { replace: true });
  };
  const checkAnother = () => {
    setAskingAnother(true);
    setParams({}, { replace: true });
  };

  // What to show: the status, the form (no access yet, or another protocol), or a failure.
  const shown =
    !askingAnother &&
    query.data &&
    (flow !== null || !prefill || sameProtocol(prefill, query.data.protocolo))
      ? query.data
      : null;
  const needsForm =
    askingAnother || (!shown && (query.data !== undefined || isAccessRefusal(query.error)));

  const onErased = (message: string) => {
    setErased(message);
    // Nothing of the erased application stays in memory.
    queryClient.removeQueries({ queryKey: statusKeys.all });
  };

  let content;
  if (erased) {
    content = (
      <Card>
        <CardContent className="pt-6">
          <p role="status" className="font-medium">
            {erased}
          </p>
        </CardContent>
      </Card>
    );
  } else if (shown) {
    content = <StatusView status={shown} ownFlow={flow} onErased={onErased} />;
  } else if (needsForm) {
    content = (
      <>
        {!askingAnother && flow !== null && (
          <p className="mb-4 text-sm">
            <strong>{messages.notFound}</strong> {messages.notFoundHint}
          </p>
        )}
        <StatusAccessForm
          key={askingAnother ? 'another' : prefill}
          initialProtocol={askingAnother ? '' : prefill}
          onVerified={onVerified}
        />
      </>
    );
  } else if (query.isPending) {
    content = (
      <div className="flex justify-center py-8">
        <Spinner className="text-primary" />
      </div>
    );
  } else {
    content = (
      <div className="space-y-4">
        <StatusAlert>{messages.loadFailed}</StatusAlert>
        <Button type="button" variant="outline" onClick={() => void query.refetch()}>
          {messages.retry}
        </Button>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{messages.title}</h1>
        <p className="mt-2 text-muted-foreground">{messages.intro}</p>
      </div>
      {shown ? (
        content
      ) : (
        <Card>
          <CardContent className="pt-6">{content}</CardContent>
        </Card>
      )}
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:justify-between">
        {shown && (
          <Button type="button" variant="outline" onClick={checkAnother}>
            {messages.checkAnother}
          </Button>
        )}
        <Link to={paths.home} className={textLinkClass}>
          {messages.backHome}
        </Link>
      </div>
    </div>
  );
}
