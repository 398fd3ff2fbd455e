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
 * The address after a change: the one given (undefined = none given), else — when the truck
 * moved — none (null), else unchanged (undefined).
 */
export function addressAfterMove(
  before: TruckPosition,
  next: { latitude?: number | null; longitude?: number | null; address?: string | null },
): string | null | undefined {
  if (next.address !== undefined) return next.address;
  return movesFrom(before, next) ? null : undefined;
}

/**
 * The address a location form sends: its text, or '' (no address) when the truck moves and the
 * text is the old address left as it was.
 */
export function formAddressAfterMove(
  before: TruckPosition & { address: string | null },
  next: { latitude: number; longitude: number; address: string },
): string {
  const given = leftAsItWas(next.address, before.address) ? undefined : next.address;
  return addressAfterMove(before, { ...next, address: given }) === null ? '' : next.address;
}
