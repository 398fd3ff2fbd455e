import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_RADIUS_MILES, MENU_CATEGORIES } from '@shared/constants';
import { menuItemSchema, type MenuItem } from '@shared/contracts/menu';
import { foodTruckSchema, truckSummarySchema, type TruckListView } from '@shared/contracts/trucks';
import { matchesFilters, type TruckFacts } from '@shared/utils/attributes';
import { KM_PER_MILE, milesTo, nearestFirst, roundMiles } from '@shared/utils/geo';
import type { DbOrTx } from '../../db/client';
import { foodTrucks, menuItems, operatorSubscriptions, truckEvents, truckListings } from '../../db/schema';
import { isAdmin, type AuthUser } from '../../plugins/auth';
import { activeSubscriptionOfTruck } from '../subscriptions/subscriptions.service';
import type { DinersIndexSource, IndexedDish } from './diners-index';
import { lastTruckEventId } from './truck-events';
import { withinRadius } from './radius';
import { cameFromOpenData } from './truck-visibility';
import { truckColumns, truckSummaryColumns, type TruckRow } from './truck.repository';

/** Who is asking: null for anonymous callers. */
export type Viewer = Pick<AuthUser, 'id' | 'role'> | null;

export interface Position {
  lat: number;
  lng: number;
  radiusMiles?: number;
}

export type TruckWithDistance = TruckRow & { distanceMiles?: number };

/** The diners' view is shared by everyone except operators, who see only their own trucks. */
export const seesOnlyOwnTrucks = (viewer: Viewer): viewer is Pick<AuthUser, 'id' | 'role'> =>
  viewer?.role === 'operator';

const METERS_PER_MILE = KM_PER_MILE * 1000;

/**
 * What diners see: the trucks of subscribed operators, and the trucks imported from open data
 * (issue 26) that their source still lists (a re-import retires the unclaimed ones that vanished) —
 * claimed or not: a claimed listing stays on the map by its schedule until its operator subscribes
 * and goes live (ADR 0158).
 */
const dinersSee: SQL = or(
  isNotNull(operatorSubscriptions.id),
  and(isNull(foodTrucks.retiredAt), or(isNull(foodTrucks.operatorId), cameFromOpenData(foodTrucks.id))),
)!;

/** The list routes' rule: operators their own trucks, everyone else what diners see. */
const listScope = (viewer: Viewer): SQL =>
  seesOnlyOwnTrucks(viewer) ? eq(foodTrucks.operatorId, viewer.id) : dinersSee;

/**
 * The trucks among `ids` that the viewer may list (the same rule as visibleTrucksQuery), by id:
 * for lists built from other tables, such as the trucks scheduled somewhere at a given time.
 */
export async function listVisibleTrucksById(db: DbOrTx, viewer: Viewer, ids: number[]): Promise<TruckRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(truckColumns)
    .from(foodTrucks)
    .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
    .where(and(listScope(viewer), inArray(foodTrucks.id, ids)))
    .orderBy(asc(foodTrucks.id));
}

/**
 * Which trucks the viewer may list: operators their own, everyone else the trucks of operators with
 * an active subscription (the query must left-join operatorSubscriptions on
 * activeSubscriptionOfTruck). With a position: only trucks within the radius (withinRadius: a
 * latitude/longitude box that the partial GiST index food_trucks_point_idx answers, then the exact
 * earthdistance on the same 6,371 km sphere as shared/utils/geo).
 */
function visibleTrucksWhere(viewer: Viewer, position?: Position): SQL | undefined {
  const scope = listScope(viewer);
  if (!position) return scope;
  const radiusMeters = (position.radiusMiles ?? DEFAULT_RADIUS_MILES) * METERS_PER_MILE;
  return and(scope, withinRadius(foodTrucks.latitude, foodTrucks.longitude, position, radiusMeters));
}

/** The trucks the viewer may list (full rows), in id order: see visibleTrucksWhere. */
export function visibleTrucksQuery(db: DbOrTx, viewer: Viewer, position?: Position) {
  return db
    .select(truckColumns)
    .from(foodTrucks)
    .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
    .where(visibleTrucksWhere(viewer, position))
    .orderBy(asc(foodTrucks.id));
}

/** The same trucks as visibleTrucksQuery, in the diners' lean shape (truckSummarySchema). */
function visibleTruckSummariesQuery(db: DbOrTx, viewer: Viewer, position?: Position) {
  return db
    .select(truckSummaryColumns)
    .from(foodTrucks)
    .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
    .where(visibleTrucksWhere(viewer, position))
    .orderBy(asc(foodTrucks.id));
}

/** A menu item's words, for the search text and for the dish found by them. */
const dishWords = sql`concat_ws(' ', ${menuItems.name}, ${menuItems.description})`;

/**
 * The text a diner's search matches (lower-cased): the spec's name, cuisine and address, and the
 * truck's description and menu items' names and descriptions (issue 27: "brisket" finds the truck).
 */
const truckSearchText = sql<string>`lower(concat_ws(' ', ${foodTrucks.name}, ${foodTrucks.cuisine}, ${foodTrucks.address}, ${foodTrucks.description},
  (select string_agg(${dishWords}, ' ') from ${menuItems} where ${menuItems.foodTruckId} = ${foodTrucks.id}),
  (select ${truckListings.foodWords} from ${truckListings} where ${truckListings.foodTruckId} = ${foodTrucks.id})))`;

/** The dishes on sale, as the diners' index reads them (IndexedDish). */
const truckDishes = sql<IndexedDish[] | null>`(select json_agg(json_build_object('name', ${menuItems.name},
  'text', lower(${dishWords}),
  'labels', json_build_object('diets', ${menuItems.diets}, 'allergens', ${menuItems.allergens})) order by ${menuItems.id})
  from ${menuItems} where ${menuItems.foodTruckId} = ${foodTrucks.id} and ${menuItems.available})`;

/**
 * What the diners' index (DinersIndex) reads: the diners' summaries through the same visibility rule
 * as visibleTrucksQuery, each serialised once through its response contract.
 */
export function dinersIndexSource(db: DbOrTx): DinersIndexSource {
  return {
    summaries: async (ids) => {
      const rows = await db
        .select({ ...truckSummaryColumns, searchText: truckSearchText, dishes: truckDishes })
        .from(foodTrucks)
        .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
        .where(and(listScope(null), ids ? inArray(foodTrucks.id, ids) : undefined));
      return rows.map(({ searchText, dishes, ...row }) => ({
        id: row.id,
        lat: row.latitude,
        lng: row.longitude,
        json: JSON.stringify(z.encode(truckSummarySchema, row)),
        searchText,
        facts: { features: row.features, menuLabels: row.menuLabels },
        dishes: dishes ?? [],
      }));
    },
    trucksOfEvents: async (eventIds) => {
      const rows = await db
        .selectDistinct({ truckId: truckEvents.truckId })
        .from(truckEvents)
        .where(inArray(truckEvents.id, eventIds));
      return rows.map((row) => row.truckId);
    },
    lastEventId: () => lastTruckEventId(db),
  };
}

type Located = { id: number; latitude: number | null; longitude: number | null };

/**
 * With a position: nearest first (then by id), each with `distanceMiles` — the shared rule
 * (shared/utils/geo.ts `nearestFirst`) over the rows the SQL found within the radius. The distance
 * is computed here (haversine on the sphere the query filtered with) rather than selected and
 * sorted in SQL: two more earth_distance per row made the query several times slower on dense
 * areas (see docs/benchmarks/diners-read-path.md).
 */
function sortNearestFirst<T extends Located>(
  rows: T[],
  position?: Position,
): Array<T & { distanceMiles?: number }> {
  if (!position) return rows;
  return rows
    .map((row) => ({ row, id: row.id, miles: milesTo(position, { lat: row.latitude, lng: row.longitude }) }))
    .sort(nearestFirst)
    .map(({ row, miles }) => ({ ...row, distanceMiles: miles === null ? undefined : roundMiles(miles) }));
}

/** The trucks of visibleTrucksQuery; with a position nearest first, each with `distanceMiles`. */
export async function listVisibleTrucks(
  db: DbOrTx,
  viewer: Viewer,
  position?: Position,
): Promise<TruckWithDistance[]> {
  return sortNearestFirst(await visibleTrucksQuery(db, viewer, position), position);
}

/**
 * A truck list's JSON body in the asked view, encoded through its response contract (only declared
 * fields leave). Routes send the bytes as they are, so the ETag is computed from exactly what is sent.
 */
export async function truckListBody(
  db: DbOrTx,
  viewer: Viewer,
  position: Position | undefined,
  view: TruckListView,
  filters: readonly string[] = [],
) {
  const matching = <T extends TruckFacts>(rows: T[]) =>
    filters.length > 0 ? rows.filter((row) => matchesFilters(row, filters)) : rows;
  if (view === 'summary') {
    const rows = sortNearestFirst(matching(await visibleTruckSummariesQuery(db, viewer, position)), position);
    return Buffer.from(JSON.stringify(z.encode(truckSummaryListSchema, rows)));
  }
  return serializeTrucks(matching(await listVisibleTrucks(db, viewer, position)));
}

/** The viewer may see this truck: diners see it, or the viewer owns it, or is an admin. */
function visibleTo(viewer: Viewer): SQL | undefined {
  if (isAdmin(viewer)) return undefined;
  return viewer ? or(dinersSee, eq(foodTrucks.operatorId, viewer.id)) : dinersSee;
}

export async function findVisibleTruck(
  db: DbOrTx,
  viewer: Viewer,
  id: number,
): Promise<TruckRow | undefined> {
  const [row] = await db
    .select(truckColumns)
    .from(foodTrucks)
    .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
    .where(and(eq(foodTrucks.id, id), visibleTo(viewer)))
    .limit(1);
  return row;
}

/** A menu item's course in MENU_CATEGORIES order, none last: how every menu is read, spoken too. */
export const categoryRank = sql`case ${menuItems.category} ${sql.join(
  MENU_CATEGORIES.map((category, index) => sql`when ${category} then ${index}`),
  sql` `,
)} else ${MENU_CATEGORIES.length} end`;

/** Menu of a truck: available items first, then by category in MENU_CATEGORIES order (none last), then name. */
export async function listMenu(db: DbOrTx, truckId: number): Promise<MenuItem[]> {
  const rows = await db
    .select({
      id: menuItems.id,
      foodTruckId: menuItems.foodTruckId,
      name: menuItems.name,
      description: menuItems.description,
      priceCents: menuItems.priceCents,
      category: menuItems.category,
      available: menuItems.available,
      image: menuItems.image,
      diets: menuItems.diets,
      allergens: menuItems.allergens,
      // Marked sold out for today, or its last portion to order ahead was sold (issue 30).
      soldOutToday: sql<boolean>`(coalesce(${menuItems.soldOutUntil} > now(), false) or coalesce(${menuItems.stockLeft} = 0, false))`,
      stockLeft: menuItems.stockLeft,
    })
    .from(menuItems)
    .where(eq(menuItems.foodTruckId, truckId))
    .orderBy(
      sql`${menuItems.available} desc`,
      categoryRank,
      sql`lower(${menuItems.name})`,
      asc(menuItems.name),
      asc(menuItems.id),
    );
  return rows.map(({ priceCents, ...item }) => menuItemSchema.parse({ ...item, price: priceCents / 100 }));
}

export const truckListSchema = z.array(foodTruckSchema);
export const truckSummaryListSchema = z.array(truckSummarySchema);

/** The JSON body of a full truck list (see truckListBody). */
export function serializeTrucks(rows: TruckWithDistance[]): Buffer {
  return Buffer.from(JSON.stringify(z.encode(truckListSchema, rows)));
}
