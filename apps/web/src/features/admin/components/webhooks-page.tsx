import { KeyRound, Plus, Power } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { adminMessages } from '@medipay/shared/admin';
import { formatDateTime } from '@medipay/shared/dates';
import {
  createWebhookEndpointSchema,
  webhookEventLabels,
  webhookEventTypes,
  webhookMessages,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@medipay/shared/webhooks';
import { FormField } from '../../../components/form/form-field';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage, isUnauthorized } from '../api/admin-errors';
import {
  useCreateWebhook,
  useDeactivateWebhook,
  useRotateWebhookSecret,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/webhooks';
import { useAdminSession } from '../hooks/admin-session-context';
import { adminTitle, useDocumentTitle } from '../hooks/use-document-title';
import { RestrictedAccess } from './admin-users-page';
import { DialogActions } from './dialog-actions';
import { FormAlert } from './form-alert';
import { LoadError } from './load-error';

/** A secret shown once, after a registration or a rotation. */
function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Segredo de assinatura</DialogTitle>
          <DialogDescription>{webhookMessages.secretOnce}</DialogDescription>
        </DialogHeader>
        <p className="rounded-md border bg-muted p-3 font-mono text-sm break-all">{secret}</p>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            Copiei o segredo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 'Novo webhook': the URL, a description and the events, in a dialog. */
function CreateWebhookDialog({ onSecret }: { onSecret: (secret: string) => void }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [errors, setErrors] = useState<{ url?: string; events?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateWebhook();
  const eventsId = useId();

  function reset() {
    setUrl('');
    setDescription('');
    setEvents([]);
    setErrors({});
    setFailure(null);
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const parsed = createWebhookEndpointSchema.safeParse({ url, description, events });
    if (!parsed.success) {
      const found: { url?: string; events?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'events' ? 'events' : 'url';
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const created = await create.mutateAsync(parsed.data);
      toast.success(webhookMessages.created);
      setOpen(false);
      reset();
      onSecret(created.secret);
    } catch (error) {
      if (isUnauthorized(error)) return;
      setFailure(errorMessage(error));
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button type="button">
          <Plus aria-hidden="true" />
          Novo webhook
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Novo webhook</DialogTitle>
          <DialogDescription>
            Cada evento escolhido é enviado por POST a esta URL, assinado no padrão Standard
            Webhooks.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          {failure && <FormAlert>{failure}</FormAlert>}
          <FormField label="URL" error={errors.url}>
            <Input
              type="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder="https://erp.exemplo.com.br/webhooks/medipay"
              spellCheck={false}
            />
          </FormField>
          <FormField label="Descrição (opcional)">
            <Input value={description} onChange={(event) => setDescription(event.target.value)} />
          </FormField>
          <fieldset
            className="space-y-2"
            aria-describedby={errors.events ? `${eventsId}-error` : undefined}
          >
            <legend className="text-sm font-medium">Eventos</legend>
            {webhookEventTypes.map((type) => (
              <div key={type} className="flex items-center gap-2">
                <Checkbox
                  id={`${eventsId}-${type}`}
                  checked={events.includes(type)}
                  onCheckedChange={(checked) =>
                    setEvents((current) =>
                      checked === true
                        ? [...current, type]
                        : current.filter((chosen) => chosen !== type),
                    )
                  }
                />
                <Label htmlFor={`${eventsId}-${type}`} className="font-normal">
                  {webhookEventLabels[type]} <code className="text-xs">{type}</code>
                </Label>
              </div>
            ))}
            {errors.events && (
              <p id={`${eventsId}-error`} className="text-sm font-medium text-red-800">
                {errors.events}
              </p>
            )}
          </fieldset>
          <DialogActions
            pending={create.isPending}
            label="Cadastrar"
            pendingLabel="Cadastrando..."
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

const deliveryStatusLabels = { pending: 'Pendente', delivered: 'Entregue', failed: 'Falhou' };

/** The latest deliveries of an endpoint, with each last answer. */
function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  if (deliveries.isPending)
    return <Spinner className="text-primary" label="Carregando as entregas..." />;
  if (deliveries.isError) {
    return <LoadError onRetry={() => void deliveries.refetch()} retrying={deliveries.isFetching} />;
  }
  if (deliveries.data.length === 0) return <p className="text-sm">Nenhuma entrega ainda.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Entregas de {endpoint.url}</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">Evento</th>
            <th scope="col">Situação</th>
            <th scope="col">Tentativas</th>
            <th scope="col">Última resposta</th>
            <th scope="col">Quando</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.map((delivery) => (
            <tr key={delivery.id} className="border-t align-top">
              <td className="py-1 pr-2 font-mono text-xs">{delivery.eventType}</td>
              <td className="py-1 pr-2">{deliveryStatusLabels[delivery.status]}</td>
              <td className="py-1 pr-2 tabular-nums">{delivery.attempts}</td>
              <td className="py-1 pr-2 [overflow-wrap:anywhere]">
                {delivery.lastStatus ?? '—'}
                {delivery.lastResponse && (
                  <span className="block text-xs text-muted-foreground">
                    {delivery.lastResponse.slice(0, 120)}
                  </span>
                )}
              </td>
              <td className="py-1 tabular-nums">
                {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One endpoint: its events, counts, deliveries and actions. */
function EndpointCard({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const headingId = useId();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState<'rotate' | 'deactivate' | null>(null);
  const rotate = useRotateWebhookSecret();
  const deactivate = useDeactivateWebhook();
  const pending = rotate.isPending || deactivate.isPending;

  const failed = (error: unknown) => {
    if (isUnauthorized(error)) return;
    toast.error(adminMessages.loadFailedTitle, { description: errorMessage(error) });
  };
  function confirm() {
    if (confirming === 'rotate') {
      rotate.mutate(endpoint.id, {
        onSuccess: ({ secret }) => {
          toast.success(webhookMessages.rotated);
          onSecret(secret);
        },
        onError: failed,
        onSettled: () => setConfirming(null),
      });
    } else {
      deactivate.mutate(endpoint.id, {
        onSuccess: () => toast.success(webhookMessages.deactivated),
        onError: failed,
        onSettled: () => setConfirming(null),
      });
    }
  }

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2 pb-2">
        <div className="min-w-0">
          <h2 id={headingId} className="font-mono text-base font-semibold [overflow-wrap:anywhere]">
            {endpoint.url}
          </h2>
          {endpoint.description && (
            <p className="text-sm text-muted-foreground">{endpoint.description}</p>
          )}
        </div>
        <Badge variant={endpoint.active ? 'success' : 'secondary'}>
          {endpoint.active ? 'Ativo' : 'Desativado'}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p>{endpoint.events.map((type) => webhookEventLabels[type]).join(' · ')}</p>
        <p className="tabular-nums">
          Entregues: {endpoint.deliveries.delivered} · Pendentes: {endpoint.deliveries.pending} ·
          Falharam: {endpoint.deliveries.failed}
        </p>
        {endpoint.previousSecretUntil && (
          <p>O segredo anterior ainda assina até {formatDateTime(endpoint.previousSecretUntil)}.</p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={showDeliveries}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            {showDeliveries ? 'Ocultar entregas' : 'Ver entregas'}
          </Button>
          {endpoint.active && (
            <>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => setConfirming('rotate')}
              >
                <KeyRound aria-hidden="true" />
                Gerar novo segredo
              </Button>
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="text-red-800"
                onClick={() => setConfirming('deactivate')}
              >
                <Power aria-hidden="true" />
                Desativar
              </Button>
            </>
          )}
        </div>
        {showDeliveries && <Deliveries endpoint={endpoint} />}
      </CardContent>
      <Dialog
        open={confirming !== null}
        onOpenChange={(open) => !open && !pending && setConfirming(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {confirming === 'rotate' ? 'Gerar novo segredo?' : 'Desativar webhook?'}
            </DialogTitle>
            <DialogDescription>
              {confirming === 'rotate'
                ? 'O segredo atual continua assinando por 24 horas, para o receptor trocar de segredo sem perder eventos.'
                : `${endpoint.url} deixa de receber eventos novos; os já enfileirados ainda são entregues.`}
            </DialogDescription>
          </DialogHeader>
          <DialogActions
            pending={pending}
            label={confirming === 'rotate' ? 'Gerar' : 'Desativar'}
            pendingLabel={confirming === 'rotate' ? 'Gerando...' : 'Desativando...'}
            onConfirm={confirm}
            destructive={confirming === 'deactivate'}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function WebhooksManager() {
  const endpoints = useWebhookEndpoints();
  const [secret, setSecret] = useState<string | null>(null);
  const { error } = endpoints;

  useEffect(() => {
    if (!error || isUnauthorized(error)) return;
    toast.error(adminMessages.loadFailedTitle, { description: adminMessages.loadFailed });
  }, [error]);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">Webhooks</h1>
          <p className="text-muted-foreground">
            Sistemas que recebem as mudanças de situação dos cadastros, assinadas no padrão Standard
            Webhooks e reenviadas por até um dia quando o receptor falha.
          </p>
        </div>
        <CreateWebhookDialog onSecret={setSecret} />
      </div>
      {endpoints.data ? (
        endpoints.data.length === 0 ? (
          <p className="rounded-lg border bg-card p-6 text-center">Nenhum webhook cadastrado.</p>
        ) : (
          <div className="grid gap-6 [&>*]:min-w-0">
            {endpoints.data.map((endpoint) => (
              <EndpointCard key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </div>
        )
      ) : endpoints.isError ? (
        <LoadError onRetry={() => void endpoints.refetch()} retrying={endpoints.isFetching} />
      ) : (
        <div className="flex justify-center py-12">
          <Spinner className="text-primary" label="Carregando os webhooks..." />
        </div>
      )}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </div>
  );
}

/** Webhooks (admin_master only): the endpoints, a new one, secret rotation, deactivation. */
export function WebhooksPage() {
  useDocumentTitle(adminTitle('Webhooks'));
  const { user } = useAdminSession();
  if (user.role !== 'admin_master') return <RestrictedAccess />;
  return <WebhooksManager />;
}
