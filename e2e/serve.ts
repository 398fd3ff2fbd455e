/**
 * The app as `npm start` runs it, on a fresh database for this test run: a new PGlite folder, or a
 * throwaway PostgreSQL database when TEST_DATABASE_URL is set. Demo data is seeded either way.
 */
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWebApp, prepareRuntime, startRuntimeWorkers, startWebWorkers } from '../server/src/bootstrap';
import { operatorSubscriptions } from '../server/src/db/schema';
import { parseEnv } from '../server/src/env';
import { adminQuery, databaseUrl as urlOfDatabase } from '../server/src/test/database';
import { ACTIVE_SUBSCRIPTION_STATUS } from '../server/src/modules/subscriptions/subscriptions.service';
import { embedSnippet } from '@shared/utils/embed';
import { fixturesPort } from './ports';

const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-e2e-'));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
const adminUrl = process.env.TEST_DATABASE_URL;
if (adminUrl) {
  const name = `ftf_e2e_${Date.now()}`;
  await adminQuery(adminUrl, `create database ${name}`);
  databaseUrl = urlOfDatabase(adminUrl, name);
  dropDatabase = () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

const env = parseEnv({
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: `http://127.0.0.1:${process.env.PORT ?? 5000}`,
  DEMO_DATA: 'true',
  // The admin account of e2e/admin.spec.ts (admins come only from ADMIN_* or admin:create).
  ADMIN_USERNAME: 'e2e_admin',
  ADMIN_PASSWORD: 'e2e-admin-password',
  AUTH_RATE_LIMIT_PER_MINUTE: '10000',
  // Specs sign up their own accounts and open their own trucks, all from 127.0.0.1 (ADR 0110).
  SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
  SIGN_IN_FAILURES_PER_ADDRESS: '100000',
  TRUCK_OPENINGS_PER_HOUR: '100000',
  UPLOAD_URLS_PER_HOUR: '100000',
  PUBLIC_READS_PER_ADDRESS_PER_MINUTE: '1000000',
  EVENT_STREAMS_PER_ADDRESS: '1000000',
  // Every spec's visitor asks from 127.0.0.1: the per-address guards (ADR 0154) would let the first
  // specs' questions use up the address's share and leave voice.spec's fresh visitor refused.
  VOICE_FREE_USES_PER_ADDRESS: '100000',
  VOICE_FREE_ATTEMPTS_PER_ADDRESS: '100000',
  VOICE_RATE_LIMIT_PER_MINUTE: '10000',
  // The push spec's local push service listens on 127.0.0.1 over http (ADR 0160).
  PUSH_ALLOW_LOCAL_ENDPOINTS: 'true',
  LOG_LEVEL: 'warn',
});
const runtime = await prepareRuntime(env, {
  clientDir: fileURLToPath(new URL('../dist/client', import.meta.url)),
});
const app = await buildWebApp(runtime, { logger: { level: 'warn' } });
// As `npm start` (PROCESS_ROLE=all): the same process runs the background workers.
const workers = await startRuntimeWorkers(runtime, app.log);
const webWorkers = await startWebWorkers(runtime, app);
app.addHook('preClose', () => Promise.all([workers.stop(), webWorkers.stop()]).then(() => undefined));
await app.listen({ port: env.PORT, host: env.HOST });

// Playwright ends the run with SIGTERM: close the app and drop the throwaway database. A server that
// goes away any other way says how on stderr (Playwright shows it as [WebServer]): a CI run once
// found nothing listening for the last test, with no word from the server.
// The signal may come twice (to the process group, and forwarded by e2e/supervise.ts): close once.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    console.error(`e2e server: ${signal}, closing`);
    void app
      .close()
      .then(dropDatabase)
      .finally(() => process.exit(0));
  });
}
process.on('SIGHUP', () => console.error('e2e server: SIGHUP (ignored)'));
process.on('exit', (code) => console.error(`e2e server: exit ${code}`));

/**
 * Test fixtures the public API cannot create yet, on a separate loopback port that only this e2e
 * process opens (never part of the app): `POST /operators/:id/subscription` gives a freshly
 * registered operator an active subscription, so each spec can own a subscribed operator and its
 * trucks instead of changing the demo operator's; `GET /embed-host/:truckId` is a page of another
 * origin that frames the truck's embed card.
 */
const fixtures = createServer((req, res) => {
  // Another origin's web page framing a truck's embed card (issue 14: operators' own websites).
  const host = req.method === 'GET' ? /^\/embed-host\/(\d+)$/.exec(req.url ?? '') : null;
  if (host) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html lang="en"><head><title>An operator's website</title></head><body><main><h1>Our truck</h1>` +
        // The snippet the edit screen gives operators, as they paste it.
        embedSnippet(env.PUBLIC_URL ?? `http://127.0.0.1:${env.PORT}`, { id: Number(host[1]), name: 'Our truck' }) +
        `</main></body></html>`,
    );
    return;
  }
  const match = req.method === 'POST' ? /^\/operators\/(\d+)\/subscription$/.exec(req.url ?? '') : null;
  if (!match) {
    res.writeHead(404).end();
    return;
  }
  app.db
    .insert(operatorSubscriptions)
    .values({
      operatorId: Number(match[1]),
      status: ACTIVE_SUBSCRIPTION_STATUS,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    })
    .then(
      () => res.writeHead(204).end(),
      (err: unknown) => res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err)),
    );
});
// Ends with the process (SIGTERM from Playwright).
fixtures.listen(fixturesPort, '127.0.0.1');
