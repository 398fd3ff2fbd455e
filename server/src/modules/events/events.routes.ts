import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '../../../../shared/contracts/common';
import { eventStreamTicketSchema } from '../../../../shared/contracts/events';
import { unauthorized } from '../../lib/http-errors';
import { currentUser, findAuthUser, requireUser } from '../../plugins/auth';
import { TRUCK_EVENTS_CHANNEL } from '../trucks/truck-events';
import { eventStreamSettings, parseEventId, TruckEventHub } from './events.service';
import { STREAM_TICKET_TTL_SECONDS, StreamTickets } from './stream-tickets';

const eventsQuery = z.object({
  /** Same as the Last-Event-ID header, for clients that cannot set headers. */
  lastEventId: z.string().max(40).optional(),
  /** A ticket from POST /api/events/ticket, for EventSource (which cannot send an Authorization header). */
  ticket: z.string().max(4096).optional(),
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
  const tickets = new StreamTickets(app.config.jwtSecret);
  const unlisten = await app.database.listen(TRUCK_EVENTS_CHANNEL, (payload) => hub.notify(payload));
  void hub.prune();
  // Open streams would keep server.close() waiting: end them first.
  app.addHook('preClose', async () => hub.close());
  app.addHook('onClose', async () => {
    hub.close();
    await unlisten().catch(() => {});
  });

  app.post(
    '/api/events/ticket',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['events'],
        summary: 'A ticket that opens /api/events?ticket=… as the signed-in user (for EventSource)',
        response: { 200: eventStreamTicketSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      ticket: await tickets.sign(currentUser(request).id),
      expiresInSeconds: STREAM_TICKET_TTL_SECONDS,
    }),
  );

  app.get(
    '/api/events',
    {
      // A HEAD request would register a stream that never sends anything.
      exposeHeadRoute: false,
      schema: {
        tags: ['events'],
        summary: 'Server-Sent Events of truck changes (text/event-stream); resume with Last-Event-ID',
        querystring: eventsQuery,
        response: { 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const ticketUser = request.query.ticket ? await tickets.verify(request.query.ticket) : undefined;
      const viewer = request.user ?? (ticketUser ? await findAuthUser(app.db, ticketUser) : null);
      // A client that sent a ticket means to be signed in: a wrong one must not quietly fall back
      // to the diners' view.
      if (request.query.ticket && !viewer) throw unauthorized('Invalid or expired event stream ticket');
      const header = request.headers['last-event-id'];
      const lastEventId = parseEventId(typeof header === 'string' ? header : request.query.lastEventId);
      reply.hijack();
      await hub.connect(reply.raw, viewer, lastEventId);
    },
  );
};
