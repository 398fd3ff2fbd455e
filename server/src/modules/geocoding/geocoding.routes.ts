import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  GEOCODE_RESULTS,
  GEOCODING_UNAVAILABLE,
  geocodeReverseQuerySchema,
  geocodeReverseResultSchema,
  geocodeSearchQuerySchema,
  geocodeSearchResultSchema,
} from '@shared/contracts/geocoding';
import { GeocodingUnavailable } from '../../integrations/geocoding';
import { HttpError } from '../../lib/http-errors';
import { rateLimitsOf } from '../../lib/rate-limits';
import { errorResponses } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { knownPlacesFor } from '../trucks/known-places';

const tags = ['geocoding'];
const errors = errorResponses(400, 401, 403, 429, 503);

/** The provider failed: 503 with a message saying what still works; the cause goes to the log. */
async function orUnavailable<T>(request: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof GeocodingUnavailable)) throw err;
    request.log.warn({ err }, 'geocoding unavailable');
    throw new HttpError(503, GEOCODING_UNAVAILABLE);
  }
}

/**
 * Address search and reverse lookup for the operators' place fields (ADR 0151): operators and
 * admins only (they are the ones who write places), limited per account, through the configured
 * geocoder — offline, the places this deployment already knows that the caller may read.
 */
export const geocodingRoutes: FastifyPluginAsyncZod = async (app) => {
  const geocoding = app.integrations.geocoding;
  const guard = requireUser('operator', 'admin');
  const rateLimit = {
    max: rateLimitsOf(app.config).geocodeRequestsPerUserPerMinute,
    timeWindow: '1 minute',
    groupId: 'geocode',
    keyGenerator: (request: FastifyRequest) => `geocode-user:${request.user?.id ?? request.ip}`,
  };

  app.get(
    '/api/geocode/search',
    {
      onRequest: guard,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'Places matching an address or a name, best first (operators)',
        querystring: geocodeSearchQuerySchema,
        response: { 200: geocodeSearchResultSchema, ...errors },
      },
    },
    async (request) => {
      const { q, lat, lng } = request.query;
      const near = lat !== undefined && lng !== undefined ? { latitude: lat, longitude: lng } : undefined;
      const known = knownPlacesFor(app.db, currentUser(request).id);
      return orUnavailable(request, () => geocoding.search(q, { near, limit: GEOCODE_RESULTS }, known));
    },
  );

  app.get(
    '/api/geocode/reverse',
    {
      onRequest: guard,
      config: { rateLimit },
      schema: {
        tags,
        summary: 'The address at a point, or null when none is known close enough (operators)',
        querystring: geocodeReverseQuerySchema,
        response: { 200: geocodeReverseResultSchema, ...errors },
      },
    },
    async (request) => {
      const { lat, lng } = request.query;
      const known = knownPlacesFor(app.db, currentUser(request).id);
      const place = await orUnavailable(request, () => geocoding.reverse({ latitude: lat, longitude: lng }, known));
      return { place };
    },
  );
};
