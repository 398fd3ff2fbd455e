import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { favoriteCheckSchema, favoriteCreateSchema } from '@shared/contracts/customers';
import { truckListSchema } from '../trucks/trucks.service';
import { sendTruckEventId, TRUCK_EVENT_ID_ROUTE } from '../trucks/truck-event-id';
import { errorResponses, idOr404 } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { addFavorite, isFavorite, listFavorites, removeFavorite } from './favorites.service';
import { recordTruckInsight } from '../insights/insights-recording';

const errors = errorResponses(400, 401, 403, 404);
const truckIdParams = z.object({ truckId: idOr404 });
const tags = ['favorites'];

/** A signed-in user's favourite trucks (spec sections 2, 3 and 7). Any signed-in account. */
export const favoritesRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireUser();

  app.get(
    '/api/favorites',
    {
      preHandler: guard,
      config: TRUCK_EVENT_ID_ROUTE,
      schema: { tags, summary: 'The favorite trucks diners may see now', response: { 200: truckListSchema, ...errors } },
    },
    async (request, reply) => {
      await sendTruckEventId(app.db, reply);
      return listFavorites(app.db, currentUser(request));
    },
  );

  app.get(
    '/api/favorites/check/:truckId',
    {
      preHandler: guard,
      schema: { tags, params: truckIdParams, response: { 200: favoriteCheckSchema, ...errors } },
    },
    async (request) => ({ isFavorite: await isFavorite(app.db, currentUser(request), request.params.truckId) }),
  );

  app.post(
    '/api/favorites',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Adds a favorite (adding it again is not an error)',
        body: favoriteCreateSchema,
        response: { 200: favoriteCheckSchema, ...errors },
      },
    },
    async (request) => {
      const truckId = request.body.foodTruckId;
      if (await addFavorite(app.db, currentUser(request), truckId)) {
        recordTruckInsight(app, request, 'favorite_gained', { id: truckId, operatorId: null });
      }
      return { isFavorite: true };
    },
  );

  app.delete(
    '/api/favorites/:truckId',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Removes a favorite (removing a non-favorite is not an error)',
        params: truckIdParams,
        response: { 200: favoriteCheckSchema, ...errors },
      },
    },
    async (request) => {
      const { truckId } = request.params;
      if (await removeFavorite(app.db, currentUser(request), truckId)) {
        recordTruckInsight(app, request, 'favorite_lost', { id: truckId, operatorId: null });
      }
      return { isFavorite: false };
    },
  );
};
