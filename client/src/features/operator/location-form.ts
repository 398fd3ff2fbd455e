import { invalid, type Validation } from '@client/lib/forms';
import { locationFormSchema, type LocationUpdateInput } from '@shared/contracts';
import { formAddressAfterMove } from '@shared/utils/truck-address';

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
 * The Update Location dialog's values checked with the shared contract (`locationFormSchema`, the
 * request's rules over the typed text): the request, or per-field messages. An empty or non-numeric
 * coordinate is refused on its field, never sent as 0 (issue 24), and so is exactly 0, 0. When the
 * truck moved beyond the same spot and its old description was left as it was, no address is sent,
 * so the server names a place near the new position (shared/utils/truck-address.ts).
 */
export function parseLocationForm(
  values: LocationFormValues,
  before?: LocationBefore,
): Validation<LocationUpdateInput, keyof LocationFormValues> {
  const result = locationFormSchema.safeParse(values);
  if (!result.success) return invalid(result.error);
  const { latitude, longitude } = result.data;
  const address = before ? formAddressAfterMove(before, { latitude, longitude, address: values.address }) : values.address;
  return { success: true, data: { ...result.data, address: address.trim() || undefined } };
}
