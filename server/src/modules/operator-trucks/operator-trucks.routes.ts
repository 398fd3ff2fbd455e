import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Operator truck management: create, edit, location, open/close, delete. */
export const operatorTrucksRoutes: FastifyPluginAsyncZod = async () => {};
