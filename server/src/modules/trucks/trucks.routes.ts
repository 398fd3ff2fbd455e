import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_RADIUS_MILES } from '../../../../shared/constants';
import { menuItemSchema } from '../../../../shared/contracts/menu';
import { activeTrucksQuerySchema, foodTruckSchema } from '../../../../shared/contracts/trucks';
import { JsonRepresentation, sendJsonRepresentation } from '../../lib/json-representation';
import { notFound } from '../../lib/http-errors';
import { errorResponses, idParams } from '../../lib/route-params';
import { requireUser } from '../../plugins/auth';
import { TRUCK_EVENTS_CHANNEL, TRUCK_RATINGS_CHANNEL } from './truck-events';
import { EXAMPLE_MENU, EXAMPLE_TRUCK } from './public-api-examples';
import { DinersIndex } from './diners-index';
import { RepresentationCache } from './truck-list-cache';
import { TRUCK_VISIBILITY_CHANNEL } from './truck-visibility';
import {
  dinersIndexSource,
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

/** A vote reaches the cached diners' lists within this long (open pages get it live at once). */
export const RATING_LIST_DELAY_MS = 5000;

const listResponses = {
  200: truckListSchema
    .or(truckSummaryListSchema)
    .describe('Full trucks, or summaries with view=summary')
    .meta({ examples: [[EXAMPLE_TRUCK]] }),
  304: z.null().describe('Not modified (If-None-Match)'),
  ...errorResponses(400, 401),
};

/** Diner-facing truck reads: /api/food-trucks/active, /api/food-trucks, /api/food-trucks/:id, /api/food-trucks/:id/menu. */
export const trucksRoutes: FastifyPluginAsyncZod = async (app) => {
  // Diners' lists (the unfiltered one and one per polled position) are the same for every caller
  // but operators: built, serialised and compressed once per change, dropped on every NOTIFY from
  // any process. A diner polling every 7 s revalidates from memory, without database work.
  const dinersLists = new RepresentationCache({
    maxEntries: 256,
    // The whole list of 10,000 trucks is 2.5 MB (summary) to 4 MB (full): kept, not rebuilt and
    // recompressed for every diner (65 ms each at 10,000 trucks when a 512 KB cap left it out).
    maxBytes: 32 * 1024 * 1024,
    maxAgeMs: 60_000,
  });
  // The diners' summaries in memory (ADR 0120): the summary lists are built from it, not the database.
  const dinersIndex = new DinersIndex(dinersIndexSource(app.db));
  const everythingChanged = () => {
    dinersLists.invalidate();
    dinersIndex.everythingChanged();
  };
  const unlisten = await Promise.all([
    app.database.listen(TRUCK_EVENTS_CHANNEL, (payload) => {
      dinersLists.invalidate();
      dinersIndex.eventNotified(payload);
    }),
    app.database.listen(TRUCK_VISIBILITY_CHANNEL, everythingChanged),
    app.database.listen(TRUCK_RATINGS_CHANNEL, (payload) => {
      dinersLists.expireSoon(RATING_LIST_DELAY_MS);
      dinersIndex.eventNotified(payload);
    }),
  ]);
  // Changes NOTIFYed while PostgreSQL's LISTEN connection was down never invalidated the lists.
  const stopGapWatch = app.database.onNotificationGap(everythingChanged);
  app.addHook('onClose', async () => {
    stopGapWatch();
    await Promise.all(unlisten.map((fn) => fn().catch(() => {})));
  });

  async function sendTruckList(request: FastifyRequest, reply: FastifyReply, query: ActiveTrucksQuery) {
    const viewer = request.user;
    const position: Required<Position> | undefined =
      query.lat !== undefined && query.lng !== undefined
        ? { lat: query.lat, lng: query.lng, radiusMiles: query.radiusMiles ?? DEFAULT_RADIUS_MILES }
        : undefined;
    const view = query.view ?? 'full';
    if (seesOnlyOwnTrucks(viewer)) {
      const body = await truckListBody(app.db, viewer, position, view);
      return sendJsonRepresentation(request, reply, new JsonRepresentation(body));
    }
    const key = `${view}:${position ? `${position.lat},${position.lng},${position.radiusMiles}` : 'all'}`;
    const rep =
      dinersLists.peek(key) ??
      (await dinersLists.get(key, async () => {
        const body =
          view === 'summary'
            ? Buffer.from(position ? await dinersIndex.nearby(position) : await dinersIndex.all())
            : await truckListBody(app.db, null, position, view);
        const list = new JsonRepresentation(body, position ? 'fast' : 'best');
        // The unfiltered list is what every diner polls: compress it before the requests arrive.
        return position ? list : list.warm();
      }));
    return sendJsonRepresentation(request, reply, rep);
  }

  app.get(
    '/api/food-trucks/active',
    {
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
      schema: {
        tags: ['trucks'],
        params: idParams,
        response: { 200: foodTruckSchema.meta({ examples: [EXAMPLE_TRUCK] }), ...errorResponses(404) },
      },
    },
    async (request) => {
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
