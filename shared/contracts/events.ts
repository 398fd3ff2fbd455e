import { z } from 'zod';
import { foodTruckSchema } from './trucks';

/** The kinds of truck change /api/events reports. */
export const TRUCK_CHANGE_TYPES = ['opened', 'closed', 'moved', 'updated', 'removed'] as const;
export type TruckChangeType = (typeof TRUCK_CHANGE_TYPES)[number];

/** A removed truck carries its last known fields; only id and operatorId are certain. */
const removedTruck = foodTruckSchema.partial().extend({ id: z.number().int(), operatorId: z.number().int() });

/**
 * The `data:` of an `event: truck` frame of GET /api/events (the frame's `id:` is the event id to
 * resume from). The truck has the same wire shape as GET /api/food-trucks/:id.
 */
export const truckEventDataSchema = z.discriminatedUnion('type', [
  z.object({ type: z.enum(['opened', 'closed', 'moved', 'updated']), truck: foodTruckSchema }),
  z.object({ type: z.literal('removed'), truck: removedTruck }),
]);
export type TruckEventData = z.input<typeof truckEventDataSchema>;

/**
 * POST /api/events/ticket: a token that only opens GET /api/events?ticket=… as the signed-in user,
 * for EventSource, which cannot send an Authorization header.
 */
export const eventStreamTicketSchema = z.object({ ticket: z.string(), expiresInSeconds: z.number().int() });
export type EventStreamTicket = z.infer<typeof eventStreamTicketSchema>;
