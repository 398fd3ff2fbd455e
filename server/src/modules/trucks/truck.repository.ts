import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { foodTrucks } from '../../db/schema';

/** The columns a truck leaves the server with (matches foodTruckSchema in shared/contracts). */
export const truckColumns = {
  id: foodTrucks.id,
  name: foodTrucks.name,
  description: foodTrucks.description,
  cuisine: foodTrucks.cuisine,
  operatorId: foodTrucks.operatorId,
  latitude: foodTrucks.latitude,
  longitude: foodTrucks.longitude,
  address: foodTrucks.address,
  isOpen: foodTrucks.isOpen,
  phone: foodTrucks.phone,
  image: foodTrucks.image,
  gallery: foodTrucks.gallery,
  menuDocuments: foodTrucks.menuDocuments,
  smsMessage: foodTrucks.smsMessage,
  lastUpdated: foodTrucks.lastUpdated,
};

export type TruckRow = {
  [K in keyof typeof truckColumns]: (typeof truckColumns)[K]['_']['notNull'] extends true
    ? (typeof truckColumns)[K]['_']['data']
    : (typeof truckColumns)[K]['_']['data'] | null;
};

export async function findTruck(db: DbOrTx, id: number): Promise<TruckRow | undefined> {
  const [row] = await db.select(truckColumns).from(foodTrucks).where(eq(foodTrucks.id, id)).limit(1);
  return row;
}
