import { and, eq, sql } from 'drizzle-orm';
import type { TruckRating } from '@shared/contracts/trucks';
import type { Database, Tx } from '../../db/client';
import { truckRatings } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { publishTruckEvent } from '../trucks/truck-events';
import { findTruck } from '../trucks/truck.repository';
import { findVisibleTruck } from '../trucks/trucks.service';

const TRUCK_NOT_FOUND = 'Food truck not found';

export interface RatingResult {
  /** The caller's stars, or null when they have not rated the truck. */
  stars: number | null;
  rating: TruckRating | null;
}

async function starsOf(db: Database | Tx, user: AuthUser, truckId: number): Promise<number | null> {
  const [row] = await db
    .select({ stars: truckRatings.stars })
    .from(truckRatings)
    .where(and(eq(truckRatings.userId, user.id), eq(truckRatings.foodTruckId, truckId)))
    .limit(1);
  return row?.stars ?? null;
}

/** Customers rate the trucks diners can see (the route admits customers only). */
async function ratableTruck(db: Database, user: AuthUser, truckId: number) {
  const truck = await findVisibleTruck(db, user, truckId);
  if (!truck) throw notFound(TRUCK_NOT_FOUND);
  return truck;
}

export async function getMyRating(db: Database, user: AuthUser, truckId: number): Promise<RatingResult> {
  const truck = await ratableTruck(db, user, truckId);
  return { stars: await starsOf(db, user, truckId), rating: truck.rating };
}

/**
 * After a vote: the truck's new totals (kept by the truck_ratings trigger, which also serialises
 * concurrent votes on one truck through the truck's row) go out as a `rated` event in the same
 * transaction.
 */
async function publishRating(tx: Tx, truckId: number): Promise<TruckRating | null> {
  const truck = await findTruck(tx, truckId);
  if (!truck) throw notFound(TRUCK_NOT_FOUND);
  await publishTruckEvent(tx, 'rated', truck);
  return truck.rating;
}

/** Sets (or changes) the caller's rating: one row per customer and truck. */
export async function rateTruck(db: Database, user: AuthUser, truckId: number, stars: number): Promise<RatingResult> {
  await ratableTruck(db, user, truckId);
  return db.transaction(async (tx) => {
    await tx
      .insert(truckRatings)
      .values({ userId: user.id, foodTruckId: truckId, stars })
      .onConflictDoUpdate({
        target: [truckRatings.userId, truckRatings.foodTruckId],
        set: { stars, updatedAt: sql`now()` },
      });
    return { stars, rating: await publishRating(tx, truckId) };
  });
}

/** Removes the caller's rating; removing none is not an error (and publishes nothing). */
export async function unrateTruck(db: Database, user: AuthUser, truckId: number): Promise<RatingResult> {
  const truck = await ratableTruck(db, user, truckId);
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(truckRatings)
      .where(and(eq(truckRatings.userId, user.id), eq(truckRatings.foodTruckId, truckId)))
      .returning({ stars: truckRatings.stars });
    return { stars: null, rating: removed.length > 0 ? await publishRating(tx, truckId) : truck.rating };
  });
}

/**
 * Removes every rating of an account that is being deleted (admin panel), in the caller's
 * transaction, and publishes each affected truck's new totals, so open pages stop counting the
 * deleted customer's votes at once.
 */
export async function removeRatingsOf(tx: Tx, userId: number): Promise<number> {
  const removed = await tx
    .delete(truckRatings)
    .where(eq(truckRatings.userId, userId))
    .returning({ truckId: truckRatings.foodTruckId });
  for (const { truckId } of removed) {
    const truck = await findTruck(tx, truckId);
    if (truck) await publishTruckEvent(tx, 'rated', truck);
  }
  return removed.length;
}
