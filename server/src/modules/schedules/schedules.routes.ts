import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EXAMPLE_SCHEDULE } from '../trucks/public-api-examples';
import { z } from 'zod';
import { DEFAULT_RADIUS_MILES } from '@shared/constants';
import {
  DEFAULT_TIME_ZONE,
  scheduledTrucksQuerySchema,
  scheduledTruckSchema,
  upcomingStopsSchema,
  localDate,
  occurrencesSchema,
  scheduleQuerySchema,
  scheduleStopSchema,
  stopExceptionSchema,
  stopInputSchema,
  takeStopPlaceSchema,
  timeZoneUpdateSchema,
  truckScheduleSchema,
} from '@shared/contracts/schedules';
import { foodTruckSchema } from '@shared/contracts/trucks';
import { errorResponses, idOr404, idParams } from '../../lib/route-params';
import { rateLimitsOf } from '../../lib/rate-limits';
import { currentUser, requireUser } from '../../plugins/auth';
import type { TruckStateDeps } from '../operator-trucks/operator-trucks.service';
import {
  CALENDAR_TYPE,
  favoritesCalendar,
  readFavoritesFeed,
  renewFavoritesFeed,
  revokeFavoritesFeed,
  truckCalendar,
  type CalendarDeps,
} from './calendar-feeds';
import type { ScheduleDeps } from './schedule.repository';
import {
  addException,
  addStop,
  deleteStop,
  readSchedule,
  removeException,
  setTimeZone,
  takeStopPlace,
  updateStop,
} from './schedule-edits.service';
import { truckOccurrences, trucksScheduledAt, upcomingStops } from './schedule-reads.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const stopParams = z.object({ id: idOr404, stopId: idOr404 });
/** A malformed date in a path names no exception: 404, like a malformed id. */
const exceptionParams = stopParams.extend({ date: localDate().catch('') });
const tags = ['schedules'];
const feedUrlSchema = z.object({ url: z.string() });
/** A text/calendar body (sent as it is: Fastify serialises only JSON answers). */
const icsSchema = z.string().describe('text/calendar (RFC 5545)');

/**
 * Truck schedules (ADR 0100): the operator's stops (owner or admin; like editing a truck, no
 * subscription needed) and the diners' expanded occurrences (anyone who may see the truck).
 */
export const schedulesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ScheduleDeps & CalendarDeps & TruckStateDeps = {
    db: app.db,
    defaultTimeZone: app.config.defaultTimeZone ?? DEFAULT_TIME_ZONE,
    // Read on each call: tests learn the server's address only once it listens.
    get publicUrl() {
      return app.config.publicUrl;
    },
    openingsPerHour: rateLimitsOf(app.config).truckOpeningsPerOperatorPerHour,
  };
  const guard = requireUser('operator', 'admin');
  const stopsPath = '/api/food-trucks/:id/schedule/stops';

  app.get(
    '/api/food-trucks/:id/schedule',
    {
      schema: {
        tags,
        summary: 'The stops of a truck between from and to (default: the next 7 days), in start order',
        params: idParams,
        querystring: scheduleQuerySchema,
        response: {
          200: occurrencesSchema.meta({ examples: [EXAMPLE_SCHEDULE] }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (request) => truckOccurrences(deps, request.user, request.params.id, request.query),
  );

  app.get(
    '/api/food-trucks/upcoming-stops',
    {
      schema: {
        tags,
        summary: "Each listed truck's stop under way and next stop (the truck list's visibility)",
        response: { 200: upcomingStopsSchema },
      },
    },
    async (request) => upcomingStops(deps, request.user),
  );

  app.get(
    '/api/food-trucks/scheduled',
    {
      schema: {
        tags,
        summary:
          'Where trucks will be at a time: each placed at its stop then, within radiusMiles of lat/lng',
        querystring: scheduledTrucksQuerySchema,
        response: { 200: z.array(scheduledTruckSchema), ...errorResponses(400) },
      },
    },
    async (request) => {
      const { at, lat, lng, radiusMiles } = request.query;
      const position =
        lat !== undefined && lng !== undefined
          ? { lat, lng, radiusMiles: radiusMiles ?? DEFAULT_RADIUS_MILES }
          : undefined;
      return trucksScheduledAt(deps, request.user, new Date(at), position);
    },
  );

  // Calendar feeds (.ics) that Google Calendar and Apple Calendar can subscribe to.
  app.get(
    '/api/food-trucks/:id/calendar.ics',
    {
      schema: {
        tags,
        summary: "A truck's stops as an iCalendar feed (past week and next eight weeks)",
        params: idParams,
        response: { 200: icsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) =>
      reply.type(CALENDAR_TYPE).send(await truckCalendar(deps, request.user, request.params.id)),
  );

  const feedSchema = { tags, response: { 200: feedUrlSchema, ...errorResponses(401, 404) } };
  app.get(
    '/api/favorites/calendar-feed',
    { preHandler: requireUser(), schema: feedSchema },
    async (request) => readFavoritesFeed(deps, currentUser(request)),
  );
  app.post(
    '/api/favorites/calendar-feed',
    {
      preHandler: requireUser(),
      schema: { ...feedSchema, summary: 'A new secret feed address (the old one stops working)' },
    },
    async (request) => renewFavoritesFeed(deps, currentUser(request)),
  );
  app.delete(
    '/api/favorites/calendar-feed',
    {
      preHandler: requireUser(),
      schema: { tags, response: { 200: z.object({ message: z.string() }), ...errorResponses(401) } },
    },
    async (request) => {
      await revokeFavoritesFeed(app.db, currentUser(request));
      return { message: 'Calendar feed revoked' };
    },
  );
  app.get(
    '/api/calendar/favorites/:file',
    {
      schema: {
        tags,
        summary: "A customer's favorites' stops behind their secret, revocable address",
        params: z.object({ file: z.string() }),
        response: { 200: icsSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const token = /^([A-Za-z0-9_-]{32})\.ics$/.exec(request.params.file)?.[1] ?? '';
      return reply.type(CALENDAR_TYPE).send(await favoritesCalendar(deps, token));
    },
  );

  app.get(
    stopsPath,
    {
      preHandler: guard,
      schema: { tags, params: idParams, response: { 200: truckScheduleSchema, ...errors } },
    },
    async (request) => readSchedule(deps, currentUser(request), request.params.id),
  );

  app.post(
    stopsPath,
    {
      preHandler: guard,
      schema: {
        tags,
        params: idParams,
        body: stopInputSchema,
        response: { 201: scheduleStopSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await addStop(deps, currentUser(request), request.params.id, request.body)),
  );

  app.put(
    `${stopsPath}/:stopId`,
    {
      preHandler: guard,
      schema: {
        tags,
        params: stopParams,
        body: stopInputSchema,
        response: { 200: scheduleStopSchema, ...errors },
      },
    },
    async (request) => updateStop(deps, currentUser(request), request.params, request.body),
  );

  app.delete(
    `${stopsPath}/:stopId`,
    {
      preHandler: guard,
      schema: { tags, params: stopParams, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await deleteStop(deps, currentUser(request), request.params);
      return { message: 'Stop deleted' };
    },
  );

  app.post(
    `${stopsPath}/:stopId/exceptions`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary: '"Not this date" for a weekly stop',
        params: stopParams,
        body: stopExceptionSchema,
        response: { 200: scheduleStopSchema, ...errors },
      },
    },
    async (request) => addException(deps, currentUser(request), request.params, request.body.date),
  );

  app.delete(
    `${stopsPath}/:stopId/exceptions/:date`,
    {
      preHandler: guard,
      schema: { tags, params: exceptionParams, response: { 200: scheduleStopSchema, ...errors } },
    },
    async (request) => removeException(deps, currentUser(request), request.params, request.params.date),
  );

  app.post(
    `${stopsPath}/:stopId/take-place`,
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "The truck takes the stop's place and address while the stop is under way (409 otherwise); open: true also opens it",
        params: stopParams,
        body: takeStopPlaceSchema,
        response: { 200: foodTruckSchema, ...errors, ...errorResponses(402) },
      },
    },
    async (request) => takeStopPlace(deps, currentUser(request), request.params, request.body),
  );

  app.put(
    '/api/food-trucks/:id/schedule/time-zone',
    {
      preHandler: guard,
      schema: {
        tags,
        params: idParams,
        body: timeZoneUpdateSchema,
        response: { 200: truckScheduleSchema, ...errors },
      },
    },
    async (request) => setTimeZone(deps, currentUser(request), request.params.id, request.body.timeZone),
  );
};
