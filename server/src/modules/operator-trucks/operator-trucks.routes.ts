import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  foodTruckSchema,
  heartbeatSchema,
  locationUpdateSchema,
  openTruckSchema,
  truckCreateSchema,
  truckUpdateSchema,
  DATA_URL_BODY_LIMIT,
} from '@shared/contracts';
import { errorResponses, idOr404, idParams } from '../../lib/route-params';
import { rateLimitsOf } from '../../lib/rate-limits';
import { currentUser, requireUser } from '../../plugins/auth';
import { mediaResolverFor } from '../uploads/uploads.service';
import { sendTruckEventId, TRUCK_EVENT_ID_ROUTE } from '../trucks/truck-event-id';
import {
  closeTruck,
  createTruck,
  deleteTruck,
  heartbeat,
  listOperatorTrucks,
  openTruck,
  updateLocation,
  updateTruck,
} from './operator-trucks.service';

const errors = errorResponses(400, 401, 402, 403, 404, 413, 415);
const operatorParams = z.object({ operatorId: idOr404 });
const truckIdParams = z.object({ truckId: idOr404 });
const tags = ['operator trucks'];

/**
 * Operator truck management: create, edit, location, open/close, delete, and an operator's list.
 * Operators and admins only; operators reach only their own trucks (404 otherwise).
 */
export const operatorTrucksRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    media: mediaResolverFor(app),
    // Read on each call: tests learn the server's address only once it listens.
    get publicUrl() {
      return app.config.publicUrl;
    },
    openingsPerHour: rateLimitsOf(app.config).truckOpeningsPerOperatorPerHour,
    payments: app.integrations.payments,
  };
  const guard = requireUser('operator', 'admin');

  app.get(
    '/api/operators/:operatorId/food-trucks',
    {
      preHandler: guard,
      config: TRUCK_EVENT_ID_ROUTE,
      schema: { tags, params: operatorParams, response: { 200: z.array(foodTruckSchema), ...errors } },
    },
    async (request, reply) => {
      await sendTruckEventId(app.db, reply);
      return listOperatorTrucks(app.db, currentUser(request), request.params.operatorId);
    },
  );

  app.post(
    '/api/operators/:operatorId/food-trucks',
    {
      preHandler: guard,
      bodyLimit: DATA_URL_BODY_LIMIT,
      schema: {
        tags,
        params: operatorParams,
        body: truckCreateSchema,
        response: { 201: foodTruckSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await createTruck(deps, currentUser(request), request.body, request.params.operatorId)),
  );

  app.post(
    '/api/food-trucks',
    {
      preHandler: guard,
      bodyLimit: DATA_URL_BODY_LIMIT,
      schema: { tags, body: truckCreateSchema, response: { 201: foodTruckSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createTruck(deps, currentUser(request), request.body)),
  );

  app.patch(
    '/api/food-trucks/:truckId',
    {
      preHandler: guard,
      bodyLimit: DATA_URL_BODY_LIMIT,
      schema: {
        tags,
        params: truckIdParams,
        body: truckUpdateSchema,
        response: { 200: foodTruckSchema, ...errors },
      },
    },
    async (request) => updateTruck(deps, currentUser(request), request.params.truckId, request.body),
  );

  app.patch(
    '/api/food-trucks/:id/location',
    {
      preHandler: guard,
      schema: {
        tags,
        params: idParams,
        body: locationUpdateSchema,
        response: { 200: foodTruckSchema, ...errors },
      },
    },
    async (request) => updateLocation(deps, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/food-trucks/:id/open',
    {
      preHandler: guard,
      schema: {
        tags,
        params: idParams,
        body: openTruckSchema,
        response: { 200: foodTruckSchema, ...errors },
      },
    },
    async (request) => openTruck(deps, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/food-trucks/:id/heartbeat',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          "Keeps an open truck open: a device position at the truck's spot, or the operator's confirmation; never changes what diners see (409 when closed or elsewhere)",
        params: idParams,
        body: heartbeatSchema,
        response: { 200: foodTruckSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request) => heartbeat(deps, currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/food-trucks/:id/close',
    { preHandler: guard, schema: { tags, params: idParams, response: { 200: foodTruckSchema, ...errors } } },
    async (request) => closeTruck(deps, currentUser(request), request.params.id),
  );

  app.delete(
    '/api/food-trucks/:id',
    {
      preHandler: guard,
      schema: { tags, params: idParams, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await deleteTruck(deps, currentUser(request), request.params.id);
      return { message: 'Food truck deleted' };
    },
  );
};
