import { screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  webhookEventLabels,
  webhookMessages,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '@medipay/shared/webhooks';
import { stubResizeObserver } from '../../../testing/resize-observer';
import { fetchMock, json, master, mini, renderAdmin, sessionOf, stubApi } from '../test-utils';

beforeEach(() => {
  // The event checkboxes measure themselves.
  stubResizeObserver();
  toast.dismiss();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const webhooksPath = '/onboarding/admin/webhooks';

const erp: WebhookEndpoint = {
  id: 'wh-1',
  url: 'https://erp.exemplo.com.br/medipay',
  description: 'ERP financeiro',
  events: ['application.approved', 'application.denied'],
  active: true,
  createdAt: '2026-11-20T12:00:00.000Z',
  createdBy: master.email,
  previousSecretUntil: null,
  deliveries: { pending: 1, failed: 0, delivered: 12 },
};

const delivery: WebhookDelivery = {
  id: 'msg_1',
  eventType: 'application.approved',
  status: 'pending',
  attempts: 2,
  createdAt: '2026-11-26T12:00:00.000Z',
  lastAttemptAt: '2026-11-26T12:02:30.000Z',
  nextAttemptAt: '2026-11-26T12:12:30.000Z',
  lastStatus: 503,
  lastResponse: 'Service Unavailable',
};

describe('Webhooks', () => {
  it('registers an endpoint with its events, checks the form first, and shows the secret once', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/webhooks': () => json({ endpoints }),
      'POST /api/admin/webhooks': () => {
        endpoints = [erp];
        return json({ endpoint: erp, secret: 'whsec_c2VncmVkby1kZS10ZXN0ZQ==' }, 201);
      },
    });
    const { user } = renderAdmin(webhooksPath);
    expect(await screen.findByText('Nenhum webhook cadastrado.')).toBeVisible();
    expect(document.title).toBe('Webhooks | Painel Administrativo | MediPay');

    await user.click(screen.getByRole('button', { name: 'Novo webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo webhook' });
    await user.type(within(dialog).getByLabelText('URL'), 'ftp://erp');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(within(dialog).getByLabelText('URL')).toHaveAccessibleDescription(
      webhookMessages.urlInvalid,
    );
    expect(within(dialog).getByText(webhookMessages.eventsRequired)).toBeVisible();
    expect(api.calls('POST /api/admin/webhooks')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('URL'));
    await user.type(within(dialog).getByLabelText('URL'), erp.url);
    await user.type(within(dialog).getByLabelText('Descrição (opcional)'), erp.description);
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: new RegExp(webhookEventLabels['application.approved']),
      }),
    );
    await user.click(
      within(dialog).getByRole('checkbox', {
        name: new RegExp(webhookEventLabels['application.denied']),
      }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));

    const secret = await screen.findByRole('dialog', { name: 'Segredo de assinatura' });
    expect(secret).toHaveTextContent('whsec_c2VncmVkby1kZS10ZXN0ZQ==');
    expect(secret).toHaveTextContent(webhookMessages.secretOnce);
    expect(api.calls('POST /api/admin/webhooks')[0]?.body).toEqual({
      url: erp.url,
      description: erp.description,
      events: ['application.approved', 'application.denied'],
    });
    await user.click(within(secret).getByRole('button', { name: 'Copiei o segredo' }));
    const card = await screen.findByRole('region', { name: erp.url });
    expect(card).toHaveTextContent('Cadastro aprovado · Cadastro negado');
    expect(card).toHaveTextContent('Entregues: 12 · Pendentes: 1 · Falharam: 0');
    expect(screen.queryByText('whsec_c2VncmVkby1kZS10ZXN0ZQ==')).not.toBeInTheDocument();
  });

  it('shows the deliveries with their last answer, rotates the secret and deactivates', async () => {
    let current = erp;
    const api = stubApi({
      'GET /api/admin/session': () => json(sessionOf(master)),
      'GET /api/admin/webhooks': () => json({ endpoints: [current] }),
      'GET /api/admin/webhooks/wh-1/deliveries': () => json({ deliveries: [delivery] }),
      'POST /api/admin/webhooks/wh-1/rotate': () => json({ secret: 'whsec_bm92by1zZWdyZWRv' }),
      'POST /api/admin/webhooks/wh-1/deactivate': () => {
        current = { ...erp, active: false };
        return json(current);
      },
    });
    const { user } = renderAdmin(webhooksPath);
    const card = await screen.findByRole('region', { name: erp.url });
    await user.click(within(card).getByRole('button', { name: 'Ver entregas' }));
    const table = await within(card).findByRole('table', { name: `Entregas de ${erp.url}` });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /application\.approved\s*Pendente\s*2\s*503Service Unavailable/,
    );

    await user.click(within(card).getByRole('button', { name: 'Gerar novo segredo' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Gerar novo segredo?' })).getByRole(
        'button',
        { name: 'Gerar' },
      ),
    );
    expect(await screen.findByRole('dialog', { name: 'Segredo de assinatura' })).toHaveTextContent(
      'whsec_bm92by1zZWdyZWRv',
    );
    await user.click(screen.getByRole('button', { name: 'Copiei o segredo' }));

    await user.click(within(card).getByRole('button', { name: 'Desativar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Desativar webhook?' })).getByRole(
        'button',
        {
          name: 'Desativar',
        },
      ),
    );
    expect(await within(card).findByText('Desativado')).toBeVisible();
    expect(within(card).queryByRole('button', { name: 'Gerar novo segredo' })).toBeNull();
    expect(api.calls('POST /api/admin/webhooks/wh-1/deactivate')).toHaveLength(1);
  });

  it('is for masters only', async () => {
    const api = stubApi({ 'GET /api/admin/session': () => json(sessionOf(mini)) });
    renderAdmin(webhooksPath);
    expect(await screen.findByRole('heading', { name: 'Acesso restrito' })).toBeVisible();
    expect(api.calls('GET /api/admin/webhooks')).toHaveLength(0);
  });
});
