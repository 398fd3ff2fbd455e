/** An error the client caused; the error handler turns it into `{ message, fieldErrors? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Headers the answer carries (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new HttpError(400, message, fieldErrors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const paymentRequired = (message = 'An active subscription is required. Subscribe at /subscribe.') =>
  new HttpError(402, message);
export const payloadTooLarge = (message: string) => new HttpError(413, message);

/** PostgreSQL error codes, read through Drizzle's wrapper (the driver error is its cause). */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'code' in e && typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
}
/**
 * PostgreSQL class 22 "data exception": a value the database cannot take — invalid byte sequence
 * (NUL), numeric out of range or underflow, invalid text representation, datetime overflow. Only
 * input causes these, so they are the caller's error (400), never a 500.
 */
export const isInputDataError = (err: unknown) => pgErrorCode(err)?.startsWith('22') ?? false;
export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';
export const pgConstraint = (err: unknown): string | undefined => {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e === 'object' && 'constraint' in e && typeof e.constraint === 'string') return e.constraint;
    e = typeof e === 'object' && 'cause' in e ? e.cause : undefined;
  }
  return undefined;
};
export const unsupportedMediaType = (message: string) => new HttpError(415, message);
export const gone = (message: string) => new HttpError(410, message);
/** Socket errors that mean the database could not be reached or the connection to it broke. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** node-postgres's own messages for a connection that failed, broke or timed out. */
const CONNECTION_ERROR_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * What a database that was dropped or re-created empty answers (issue 32: every call was a 500):
 * the database does not exist (3D000), or its schema or tables do not (3F000, 42P01). The app's
 * queries are typed against its schema, so a missing table means the schema is gone, not a bug.
 */
const MISSING_DATABASE_CODES = new Set(['3D000', '3F000', '42P01']);

/**
 * The database is unreachable or went away mid-query (restarted, network cut, pool timed out), or
 * it (or its schema) is missing: the request did not fail because of its input, and the same
 * request may work once the database is back (503). PostgreSQL classes 08 (connection exception)
 * and 57P (operator intervention: shutdown, restart).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    if (typeof e !== 'object') return false;
    const code = 'code' in e && typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_ERROR_CODES.has(code) || MISSING_DATABASE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
    if (e instanceof Error && CONNECTION_ERROR_MESSAGES.test(e.message)) return true;
    e = 'cause' in e ? e.cause : undefined;
  }
  return false;
}
