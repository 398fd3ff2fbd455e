/**
 * The app as `npm start` runs it, on a fresh database for this test run: a new PGlite folder, or a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set. Demo data is seeded either way.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildWebApp, prepareRuntime, startRuntimeWorkers } from '../server/src/bootstrap';
import { parseEnv } from '../server/src/env';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-e2e-'));
let databaseUrl: string | undefined;
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `ftf_e2e_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  process.once('SIGTERM', () => void app.close().then(drop).finally(() => process.exit(0)));
  process.once('SIGINT', () => void app.close().then(drop).finally(() => process.exit(0)));
}

const env = parseEnv({
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  DEMO_DATA: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  LOG_LEVEL: 'warn',
});
const runtime = await prepareRuntime(env, { clientDir: fileURLToPath(new URL('../dist/client', import.meta.url)) });
const app = await buildWebApp(runtime, { logger: { level: 'warn' } });
// As `npm start` (PROCESS_ROLE=all): the same process runs the background workers.
const workers = await startRuntimeWorkers(runtime, app.log);
app.addHook('preClose', () => workers.stop());
await app.listen({ port: env.PORT, host: env.HOST });
