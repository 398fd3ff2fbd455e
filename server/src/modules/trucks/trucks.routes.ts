import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordSearch } from '../insights/insights-recording';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_RADIUS_MILES } from '@shared/constants';
import { menuItemSchema } from '@shared/contracts/menu';
import { activeTrucksQuerySchema, foodTruckSchema, truckSearchQuerySchema, truckSearchResultSchema } from '@shared/contracts/trucks';
import { JsonRepresentation, sendJsonRepresentation } from '../../lib/json-representation';
import { notFound } from '../../lib/http-errors';
import { errorResponses, idParams } from '../../lib/route-params';
import { requireUser } from '../../plugins/auth';
import { EXAMPLE_LISTING, EXAMPLE_MENU, EXAMPLE_TRUCK } from './public-api-examples';
import { lastTruckEventId } from './truck-events';
import { sendTruckEventId, TRUCK_EVENT_ID_ROUTE, truckEventIdHeaders } from './truck-event-id';
import {
  findVisibleTruck,
  listMenu,
  seesOnlyOwnTrucks,
  truckListBody,
  truckListSchema,
  truckSummaryListSchema,
  type Position,
} from './trucks.service';

type ActiveTrucksQuery = z.output<typeof activeTrucksQuerySchema>;

const TRUCK_NOT_FOUND = 'Food truck not found';

const listResponses = {
  200: truckListSchema
    .or(truckSummaryListSchema)
    .describe('Full trucks, or summaries with view=summary')
    .meta({ examples: [[EXAMPLE_TRUCK, EXAMPLE_LISTING]] }),
  304: z.null().describe('Not modified (If-None-Match)'),
  ...errorResponses(400, 401),
};

/** Diner-facing truck reads: /api/food-trucks/active, /api/food-trucks, /api/food-trucks/:id, /api/food-trucks/:id/menu. */
export const trucksRoutes: FastifyPluginAsyncZod = async (app) => {
  const { cache: dinersLists, index: dinersIndex } = app.dinersLists;

  async function sendTruckList(request: FastifyRequest, reply: FastifyReply, query: ActiveTrucksQuery) {
    const viewer = request.user;
    const position: Required<Position> | undefined =
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng, radiusMiles: query.radiusMiles ?? DEFAULT_RADIUS_MILES }
        : undefined;
    const view = query.view ?? 'full';
    const filters = query.filters ?? [];
    // Where diners look for food (the operators' demand map, issue 31): a push onto the buffer.
    if (position) recordSearch(app, request, position.lat, position.lng);
    if (seesOnlyOwnTrucks(viewer)) {
      // Read before the list: the list holds every event up to it (Truck-Event-Id, ADR 0139).
      const eventId = await lastTruckEventId(app.db);
      const body = await truckListBody(app.db, viewer, position, view, filters);
      return sendJsonRepresentation(request, reply, new JsonRepresentation(body, false, truckEventIdHeaders(eventId)));
    }
    await app.dinersLists.holdOwnWrites();
    // The filters are in canonical order (the query schema sorts them): one key per set.
    const key = `${view}:${position ? `${position.lat},${position.lng},${position.radiusMiles}` : 'all'}:${filters.join(',')}`;
    // A cached list keeps the Truck-Event-Id of the data it was built from (not a newer one read
    // later), and sends it with every answer, 304s included.
    const rep =
      dinersLists.peek(key) ??
      (await dinersLists.get(key, async () => {
        let eventId: number;
        let body: Buffer;
        if (view === 'summary') {
          const answer = position ? await dinersIndex.nearby(position, filters) : await dinersIndex.all(filters);
          ({ eventId } = answer);
          body = Buffer.from(answer.json);
        } else {
          eventId = await lastTruckEventId(app.db);
          body = await truckListBody(app.db, null, position, view, filters);
        }
        const list = new JsonRepresentation(body, position || filters.length > 0 ? 'fast' : 'best', truckEventIdHeaders(eventId));
        // The unfiltered list is what every diner polls: compress it before the requests arrive.
        return position || filters.length > 0 ? list : list.warm();
      }));
    return sendJsonRepresentation(request, reply, rep);
  }

  app.get(
    '/api/food-trucks/active',
    {
      config: TRUCK_EVENT_ID_ROUTE,
      schema: {
        tags: ['trucks'],
        summary:
          'Trucks diners may see (an operator: their own), optionally within radiusMiles of lat/lng, nearest first; view=summary for the lean list shape',
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
      config: TRUCK_EVENT_ID_ROUTE,
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
    '/api/food-trucks/search',
    {
      schema: {
        tags: ['trucks'],
        summary:
          "Ids of the trucks diners may see whose name, cuisine, address, description or menu items hold q (case-insensitive; when none holds every word, those holding the most of them, marked partial), and the dishes it found on each menu; the diners' list itself stays one cached answer",
        querystring: truckSearchQuerySchema,
        response: {
          200: truckSearchResultSchema.meta({ examples: [{ ids: [1, 4], partial: false, dishes: { '4': ['Horchata'] } }] }),
          ...errorResponses(400),
        },
      },
    },
    // The last event is read first: a write this caller just made is in the answer (read-your-writes).
    async (request) => dinersIndex.search(request.query.q, await lastTruckEventId(app.db)),
  );

  app.get(
    '/api/food-trucks/:id',
    {
      config: TRUCK_EVENT_ID_ROUTE,
      schema: {
        tags: ['trucks'],
        params: idParams,
        response: { 200: foodTruckSchema.meta({ examples: [EXAMPLE_TRUCK] }), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await sendTruckEventId(app.db, reply);
      const truck = await findVisibleTruck(app.db, request.user, request.params.id);
      if (!truck) throw notFound(TRUCK_NOT_FOUND);
      return truck;
    },
  );

  app.get(
    '/api/food-trucks/:id/menu',
    {
      schema: {
        tags: ['trucks'],
        params: idParams,
        response: { 200: z.array(menuItemSchema).meta({ examples: [EXAMPLE_MENU] }), ...errorResponses(404) },
      },
    },
    async (request) => {
      const truck = await findVisibleTruck(app.db, request.user, request.params.id);
      if (!truck) throw notFound(TRUCK_NOT_FOUND);
      return listMenu(app.db, truck.id);
    },
  );
};
