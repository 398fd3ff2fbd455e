import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  menuItemCreateSchema,
  menuItemImageSchema,
  menuItemSchema,
  menuItemUpdateSchema,
  DATA_URL_BODY_LIMIT,
} from '@shared/contracts';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { mediaResolverFor } from '../uploads/uploads.service';
import { createMenuItem, deleteMenuItem, setMenuItemImage, updateMenuItem } from './menu-items.service';

const errors = errorResponses(400, 401, 403, 404, 413, 415);
const tags = ['menu items'];

/** Menu items: /api/menu-items. The operator of the item's truck, or an admin; others get 404/403/401. */
export const menuItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, media: mediaResolverFor(app), defaultTimeZone: app.config.defaultTimeZone ?? DEFAULT_TIME_ZONE };
  const guard = requireUser('operator', 'admin');

  app.post(
    '/api/menu-items',
    {
      preHandler: guard,
      bodyLimit: DATA_URL_BODY_LIMIT,
      schema: { tags, body: menuItemCreateSchema, response: { 201: menuItemSchema, ...errors } },
    },
    async (request, reply) =>
      reply.status(201).send(await createMenuItem(deps, currentUser(request), request.body)),
  );

  app.put(
    '/api/menu-items/:id',
    {
      preHandler: guard,
      bodyLimit: DATA_URL_BODY_LIMIT,
      schema: {
        tags,
        params: idParams,
        body: menuItemUpdateSchema,
        response: { 200: menuItemSchema, ...errors },
      },
    },
    async (request) => updateMenuItem(deps, currentUser(request), request.params.id, request.body),
  );

  app.put(
    '/api/menu-items/:id/image',
    {
      preHandler: guard,
      bodyLimit: DATA_URL_BODY_LIMIT,
      schema: {
        tags,
        params: idParams,
        body: menuItemImageSchema,
        response: { 200: menuItemSchema, ...errors },
      },
    },
    async (request) => setMenuItemImage(deps, currentUser(request), request.params.id, request.body.imageURL),
  );

  app.delete(
    '/api/menu-items/:id',
    {
      preHandler: guard,
      schema: { tags, params: idParams, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      await deleteMenuItem(app.db, currentUser(request), request.params.id);
      return { message: 'Menu item deleted' };
    },
  );
};
