import type { FastifyReply, FastifySchema, RouteOptions } from 'fastify';
import { TRUCK_EVENT_ID_HEADER } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import { lastTruckEventId } from './truck-events';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's answers carry Truck-Event-Id (documented in OpenAPI by documentTruckEventId). */
    truckEventId?: boolean;
  }
}

/**
 * The Truck-Event-Id header (ADR 0139): every answer a screen keeps live from the event stream
 * says which truck events it includes, and the screen's first stream opens from there, so a change
 * made between the list and the stream is replayed rather than lost.
 */
export function truckEventIdHeaders(eventId: number): Record<string, string> {
  return { [TRUCK_EVENT_ID_HEADER]: String(eventId) };
}

/**
 * Sets Truck-Event-Id on an answer read from the database: call it BEFORE reading the data, so
 * the data holds every event up to the id (lastTruckEventId says why).
 */
export async function sendTruckEventId(db: DbOrTx, reply: FastifyReply): Promise<void> {
  reply.headers(truckEventIdHeaders(await lastTruckEventId(db)));
}

/** Route config of a route whose answers carry Truck-Event-Id. */
export const TRUCK_EVENT_ID_ROUTE = { truckEventId: true } as const;

const HEADER_DOC = {
  [TRUCK_EVENT_ID_HEADER]: {
    type: 'string',
    pattern: '^[0-9]+$',
    description:
      'The id of the last truck event this answer includes (every event up to it is in the data; 0: none yet). ' +
      'Open GET /api/events with ?lastEventId=<the smallest id of the lists on screen> to receive every later change.',
  },
};

/**
 * OpenAPI: adds the Truck-Event-Id header to the 2xx and 304 answers of the routes marked with
 * TRUCK_EVENT_ID_ROUTE (wraps the zod schema transform in buildApp).
 */
export function documentTruckEventId(
  transformed: { schema: FastifySchema; url: string },
  route: Pick<RouteOptions, 'config'>,
): { schema: FastifySchema; url: string } {
  const config = route.config as { truckEventId?: boolean } | undefined;
  const response = transformed.schema?.response as Record<string, Record<string, unknown>> | undefined;
  if (!config?.truckEventId || !response) return transformed;
  for (const [status, schema] of Object.entries(response)) {
    if (/^2\d\d$|^304$/.test(status)) response[status] = { ...schema, headers: HEADER_DOC };
  }
  return transformed;
}
