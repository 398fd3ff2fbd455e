import path from 'node:path';
import type { FastifyServerOptions } from 'fastify';
import { buildApp, type AppConfig } from './app';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createStorage } from './integrations/storage';
import { isEmpty, seedDemoData } from './db/seed';
import { EnvError, resolveJwtSecret, s3Config, type Env } from './env';
import { AdminNameTaken, upsertAdmin } from './modules/auth/auth.service';

/** Opens the database, migrates, seeds and builds the app, as `npm start` does. */
export async function bootstrap(env: Env, options: { clientDir?: string; logger?: FastifyServerOptions['logger'] } = {}) {
  const dataDir = path.resolve(env.DATA_DIR);
  const database: DatabaseHandle = await openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'pglite') },
  );
  const demoData = env.DEMO_DATA ?? database.kind === 'pglite';
  if (demoData && (await isEmpty(database.db))) {
    await seedDemoData(database.db, { storage: createStorage({ dataDir, s3: s3Config(env) }) });
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    try {
      await upsertAdmin(database.db, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, phone: env.ADMIN_PHONE });
    } catch (err) {
      // Never promote an existing customer or operator: refuse to start, with one clear line.
      await database.close();
      throw err instanceof AdminNameTaken ? new EnvError([err.message]) : err;
    }
  }
  const config: AppConfig = {
    nodeEnv: env.NODE_ENV,
    dataDir,
    jwtSecret: resolveJwtSecret({ ...env, DATA_DIR: dataDir }),
    demoData,
    adminUsername: env.ADMIN_USERNAME,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    authRateLimitPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
    trustProxy: env.TRUST_PROXY ?? false,
    clientDir: options.clientDir,
    s3: s3Config(env),
  };
  const app = await buildApp({ database, config, logger: options.logger });
  app.addHook('onClose', () => database.close());
  return app;
}
