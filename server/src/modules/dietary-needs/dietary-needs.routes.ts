import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dietaryNeedsSchema } from '@shared/contracts/attributes';
import { users } from '../../db/schema';
import { errorResponses } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';

/**
 * A customer's saved dietary needs (issue 28): the diets they keep and the allergens they avoid.
 * Diners' screens dim trucks with nothing that suits them and flag conflicting menu items — with
 * shared/utils/attributes' truckFit and itemFit, from the lists' menu labels (nothing else to fetch).
 */
export const dietaryNeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/auth/user/dietary-needs',
    {
      preHandler: requireUser('customer'),
      schema: {
        tags: ['customers'],
        summary: "The caller's saved dietary needs",
        response: { 200: dietaryNeedsSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select({ needs: users.dietaryNeeds })
        .from(users)
        .where(eq(users.id, currentUser(request).id))
        .limit(1);
      return row?.needs ?? { diets: [], avoid: [] };
    },
  );

  app.put(
    '/api/auth/user/dietary-needs',
    {
      preHandler: requireUser('customer'),
      schema: {
        tags: ['customers'],
        summary: "Replaces the caller's saved dietary needs",
        body: dietaryNeedsSchema,
        response: { 200: dietaryNeedsSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      // Each once, in list order: the stored value is canonical whatever order the client sent.
      const needs = { diets: [...new Set(request.body.diets)], avoid: [...new Set(request.body.avoid)] };
      await app.db.update(users).set({ dietaryNeeds: needs }).where(eq(users.id, currentUser(request).id));
      return needs;
    },
  );
};
