import { and, eq, ilike, isNotNull, notLike, or, sql, type SQL } from 'drizzle-orm';
import { KM_PER_MILE, haversineKm } from '@shared/utils/geo';
import { isNearAddress, nearAddress, NEAR_PLACE_KM, type AddressChange } from '@shared/utils/truck-address';
import type { DbOrTx } from '../../db/client';
import type { KnownPlaces } from '../../integrations/geocoding';
import { foodTrucks, landmarks, operatorSubscriptions, truckScheduleStops } from '../../db/schema';
import { activeSubscriptionOfTruck } from '../subscriptions/subscriptions.service';
import { withinRadius } from './radius';
import { visibleTrucksQuery } from './trucks.service';

interface Place {
  address: string;
  latitude: number;
  longitude: number;
}

/**
 * The nearest known place within NEAR_PLACE_KM of `at` (ADR 0100 "where a truck is"): an address
 * written by an operator for a truck diners can see (not this truck's, and never one the server
 * wrote, "Near …", so names don't chain), or the address of a scheduled stop of such a truck or of
 * this one. Only what diners can already read is named: an unpaid operator's base address stays private.
 */
export async function nearestKnownPlace(
  tx: DbOrTx,
  truckId: number | null,
  at: { latitude: number; longitude: number },
): Promise<string | null> {
  const trucks = await visibleTrucksQuery(tx, null, {
    lat: at.latitude,
    lng: at.longitude,
    radiusMiles: NEAR_PLACE_KM / KM_PER_MILE,
  });
  const stops = await tx
    .select({
      address: truckScheduleStops.address,
      latitude: truckScheduleStops.latitude,
      longitude: truckScheduleStops.longitude,
    })
    .from(truckScheduleStops)
    .innerJoin(foodTrucks, eq(foodTrucks.id, truckScheduleStops.foodTruckId))
    .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
    .where(
      and(
        or(isNotNull(operatorSubscriptions.id), truckId === null ? undefined : eq(foodTrucks.id, truckId)),
        withinRadius(
          truckScheduleStops.latitude,
          truckScheduleStops.longitude,
          { lat: at.latitude, lng: at.longitude },
          NEAR_PLACE_KM * 1000,
        ),
      ),
    );
  const places: Place[] = [
    ...trucks.flatMap((t) =>
      t.id !== truckId &&
      t.address &&
      !isNearAddress(t.address) &&
      t.latitude !== null &&
      t.longitude !== null
        ? [{ address: t.address, latitude: t.latitude, longitude: t.longitude }]
        : [],
    ),
    ...stops,
  ];
  const from = { lat: at.latitude, lng: at.longitude };
  let best: { address: string; km: number } | null = null;
  for (const p of places) {
    const km = haversineKm(from, { lat: p.latitude, lng: p.longitude });
    if (km <= NEAR_PLACE_KM && (!best || km < best.km || (km === best.km && p.address < best.address))) {
      best = { address: p.address, km };
    }
  }
  return best?.address ?? null;
}

/** The stored value of an address change: undefined leaves the column as it is. */
export async function resolveAddress(
  tx: DbOrTx,
  truckId: number | null,
  change: AddressChange,
): Promise<string | null | undefined> {
  if (change.kind === 'keep') return undefined;
  if (change.kind === 'set') return change.address;
  return nearAddress(await nearestKnownPlace(tx, truckId, change.at), change.at);
}

/** `%text%` for ILIKE with the caller's `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Enough candidates for ranking a handful of answers (the offline geocoder keeps the best few). */
const CANDIDATES = 50;

/**
 * The places an address search may name (ADR 0151), as the offline geocoder reads them: the city's
 * landmarks, the addresses operators wrote for trucks diners can see and the places of their
 * scheduled stops, plus the caller's own trucks and stops (paid or not; `viewerId` null: a diner's
 * question, no own trucks). Never an address the server wrote ("Near …"), and never another unpaid
 * operator's: only what diners can already read, as for "Near …" above.
 */
export function knownPlacesFor(db: DbOrTx, viewerId: number | null): KnownPlaces {
  const readable = or(
    isNotNull(operatorSubscriptions.id),
    viewerId === null ? undefined : eq(foodTrucks.operatorId, viewerId),
  );
  const truckAddress = and(
    isNotNull(foodTrucks.address),
    isNotNull(foodTrucks.latitude),
    isNotNull(foodTrucks.longitude),
    notLike(foodTrucks.address, 'Near %'),
  );
  const truckPlaces = (where: SQL | undefined) =>
    db
      .select({
        label: sql<string>`${foodTrucks.address}`,
        latitude: sql<number>`${foodTrucks.latitude}`,
        longitude: sql<number>`${foodTrucks.longitude}`,
      })
      .from(foodTrucks)
      .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
      .where(and(readable, truckAddress, where))
      .limit(CANDIDATES);
  const stopPlaces = (where: SQL | undefined) =>
    db
      .select({
        label: truckScheduleStops.address,
        latitude: truckScheduleStops.latitude,
        longitude: truckScheduleStops.longitude,
      })
      .from(truckScheduleStops)
      .innerJoin(foodTrucks, eq(foodTrucks.id, truckScheduleStops.foodTruckId))
      .leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)
      .where(and(readable, where))
      .limit(CANDIDATES);
  // A landmark is found by its name or any alias; the name is what is shown.
  const landmarkPlaces = (where: SQL | undefined) =>
    db
      .select({ label: landmarks.name, latitude: landmarks.latitude, longitude: landmarks.longitude })
      .from(landmarks)
      .where(where)
      .limit(CANDIDATES);
  const landmarkText = sql`${landmarks.name} || ' ' || array_to_string(${landmarks.aliases}, ' ')`;
  return {
    async matching(words) {
      const all = (column: SQL | typeof truckScheduleStops.address) =>
        and(...words.map((w) => ilike(column, containing(w))));
      const [named, trucks, stops] = await Promise.all([
        landmarkPlaces(all(landmarkText)),
        truckPlaces(all(sql`${foodTrucks.address}`)),
        stopPlaces(all(truckScheduleStops.address)),
      ]);
      return [...named, ...stops, ...trucks];
    },
    async near(at, km) {
      // On food_trucks the radius's box is answered by the point index (radius.ts).
      const from = { lat: at.latitude, lng: at.longitude };
      const [named, trucks, stops] = await Promise.all([
        landmarkPlaces(withinRadius(landmarks.latitude, landmarks.longitude, from, km * 1000)),
        truckPlaces(withinRadius(foodTrucks.latitude, foodTrucks.longitude, from, km * 1000)),
        stopPlaces(withinRadius(truckScheduleStops.latitude, truckScheduleStops.longitude, from, km * 1000)),
      ]);
      return [...named, ...stops, ...trucks];
    },
  };
}
