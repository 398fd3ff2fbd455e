import { and, desc, eq, inArray } from 'drizzle-orm';
import { DEFAULT_SMS_MESSAGE, type TruckListingInfo } from '@shared/constants';
import type { Tx } from '../../db/client';
import {
  dataImports,
  foodTrucks,
  menuItems,
  truckListings,
  truckOrderSettings,
  truckScheduleStops,
} from '../../db/schema';
import { truckColumns, type TruckRow } from '../trucks/truck.repository';

/** Said of a listing whose source record names no import any more (imports are never deleted today). */
const UNKNOWN_LICENCE = 'not stated';

/**
 * An operator is being deleted (issue 26): the listings they claimed from open data go back to
 * being unclaimed listings instead of leaving with the account — the next import would otherwise
 * bring each back as a new listing and lose its history. Call inside the deleting transaction,
 * before the account's stored objects are deleted and before its own trucks are published as
 * removed; the caller publishes the returned rows as `updated` (diners keep seeing them, now as
 * listings again).
 *
 * What stays (the truck's history): its id, name, description, cuisine, place and weekly stops,
 * ratings, favourites and "going" rows, orders already placed, the source record. What goes is the
 * operator's: the claim, the menu, the ordering settings, dated stops, photos and documents (their
 * objects leave with the account), the phone, the opening text and the stated features. The listing
 * line comes back as the import wrote it: the source's name and licence, and when the source last
 * changed the row. The truck is closed (a listing is never LIVE). The next import of the source
 * writes it over as any unclaimed listing (or retires it, if the source dropped it).
 */
export async function releaseClaimedListings(
  tx: Tx,
  operatorId: number,
  now = new Date(),
): Promise<TruckRow[]> {
  const claimed = await tx
    .select({
      id: foodTrucks.id,
      source: truckListings.source,
      sourceUpdatedAt: truckListings.sourceUpdatedAt,
      importId: truckListings.importId,
    })
    .from(foodTrucks)
    .innerJoin(truckListings, eq(truckListings.foodTruckId, foodTrucks.id))
    .where(eq(foodTrucks.operatorId, operatorId))
    .for('update', { of: foodTrucks });
  if (claimed.length === 0) return [];
  const ids = claimed.map((t) => t.id);
  await tx.delete(menuItems).where(inArray(menuItems.foodTruckId, ids));
  await tx.delete(truckOrderSettings).where(inArray(truckOrderSettings.foodTruckId, ids));
  await tx
    .delete(truckScheduleStops)
    .where(and(inArray(truckScheduleStops.foodTruckId, ids), eq(truckScheduleStops.kind, 'once')));
  await tx
    .update(truckListings)
    .set({ claimedBy: null, claimedAt: null, updatedAt: now })
    .where(inArray(truckListings.foodTruckId, ids));
  const released: TruckRow[] = [];
  for (const listing of claimed) {
    const [truck] = await tx
      .update(foodTrucks)
      .set({
        operatorId: null,
        isOpen: false,
        listing: await listingInfoOf(tx, listing, now),
        retiredAt: null,
        autoClosedAt: null,
        lastSeenAt: null,
        lastUpdated: now,
        phone: null,
        image: null,
        gallery: [],
        menuDocuments: [],
        smsMessage: DEFAULT_SMS_MESSAGE,
        features: {},
        accessNote: null,
      })
      .where(eq(foodTrucks.id, listing.id))
      .returning(truckColumns);
    if (truck) released.push(truck);
  }
  return released;
}

/**
 * The listing line as the import that last wrote the source record made it (imports.service's
 * listingInfo): that import's source name and licence, or the source's latest import's.
 */
async function listingInfoOf(
  tx: Tx,
  listing: { source: string; sourceUpdatedAt: Date | null; importId: number | null },
  now: Date,
): Promise<TruckListingInfo> {
  const [job] = await tx
    .select({
      sourceName: dataImports.sourceName,
      licence: dataImports.licence,
      createdAt: dataImports.createdAt,
    })
    .from(dataImports)
    .where(
      listing.importId === null
        ? eq(dataImports.source, listing.source)
        : eq(dataImports.id, listing.importId),
    )
    .orderBy(desc(dataImports.id))
    .limit(1);
  return {
    sourceName: job?.sourceName ?? listing.source,
    licence: job?.licence ?? UNKNOWN_LICENCE,
    sourceUpdatedAt: (listing.sourceUpdatedAt ?? job?.createdAt ?? now).toISOString(),
  };
}
