import { and, eq, type SQL } from 'drizzle-orm';
import { foodTrucks, menuItems } from '../../db/schema';
import { isAdmin, type AuthUser } from '../../plugins/auth';

/** The menu item `id`, if the caller may change it: the operator of its truck, or any admin. Join food_trucks. */
export function manageableMenuItem(actor: AuthUser, id: number): SQL | undefined {
  return isAdmin(actor)
    ? eq(menuItems.id, id)
    : and(eq(menuItems.id, id), eq(foodTrucks.operatorId, actor.id));
}
