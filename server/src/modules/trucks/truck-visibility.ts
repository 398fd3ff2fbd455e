import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { foodTrucks } from '../../db/schema';
import { publishTruckEvent } from './truck-events';
import { operatorHasActiveSubscription } from '../subscriptions/subscriptions.service';
import { truckColumns } from './truck.repository';

/**
 * NOTIFY channel that only invalidates the cached diners' list in every process (no event row,
 * nothing sent to event streams). Use it for changes that alter what diners see without
 * belonging to one truck; prefer publishOperatorVisibility when an operator's trucks appear or
 * disappear, which also tells open event streams.
 */
export const TRUCK_VISIBILITY_CHANNEL = 'truck_visibility';

/** Invalidates the cached diners' list in every process once the caller's transaction commits. */
export async function notifyTruckVisibilityChanged(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${TRUCK_VISIBILITY_CHANNEL}, '')`);
}

/**
 * Call inside the transaction that changes an operator's subscription (subscribe, pause, resume,
 * cancel, payment failure) or before deleting an operator: every truck of that operator is
 * published as `updated` when the subscription is now active, else as `removed`, so diners' lists
 * and maps add or drop them live, and the cached list is rebuilt in every process.
 * Pass `removed: true` to force `removed` (e.g. the operator is about to be deleted).
 */
export async function publishOperatorVisibility(
  tx: DbOrTx,
  operatorId: number,
  options: { removed?: boolean } = {},
): Promise<number> {
  const visible = !options.removed && (await operatorHasActiveSubscription(tx, operatorId));
  const trucks = await tx
    .select(truckColumns)
    .from(foodTrucks)
    .where(eq(foodTrucks.operatorId, operatorId))
    .orderBy(asc(foodTrucks.id));
  for (const truck of trucks) await publishTruckEvent(tx, visible ? 'updated' : 'removed', truck);
  await notifyTruckVisibilityChanged(tx);
  return trucks.length;
}
