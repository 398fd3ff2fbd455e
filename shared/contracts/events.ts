import { z } from 'zod';
import { TRUCK_EVENT_TYPES } from '../constants';
import { foodTruckSchema, truckRatingSchema } from './trucks';

export { TRUCK_EVENT_TYPES };

export type TruckEventType = (typeof TRUCK_EVENT_TYPES)[number];

/**
 * A removed truck: only `{ id }` for viewers who may not read it through the API (diners); its
 * owner and admins also get its last known fields.
 */
const removedTruck = foodTruckSchema.partial().extend({ id: z.number().int() });

/**
 * The `data:` of an `event: truck` frame of GET /api/events (the frame's `id:` is the event id to
 * resume from). The truck has the same wire shape as GET /api/food-trucks/:id (ISO timestamps).
 */
export const truckEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['opened', 'closed', 'moved', 'updated']), truck: foodTruckSchema }),
  z.object({ type: z.literal('removed'), truck: removedTruck }),
  /**
   * A customer rated the truck: only its id and new rating, which clients patch into the truck they
   * hold (a vote does not make every client and cached list take the whole truck again).
   */
  z.object({ type: z.literal('rated'), truck: z.object({ id: z.number().int(), rating: truckRatingSchema.nullable() }) }),
]);
/** The wire shape of one event, as clients receive it. */
export type TruckEvent = z.input<typeof truckEventSchema>;

/**
 * POST /api/events/ticket: a one-use, short-lived ticket that only opens GET /api/events?ticket=…
 * as the signed-in user, for EventSource, which cannot send an Authorization header. A reconnect
 * needs a new ticket.
 */
export const eventStreamTicketSchema = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type EventStreamTicket = z.infer<typeof eventStreamTicketSchema>;
