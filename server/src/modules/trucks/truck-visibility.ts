import { asc, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { foodTrucks } from '../../db/schema';
import { publishTruckEvent } from './truck-events';
import { truckColumns } from './truck.repository';

/**
 * `true` when the truck whose id is `truckId` (a column of the outer query) came from a city's open
 * data — an unclaimed listing, or one its operator claimed (truck_listings outlives the claim).
 * Diners keep seeing such a truck, by its schedule, whatever its operator's subscription (ADR
 * 0158): a claim never makes a listing vanish from the map. Live features (opening, GPS, opening
 * texts) still need the subscription (the open gate, not this).
 */
export function cameFromOpenData(truckId: AnyPgColumn): SQL<boolean> {
  // Qualified by hand, as operatorIsSubscribed: in a one-table select Drizzle renders the outer
  // column unqualified, which inside this subquery would bind to truck_listings.
  const outer = sql`${sql.identifier(getTableName(truckId.table))}.${sql.identifier(truckId.name)}`;
  return sql<boolean>`exists (select 1 from truck_listings l where l.food_truck_id = ${outer})`;
}

/**
 * Call inside the transaction that changes whether diners see an operator's trucks — a subscription
 * status written by the subscription lifecycle, or an operator about to be deleted (after their
 * claimed listings were released: claims/release-listings.ts) — with what it now is: every truck of
 * that operator is published as `updated` when `visible`, else as `removed` — except a claimed
 * listing, which diners keep seeing (cameFromOpenData). Those truck events are all any process
 * needs (ADR 0130): diners' lists and maps add or drop the trucks live, and each process's list
 * cache and index re-read them through the visibility rule. The caller knows the status it just
 * wrote, so this reads no subscription: the subscriptions module calls the trucks module, never the
 * reverse for this.
 */
export async function publishOperatorVisibility(
  tx: DbOrTx,
  operatorId: number,
  { visible }: { visible: boolean },
): Promise<number> {
  const trucks = await tx
    .select({ ...truckColumns, fromOpenData: cameFromOpenData(foodTrucks.id) })
    .from(foodTrucks)
    .where(eq(foodTrucks.operatorId, operatorId))
    .orderBy(asc(foodTrucks.id));
  for (const { fromOpenData, ...truck } of trucks) {
    await publishTruckEvent(tx, visible || fromOpenData ? 'updated' : 'removed', truck);
  }
  return trucks.length;
}
