import type { FoodTruck } from '@shared/contracts';
import { formatPhone } from '@shared/utils/format';
import type { z } from 'zod';
import { invalid, type Validation } from '@client/lib/forms';

/** The text fields of the create and edit forms. */
export interface TruckFormValues {
  name: string;
  cuisine: string;
  description: string;
  phone: string;
  address: string;
}
export type TruckFormErrors = Partial<
  Record<keyof TruckFormValues | 'image' | 'gallery' | 'menuDocuments' | 'accessNote' | 'features', string>
>;

export const emptyTruckForm: TruckFormValues = {
  name: '',
  cuisine: '',
  description: '',
  phone: '',
  address: '',
};

export const truckFormFrom = (t: FoodTruck): TruckFormValues => ({
  name: t.name,
  cuisine: t.cuisine,
  description: t.description ?? '',
  // Shown in the one display format (3-3-4 for US numbers), not the stored +1…
  phone: formatPhone(t.phone),
  address: t.address ?? '',
});

/** Checks a request with the shared contract: the request as typed, or the per-field messages. */
export function checkTruckInput<S extends z.ZodType>(
  schema: S,
  input: z.input<S>,
): Validation<z.input<S>, keyof TruckFormErrors> {
  const result = schema.safeParse(input);
  return result.success ? { success: true, data: input } : invalid(result.error);
}
