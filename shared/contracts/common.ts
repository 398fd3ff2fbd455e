import { z } from 'zod';
import { ID_TEXT, INT4_MAX } from '../utils/ids';

/**
 * Zod's own wording of a length or size rule ("Too big: expected string to have <=300 characters")
 * is a developer's: every rule without a message of its own says it as a person would, on the
 * server's 400s and in the client's forms alike (both load this module before any schema runs).
 */
function friendlyError(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code !== 'too_big' && issue.code !== 'too_small') return undefined;
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  const exclusive = issue.inclusive === false;
  if (issue.origin === 'string') {
    if (!big && limit <= 1) return 'Required';
    const n = exclusive ? (big ? limit - 1 : limit + 1) : limit;
    return big ? `Must be at most ${n} characters` : `Must be at least ${n} characters`;
  }
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    return big ? `Must be ${exclusive ? 'less than' : 'at most'} ${limit}` : `Must be ${exclusive ? 'more than' : 'at least'} ${limit}`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') return big ? `At most ${limit} allowed` : `At least ${limit} needed`;
  return undefined;
}
z.config({ customError: friendlyError });

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

// ---------------------------------------------------------------------------------------------
// Building blocks for input. Every string and number the API accepts is built from these, so a
// rule that keeps bad input from reaching the database is written once (docs/decisions/0060).

export const NUL_MESSAGE = 'Text must not contain NUL characters';

/**
 * A string input: never a NUL character (PostgreSQL text cannot hold one, and some drivers answer
 * it with an error instead of a refusal). Chain the usual checks after it: `text().trim().min(1)`.
 */
export const text = (params?: { error: string }) =>
  // `error` is for a value that is not text at all ("Name is required"); a check chained after it
  // without a message of its own (`.max(120)`) says its own rule (friendlyError), never that one.
  z
    .string(params && { error: (issue) => (issue.code === 'invalid_type' ? params.error : undefined) })
    .refine((s) => !s.includes('\u0000'), { message: NUL_MESSAGE, abort: true });

export { INT4_MAX };

/** A row id in a JSON body (a foreign key such as foodTruckId). */
export const rowId = z.number().int().positive().max(INT4_MAX);

/** Decimal text as people type it: 12, -3.5, .5, 1e3 — not '', '0x1', 'Infinity', ' ' or '1,5'. */
export const DECIMAL_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * A finite number given as a JSON number or as decimal text (query strings, form fields). Unlike
 * `z.coerce.number()`, `''` is not 0, `'0x1'` is not 1, and `true` or `[1]` are not numbers.
 */
export const decimal = (error: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && DECIMAL_TEXT.test(v.trim()) ? Number(v) : v),
    z.number({ error }),
  );

/**
 * A positive integer id in a path, e.g. /api/food-trucks/:id: decimal digits only ('0x1', '1e0',
 * ' 1' and '+1' are not ids). Malformed ids are a 404 (see the server's route-params).
 */
export const idParam = z
  .string()
  .regex(ID_TEXT, 'Invalid id')
  .transform(Number)
  .pipe(z.number().max(INT4_MAX, 'Invalid id'));

/** An empty form field means "not given". */
export const optionalText = (max = 2000) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), text().trim().max(max).optional());
