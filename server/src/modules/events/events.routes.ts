import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../shared/contracts/common';
import { userForToken } from '../../plugins/auth';
import { TRUCK_EVENTS_CHANNEL } from '../trucks/truck-events';
import { eventStreamSettings, parseEventId, TruckEventHub } from './events.service';

const eventsQuery = z.object({
  /** Same as the Last-Event-ID header, for clients that cannot set headers. */
  lastEventId: z.string().max(40).optional(),
  /** A bearer token, for EventSource (which cannot send an Authorization header). */
  token: z.string().max(4096).optional(),
});

/**
 * Server-Sent Events of truck changes: /api/events. Frames:
 *   retry: 3000
 *   id: <truck_events.id>\nevent: truck\ndata: {"type":...,"truck":<FoodTruck>}
 *   : heartbeat              (every 15 s)
 *   event: reset\ndata: {}   (the Last-Event-ID is unknown or too old: refetch)
 */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const hub = new TruckEventHub(app.db, app.log, { ...eventStreamSettings });
  const unlisten = await app.database.listen(TRUCK_EVENTS_CHANNEL, (payload) => hub.notify(payload));
  void hub.prune();
  // Open streams would keep server.close() waiting: end them first.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    hub.close();
    await unlisten().catch(() => {});
  });

  app.get(
    '/api/events',
    {
      // A HEAD request would register a stream that never sends anything.
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events of truck changes (text/event-stream); resume with Last-Event-ID',
        querystring: eventsQuery,
        response: { 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = request.user ?? (request.query.token ? await userForToken(app, request.query.token) : null);
      const header = request.headers['last-event-id'];
      const lastEventId = parseEventId(typeof header === 'string' ? header : request.query.lastEventId);
      reply.hijack();
      await hub.connect(reply.raw, viewer, lastEventId);
    },
  );
};
