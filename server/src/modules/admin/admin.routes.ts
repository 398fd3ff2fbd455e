import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDeleteResponseSchema,
  adminListQuerySchema,
  adminOperatorSchema,
  adminStatsSchema,
  adminSubscriptionResponseSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  auditEntrySchema,
  auditLogQuerySchema,
  messagesQuerySchema,
  outboxMessageSchema,
  pageSchema,
} from '@shared/contracts';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import {
  adminStats,
  changeSubscription,
  deleteAccount,
  listCustomers,
  listOperators,
  updateAccount,
  type AdminDeps,
  type ManagedRole,
} from './admin-accounts.service';
import { listMessages } from './admin-messages';
import { listAuditLog } from './audit-log';

const errors = errorResponses(400, 401, 403, 404, 409, 502);
const tags = ['admin'];

/**
 * The admin panel's API (spec sections 2 and 7, issue 10). Admins only: 401 without a valid token,
 * 403 for every other role — the server guards every call whatever the client does.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requireUser('admin');
  const deps: AdminDeps = {
    db: app.db,
    integrations: app.integrations,
    adminUsername: app.config.adminUsername,
    log: app.log,
    // Read on each call: tests learn the server's address only once it listens.
    get publicUrl() {
      return app.config.publicUrl;
    },
  };

  app.get(
    '/api/admin/stats',
    { preHandler, schema: { tags, response: { 200: adminStatsSchema, ...errors } } },
    async () => adminStats(app.db),
  );

  app.get(
    '/api/admin/customers',
    {
      preHandler,
      schema: {
        tags,
        querystring: adminListQuerySchema,
        response: { 200: pageSchema(adminUserSchema), ...errors },
      },
    },
    async (request) => listCustomers(app.db, request.query),
  );

  app.get(
    '/api/admin/operators',
    {
      preHandler,
      schema: {
        tags,
        querystring: adminListQuerySchema,
        response: { 200: pageSchema(adminOperatorSchema), ...errors },
      },
    },
    async (request) => listOperators(app.db, request.query),
  );

  for (const [path, role] of [
    ['/api/admin/customers/:id', 'customer'],
    ['/api/admin/operators/:id', 'operator'],
  ] as const satisfies readonly (readonly [string, ManagedRole])[]) {
    app.patch(
      path,
      {
        preHandler,
        schema: {
          tags,
          params: idParams,
          body: adminUserUpdateSchema,
          response: { 200: adminUserSchema, ...errors },
        },
      },
      async (request) => updateAccount(deps, currentUser(request), role, request.params.id, request.body),
    );

    app.delete(
      path,
      {
        preHandler,
        schema: { tags, params: idParams, response: { 200: adminDeleteResponseSchema, ...errors } },
      },
      async (request) => deleteAccount(deps, currentUser(request), role, request.params.id),
    );
  }

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/api/admin/operators/:id/subscription/${action}`,
      {
        preHandler,
        schema: { tags, params: idParams, response: { 200: adminSubscriptionResponseSchema, ...errors } },
      },
      async (request) => changeSubscription(deps, currentUser(request), request.params.id, action),
    );
  }

  app.get(
    '/api/admin/audit-log',
    {
      preHandler,
      schema: {
        tags,
        querystring: auditLogQuerySchema,
        response: { 200: pageSchema(auditEntrySchema), ...errors },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );

  app.get(
    '/api/admin/messages',
    {
      preHandler,
      schema: {
        tags,
        querystring: messagesQuerySchema,
        response: { 200: pageSchema(outboxMessageSchema), ...errors },
      },
    },
    async (request) => listMessages(app.db, request.query),
  );
};
