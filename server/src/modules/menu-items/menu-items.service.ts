import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Tx } from '../../db/client';
import { foodTrucks, menuItems } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import { isRowId } from '../../lib/route-params';
import type { AuthUser } from '../../plugins/auth';
import type { MenuItem, menuItemCreateSchema, menuItemUpdateSchema } from '@shared/contracts';
import type { MediaResolver } from '../uploads/media';
import { findTruck, truckColumns, type TruckRow } from '../trucks/truck.repository';
import { publishTruckEvent } from '../trucks/truck-events';
import { manageableTruck } from '../trucks/truck-access';
import { manageableMenuItem } from './menu-items.policy';

export interface MenuItemServiceDeps {
  db: Database;
  media: MediaResolver;
  /** DEFAULT_TIMEZONE: the zone of trucks whose operator chose none (where "today" ends). */
  defaultTimeZone: string;
}

type MenuItemCreateInput = z.infer<typeof menuItemCreateSchema>;
type MenuItemUpdateInput = z.infer<typeof menuItemUpdateSchema>;
type MenuItemRow = typeof menuItems.$inferSelect;

const ITEM_NOT_FOUND = 'Menu item not found';

/** The API speaks dollars; the database keeps whole cents. */
const toCents = (dollars: number) => Math.round(dollars * 100);

/** Sold out now: marked for a day that has not ended yet (the stored instant is that day's midnight). */
export const isSoldOut = (soldOutUntil: Date | null, now = new Date()): boolean =>
  soldOutUntil !== null && soldOutUntil.getTime() > now.getTime();

/**
 * The next local midnight of the truck's day, computed by the database from its zone (the truck's
 * own, else DEFAULT_TIMEZONE): "sold out for today" ends there by itself, with no job to clear it.
 */
export function endOfTruckDay(truckId: number, defaultTimeZone: string): SQL<Date> {
  const zone = sql`coalesce((select ${foodTrucks.timeZone} from ${foodTrucks} where ${foodTrucks.id} = ${truckId}), ${defaultTimeZone})`;
  return sql<Date>`(((now() at time zone ${zone})::date + 1)::timestamp at time zone ${zone})`;
}

export function presentMenuItem(row: MenuItemRow): MenuItem {
  return {
    id: row.id,
    foodTruckId: row.foodTruckId,
    name: row.name,
    description: row.description,
    price: row.priceCents / 100,
    category: row.category,
    available: row.available,
    image: row.image,
    diets: row.diets,
    allergens: row.allergens,
    // A limited item whose last portion was ordered is sold out too (issue 30).
    soldOutToday: isSoldOut(row.soldOutUntil) || row.stockLeft === 0,
    stockLeft: row.stockLeft,
  };
}

/** The stored value of `soldOutToday` in a create or update (undefined: unchanged). */
function soldOutValue(deps: MenuItemServiceDeps, truckId: number, soldOutToday: boolean | undefined): SQL<Date> | null | undefined {
  if (soldOutToday === undefined) return undefined;
  return soldOutToday ? endOfTruckDay(truckId, deps.defaultTimeZone) : null;
}

async function lockTruck(tx: Tx, actor: AuthUser, truckId: number): Promise<TruckRow> {
  const [truck] = !isRowId(truckId)
    ? []
    : await tx
        .select(truckColumns)
        .from(foodTrucks)
        .where(manageableTruck(actor, truckId))
        .for('update')
        .limit(1);
  if (!truck) throw notFound('Food truck not found');
  return truck;
}

/** The item and its truck, locked, if the caller may change them; 404 otherwise. */
async function lockItem(
  tx: Tx,
  actor: AuthUser,
  id: number,
): Promise<{ item: MenuItemRow; truck: TruckRow }> {
  const [row] = await tx
    .select({ item: getTableColumns(menuItems), truck: truckColumns })
    .from(menuItems)
    .innerJoin(foodTrucks, eq(foodTrucks.id, menuItems.foodTruckId))
    .where(manageableMenuItem(actor, id))
    .for('update')
    .limit(1);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}

/**
 * Menu changes publish an 'updated' event of the truck (in the same transaction), so a diner
 * looking at the truck refetches its menu live. The truck is read again after the change: its
 * menuLabels (what the filters match) come from the items.
 */
async function menuChanged(tx: Tx, truck: TruckRow): Promise<void> {
  await publishTruckEvent(tx, 'updated', (await findTruck(tx, truck.id)) ?? truck);
}

/** A new image reference is checked (or a data URL stored); the item's current one stays as it is. */
async function resolveImage(
  deps: MenuItemServiceDeps,
  tx: Tx,
  actor: AuthUser,
  ref: string | null | undefined,
  current: string | null,
  field: string,
): Promise<string | null | undefined> {
  if (!ref || ref === current) return ref;
  return deps.media.resolve(tx, actor, ref, 'menu-item-image', field);
}

export async function createMenuItem(
  deps: MenuItemServiceDeps,
  actor: AuthUser,
  input: MenuItemCreateInput,
): Promise<MenuItem> {
  return deps.db.transaction(async (tx) => {
    const truck = await lockTruck(tx, actor, input.foodTruckId);
    const image = await resolveImage(deps, tx, actor, input.image, null, 'image');
    const [row] = await tx
      .insert(menuItems)
      .values({
        foodTruckId: truck.id,
        name: input.name,
        description: input.description ?? null,
        priceCents: toCents(input.price),
        category: input.category ?? null,
        available: input.available,
        image: image ?? null,
        diets: input.diets ?? {},
        allergens: input.allergens ?? {},
        soldOutUntil: soldOutValue(deps, truck.id, input.soldOutToday) ?? null,
        stockLeft: input.stockLeft ?? null,
      })
      .returning();
    if (!row) throw new Error('menu item insert returned no row');
    await menuChanged(tx, truck);
    return presentMenuItem(row);
  });
}

export async function updateMenuItem(
  deps: MenuItemServiceDeps,
  actor: AuthUser,
  id: number,
  input: MenuItemUpdateInput,
): Promise<MenuItem> {
  return deps.db.transaction(async (tx) => {
    const { item, truck } = await lockItem(tx, actor, id);
    const image = await resolveImage(deps, tx, actor, input.image, item.image, 'image');
    const [row] = await tx
      .update(menuItems)
      .set({
        name: input.name,
        description: input.description,
        priceCents: input.price === undefined ? undefined : toCents(input.price),
        category: input.category,
        available: input.available,
        image,
        diets: input.diets,
        allergens: input.allergens,
        soldOutUntil: soldOutValue(deps, truck.id, input.soldOutToday),
        stockLeft: input.stockLeft,
      })
      .where(eq(menuItems.id, item.id))
      .returning();
    if (!row) throw notFound(ITEM_NOT_FOUND);
    await menuChanged(tx, truck);
    return presentMenuItem(row);
  });
}

export async function setMenuItemImage(
  deps: MenuItemServiceDeps,
  actor: AuthUser,
  id: number,
  imageURL: string,
): Promise<MenuItem> {
  return updateMenuItem(deps, actor, id, { image: imageURL });
}

export async function deleteMenuItem(db: Database, actor: AuthUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { item, truck } = await lockItem(tx, actor, id);
    await tx.delete(menuItems).where(eq(menuItems.id, item.id));
    await menuChanged(tx, truck);
  });
}
