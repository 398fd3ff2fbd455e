import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Menu items: /api/menu-items. */
export const menuItemsRoutes: FastifyPluginAsyncZod = async () => {};
