import { haversineKm } from './geo';

/**
 * "The old address is stale after a move" (issue 23: one home, used by the operator's Update
 * Location form, its detect-my-location button and the server's location changes): a street
 * address describes a spot, so when a truck moves, an address nobody rewrote is dropped rather
 * than sending diners to the old spot.
 */

export interface TruckPosition {
  latitude: number | null;
  longitude: number | null;
}

/** The position changes: a coordinate given (undefined = not given) differs from the one before. */
export function movesFrom(
  before: TruckPosition,
  next: { latitude?: number | null; longitude?: number | null },
): boolean {
  return (
    (next.latitude !== undefined && next.latitude !== before.latitude) ||
    (next.longitude !== undefined && next.longitude !== before.longitude)
  );
}

/** An address text the operator left as it was (the old one, spaces aside): it says nothing new. */
export function leftAsItWas(text: string, before: string | null): boolean {
  return text.trim() === (before ?? '').trim();
}

/**
 * Within this distance of the position the address was written for, the address still describes
 * the truck's spot (GPS error of a phone plus a block's walk): a GPS fix this close keeps it.
 */
export const SAME_SPOT_KM = 0.2;
/** "Near <place>" names the nearest known place within this distance (a short walk). */
export const NEAR_PLACE_KM = 1;

const NEAR = 'Near ';
/** An address the server wrote for a truck on the map with none of its own ("Near 6th & Congress"). */
export const isNearAddress = (text: string): boolean => text.startsWith(NEAR);
/** "Near 6th & Congress": the nearest known place; null = none close enough, so the coordinates. */
export function nearAddress(place: string | null, at: { latitude: number; longitude: number }): string {
  return `${NEAR}${place ?? `${at.latitude.toFixed(3)}, ${at.longitude.toFixed(3)}`}`;
}

/** What the address becomes: a text (or null), unchanged, or a place near the truck's new position. */
export type AddressChange =
  | { kind: 'set'; address: string | null }
  | { kind: 'keep' }
  | { kind: 'near'; at: { latitude: number; longitude: number } };

/**
 * The address after a change (issue 24; ADR 0100 "where a truck is"): one rule for the server's
 * location, open, edit and create paths.
 * - An address given (non-empty) is the truck's address.
 * - A truck with no position has whatever was given, or keeps its address.
 * - A truck on the map keeps its address while its position stays within SAME_SPOT_KM of the one
 *   before (a GPS fix at the same spot); after a longer move, or with no address, or with the address
 *   cleared, it gets a place near its position (`near`: the server names the nearest known place), so
 *   a truck on the map never reads "Location not available".
 */
export function addressAfterMove(
  before: TruckPosition & { address: string | null },
  next: { latitude?: number | null; longitude?: number | null; address?: string | null },
): AddressChange {
  if (typeof next.address === 'string' && next.address.trim() !== '') return { kind: 'set', address: next.address };
  const latitude = next.latitude === undefined ? before.latitude : next.latitude;
  const longitude = next.longitude === undefined ? before.longitude : next.longitude;
  if (latitude === null || longitude === null) {
    return next.address === undefined ? { kind: 'keep' } : { kind: 'set', address: null };
  }
  const hadAddress = next.address === undefined && (before.address ?? '').trim() !== '';
  if (hadAddress && stillNear(before, { latitude, longitude })) return { kind: 'keep' };
  return { kind: 'near', at: { latitude, longitude } };
}

/** The new position is within SAME_SPOT_KM of the old one (or the same). */
export function stillNear(before: TruckPosition, after: { latitude: number; longitude: number }): boolean {
  if (before.latitude === null || before.longitude === null) return false;
  return (
    haversineKm({ lat: before.latitude, lng: before.longitude }, { lat: after.latitude, lng: after.longitude }) <=
    SAME_SPOT_KM
  );
}

/**
 * The address text a location form shows after a new position (its detect button) and sends: the
 * text as it is, or '' when the old address was left as it was and the truck moved beyond
 * SAME_SPOT_KM — '' is "none given", and the server then names a place near the new position.
 */
export function formAddressAfterMove(
  before: TruckPosition & { address: string | null },
  next: { latitude: number; longitude: number; address: string },
): string {
  if (!leftAsItWas(next.address, before.address)) return next.address;
  return movesFrom(before, next) && !stillNear(before, next) ? '' : next.address;
}

/** A place inside a sentence: 'at 6th & Congress', or 'near 6th & Congress' for a derived one. */
export const atPlace = (place: string): string =>
  isNearAddress(place) ? `near ${place.slice(NEAR.length)}` : `at ${place}`;

/** Where a truck is, for diners: its address, else its coordinates' neighbourhood, else not available. */
export function placeOf(truck: TruckPosition & { address: string | null }): string {
  if (truck.address) return truck.address;
  if (truck.latitude === null || truck.longitude === null) return 'Location not available';
  return nearAddress(null, { latitude: truck.latitude, longitude: truck.longitude });
}
