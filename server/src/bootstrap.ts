import path from 'node:path';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import { buildApp, type AppConfig } from './app';
import { DataDirInUse, openDatabase, type DatabaseHandle } from './db/client';
import { isEmpty, seedDemoData, seedDemoLandmarks } from './db/seed';
import { EnvError, geocodingConfig, pushConfig, resolveJwtSecret, s3Config, speechConfig, stripeConfig, twilioConfig, type Env } from './env';
import { createIntegrations, type Integrations } from './integrations';
import { AdminNameTaken, upsertAdmin } from './modules/auth/auth.service';
import { insightsFlush, startWorkers, WORKERS, type RunningWorkers } from './workers';

/** What every process of the app shares: the database, the integrations and the settings. */
export interface Runtime {
  database: DatabaseHandle;
  integrations: Integrations;
  config: AppConfig;
}

/**
 * The database the configuration names (PostgreSQL with DATABASE_URL, else the embedded one under
 * DATA_DIR), migrated. Used by the server and the npm scripts.
 */
export async function openEnvDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  return openDatabase(
    env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(path.resolve(env.DATA_DIR), 'pglite') },
  ).catch((err: unknown) => {
    // A second process on the same DATA_DIR: one clear line, not a stack trace.
    throw err instanceof DataDirInUse ? new EnvError([err.message], { cause: err }) : err;
  });
}

/**
 * Opens the database (migrating it), builds the integrations from configuration (the real provider
 * where configured, else the offline one), seeds demo data and creates the configured admin.
 */
export async function prepareRuntime(env: Env, options: { clientDir?: string } = {}): Promise<Runtime> {
  const dataDir = path.resolve(env.DATA_DIR);
  const database = await openEnvDatabase(env);
  const integrations = createIntegrations({
    dataDir,
    s3: s3Config(env),
    speech: speechConfig(env),
    stripe: stripeConfig(env),
    twilio: twilioConfig(env),
    geocoding: geocodingConfig(env),
  });
  const demoData = env.DEMO_DATA ?? database.kind === 'pglite';
  if (demoData && (await isEmpty(database.db))) {
    await seedDemoData(database.db, { storage: integrations.storage, payoutsConnected: integrations.payments.mode === 'test' });
  } else if (demoData) {
    // A demo database seeded before landmarks were data (ADR 0161) gets the demo city's.
    await seedDemoLandmarks(database.db);
  }
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    try {
      await upsertAdmin(database.db, {
        username: env.ADMIN_USERNAME,
        password: env.ADMIN_PASSWORD,
        phone: env.ADMIN_PHONE,
      });
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
    defaultTimeZone: env.DEFAULT_TIMEZONE,
    autoCloseHours: env.AUTO_CLOSE_HOURS,
    orderPlatformFeeBps: env.ORDER_PLATFORM_FEE_BPS,
    stopEndGraceMinutes: env.STOP_END_GRACE_MINUTES,
    trustProxy: env.TRUST_PROXY ?? false,
    push: pushConfig(env),
    clientDir: options.clientDir,
    serverRender: env.SERVER_RENDER ?? 'public-screens',
    voice: {
      ratePerMinute: env.VOICE_RATE_LIMIT_PER_MINUTE,
      freeUsesPerAddress: env.VOICE_FREE_USES_PER_ADDRESS,
      freeAttemptsPerAddress: env.VOICE_FREE_ATTEMPTS_PER_ADDRESS,
    },
    rateLimits: {
      signInFailuresPerAccount: env.SIGN_IN_FAILURES_PER_ACCOUNT,
      signInFailuresPerAddress: env.SIGN_IN_FAILURES_PER_ADDRESS,
      signupsPerAddressPerHour: env.SIGNUPS_PER_ADDRESS_PER_HOUR,
      truckOpeningsPerOperatorPerHour: env.TRUCK_OPENINGS_PER_HOUR,
      freeVoicePerDay: env.FREE_VOICE_QUESTIONS_PER_DAY,
      uploadUrlsPerUserPerHour: env.UPLOAD_URLS_PER_HOUR,
      publicReadsPerAddressPerMinute: env.PUBLIC_READS_PER_ADDRESS_PER_MINUTE,
      eventStreamsPerAddress: env.EVENT_STREAMS_PER_ADDRESS,
      eventStreamsPerAccount: env.EVENT_STREAMS_PER_ACCOUNT,
      geocodeRequestsPerUserPerMinute: env.GEOCODE_REQUESTS_PER_MINUTE,
    },
  };
  return { database, integrations, config };
}

/**
 * The web app on a runtime; closing the app closes the database unless `keepDatabaseOpen` (the
 * server closes it itself once its workers have stopped too).
 */
export async function buildWebApp(
  runtime: Runtime,
  options: { logger?: FastifyServerOptions['logger']; keepDatabaseOpen?: boolean } = {},
) {
  const app = await buildApp({ ...runtime, logger: options.logger });
  if (!options.keepDatabaseOpen) app.addHook('onClose', () => runtime.database.close());
  return app;
}

/** Starts every background worker (workers/index.ts) on a runtime. */
export function startRuntimeWorkers(runtime: Runtime, log: FastifyBaseLogger): Promise<RunningWorkers> {
  return startWorkers({ db: runtime.database.db, ...runtime, log }, WORKERS);
}

/**
 * The work a process that serves HTTP does for itself: writing its own insight events (issue 31).
 * Started beside the app by every web process (PROCESS_ROLE web or all).
 */
export function startWebWorkers(runtime: Runtime, app: Awaited<ReturnType<typeof buildWebApp>>): Promise<RunningWorkers> {
  return startWorkers({ db: runtime.database.db, ...runtime, log: app.log }, [insightsFlush(app.insights)]);
}

/** Opens the database, migrates, seeds and builds the app, as `npm start` does (without workers). */
export async function bootstrap(
  env: Env,
  options: { clientDir?: string; logger?: FastifyServerOptions['logger'] } = {},
) {
  return buildWebApp(await prepareRuntime(env, options), options);
}
