import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationPreferencesSchema,
  pushDeviceListSchema,
  pushDeviceSchema,
  pushPositionSchema,
  pushPublicKeySchema,
  pushSubscribeSchema,
} from '@shared/contracts/push';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  listDevices,
  readPreferences,
  removeDevice,
  subscribeDevice,
  updateDevicePosition,
  vapidKeys,
  writePreferences,
} from './push.service';

const tags = ['push'];

/**
 * Web Push devices and alert preferences (issue 29, ADR 0160). Customers only, each their own
 * devices: ownership is in every query's where clause (another customer's device is 404).
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = requireUser('customer');
  const config = app.config.push ?? {};

  app.get(
    '/api/push/public-key',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The server's VAPID public key: the browser's applicationServerKey",
        response: { 200: pushPublicKeySchema, ...errorResponses(401, 403) },
      },
    },
    async () => ({ publicKey: (await vapidKeys(app.db, config, app.integrations.push)).publicKey }),
  );

  app.get(
    '/api/push/subscriptions',
    {
      preHandler: guard,
      schema: { tags, summary: "The caller's devices with push alerts on", response: { 200: pushDeviceListSchema, ...errorResponses(401, 403) } },
    },
    async (request) => listDevices(app.db, currentUser(request)),
  );

  app.post(
    '/api/push/subscriptions',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Turns push alerts on for this device (its PushSubscription); again for the same endpoint refreshes it',
        body: pushSubscribeSchema,
        response: { 201: pushDeviceSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const device = await subscribeDevice(app.db, currentUser(request), request.body, request.headers['user-agent'], config);
      return reply.code(201).send(device);
    },
  );

  app.put(
    '/api/push/subscriptions/:id/position',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: "The device's position while the app is open (the opening alert's 2 km radius)",
        params: idParams,
        body: pushPositionSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await updateDevicePosition(app.db, currentUser(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/push/subscriptions/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Turns push alerts off for one of the caller\'s devices',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeDevice(app.db, currentUser(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/auth/user/notification-preferences',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Alerts per channel (push, SMS) and kind, and quiet hours',
        response: { 200: notificationPreferencesSchema, ...errorResponses(401, 403) },
      },
    },
    async (request) => readPreferences(app.db, currentUser(request)),
  );

  app.put(
    '/api/auth/user/notification-preferences',
    {
      preHandler: guard,
      schema: {
        tags,
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => writePreferences(app.db, currentUser(request), request.body),
  );
};
