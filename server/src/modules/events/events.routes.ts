import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventStreamTicketSchema } from '@shared/contracts/events';
import { errorResponses } from '../../lib/route-params';
import { unauthorized } from '../../lib/http-errors';
import { currentUser, requireUser } from '../../plugins/auth';
import { issueStreamTicket, redeemStreamTicket, STREAM_TICKET_TTL_SECONDS } from './stream-tickets';
import { parseEventId } from './truck-event-hub';

const eventsQuery = z.object({
  /** Same as the Last-Event-ID header, for clients that cannot set headers. */
  lastEventId: z
    .string()
    .max(40)
    .optional()
    .describe(
      "Send every event after this id first: the Last-Event-ID, or for a first connection the smallest Truck-Event-Id of the lists on screen (0: every event still stored). 'reset' when they are not all stored.",
    ),
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
  const hub = app.truckEventHub;

  app.post(
    '/api/events/ticket',
    {
      preHandler: requireUser(),
      schema: {
        tags: ['events'],
        summary: 'A ticket that opens /api/events?ticket=… as the signed-in user (for EventSource)',
        response: { 200: eventStreamTicketSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({
      ticket: await issueStreamTicket(app.db, currentUser(request)),
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
        response: errorResponses(400, 401, 429),
      },
    },
    async (request, reply) => {
      const viewer = request.query.ticket
        ? await redeemStreamTicket(app.db, request.query.ticket)
        : request.user;
      // A client that sent a ticket means to be signed in: a wrong one must not quietly fall back
      // to the diners' view.
      if (request.query.ticket && !viewer) throw unauthorized('Invalid or expired event stream ticket');
      const header = request.headers['last-event-id'];
      const lastEventId = parseEventId(typeof header === 'string' ? header : request.query.lastEventId);
      // Capped per address and account (429 JSON before the stream starts); the place is given back on close.
      const release = app.openStreams.open(request.ip, viewer?.id);
      reply.raw.once('close', release);
      reply.hijack();
      await hub.connect(reply.raw, viewer, lastEventId);
    },
  );
};
