import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, idParam } from '../../../../shared/contracts/common';
import { menuItemSchema } from '../../../../shared/contracts/menu';
import { activeTrucksQuerySchema, foodTruckSchema } from '../../../../shared/contracts/trucks';
import { compressedRepresentationOf, representationOf, sendJsonRepresentation } from '../../lib/json-representation';
import { notFound } from '../../lib/http-errors';
import { requireUser } from '../../plugins/auth';
import { TRUCK_EVENTS_CHANNEL } from './truck-events';
import { RepresentationCache } from './truck-list-cache';
import { TRUCK_VISIBILITY_CHANNEL } from './truck-visibility';
import {
  findVisibleTruck,
  listMenu,
  listVisibleTrucks,
  seesOnlyOwnTrucks,
  serializeTrucks,
  truckListSchema,
  type Position,
} from './trucks.service';

type ActiveTrucksQuery = z.output<typeof activeTrucksQuerySchema>;

const TRUCK_NOT_FOUND = 'Food truck not found';
const idParams = z.object({ id: z.string() });
/** Malformed ids (abc, -1, 1.5, too large) are simply not found. */
const parseTruckId = (raw: string): number => {
  const parsed = idParam.safeParse(raw);
  if (!parsed.success) throw notFound(TRUCK_NOT_FOUND);
  return parsed.data;
};

const listResponses = { 200: truckListSchema, 304: z.null().describe('Not modified (If-None-Match)'), 400: errorResponseSchema, 401: errorResponseSchema };

/** Diner-facing truck reads: /api/food-trucks/active, /api/food-trucks, /api/food-trucks/:id, /api/food-trucks/:id/menu. */
export const trucksRoutes: FastifyPluginAsyncZod = async (app) => {
  // The diners' list without a position is the same for every caller but operators: built,
  // serialised and compressed once per change, invalidated by NOTIFY from any process.
  const dinersList = new RepresentationCache(async () => compressedRepresentationOf(serializeTrucks(await listVisibleTrucks(app.db, null))));
  const invalidate = () => dinersList.invalidate();
  const unlisten = await Promise.all([
    app.database.listen(TRUCK_EVENTS_CHANNEL, invalidate),
    app.database.listen(TRUCK_VISIBILITY_CHANNEL, invalidate),
  ]);
  app.addHook('onClose', async () => {
    await Promise.all(unlisten.map((fn) => fn().catch(() => {})));
  });

  async function sendTruckList(request: FastifyRequest, reply: FastifyReply, query: ActiveTrucksQuery) {
    const viewer = request.user;
    const position: Position | undefined =
      query.lat !== undefined && query.lng !== undefined ? { lat: query.lat, lng: query.lng, radiusMiles: query.radiusMiles } : undefined;
    if (!position && !seesOnlyOwnTrucks(viewer)) {
      // Anonymous revalidation never touches the database while the cache is warm.
      return sendJsonRepresentation(request, reply, dinersList.peek() ?? (await dinersList.get()));
    }
    const body = serializeTrucks(await listVisibleTrucks(app.db, viewer, position));
    return sendJsonRepresentation(request, reply, representationOf(body));
  }

  app.get(
    '/api/food-trucks/active',
    {
      schema: {
        tags: ['trucks'],
        summary: 'Trucks diners may see (an operator: their own), optionally within radiusMiles of lat/lng, nearest first',
        querystring: activeTrucksQuerySchema,
        response: listResponses,
      },
    },
    (request, reply) => sendTruckList(request, reply, request.query),
  );

  app.get(
    '/api/food-trucks',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['trucks'],
        summary: 'The same list for signed-in callers (nearby alerts)',
        querystring: activeTrucksQuerySchema,
        response: listResponses,
      },
    },
    (request, reply) => sendTruckList(request, reply, request.query),
  );

  app.get(
    '/api/food-trucks/:id',
    {
      schema: { tags: ['trucks'], params: idParams, response: { 200: foodTruckSchema, 404: errorResponseSchema } },
    },
    async (request) => {
      const truck = await findVisibleTruck(app.db, request.user, parseTruckId(request.params.id));
      if (!truck) throw notFound(TRUCK_NOT_FOUND);
      return truck;
    },
  );

  app.get(
    '/api/food-trucks/:id/menu',
    {
      schema: { tags: ['trucks'], params: idParams, response: { 200: z.array(menuItemSchema), 404: errorResponseSchema } },
    },
    async (request) => {
      const truck = await findVisibleTruck(app.db, request.user, parseTruckId(request.params.id));
      if (!truck) throw notFound(TRUCK_NOT_FOUND);
      return listMenu(app.db, truck.id);
    },
  );
};
