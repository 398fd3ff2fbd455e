import { z } from 'zod';
import { errorResponseSchema, idParam } from '@shared/contracts';

/**
 * A path id that answers 404 (not 400) when malformed: `/api/food-trucks/abc` names no truck.
 * Malformed values become 0, which matches no row.
 */
export const idOr404 = idParam.catch(0);

export const idParams = z.object({ id: idOr404 });

/** A number that can be a row id (PostgreSQL integer); larger ids in a body match no row. */
export const isRowId = (n: number) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647;

/** A route's error responses: `{ message, fieldErrors? }` under each status, e.g. errorResponses(400, 404). */
export function errorResponses<const S extends number>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
}
