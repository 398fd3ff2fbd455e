import { z } from 'zod';
import { foodTruckSchema } from './trucks';

/** What happened to a truck, as `GET /api/events` announces it (`event: truck`). */
export const TRUCK_EVENT_TYPES = ['opened', 'closed', 'moved', 'updated', 'removed'] as const;
export type TruckEventType = (typeof TRUCK_EVENT_TYPES)[number];

/**
 * The `data:` of one `event: truck` message. The truck is in wire shape (ISO timestamps), so the
 * schema leaves `lastUpdated` a string on the client: `z.input` of the truck schema.
 */
export const truckEventSchema = z.object({
  type: z.enum(TRUCK_EVENT_TYPES),
  truck: foodTruckSchema,
});
export type TruckEvent = { type: TruckEventType; truck: z.input<typeof foodTruckSchema> };
