import { and, eq, type SQL } from 'drizzle-orm';
import { foodTrucks } from '../../db/schema';
import { isAdmin, type AuthUser } from '../../plugins/auth';

/**
 * Who may change a truck (and everything on it: location, menu items, photos): its operator, or
 * any admin. A `where` condition, so ownership is part of the query (DESIGN.md, two layers) and a
 * truck that is not yours reads as missing. Used by operator-trucks and menu-items.
 */
export function manageableTruck(actor: AuthUser, id: number): SQL | undefined {
  return isAdmin(actor)
    ? eq(foodTrucks.id, id)
    : and(eq(foodTrucks.id, id), eq(foodTrucks.operatorId, actor.id));
}
