import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Uploads: /api/objects/upload and the objects served at /objects/:id. */
export const uploadsRoutes: FastifyPluginAsyncZod = async () => {};
