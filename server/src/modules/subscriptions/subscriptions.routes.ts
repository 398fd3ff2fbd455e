import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSubscriptionResponseSchema,
  errorResponseSchema,
  subscriptionStatusSchema,
} from '../../../../shared/contracts';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  setCancelAtPeriodEnd,
  startOperatorSubscription,
  statusResponse,
  subscriptionStatusOf,
} from './subscription-lifecycle.service';

const errors = {
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  502: errorResponseSchema,
};
const tags = ['subscriptions'];

/** The operator's own subscription (spec section 2 "Subscribe"; sections 7 and 9). */
export const subscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const operatorOnly = requireUser('operator');

  app.get(
    '/api/subscription-status',
    { preHandler: requireUser(), schema: { tags, response: { 200: subscriptionStatusSchema, ...errors } } },
    async (request) => subscriptionStatusOf(app.db, currentUser(request)),
  );

  app.post(
    '/api/create-operator-subscription',
    { preHandler: operatorOnly, schema: { tags, response: { 200: createSubscriptionResponseSchema, ...errors } } },
    async (request) => startOperatorSubscription(app.db, app.integrations.payments, currentUser(request).id),
  );

  for (const [path, cancel] of [
    ['/api/subscription/cancel', true],
    ['/api/subscription/resume-renewal', false],
  ] as const) {
    app.post(
      path,
      { preHandler: operatorOnly, schema: { tags, response: { 200: subscriptionStatusSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        return statusResponse(user, await setCancelAtPeriodEnd(app.db, app.integrations.payments, user.id, cancel));
      },
    );
  }
};
