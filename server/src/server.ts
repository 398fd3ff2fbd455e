import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildWebApp, prepareRuntime, startRuntimeWorkers, startWebWorkers } from './bootstrap';
import { EnvError, parseEnv, stripeConfig, type Env } from './env';
import type { RunningWorkers } from './workers';

function loggerOptions(env: Env) {
  return env.NODE_ENV === 'production'
    ? { level: env.LOG_LEVEL }
    : { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } };
}

/** How long a SIGTERM may take (requests in flight, the workers' batch) before the process exits 1. */
const SHUTDOWN_TIMEOUT_MS = 20_000;

/**
 * One process of the app. PROCESS_ROLE decides what it runs: `web` serves HTTP (API, event streams,
 * the built client), `worker` runs the background workers (workers/index.ts), `all` (default) both.
 * Any number of each can share one PostgreSQL; workers coordinate through advisory locks.
 */
async function main() {
  let env: Env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      for (const line of err.lines) console.error(line);
      process.exit(1);
    }
    throw err;
  }
  const runtime = await prepareRuntime(env, {
    clientDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
  });
  const role = env.PROCESS_ROLE;
  const app =
    role === 'worker' ? undefined : await buildWebApp(runtime, { logger: loggerOptions(env), keepDatabaseOpen: true });
  const log = app?.log ?? pino(loggerOptions(env));
  if (env.NODE_ENV === 'production' && !stripeConfig(env)) {
    log.warn('PAYMENTS ARE IN TEST MODE (PAYMENTS_TEST_MODE=1): anyone can subscribe with a Stripe test card; no money moves');
  }
  const workers: RunningWorkers | undefined =
    role === 'web' ? undefined : await startRuntimeWorkers(runtime, log);
  // Every web process writes its own insight events (issue 31).
  const webWorkers: RunningWorkers | undefined = app ? await startWebWorkers(runtime, app) : undefined;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error({ afterMs: SHUTDOWN_TIMEOUT_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS).unref();
    // Both at once: the HTTP side stops accepting connections, ends event streams with a retry
    // hint (browsers reconnect to another process) and finishes the requests in flight (new ones
    // on kept-alive connections get 503, which nginx retries elsewhere); the workers finish the
    // batch in hand. The database closes after both.
    await Promise.all([workers?.stop(), webWorkers?.stop().then(() => app?.close())]);
    await runtime.database.close();
    clearTimeout(timer);
    log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  if (app) await app.listen({ port: env.PORT, host: env.HOST });
  log.info({ role, workers: workers ? 'started' : 'off' }, 'process ready');
}

main().catch((err: unknown) => {
  // A configuration problem found at start-up (e.g. ADMIN_USERNAME names a customer): its lines only.
  if (err instanceof EnvError) for (const line of err.lines) console.error(line);
  else console.error(err);
  process.exit(1);
});
