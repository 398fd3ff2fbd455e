import { fileURLToPath } from 'node:url';
import { bootstrap } from './bootstrap';
import { EnvError, parseEnv } from './env';

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (err) {
    if (err instanceof EnvError) {
      for (const line of err.lines) console.error(line);
      process.exit(1);
    }
    throw err;
  }
  const app = await bootstrap(env, {
    clientDir: fileURLToPath(new URL('../../dist/client', import.meta.url)),
    logger:
      env.NODE_ENV === 'production'
        ? { level: env.LOG_LEVEL }
        : { level: env.LOG_LEVEL, transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } },
  });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err: unknown) => {
  // A configuration problem found at start-up (e.g. ADMIN_USERNAME names a customer): its lines only.
  if (err instanceof EnvError) for (const line of err.lines) console.error(line);
  else console.error(err);
  process.exit(1);
});
