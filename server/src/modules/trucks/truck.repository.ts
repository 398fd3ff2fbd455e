import { eq, sql, type SQL } from 'drizzle-orm';
import type { TruckRating } from '@shared/contracts/trucks';
import type { DbOrTx } from '../../db/client';
import { foodTrucks } from '../../db/schema';

/** The average of `sum` over `count` ratings to one decimal, or null before the first rating. */
export function ratingOf(sum: number, count: number): TruckRating | null {
  return count > 0 ? { average: Math.round((sum * 10) / count) / 10, count } : null;
}

/**
 * The truck's rating from its trigger-kept totals (migration 0006), as one selected field: both
 * totals travel as one text value ('sum/count') so every query and RETURNING that selects a truck
 * gets the rating without a join, and the division happens once, in ratingOf.
 */
const rating: SQL<TruckRating | null> = sql`(${foodTrucks.ratingSum}::text || '/' || ${foodTrucks.ratingCount}::text)`.mapWith(
  (value: unknown) => {
    const [sum, count] = String(value).split('/').map(Number);
    return ratingOf(sum ?? 0, count ?? 0);
  },
);

/** The columns of the diners' lean list (matches truckSummarySchema in shared/contracts). */
export const truckSummaryColumns = {
  id: foodTrucks.id,
  name: foodTrucks.name,
  cuisine: foodTrucks.cuisine,
  operatorId: foodTrucks.operatorId,
  latitude: foodTrucks.latitude,
  longitude: foodTrucks.longitude,
  address: foodTrucks.address,
  isOpen: foodTrucks.isOpen,
  phone: foodTrucks.phone,
  image: foodTrucks.image,
  lastUpdated: foodTrucks.lastUpdated,
  rating,
  listing: foodTrucks.listing,
};

/** The columns a truck leaves the server with (matches foodTruckSchema): the summary and the details. */
export const truckColumns = {
  ...truckSummaryColumns,
  description: foodTrucks.description,
  gallery: foodTrucks.gallery,
  menuDocuments: foodTrucks.menuDocuments,
  smsMessage: foodTrucks.smsMessage,
  autoClosedAt: foodTrucks.autoClosedAt,
};

type FieldValue<F> =
  F extends SQL<infer T>
    ? T
    : F extends { _: { notNull: true; data: infer D } }
      ? D
      : F extends { _: { data: infer D } }
        ? D | null
        : never;

type RowOf<C> = { [K in keyof C]: FieldValue<C[K]> };
export type TruckRow = RowOf<typeof truckColumns>;
export type TruckSummaryRow = RowOf<typeof truckSummaryColumns>;

export async function findTruck(db: DbOrTx, id: number): Promise<TruckRow | undefined> {
  const [row] = await db.select(truckColumns).from(foodTrucks).where(eq(foodTrucks.id, id)).limit(1);
  return row;
}
