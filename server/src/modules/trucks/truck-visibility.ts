import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { foodTrucks } from '../../db/schema';
import { publishTruckEvent } from './truck-events';
import { truckColumns } from './truck.repository';

/**
 * Call inside the transaction that changes whether diners see an operator's trucks — a subscription
 * status written by the subscription lifecycle, or an operator about to be deleted — with what it
 * now is: every truck of that operator is published as `updated` when `visible`, else as `removed`.
 * Those truck events are all any process needs (ADR 0130): diners' lists and maps add or drop the
 * trucks live, and each process's list cache and index re-read them through the visibility rule.
 * The caller knows the status it just wrote, so this reads no subscription: the subscriptions
 * module calls the trucks module, never the reverse for this.
 */
export async function publishOperatorVisibility(
  tx: DbOrTx,
  operatorId: number,
  { visible }: { visible: boolean },
): Promise<number> {
  const trucks = await tx
    .select(truckColumns)
    .from(foodTrucks)
    .where(eq(foodTrucks.operatorId, operatorId))
    .orderBy(asc(foodTrucks.id));
  for (const truck of trucks) await publishTruckEvent(tx, visible ? 'updated' : 'removed', truck);
  return trucks.length;
}
