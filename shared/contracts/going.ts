import { z } from 'zod';
import { isoDate } from './common';

/*
 * "I'm going" (issue 31, ADR 0164). A customer says they are going to a truck's current or next
 * stop with one tap; only the truck's operator sees how many are going. When that stop closes
 * early, moves or is cancelled, everyone going is told (event stream, SMS, push).
 */

/** 'open': the truck is open where it stands now; 'stop': one occurrence of a scheduled stop. */
export const GOING_STOP_KINDS = ['open', 'stop'] as const;
export type GoingStopKind = (typeof GOING_STOP_KINDS)[number];

export const NO_STOP_TO_GO_TO = 'This truck has no current or upcoming stop to go to';

/** A stop someone can go to. `stopKey` is 'open' or 'stop:{stopId}:{localDate}'. */
export const goingStopSchema = z.object({
  truckId: z.number().int(),
  stopKey: z.string(),
  kind: z.enum(GOING_STOP_KINDS),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  startsAt: isoDate.nullable(),
  endsAt: isoDate.nullable(),
});
export type GoingStop = z.output<typeof goingStopSchema>;

/** GET /api/going: the caller's (a customer's) stops they said they are going to, still to come. */
export const myGoingListSchema = z.array(goingStopSchema);
/** The server's (Date) and the client's (ISO text) views. */
export type MyGoingList = z.output<typeof myGoingListSchema>;
export type MyGoingListWire = z.input<typeof myGoingListSchema>;

/** GET /api/food-trucks/:id/going: per current or upcoming stop, how many said they are going (owner only). */
export const goingCountSchema = goingStopSchema.extend({ count: z.number().int() });
export const goingCountListSchema = z.array(goingCountSchema);
export type GoingCount = z.output<typeof goingCountSchema>;
export type GoingCountWire = z.input<typeof goingCountSchema>;

/** What happened to the stop someone was going to. */
export const GOING_NOTICE_KINDS = ['closed', 'moved', 'cancelled'] as const;
export type GoingNoticeKind = (typeof GOING_NOTICE_KINDS)[number];

/**
 * The `data:` of an `event: notice` frame of GET /api/events, sent only to the diners who were
 * going: "Smokestack BBQ closed early" or "… moved to 500 Congress Ave" (with the new place).
 * `id` is the notice's: a stream that reopens gets the recent ones again (GOING_NOTICE_REPLAY_MS),
 * and the page shows each id once.
 */
export const goingNoticeSchema = z.object({
  id: z.number().int(),
  truckId: z.number().int(),
  kind: z.enum(GOING_NOTICE_KINDS),
  message: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type GoingNotice = z.infer<typeof goingNoticeSchema>;

/** The `data:` of an `event: going` frame, sent to the truck's operator: its counts changed. */
export const goingChangedSchema = z.object({ truckId: z.number().int() });
export type GoingChanged = z.infer<typeof goingChangedSchema>;
