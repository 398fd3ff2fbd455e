import { z } from 'zod';
import { MENU_CATEGORIES } from '../constants';
import { decimal, optionalText, text } from './common';
import { mediaRef } from './trucks';
import { itemAllergensSchema, itemDietsSchema } from './attributes';

export const menuItemSchema = z.object({
  id: z.number().int(),
  foodTruckId: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number(),
  category: z.string().nullable(),
  available: z.boolean(),
  image: z.string().nullable(),
  /** Diet labels: true = yes, false = no, left out = not stated (issue 28). */
  diets: itemDietsSchema,
  /** Allergens: contains, may contain, free of; left out = not stated. */
  allergens: itemAllergensSchema,
  /** Sold out until the end of the truck's local day (the server's clock: it clears itself at midnight). */
  soldOutToday: z.boolean(),
  /** Portions left to order ahead (issue 30); null = no limit. 0 reads as sold out today. */
  stockLeft: z.number().int().nullable(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/**
 * A number or the decimal text of the form's field; never `true` or `[1]`. An empty field is a
 * price of nothing, which the spec answers with 'Price must be greater than 0'.
 */
const blankIsZero = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? 0 : v);

/**
 * A price as people type it (issue 27: `2,50` was saved as $250.00): a leading `$` is dropped; a
 * comma followed by one or two final digits (`2,50`, `3,5`) is a decimal comma; commas between
 * groups of three digits (`1,250` or `1,250.00`) separate thousands. Any other comma is refused by
 * the number check below, never read as something else.
 */
export function readPriceText(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const t = v.trim().replace(/^\$\s*/, '');
  if (/^\d+,\d{1,2}$/.test(t)) return t.replace(',', '.');
  if (/^\d{1,3}(?:,\d{3})+(?:\.\d{1,2})?$/.test(t)) return t.replace(/,/g, '');
  return t;
}

export const PRICE_NOT_A_NUMBER = 'Price must be a number, like 2.50';
/** A menu item's price in dollars, from a JSON number or the form's text. */
export const priceField = z.preprocess((v) => readPriceText(blankIsZero(v)), decimal(PRICE_NOT_A_NUMBER)).pipe(
  z
    .number()
    .min(0.01, 'Price must be greater than 0')
    .max(100_000, 'Price must be at most $100,000')
    .refine(
      (v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6,
      'Price can have at most two decimal places',
    ),
);

const menuItemFields = {
  name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(120),
  price: priceField,
  description: optionalText(1000),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(MENU_CATEGORIES, { error: 'Please choose a menu category' }).optional(),
  ),
  available: z.boolean().default(true),
  image: mediaRef.nullish(),
  diets: itemDietsSchema.optional(),
  allergens: itemAllergensSchema.optional(),
  /** true: sold out until the truck's local midnight; false: back on sale. */
  soldOutToday: z.boolean().optional(),
  /** Portions left to order ahead; null = no limit. */
  stockLeft: z.number().int().min(0, 'Portions left cannot be negative').max(100_000).nullable().optional(),
};

export const menuItemCreateSchema = z.object({ ...menuItemFields, foodTruckId: z.number().int().positive() });
export type MenuItemCreateInput = z.input<typeof menuItemCreateSchema>;

/** The add/edit dialog's form (no truck id: the screen supplies it). */
export const menuItemFormSchema = z.object(menuItemFields);
export type MenuItemFormInput = z.input<typeof menuItemFormSchema>;

/** PUT /api/menu-items/:id takes the fields, or only `available`. */
export const menuItemUpdateSchema = z
  .object({ ...menuItemFields, available: z.boolean().optional() })
  .partial()
  // Nothing to change (e.g. `{}` or only unknown fields) is a 400, not an empty UPDATE.
  .refine((v) => Object.values(v).some((field) => field !== undefined), { message: 'No changes to save' });
export type MenuItemUpdateInput = z.input<typeof menuItemUpdateSchema>;

export const menuItemImageSchema = z.object({ imageURL: mediaRef });
