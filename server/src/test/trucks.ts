import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { foodTrucks, operatorSubscriptions, truckEvents } from '../db/schema';
import { publishTruckEvent, type TruckEventType } from '../modules/trucks/truck-events';
import { truckColumns, type TruckRow } from '../modules/trucks/truck.repository';
import type { SubscriptionStatus } from '@shared/constants';

export type TruckValues = Partial<typeof foodTrucks.$inferInsert>;

/** Inserts a truck and publishes it, as the operator endpoints do. */
export async function insertTruck(
  db: DbOrTx,
  operatorId: number,
  values: TruckValues = {},
): Promise<TruckRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(foodTrucks)
      .values({ name: 'Test Truck', cuisine: 'Mexican', ...values, operatorId })
      .returning(truckColumns);
    if (!row) throw new Error('insert returned no row');
    await publishTruckEvent(tx, 'updated', row);
    return row;
  });
}

/**
 * Changes a truck and publishes the change in the same transaction (simulates the operator
 * endpoints). The event id is drawn while the transaction commits, so it is read afterwards: call
 * this outside any open transaction.
 */
export async function changeTruck(
  db: DbOrTx,
  id: number,
  values: TruckValues,
  type: TruckEventType = 'updated',
): Promise<{ truck: TruckRow; eventId: number }> {
  const truck = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(foodTrucks)
      .set({ ...values, lastUpdated: new Date() })
      .where(eq(foodTrucks.id, id))
      .returning(truckColumns);
    if (!row) throw new Error(`no truck ${id}`);
    await publishTruckEvent(tx, type, row);
    return row;
  });
  const [event] = await db
    .select({ id: truckEvents.id })
    .from(truckEvents)
    .where(eq(truckEvents.truckId, id))
    .orderBy(desc(truckEvents.id))
    .limit(1);
  if (!event) throw new Error(`truck ${id}: the change committed without an event (inside an open transaction?)`);
  return { truck, eventId: event.id };
}

/** Sets an operator's subscription status (creating the row when missing), without publishing. */
export async function setSubscription(
  db: DbOrTx,
  operatorId: number,
  status: SubscriptionStatus,
): Promise<void> {
  await db
    .insert(operatorSubscriptions)
    .values({ operatorId, status })
    .onConflictDoUpdate({ target: operatorSubscriptions.operatorId, set: { status, updatedAt: new Date() } });
}
