import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appliedSchemaVersion, EXPECTED_SCHEMA_VERSION } from '../../db/schema-version';
import { z } from 'zod';
import { appConfigSchema } from '@shared/contracts/app-config';
import { DEMO_ACCOUNTS } from '../../db/seed';

export const healthResponseSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

export const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Liveness: the process is up and serving. It does not ask the database, so a database outage
   * does not get every process restarted (docs/deploy.md).
   */
  app.get('/api/health', { schema: { tags: ['meta'], response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  /** Readiness: send traffic here only while the database answers (503 otherwise). */
  app.get(
    '/api/ready',
    { schema: { tags: ['meta'], response: { 200: healthResponseSchema, 503: healthResponseSchema } } },
    async (_request, reply) => {
      // Ready only with the database answering *and* holding this code's schema: a database
      // re-created empty answers `select 1` but no request could work (issue 32).
      try {
        const applied = await appliedSchemaVersion(app.db);
        if (applied !== undefined && applied >= EXPECTED_SCHEMA_VERSION) return { status: 'ok' as const };
        app.log.warn({ applied, expected: EXPECTED_SCHEMA_VERSION }, 'readiness check: the database schema is not this version');
      } catch (err) {
        app.log.warn({ err }, 'readiness check: database did not answer');
      }
      return reply.status(503).header('retry-after', '5').send({ status: 'unavailable' as const });
    },
  );

  /** What the client needs to know about this installation: the demo hint, the payment mode and key. */
  app.get('/api/app-config', { schema: { tags: ['meta'], response: { 200: appConfigSchema } } }, async () => ({
    demoCredentials: app.config.demoData ? DEMO_ACCOUNTS : null,
    payments: { mode: app.integrations.payments.mode, publishableKey: app.integrations.payments.publishableKey },
  }));
};
