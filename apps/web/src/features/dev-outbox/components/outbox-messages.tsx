import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatDateTime } from '@medipay/shared/dates';
import type { DevOutboxMessage } from '@medipay/shared/dev-outbox';
import { useOutbox } from '../api/get-outbox';

const statusBadges: Record<DevOutboxMessage['status'], { label: string; variant: BadgeVariant }> = {
  pending: { label: 'Na fila', variant: 'warning' },
  sent: { label: 'Entregue', variant: 'success' },
  failed: { label: 'Falhou', variant: 'destructive' },
  expired: { label: 'Código expirado', variant: 'secondary' },
};

const channelLabels: Record<DevOutboxMessage['channel'], string> = {
  email: 'E-mail',
  sms: 'SMS',
  whatsapp: 'WhatsApp',
};

/** Every message the portal queued recently, as it is delivered. */
export function OutboxMessages() {
  const outbox = useOutbox();
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">Mensagens recentes</h2>
        <CardDescription>
          As 50 últimas mensagens da caixa de saída, atualizadas sozinhas.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {outbox.isPending && <Spinner className="text-primary" />}
        {outbox.isError && <p role="alert">Não foi possível carregar os dados</p>}
        {outbox.data?.messages.length === 0 && <p>Nenhuma mensagem enviada ainda.</p>}
        <ol className="space-y-4">
          {outbox.data?.messages.map((message) => {
            const badge = statusBadges[message.status];
            return (
              <li key={message.id} className="rounded-md border p-4">
                <div className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={badge.variant}>{badge.label}</Badge>
                  <span className="font-semibold">{channelLabels[message.channel]}</span>
                  <span>para {message.recipient}</span>
                  <span className="text-muted-foreground">{formatDateTime(message.createdAt)}</span>
                </div>
                {message.subject && <p className="mt-2 font-medium">{message.subject}</p>}
                <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-muted-foreground">
                  {message.text}
                </pre>
                {message.lastError && (
                  <p className="mt-2 text-sm text-red-800">
                    Tentativas: {message.attempts}. Último erro: {message.lastError}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
