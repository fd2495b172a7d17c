import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '@medipay/shared/api-error';
import {
  createWebhookEndpointSchema,
  webhookDeliveryListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '@medipay/shared/webhooks';
import { actorOf } from '../admin-auth/admin-auth.routes';
import { requireMaster } from '../admin-auth/admin-guard';
import type { Webhooks } from './webhooks.service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};

const params = z.object({ id: z.string().max(64) });

/** The webhook endpoints (admin_master only). Behind the guard. */
export const webhooksRoutes: FastifyPluginAsyncZod<{ webhooks: Webhooks }> = async (
  app,
  { webhooks },
) => {
  app.addHook('onRequest', requireMaster);

  app.get(
    '/webhooks',
    { schema: { response: { 200: webhookEndpointListSchema, ...errors } } },
    async () => ({ endpoints: await webhooks.list() }),
  );

  app.post(
    '/webhooks',
    {
      schema: {
        body: createWebhookEndpointSchema,
        response: { 201: webhookEndpointCreatedSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await webhooks.create(request.body, actorOf(request))),
  );

  app.post(
    '/webhooks/:id/rotate',
    { schema: { params, response: { 200: webhookSecretSchema, ...errors } } },
    async (request) => webhooks.rotate(request.params.id, actorOf(request)),
  );

  app.post(
    '/webhooks/:id/deactivate',
    { schema: { params, response: { 200: webhookEndpointSchema, ...errors } } },
    async (request) => webhooks.deactivate(request.params.id, actorOf(request)),
  );

  app.get(
    '/webhooks/:id/deliveries',
    { schema: { params, response: { 200: webhookDeliveryListSchema, ...errors } } },
    async (request) => ({ deliveries: await webhooks.deliveries(request.params.id) }),
  );
};
