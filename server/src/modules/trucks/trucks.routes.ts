import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Diner-facing truck reads: /api/food-trucks/active, /api/food-trucks, /api/food-trucks/:id, /api/food-trucks/:id/menu. */
export const trucksRoutes: FastifyPluginAsyncZod = async () => {};
