import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { testConfirmRequestSchema, testConfirmResponseSchema } from '@shared/contracts';
import { errorResponses } from '../../lib/route-params';
import { badRequest, notFound } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { confirmTestPayment, statusResponse } from '../subscriptions/subscription-lifecycle.service';
import { handleStripeEvent } from './stripe-webhook.service';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * The payment side of subscriptions: the test-mode card confirmation (test mode only) and Stripe's
 * webhook (Stripe mode only). Each answers 404 in the other mode.
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const payments = app.integrations.payments;

  app.post(
    '/api/payments/test/confirm',
    {
      preHandler: requireUser('operator'),
      schema: {
        tags: ['payments'],
        body: testConfirmRequestSchema,
        response: {
          200: testConfirmResponseSchema,
          ...errorResponses(400, 401, 402, 403, 404),
        },
      },
    },
    async (request) => {
      if (payments.mode !== 'test') throw notFound('Test-mode payments are off: this installation uses Stripe.');
      const user = currentUser(request);
      return statusResponse(user, await confirmTestPayment(app.db, payments, user.id, request.body));
    },
  );

  // Stripe signs the exact bytes it sent, so in this scope JSON is kept as the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(
      '/api/stripe/webhook',
      {
        bodyLimit: WEBHOOK_BODY_LIMIT,
        schema: {
          tags: ['payments'],
          response: {
            200: z.object({ received: z.literal(true), outcome: z.enum(['processed', 'duplicate', 'ignored']) }),
            ...errorResponses(400, 404, 502),
          },
        },
      },
      async (request) => {
        if (payments.mode !== 'stripe') throw notFound('Stripe is not configured on this installation.');
        const signature = request.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
          throw badRequest('A signed Stripe event is required.');
        }
        let event;
        try {
          event = payments.verifyWebhook(request.body, signature);
        } catch {
          throw badRequest('The Stripe signature does not match this event.');
        }
        const outcome = await handleStripeEvent(app.db, payments, event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
        return { received: true as const, outcome };
      },
    );
  });
};
