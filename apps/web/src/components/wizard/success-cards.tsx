import type { ReactNode } from 'react';
import { Badge } from '../ui/badge';
import { Card, CardContent, CardHeader } from '../ui/card';
import { CopyProtocolButton } from './copy-protocol-button';

export type ProtocolCardProps = { protocolo: string; status: string; children?: ReactNode };

/** The protocol of a submitted application, its copy button and its status. */
export function ProtocolCard({ protocolo, status, children }: ProtocolCardProps) {
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <p className="text-sm text-muted-foreground">Protocolo</p>
            <p className="font-mono text-xl font-bold" data-testid="protocolo">
              {protocolo}
            </p>
          </div>
          <CopyProtocolButton protocolo={protocolo} />
        </div>
        <p className="flex items-center gap-2 text-sm">
          Status: <Badge variant="warning">{status}</Badge>
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

/** What happens after the submission, in order. */
export function NextStepsCard({ steps }: { steps: readonly string[] }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Próximos passos</h2>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
