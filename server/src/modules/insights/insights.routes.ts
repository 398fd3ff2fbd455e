import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  demandGridSchema,
  insightsPreferencesSchema,
  insightsQuerySchema,
  insightViewsSchema,
  truckInsightsSchema,
  type InsightPeriod,
} from '@shared/contracts/insights';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { errorResponses, idOr404, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { recordTruckInsight } from './insights-recording';
import { countMyVisits, demandGrid, insightsCsv, setCountMyVisits, truckInsights } from './insights.service';

const tags = ['insights'];
const operatorParams = z.object({ operatorId: idOr404 });

/**
 * Operator insights (issue 31, ADR 0164): the browser reports what diners saw (cards on screen,
 * the truck's page, its menu) — recorded off the request path like every insight event; the
 * truck's operator (or an admin) reads the daily series, their CSV and the demand grid; a customer
 * turns counting of their own visits off.
 */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const owners = requireUser('operator', 'admin');
  const defaultZone = app.config.defaultTimeZone ?? DEFAULT_TIME_ZONE;
  /** The truck's series (JSON and CSV), by the app's insights clock and the truck's zone. */
  const insightsOf = (request: FastifyRequest, truckId: number, days: InsightPeriod) =>
    truckInsights(app.db, currentUser(request), truckId, days, app.insightsClock(), defaultZone);

  app.post(
    '/api/insights/views',
    {
      schema: {
        tags,
        summary:
          'What a diner saw (cards on screen, a truck page, a menu); not counted with DNT or Sec-GPC, or for the truck’s own operator',
        body: insightViewsSchema,
        response: { 204: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // No database read: only diners are counted (never an operator, so never a truck's own), and
      // the rollup counts only trucks that exist.
      for (const view of request.body.views)
        recordTruckInsight(app, request, view.kind, { id: view.truckId, operatorId: null });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/food-trucks/:id/insights',
    {
      preHandler: owners,
      schema: {
        tags,
        summary:
          "The truck's insights per local day (its time zone) over 7, 30 or 90 days (its operator or an admin)",
        params: idParams,
        querystring: insightsQuerySchema,
        response: { 200: truckInsightsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => insightsOf(request, request.params.id, request.query.days),
  );

  app.get(
    '/api/food-trucks/:id/insights.csv',
    {
      preHandler: owners,
      schema: {
        tags,
        summary: 'The same insights as CSV: one row per day, one column per series',
        params: idParams,
        querystring: insightsQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const insights = await insightsOf(request, request.params.id, request.query.days);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="truck-${insights.truckId}-insights-${insights.days}d.csv"`,
        )
        .send(insightsCsv(insights));
    },
  );

  app.get(
    '/api/operators/:operatorId/insights/demand',
    {
      preHandler: owners,
      schema: {
        tags,
        summary:
          'Distinct diners per ~500 m cell near the operator’s usual places; only cells with at least 10',
        params: operatorParams,
        querystring: insightsQuerySchema,
        response: { 200: demandGridSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      demandGrid(
        app.db,
        currentUser(request),
        request.params.operatorId,
        request.query.days,
        app.insightsClock(),
      ),
  );

  app.get(
    '/api/auth/user/insights-preferences',
    {
      preHandler: requireUser('customer'),
      schema: {
        tags,
        summary: "Whether the caller's visits are counted in operators' insights",
        response: { 200: insightsPreferencesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ countMyVisits: await countMyVisits(app.db, currentUser(request).id) }),
  );

  app.put(
    '/api/auth/user/insights-preferences',
    {
      preHandler: requireUser('customer'),
      schema: {
        tags,
        summary: "Don't count my visits: turns counting of the caller's visits off (or on again)",
        body: insightsPreferencesSchema,
        response: { 200: insightsPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      countMyVisits: await setCountMyVisits(app.db, currentUser(request).id, request.body.countMyVisits),
    }),
  );
};
