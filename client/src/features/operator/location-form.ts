import { invalid, type Validation } from '@client/lib/forms';
import { locationUpdateSchema, type LocationUpdateInput } from '@shared/contracts';
import { formAddressAfterMove } from '@shared/utils/truck-address';

/** A coordinate input's value as a number; not numeric → 0 (spec section 5). */
export function toCoordinate(value: string): number {
  const n = Number.parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}

export interface LocationFormValues {
  latitude: string;
  longitude: string;
  address: string;
  isOpen: boolean;
}

/** The truck's position and address when the dialog opened. */
export interface LocationBefore {
  latitude: number | null;
  longitude: number | null;
  address: string | null;
}

/**
 * The Update Location dialog's values checked with the shared contract: the request, or per-field
 * messages. When the truck moves and its old description was left as it was, no address is sent,
 * so the server drops the stale one instead of keeping the old spot's street address
 * (shared/utils/truck-address.ts).
 */
export function parseLocationForm(
  values: LocationFormValues,
  before?: LocationBefore,
): Validation<LocationUpdateInput, keyof LocationFormValues> {
  const latitude = toCoordinate(values.latitude);
  const longitude = toCoordinate(values.longitude);
  const candidate = {
    latitude,
    longitude,
    address: before ? formAddressAfterMove(before, { latitude, longitude, address: values.address }) : values.address,
    isOpen: values.isOpen,
  };
  const result = locationUpdateSchema.safeParse(candidate);
  if (result.success) return { success: true, data: { ...candidate, address: result.data.address } };
  return invalid(result.error);
}
