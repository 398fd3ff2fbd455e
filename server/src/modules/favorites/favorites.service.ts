import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { foodTrucks, userFavorites } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { operatorIsSubscribed } from '../subscriptions/subscriptions.service';
import { truckColumns, type TruckRow } from '../trucks/truck.repository';
import { findVisibleTruck } from '../trucks/trucks.service';

export const OWN_TRUCK_MESSAGE = "You can't favorite your own food truck!";
export const TRUCK_NOT_FOUND = 'Food truck not found';

/**
 * The caller's favourite trucks that diners may see now (their operator's subscription is active),
 * newest favourite first. A favourite whose truck is hidden stays stored and shows again later.
 */
export async function listFavorites(db: Database, user: Pick<AuthUser, 'id'>): Promise<TruckRow[]> {
  return db
    .select(truckColumns)
    .from(userFavorites)
    .innerJoin(foodTrucks, eq(foodTrucks.id, userFavorites.foodTruckId))
    .where(and(eq(userFavorites.userId, user.id), operatorIsSubscribed(foodTrucks.operatorId)))
    .orderBy(desc(userFavorites.createdAt), desc(userFavorites.id));
}

export async function isFavorite(db: Database, user: AuthUser, truckId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userFavorites.id })
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, user.id), eq(userFavorites.foodTruckId, truckId)))
    .limit(1);
  return Boolean(row);
}

/**
 * Adds a favourite; adding it again changes nothing (the unique index and `on conflict do
 * nothing` keep one row, also when two requests race). 404 for a truck the caller cannot see,
 * 403 for the caller's own truck.
 */
export async function addFavorite(db: Database, user: AuthUser, truckId: number): Promise<boolean> {
  const truck = await findVisibleTruck(db, user, truckId);
  if (!truck) throw notFound(TRUCK_NOT_FOUND);
  if (truck.operatorId === user.id) throw forbidden(OWN_TRUCK_MESSAGE);
  const added = await db
    .insert(userFavorites)
    .values({ userId: user.id, foodTruckId: truckId })
    .onConflictDoNothing()
    .returning({ id: userFavorites.id });
  return added.length > 0;
}

/** Removes a favourite; removing one that is not there is not an error. */
export async function removeFavorite(db: Database, user: AuthUser, truckId: number): Promise<boolean> {
  const removed = await db
    .delete(userFavorites)
    .where(and(eq(userFavorites.userId, user.id), eq(userFavorites.foodTruckId, truckId)))
    .returning({ id: userFavorites.id });
  return removed.length > 0;
}
