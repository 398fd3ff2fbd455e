import { invalid, type Validation } from '@client/lib/forms';
import { locationUpdateSchema, type LocationUpdateInput } from '@shared/contracts';

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

/** The Update Location dialog's values checked with the shared contract: the request, or per-field messages. */
export function parseLocationForm(
  values: LocationFormValues,
): Validation<LocationUpdateInput, keyof LocationFormValues> {
  const candidate = {
    latitude: toCoordinate(values.latitude),
    longitude: toCoordinate(values.longitude),
    address: values.address,
    isOpen: values.isOpen,
  };
  const result = locationUpdateSchema.safeParse(candidate);
  if (result.success) return { success: true, data: { ...candidate, address: result.data.address } };
  return invalid(result.error);
}
