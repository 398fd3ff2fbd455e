import { z } from 'zod';

/** Every error the API sends: a readable message, and per-field messages for validation errors. */
export const errorResponseSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** Timestamps travel as ISO strings; the server hands Dates to the serializer, which encodes them. */
export const isoDate = z.codec(z.iso.datetime({ offset: true }), z.date(), {
  decode: (s) => new Date(s),
  encode: (d) => d.toISOString(),
});

/** A positive integer id in a path, e.g. /api/food-trucks/:id. Malformed ids are a 404 (see routes). */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** An empty form field means "not given". */
export const optionalText = (max = 2000) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.string().trim().max(max).optional());
