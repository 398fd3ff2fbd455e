/** The largest PostgreSQL `integer`: row ids and counts above it match no row. */
export const INT4_MAX = 2_147_483_647;

/** A positive id as a path writes it: decimal digits, no sign, no leading zero, at most ten. */
export const ID_TEXT = /^[1-9]\d{0,9}$/;

/**
 * The id in a path (`/trucks/12`, `?truck=12`), or null when it cannot be one: the rule of the API's
 * `idParam`, without zod, so the page's first script can use it.
 */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !ID_TEXT.test(raw)) return null;
  const id = Number(raw);
  return id <= INT4_MAX ? id : null;
}
