import { and, gt, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { truckEventQueue, truckEvents } from '../../db/schema';
import type { TruckEventType } from '@shared/contracts/events';
import type { TruckRow } from './truck.repository';

export const TRUCK_EVENTS_CHANNEL = 'truck_events';
/**
 * `rated` events are NOTIFYed here instead: the event stream listens to both channels, but the
 * cached diners' lists only let a vote age them (RepresentationCache.expireSoon) rather than
 * rebuilding the whole list for every vote.
 */
export const TRUCK_RATINGS_CHANNEL = 'truck_ratings';
export { TRUCK_EVENT_TYPES, type TruckEventType } from '@shared/contracts/events';

/**
 * Records a truck change; every server process is NOTIFYed of it once the transaction commits.
 * Call it inside the transaction that makes the change: nothing is recorded if that transaction
 * rolls back. The event gets its id while the transaction commits (a deferred trigger, migration
 * 0010, under the `truckEventOrder` advisory lock), so ids become visible in id order — a client
 * resuming after id 8 never misses a 7 that commits later — without holding a global lock for the
 * rest of the transaction. The notification carries just the event id (NOTIFY payloads are capped
 * at 8 kB; listeners read the row), on TRUCK_RATINGS_CHANNEL for `rated`, else TRUCK_EVENTS_CHANNEL.
 */
export async function publishTruckEvent(tx: DbOrTx, type: TruckEventType, truck: TruckRow): Promise<void> {
  const payload = { ...truck, lastUpdated: truck.lastUpdated.toISOString() };
  await tx.insert(truckEventQueue).values({ type, truckId: truck.id, operatorId: truck.operatorId, payload });
}

/**
 * The id of the last committed truck event (0 when there is none): read it BEFORE the data an
 * answer carries, and the data holds every event up to it. Ids become visible in id order (the
 * commit-time trigger above), so when this reads N every event up to N has committed, and a read
 * made afterwards sees them all; events after N that the read also sees are replayed to the client
 * again, which applying them twice makes harmless (ADR 0139).
 */
export async function lastTruckEventId(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ id: sql<string | number | null>`max(${truckEvents.id})` })
    .from(truckEvents);
  return Number(row?.id ?? 0);
}

/**
 * Whether a truck event after `afterId`, up to `upToId`, is more than a vote (`rated`): one that
 * changes what the diners' lists show at once. Reads the primary key's range and stops at the first.
 */
export async function truckChangedBetween(db: DbOrTx, afterId: number, upToId: number): Promise<boolean> {
  const rows = await db
    .select({ id: truckEvents.id })
    .from(truckEvents)
    .where(and(gt(truckEvents.id, afterId), lte(truckEvents.id, upToId), ne(truckEvents.type, 'rated')))
    .limit(1);
  return rows.length > 0;
}

/** publishTruckEvent for many trucks at once (an import's listings): one insert per 500 events. */
export async function publishTruckEvents(
  tx: DbOrTx,
  type: TruckEventType,
  trucks: TruckRow[],
): Promise<void> {
  for (let i = 0; i < trucks.length; i += 500) {
    const values = trucks.slice(i, i + 500).map((truck) => ({
      type,
      truckId: truck.id,
      operatorId: truck.operatorId,
      payload: { ...truck, lastUpdated: truck.lastUpdated.toISOString() },
    }));
    if (values.length > 0) await tx.insert(truckEventQueue).values(values);
  }
}
