import { sql } from 'drizzle-orm';
import { advisoryXactLock } from '../../db/advisory-locks';
import type { DbOrTx } from '../../db/client';
import { truckEvents } from '../../db/schema';
import type { TruckEventType } from '../../../../shared/contracts/events';
import type { TruckRow } from './truck.repository';

export const TRUCK_EVENTS_CHANNEL = 'truck_events';
/**
 * `rated` events are NOTIFYed here instead: the event stream listens to both channels, but the
 * cached diners' lists only let a vote age them (RepresentationCache.expireSoon) rather than
 * rebuilding the whole list for every vote.
 */
export const TRUCK_RATINGS_CHANNEL = 'truck_ratings';
export { TRUCK_EVENT_TYPES, type TruckEventType } from '../../../../shared/contracts/events';

/**
 * Records a truck change and NOTIFYs every server process. Call it inside the transaction that
 * makes the change: the NOTIFY is delivered only if that transaction commits. The notification
 * carries just the event id (NOTIFY payloads are capped at 8 kB); listeners read the row.
 */
export async function publishTruckEvent(tx: DbOrTx, type: TruckEventType, truck: TruckRow): Promise<number> {
  // Event ids are handed out at insert but become visible at commit: without this lock two
  // transactions could commit ids 8 then 7, and a client resuming after 8 would never see 7.
  // Held until this transaction ends, so events commit in id order (truck writes are rare).
  await advisoryXactLock(tx, 'truckEventOrder');
  const payload = { ...truck, lastUpdated: truck.lastUpdated.toISOString() };
  const [event] = await tx
    .insert(truckEvents)
    .values({ type, truckId: truck.id, operatorId: truck.operatorId, payload })
    .returning({ id: truckEvents.id });
  if (!event) throw new Error('truck event insert returned no row');
  const channel = type === 'rated' ? TRUCK_RATINGS_CHANNEL : TRUCK_EVENTS_CHANNEL;
  await tx.execute(sql`select pg_notify(${channel}, ${String(event.id)})`);
  return event.id;
}
