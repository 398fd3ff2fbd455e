import { z } from 'zod';
import { ALLERGENS, ALLERGEN_STATES, DIETS, TRUCK_FEATURES, type Allergen, type AllergenState, type Diet, type TruckFeature } from '../utils/attributes';
import { text } from './common';

/**
 * A record whose keys are a fixed list and whose values are optional: a key left out is "not
 * stated". Unknown keys are refused (a typo must not be stored as if it said something).
 */
function statedRecord<K extends string, V extends z.ZodType>(keys: readonly K[], value: V, what: string) {
  const shape = Object.fromEntries(keys.map((k) => [k, value.optional()])) as { [P in K]: z.ZodOptional<V> };
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown ${what}: ${issue.keys.join(', ')}` : undefined) });
}

/** A truck's payment, access and amenity features: true = yes, false = no, left out = not stated. */
export const truckFeaturesSchema = statedRecord(TRUCK_FEATURES, z.boolean(), 'feature') satisfies z.ZodType<Partial<Record<TruckFeature, boolean>>>;
/** Diet labels of a menu item: true = yes, false = no, left out = not stated. */
export const itemDietsSchema = statedRecord(DIETS, z.boolean(), 'diet') satisfies z.ZodType<Partial<Record<Diet, boolean>>>;
/** Allergens of a menu item: contains, may contain, free of; left out = not stated. */
export const itemAllergensSchema = statedRecord(ALLERGENS, z.enum(ALLERGEN_STATES), 'allergen') satisfies z.ZodType<
  Partial<Record<Allergen, AllergenState>>
>;
export const itemLabelsSchema = z.object({ diets: itemDietsSchema, allergens: itemAllergensSchema });

/** The short free-text note beside the access features ("ramp on request", "counter at 34 in"). */
export const ACCESS_NOTE_MAX = 200;
export const accessNoteField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  text().trim().max(ACCESS_NOTE_MAX, `Access note must be at most ${ACCESS_NOTE_MAX} characters`).nullable(),
);

/** A customer's dietary needs (GET/PUT /api/auth/user/dietary-needs). */
export const dietaryNeedsSchema = z.object({
  diets: z.array(z.enum(DIETS, { error: 'Unknown diet' })).max(DIETS.length),
  avoid: z.array(z.enum(ALLERGENS, { error: 'Unknown allergen' })).max(ALLERGENS.length),
});
export type DietaryNeedsInput = z.input<typeof dietaryNeedsSchema>;
