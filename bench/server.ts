/**
 * The benchmark's server process (started by bench/run.ts, so load generator and server do not
 * share one event loop): the real app on a fresh database plus bench-only routes.
 *   GET  /bench/static   a constant 200-byte JSON body (the yardstick for the 304 path)
 *   POST /bench/seed     { count, region }: adds trucks with generate_series (subscribed operators)
 *   POST /bench/change   toggles one truck ({ id } or the next of the first 100) open/closed and
 *                        publishes it, as the operator endpoints do; answers { eventId, id, isOpen }
 *   GET  /bench/explain  EXPLAIN (ANALYZE) of the radius query the API runs
 *   POST /bench/spatial-index { present }: drops or recreates food_trucks_point_idx (the baseline
 *                        of the radius query without its index)
 *   GET  /bench/memory   process.memoryUsage() after a full garbage collection (--expose-gc)
 *   POST /bench/subscribe { operatorId }: an active subscription for a freshly registered operator
 * DATABASE_URL set: a throwaway database is created on that server and dropped on exit.
 * BENCH_CLIENT_DIR set: the built client (dist/client) is served too, as `npm start` does (bench/map.ts).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { buildApp } from '../server/src/app';
import { SERVER_RENDER_MODES } from '@shared/contracts/server-render';
import { insightsFlush, startWorkers } from '../server/src/workers';
import { foodTrucks, operatorSubscriptions } from '../server/src/db/schema';
import { visibleTrucksQuery } from '../server/src/modules/trucks/trucks.service';
import { createIntegrations } from '../server/src/integrations';
import { explain } from '../server/src/test/explain';
import { changeTruck } from '../server/src/test/trucks';
import { createTestDatabase } from '../server/src/test/database';

const port = Number(process.env.BENCH_PORT ?? 5310);
if (process.env.DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.DATABASE_URL;
const database = await createTestDatabase();
const db = database.handle.db;
const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-bench-'));
const app = await buildApp({
  database: database.handle,
  integrations: createIntegrations({ dataDir }),
  config: {
    nodeEnv: 'production',
    dataDir,
    jwtSecret: randomBytes(32).toString('hex'),
    demoData: false,
    authRateLimitPerMinute: 1000,
    // Load comes from one address: the per-address public read limit is counted but never reached.
    rateLimits: { publicReadsPerAddressPerMinute: 1_000_000_000, eventStreamsPerAddress: 1_000_000_000 },
    publicUrl: `http://127.0.0.1:${port}`,
    clientDir: process.env.BENCH_CLIENT_DIR,
    // ADR 0168: every public screen by default, as in the app; SERVER_RENDER=truck-pages or off measures the others.
    serverRender: z.enum(SERVER_RENDER_MODES).default('public-screens').parse(process.env.SERVER_RENDER || undefined),
  },
});

// As every web process does: its insight events are written in batches by its flush worker (issue 31).
await startWorkers(
  { db, database: database.handle, integrations: app.integrations, config: app.config, log: app.log },
  [insightsFlush(app.insights)],
);

const STATIC_BODY = { status: 'ok', message: 'x'.repeat(200 - 28) };
if (JSON.stringify(STATIC_BODY).length !== 200) throw new Error('static body must be 200 bytes');
app.get('/bench/static', async () => STATIC_BODY);

export const REGIONS = {
  /** A dense city: about 70 × 65 miles around downtown Austin. */
  austin: { lat: [29.77, 30.77], lng: [-98.29, -97.19] },
  /** The contiguous United States' bounding box. */
  us: { lat: [25, 49], lng: [-124, -67] },
} as const;
const OPERATORS = 100;
let seeded = 0;
let operatorIds: number[] = [];

app.post(
  '/bench/seed',
  {
    schema: {
      body: z.object({ count: z.number().int().positive().max(200_000), region: z.enum(['austin', 'us']) }),
    },
  },
  async (request) => {
    const { count, region } = request.body;
    const box = REGIONS[region];
    await db.transaction(async (tx) => {
      if (operatorIds.length === 0) {
        const rows = await tx.execute<{ id: number }>(sql`
        insert into users (username, phone, password_hash, role)
        select 'bench_op_' || g, '+1555' || lpad(g::text, 7, '0'), 'x', 'operator' from generate_series(1, ${OPERATORS}) g
        returning id`);
        operatorIds = (Array.isArray(rows) ? rows : (rows as { rows: { id: number }[] }).rows).map((r) =>
          Number(r.id),
        );
        await tx.execute(
          sql`insert into operator_subscriptions (operator_id, status) select id, 'active' from users where role = 'operator'`,
        );
      }
      await tx.execute(sql`select setseed(${0.42 - seeded / 1e7})`);
      await tx.execute(sql`
      insert into food_trucks (name, cuisine, description, operator_id, latitude, longitude, address, is_open, phone, features)
      select 'Bench Truck ' || g, (array['Mexican','BBQ','Italian','Asian','American','Coffee'])[1 + g % 6],
             'A benchmark truck with a short description.', ${operatorIds[0]}::int + (g % ${OPERATORS}),
             ${box.lat[0]}::float8 + random() * ${box.lat[1] - box.lat[0]}::float8,
             ${box.lng[0]}::float8 + random() * ${box.lng[1] - box.lng[0]}::float8,
             g || ' Bench St', random() < 0.4, '(512) 555-0100',
             -- Issue 28: most trucks state something about cards and access, some nothing.
             case when random() < 0.7 then jsonb_build_object('cards', random() < 0.8, 'stepFree', random() < 0.5) else '{}'::jsonb end
      from generate_series(${seeded + 1}::int, ${seeded + count}::int) g`);
    });
    seeded += count;
    await db.execute(sql`analyze food_trucks`);
    await db.execute(sql`analyze operator_subscriptions`);
    // Written in bulk without truck events: this (the only) process drops its cached lists.
    app.dinersLists.everythingChanged();
    return { seeded };
  },
);

let changes = 0;
app.post(
  '/bench/change',
  { schema: { body: z.object({ id: z.number().int().positive().optional() }).nullish() } },
  async (request) => {
    changes += 1;
    const wanted = request.body?.id;
    const [current] = await db
      .select({ id: foodTrucks.id, isOpen: foodTrucks.isOpen })
      .from(foodTrucks)
      .where(wanted === undefined ? undefined : eq(foodTrucks.id, wanted))
      .orderBy(foodTrucks.id)
      .offset(wanted === undefined ? changes % 100 : 0)
      .limit(1);
    if (!current) throw new Error('no such truck seeded');
    // As the operator endpoints do (the event gets its id at commit: read back after it).
    const { truck, eventId } = await changeTruck(
      db,
      current.id,
      { isOpen: !current.isOpen },
      current.isOpen ? 'closed' : 'opened',
    );
    return { eventId, id: truck.id, isOpen: truck.isOpen };
  },
);

app.get(
  '/bench/explain',
  { schema: { querystring: z.object({ lat: z.coerce.number(), lng: z.coerce.number() }) } },
  async (request) => ({
    plan: await explain(
      db,
      visibleTrucksQuery(db, null, { lat: request.query.lat, lng: request.query.lng }),
      { analyze: true },
    ),
  }),
);

// The radius index as migration 0021 creates it (partial: trucks with coordinates).
app.post(
  '/bench/spatial-index',
  { schema: { body: z.object({ present: z.boolean() }) } },
  async (request) => {
    if (request.body.present) {
      await db.execute(
        sql`create index if not exists food_trucks_point_idx on food_trucks using gist (point(longitude, latitude)) where latitude is not null and longitude is not null`,
      );
    } else {
      await db.execute(sql`drop index if exists food_trucks_point_idx`);
    }
    await db.execute(sql`analyze food_trucks`);
    return { present: request.body.present };
  },
);

app.post(
  '/bench/subscribe',
  { schema: { body: z.object({ operatorId: z.number().int().positive() }) } },
  async (request) => {
    await db.insert(operatorSubscriptions).values({ operatorId: request.body.operatorId, status: 'active' });
    return { subscribed: true };
  },
);

app.get('/bench/memory', async () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return { ...process.memoryUsage(), collected: gc !== undefined };
});

await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${database.handle.kind}\n`);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await app.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
