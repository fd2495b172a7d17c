import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminActions } from '@medipay/db/schema';
import {
  WEBHOOK_RETRY_DELAYS_MS,
  webhookDeliveryListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookMessages,
  type WebhookPayload,
} from '@medipay/shared/webhooks';
import { adminSession } from '../../../test/admin';
import { submittedPf } from '../../../test/review-detail-fixtures';
import { createTestAppInstances, type TestApp } from '../../../test/test-app';
import { createTestClock } from '../../../test/test-clock';
import { webhookAuditActions } from './webhooks.service';

/**
 * A receiver as an operator would run it: it records each request and answers with the next
 * status of its script (200 once the script runs out).
 */
type Received = { headers: IncomingHttpHeaders; body: string };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
const script: number[] = [];

// The signatures carry the attempt's time; receivers refuse one more than 5 minutes off, so this
// clock starts now and only moves a little (except in the retries test, which verifies nothing).
const clock = createTestClock(new Date());
// Two processes of one deployment on one database: a restart, or a second process, sends nothing
// twice.
let t: TestApp;
let other: TestApp;
let closeAll: () => Promise<void>;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(script.shift() ?? 200, { 'content-type': 'text/plain' });
      response.end('recebido');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/medipay`;
  const instances = await createTestAppInstances(2, { clock, env: { KYC_CHECKS: 'sandbox' } });
  [t, other] = instances.instances as [TestApp, TestApp];
  closeAll = instances.close;
});
afterAll(async () => {
  await closeAll();
  await new Promise((resolve) => receiver.close(resolve));
});

const headersOf = (master: { headers: Record<string, string> }) => master.headers;

function verified(secret: string, message: Received): WebhookPayload {
  const headers = {
    'webhook-id': String(message.headers['webhook-id']),
    'webhook-timestamp': String(message.headers['webhook-timestamp']),
    'webhook-signature': String(message.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(message.body, headers) as WebhookPayload;
}

describe('signed webhooks', () => {
  it('are registered by a master only, with a URL and the events it takes', async () => {
    const master = await adminSession(t, 'admin_master');
    const mini = await adminSession(t, 'admin_mini');
    const post = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/webhooks', headers, payload });

    expect(
      (await post(mini.headers, { url: receiverUrl, events: ['application.approved'] })).statusCode,
    ).toBe(403);
    const badUrl = await post(master.headers, {
      url: 'ftp://example.com',
      events: ['application.approved'],
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toContain(webhookMessages.urlInvalid);
    const noEvents = await post(master.headers, { url: receiverUrl, events: [] });
    expect(noEvents.statusCode).toBe(400);
    expect(noEvents.json().message).toContain(webhookMessages.eventsRequired);
    const unknownEvent = await post(master.headers, {
      url: receiverUrl,
      events: ['application.lost'],
    });
    expect(unknownEvent.statusCode).toBe(400);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks',
      headers: master.headers,
    });
    expect(webhookEndpointListSchema.parse(list.json()).endpoints).toEqual([]);
  });

  it('deliver each status change once, signed, retried after a 500, never twice across processes', async () => {
    const master = await adminSession(t, 'admin_master');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: headersOf(master),
      payload: {
        url: receiverUrl,
        description: 'ERP financeiro',
        events: ['application.submitted', 'application.approved', 'application.approved'],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { endpoint, secret } = webhookEndpointCreatedSchema.parse(created.json());
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({
      url: receiverUrl,
      events: ['application.submitted', 'application.approved'],
      active: true,
      createdBy: master.row.email,
    });
    // The secret is answered once: never in the list.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/webhooks',
      headers: master.headers,
    });
    expect(list.body).not.toContain(secret.slice(6));

    // An applicant sends an application: the receiver first fails.
    const { row, applicant } = await submittedPf(t, clock);
    script.push(500);
    expect(await t.app.webhooks.deliverDue()).toBe(0);
    expect(received).toHaveLength(1);
    const deliveries = async () =>
      webhookDeliveryListSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/admin/webhooks/${endpoint.id}/deliveries`,
            headers: master.headers,
          })
        ).json(),
      ).deliveries;
    const [first] = await deliveries();
    expect(first).toMatchObject({
      eventType: 'application.submitted',
      status: 'pending',
      attempts: 1,
      lastStatus: 500,
      lastResponse: 'recebido',
    });
    expect(
      new Date(first!.nextAttemptAt!).getTime() - new Date(first!.lastAttemptAt!).getTime(),
    ).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);

    // Not due yet: nothing sent, by either process.
    expect(await other.app.webhooks.deliverDue()).toBe(0);
    expect(received).toHaveLength(1);

    clock.advance(WEBHOOK_RETRY_DELAYS_MS[0]);
    const [a, b] = await Promise.all([
      t.app.webhooks.deliverDue(),
      other.app.webhooks.deliverDue(),
    ]);
    expect(a + b).toBe(1);
    expect(received).toHaveLength(2);
    expect(await other.app.webhooks.deliverDue()).toBe(0);
    expect(received).toHaveLength(2);

    // The same message both times, as the receiver verifies it.
    const [failed, delivered] = received as [Received, Received];
    expect(delivered.headers['webhook-id']).toBe(failed.headers['webhook-id']);
    const payload = verified(secret, delivered);
    expect(payload).toEqual({
      type: 'application.submitted',
      timestamp: expect.any(String),
      data: {
        flow: 'PF',
        applicationId: row.id,
        fromStatus: 'INICIADO',
        toStatus: 'EM_ANALISE',
        actor: 'applicant',
      },
    });
    // Ids and statuses only: nothing of the applicant's.
    for (const personal of [applicant.cpf, applicant.email, row.nomeCompleto]) {
      expect(delivered.body).not.toContain(String(personal));
    }
    expect(() => verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, delivered)).toThrow();
    expect((await deliveries())[0]).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastStatus: 200,
    });

    // A rotation: both secrets sign for a day, so receivers switch at their pace.
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/rotate`,
      headers: master.headers,
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(secret);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/pf/${row.id}/approve`,
      headers: master.headers,
      payload: { expectedStatus: 'EM_ANALISE' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await other.app.webhooks.deliverDue()).toBe(1);
    const approval = received[2]!;
    expect(verified(newSecret, approval).type).toBe('application.approved');
    expect(verified(secret, approval).data.toStatus).toBe('APROVADO');
    expect(String(approval.headers['webhook-signature']).split(' ')).toHaveLength(2);

    // Deactivated: nothing more is queued for it.
    const deactivated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/deactivate`,
      headers: master.headers,
    });
    expect(deactivated.json()).toMatchObject({ active: false });
    const rotateInactive = await t.app.inject({
      method: 'POST',
      url: `/api/admin/webhooks/${endpoint.id}/rotate`,
      headers: master.headers,
    });
    expect(rotateInactive.statusCode).toBe(409);
    await submittedPf(t, clock);
    expect(await t.app.webhooks.deliverDue()).toBe(0);
    expect(received).toHaveLength(3);

    const audited = await t.database.db
      .select({ action: adminActions.action })
      .from(adminActions)
      .where(eq(adminActions.adminUserId, master.row.id));
    expect(audited.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(Object.values(webhookAuditActions)),
    );
  });

  it('give up after a day of refusals, keeping each answer', async () => {
    const master = await adminSession(t, 'admin_master');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: master.headers,
      payload: { url: receiverUrl, events: ['application.submitted'] },
    });
    const { endpoint } = webhookEndpointCreatedSchema.parse(created.json());
    await submittedPf(t, clock);
    const before = received.length;
    const attempts = WEBHOOK_RETRY_DELAYS_MS.length + 1;
    script.push(...Array.from({ length: attempts }, () => 503));
    for (const delay of [0, ...WEBHOOK_RETRY_DELAYS_MS]) {
      clock.advance(delay);
      expect(await t.app.webhooks.deliverDue()).toBe(0);
    }
    expect(WEBHOOK_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeGreaterThanOrEqual(
      24 * 60 * 60_000,
    );
    clock.advance(24 * 60 * 60_000);
    expect(await t.app.webhooks.deliverDue()).toBe(0);
    expect(received.length - before).toBe(attempts);
    // A day on, the first session is over.
    const later = await adminSession(t, 'admin_master');
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/webhooks/${endpoint.id}/deliveries`,
      headers: later.headers,
    });
    expect(webhookDeliveryListSchema.parse(list.json()).deliveries[0]).toMatchObject({
      status: 'failed',
      attempts,
      lastStatus: 503,
      nextAttemptAt: null,
    });
  });
});
