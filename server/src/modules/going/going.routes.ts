import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { goingCountListSchema, myGoingListSchema } from '@shared/contracts/going';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { goingCounts, listMyGoing, markGoing, unmarkGoing, type GoingDeps } from './going.service';
import { recordTruckInsight } from '../insights/insights-recording';

const tags = ['going'];

/**
 * "I'm going" (issue 31, ADR 0164): customers mark and unmark a truck's current or next stop and
 * read their own; the truck's operator (or an admin) reads the counts per stop. Nobody else sees
 * who or how many.
 */
export const goingRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: GoingDeps = {
    db: app.db,
    defaultTimeZone: app.config.defaultTimeZone ?? DEFAULT_TIME_ZONE,
    // Read on each call: tests learn the server's address only once it listens.
    get publicUrl() {
      return app.config.publicUrl;
    },
  };
  const customers = requireUser('customer');

  app.get(
    '/api/going',
    {
      preHandler: customers,
      schema: {
        tags,
        summary: "The stops the caller said they are going to, still to come",
        response: { 200: myGoingListSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => listMyGoing(app.db, currentUser(request)),
  );

  app.post(
    '/api/food-trucks/:id/going',
    {
      preHandler: customers,
      schema: {
        tags,
        summary: "I'm going: to the truck's current stop (open now) or its next scheduled one; 409 when it has none",
        params: idParams,
        response: { 200: myGoingListSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { list, added } = await markGoing(deps, currentUser(request), request.params.id);
      if (added) recordTruckInsight(app, request, 'going', { id: added.foodTruckId, operatorId: null }, added.address);
      return list;
    },
  );

  app.delete(
    '/api/food-trucks/:id/going',
    {
      preHandler: customers,
      schema: {
        tags,
        summary: "Not going after all (undoing twice is not an error)",
        params: idParams,
        response: { 200: myGoingListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => unmarkGoing(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/food-trucks/:id/going',
    {
      preHandler: requireUser('operator', 'admin'),
      schema: {
        tags,
        summary: 'How many said they are going, per current or upcoming stop (the truck’s operator or an admin)',
        params: idParams,
        response: { 200: goingCountListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => goingCounts(app.db, currentUser(request), request.params.id),
  );
};
