import { eq, sql, type SQL } from 'drizzle-orm';
import type { TruckRating } from '@shared/contracts/trucks';
import type { DbOrTx } from '../../db/client';
import { foodTrucks } from '../../db/schema';
import type { ItemLabels } from '@shared/utils/attributes';

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

/**
 * The distinct diet and allergen labels of the truck's available dishes (issue 28; its drinks only
 * when drinks are all it sells, as `labelledOffer` in shared/utils/attributes chooses), as one selected
 * field: what the filters and a customer's dietary needs match, carried by every list and event so
 * that no client needs the menus to filter. Sold-out items count (sold out is for today only; the
 * lists must not go stale at midnight with no event). One lookup on menu_items_truck_idx per truck.
 */
const menuLabels: SQL<ItemLabels[]> = sql`(select coalesce(jsonb_agg(distinct jsonb_build_object('diets', mi.diets, 'allergens', mi.allergens)), '[]'::jsonb)
  from menu_items mi where mi.food_truck_id = "food_trucks"."id" and mi.available
  and (mi.category is distinct from 'Beverages' or not exists (select 1 from menu_items dish
    where dish.food_truck_id = "food_trucks"."id" and dish.available and dish.category is distinct from 'Beverages')))`.mapWith((value: unknown) =>
  (typeof value === 'string' ? JSON.parse(value) : value) as ItemLabels[],
);
// Spelled out, not ${foodTrucks.id}: Drizzle writes a column of a one-table query without its table
// ("id"), which inside this subquery would be menu_items.id.

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
  features: foodTrucks.features,
  menuLabels,
};

/** The columns a truck leaves the server with (matches foodTruckSchema): the summary and the details. */
export const truckColumns = {
  ...truckSummaryColumns,
  description: foodTrucks.description,
  gallery: foodTrucks.gallery,
  menuDocuments: foodTrucks.menuDocuments,
  smsMessage: foodTrucks.smsMessage,
  autoClosedAt: foodTrucks.autoClosedAt,
  accessNote: foodTrucks.accessNote,
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
