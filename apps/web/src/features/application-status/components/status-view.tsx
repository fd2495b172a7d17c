import {
  applicationStatusMessages as messages,
  statusNextStep,
  type ApplicationStatus,
} from '@medipay/shared/application-status';
import { formatDateTime } from '@medipay/shared/dates';
import { statusLabel, type Flow } from '@medipay/shared/status';
import { StatusBadge } from '../../../components/status-badge';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { RectifyButton } from './rectify-button';
import { YourData } from './your-data';

const flowNames = { PF: 'Profissional de saúde', PJ: 'Empresa' } as const;

/**
 * The application's protocol, current status, what comes next, the applicant's data (download,
 * deletion) and its history. `ownFlow` is the
 * page's access: the wizard's session of that flow, or (null) the cookie of a verified code.
 */
export function StatusView({
  status,
  ownFlow,
  onErased,
}: {
  status: ApplicationStatus;
  ownFlow: Flow | null;
  /** The applicant erased the application: nothing is left to show. */
  onErased: (message: string) => void;
}) {
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="space-y-4 pt-6">
          <div>
            <p className="text-sm text-muted-foreground">Protocolo</p>
            <p className="break-all font-mono text-xl font-bold" data-testid="protocolo">
              {status.protocolo}
            </p>
            <p className="text-sm text-muted-foreground">{flowNames[status.flow]}</p>
          </div>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            {messages.currentStatus}: <StatusBadge status={status.status} />
          </p>
          {status.submittedAt && (
            <p className="text-sm text-muted-foreground">
              {messages.submittedAt}{' '}
              <time dateTime={status.submittedAt}>{formatDateTime(status.submittedAt)}</time>
            </p>
          )}
        </CardContent>
      </Card>

      {status.status === 'EM_EXIGENCIA' && (
        <Card className="border-yellow-300">
          <CardHeader>
            <h2 className="text-lg font-semibold">{messages.exigenciasTitle}</h2>
          </CardHeader>
          <CardContent className="space-y-4">
            {status.exigencias && (
              <p className="whitespace-pre-line break-words rounded-md border-l-4 border-yellow-500 bg-yellow-50 p-3 text-sm">
                {status.exigencias}
              </p>
            )}
            {status.canRectify && <RectifyButton ownFlow={ownFlow} />}
          </CardContent>
        </Card>
      )}

      {status.status === 'NEGADO' && status.motivoNegacao && (
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold">{messages.denialTitle}</h2>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-line break-words text-sm">{status.motivoNegacao}</p>
          </CardContent>
        </Card>
      )}

      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold">{messages.nextStepsTitle}</h2>
        </CardHeader>
        <CardContent>
          <p className="text-sm">{statusNextStep(status.status)}</p>
        </CardContent>
      </Card>

      <YourData ownFlow={ownFlow} onErased={onErased} />

      <Card>
        <CardHeader>
          <h2 id="status-historico" className="text-lg font-semibold">
            {messages.historyTitle}
          </h2>
        </CardHeader>
        <CardContent>
          <ol
            aria-labelledby="status-historico"
            className="space-y-4 border-l-2 border-teal-200 pl-5"
          >
            {status.history.map((entry, index) => (
              <li key={`${index}-${entry.status}`} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute -left-[1.6rem] top-1.5 size-2.5 rounded-full bg-teal-700"
                />
                <p className="font-medium">{statusLabel(entry.status)}</p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                </p>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
