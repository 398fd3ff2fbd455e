import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSubscriptionResponseSchema,
  subscriptionStatusSchema,
} from '@shared/contracts';
import { errorResponses } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  setCancelAtPeriodEnd,
  startOperatorSubscription,
  statusResponse,
  subscriptionStatusOf,
} from './subscription-lifecycle.service';

const errors = errorResponses(401, 403, 404, 409, 502);
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
