import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { foodTrucks, menuItems, storedObjects } from '../../db/schema';
import type { RemovedObject } from './stored-objects';

/**
 * Every `/objects/{id}` path the trucks chosen by `which` (a condition on food_trucks) and their
 * menu items refer to: image, gallery, menu documents, menu item images.
 */
const pathsOfTrucks = (which: SQL) => sql`(
  select ${foodTrucks.image} from ${foodTrucks} where ${which}
  union all select jsonb_array_elements_text(${foodTrucks.gallery}) from ${foodTrucks} where ${which}
  union all select jsonb_array_elements_text(${foodTrucks.menuDocuments}) from ${foodTrucks} where ${which}
  union all select ${menuItems.image} from ${menuItems}
    where ${menuItems.foodTruckId} in (select ${foodTrucks.id} from ${foodTrucks} where ${which})
)`;

/**
 * Deletes the object rows of an account that is being deleted, inside that transaction: what it
 * uploaded and what its trucks and menu items show — except an object another operator's truck
 * still shows (e.g. a shared demo banner). Returns the deleted rows: the caller removes their files
 * from the store once the transaction has committed (removeObjectFiles).
 */
export async function deleteObjectsOfAccount(tx: Tx, userId: number): Promise<RemovedObject[]> {
  const ref = sql`'/objects/' || ${storedObjects.id}`;
  const own = pathsOfTrucks(sql`${foodTrucks.operatorId} = ${userId}`);
  const others = pathsOfTrucks(sql`${foodTrucks.operatorId} <> ${userId}`);
  return tx
    .delete(storedObjects)
    .where(
      sql`(${storedObjects.ownerId} = ${userId} or ${ref} in (select path from ${own} as own (path)))
        and ${ref} not in (select path from ${others} as others (path) where path is not null)`,
    )
    .returning({ id: storedObjects.id, status: storedObjects.status, variants: storedObjects.variants });
}
