import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Server-Sent Events of truck changes: /api/events. */
export const eventsRoutes: FastifyPluginAsyncZod = async () => {};
