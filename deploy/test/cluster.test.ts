/**
 * `npm run test:cluster`: the app scaled out as docs/deploy.md describes — two app processes on one
 * PostgreSQL behind nginx (cluster-harness.ts), all on loopback — and what that deployment promises.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { objectPathFromUploadURL, type AuthResponse } from '@shared/contracts';
import { smsOutbox, users } from '../../server/src/db/schema';
import { insertTruck, setSubscription } from '../../server/src/test/trucks';
import {
  databaseUrl,
  session,
  eventStream,
  request,
  startCluster,
  stopCluster,
  truckEvent,
  viaA,
  viaB,
  viaNginx,
  type AppProcess,
  type Cluster,
} from './cluster-harness';

const root = fileURLToPath(new URL('../..', import.meta.url));

let cluster: Partial<Cluster> = {};
let a: AppProcess;
let b: AppProcess;
let database: Cluster['database'];
let operator: AuthResponse;
let phoneCounter = 0;
const phone = () =>
  `737${String(process.pid % 10_000).padStart(4, '0')}${String((phoneCounter += 1)).padStart(3, '0')}`;

beforeAll(async () => {
  const started = await startCluster();
  cluster = started;
  ({ a, b, database } = started);
  const registered = await request<AuthResponse>(viaA, 'POST', '/api/auth/register', {
    json: { phone: phone(), password: 'correct-horse-1', role: 'operator' },
  });
  expect(registered.status).toBe(201);
  operator = registered.body;
  await setSubscription(database.db, operator.user.id, 'active');
}, 120_000);

afterAll(() => stopCluster(cluster), 60_000);

// ---- the cluster's promises ----------------------------------------------------------------------

describe('two app processes behind nginx on one PostgreSQL', () => {
  it('ran the migrations once although both processes started together on an empty database', async () => {
    const journal = JSON.parse(
      readFileSync(path.join(root, 'server/src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const applied = await client.query<{ n: number }>(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    await client.end();
    expect(applied.rows[0]?.n).toBe(journal.entries.length);
  });

  it('serves over HTTP/2 with TLS, and the processes trust the forwarded protocol (HSTS on https)', async () => {
    const res = await request(viaNginx, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(session(viaNginx).alpnProtocol).toBe('h2');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('a truck opened through process A reaches a diner stream that nginx connected to process B', async () => {
    const truck = await insertTruck(database.db, operator.user.id, {
      name: 'Cluster Tacos',
      latitude: 30.27,
      longitude: -97.74,
    });
    const diner = await eventStream(viaB);
    expect(diner.status).toBe(200);
    await diner.waitFor((f) => f.retry !== undefined);
    const opened = await request(viaA, 'POST', `/api/food-trucks/${truck.id}/open`, {
      token: operator.token,
      json: { latitude: 30.2672, longitude: -97.7431 },
    });
    expect(opened.status).toBe(200);
    const frame = await diner.waitFor(truckEvent('opened', truck.id));
    expect(frame.id).toMatch(/^\d+$/);
    diner.close();
  });

  it('a change made between a diner\'s list and stream is never lost, whichever process serves each (50 trials; issue 24)', async () => {
    const truck = await insertTruck(database.db, operator.user.id, { name: 'Race 0', latitude: 30.25, longitude: -97.75 });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const lost: string[] = [];
    let previous: { etag: string; body: { id: number; name: string }[] } | undefined;
    for (let trial = 1; trial <= 50; trial++) {
      // The list from one process, the stream from the other (nginx may pick either for each).
      const [listVia, streamVia] = trial % 2 ? [viaA, viaB] : [viaB, viaA];
      // Every other trial revalidates what it got before: a 304 carries the id too.
      const list = await request<{ id: number; name: string }[]>(listVia, 'GET', '/api/food-trucks/active?view=summary', {
        headers: previous && trial % 4 < 2 ? { 'if-none-match': previous.etag } : {},
      });
      expect([200, 304]).toContain(list.status);
      const body = list.status === 304 && previous ? previous.body : list.body;
      previous = { etag: String(list.headers.etag), body };
      const from = list.headers['truck-event-id'];
      const name = `Race ${trial}`;
      // The change and the stream's opening race each other, both after the list was read.
      const [changed, diner] = await Promise.all([
        sleep(Math.random() * 200).then(() =>
          request(viaNginx, 'PATCH', `/api/food-trucks/${truck.id}`, { token: operator.token, json: { name } }),
        ),
        sleep(Math.random() * 200).then(() => eventStream(streamVia, from === undefined ? {} : { 'last-event-id': String(from) })),
      ]);
      expect(changed.status).toBe(200);
      // What the diner's screen shows: the list, then every event the stream sends.
      const shown = body.find((t) => t.id === truck.id)?.name;
      if (shown !== name) {
        await diner
          .waitFor((f) => truckEvent('updated', truck.id)(f) && (JSON.parse(f.data ?? '{}') as { truck: { name?: string } }).truck.name === name, 1000)
          .catch(() => lost.push(`trial ${trial}: list from ${listVia === viaA ? 'A' : 'B'} (id ${String(from)}), stream from the other`));
      }
      diner.close();
    }
    expect(lost).toEqual([]);
  });

  it('an upload written through process A is served by process B (shared storage)', async () => {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const url = await request<{ uploadURL: string }>(viaA, 'POST', '/api/objects/upload', {
      token: operator.token,
      json: { purpose: 'image' },
    });
    expect(url.status).toBe(200);
    expect(url.body.uploadURL.startsWith(`${viaNginx}/`)).toBe(true);
    const put = await request(viaA, 'PUT', new URL(url.body.uploadURL).pathname, {
      token: operator.token,
      bytes: png,
      contentType: 'image/png',
    });
    expect(put.status).toBe(200);
    const served = await request(viaB, 'GET', objectPathFromUploadURL(url.body.uploadURL));
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.raw).metadata()).width).toBe(64);
  });

  it("sends a favourite truck's opening SMS once, although both processes run the SMS worker", async () => {
    const truck = await insertTruck(database.db, operator.user.id, {
      name: 'Cluster Curry',
      latitude: 30.25,
      longitude: -97.76,
    });
    const customer = await request<AuthResponse>(viaB, 'POST', '/api/auth/register', {
      json: { phone: phone(), password: 'correct-horse-1', role: 'customer' },
    });
    expect(customer.status).toBe(201);
    // Its number confirmed, as a texted code would (ADR 0189): alerts go only to a confirmed number.
    await database.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, customer.body.user.id));
    const favourite = await request(viaB, 'POST', '/api/favorites', {
      token: customer.body.token,
      json: { foodTruckId: truck.id },
    });
    expect(favourite.status).toBeLessThan(300);
    const opened = await request(viaA, 'POST', `/api/food-trucks/${truck.id}/open`, {
      token: operator.token,
      json: { latitude: 30.25, longitude: -97.76 },
    });
    expect(opened.status).toBe(200);

    const outbox = async () =>
      await database.db
        .select()
        .from(smsOutbox)
        .where(and(eq(smsOutbox.userId, customer.body.user.id), eq(smsOutbox.foodTruckId, truck.id)));
    let rows = await outbox();
    for (let i = 0; i < 100 && rows[0]?.status !== 'sent'; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await outbox();
    }
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // Give the other process's worker a moment: it must not send it too.
    await new Promise((r) => setTimeout(r, 1000));
    const sends = (a.output() + b.output())
      .split('\n')
      .filter((line) => line.includes(`outboxId: ${rows[0]?.id},`));
    expect(sends).toHaveLength(1);
  });

  it('a process killed with SIGKILL costs its diners only a reconnect: Last-Event-ID resumes without a missed change', async () => {
    const truck = await insertTruck(database.db, operator.user.id, {
      name: 'Cluster BBQ',
      latitude: 30.26,
      longitude: -97.75,
    });
    const diner = await eventStream(viaB);
    await diner.waitFor((f) => f.retry !== undefined);
    const opened = await request(viaA, 'POST', `/api/food-trucks/${truck.id}/open`, {
      token: operator.token,
      json: { latitude: 30.26, longitude: -97.75 },
    });
    expect(opened.status).toBe(200);
    const last = await diner.waitFor(truckEvent('opened', truck.id));

    b.child.kill('SIGKILL');
    await b.exited;
    await diner.ended;
    // While the diner is away, the truck moves (through the surviving process).
    const moved = await request(viaA, 'PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: operator.token,
      json: { latitude: 30.2601, longitude: -97.7501 },
    });
    expect(moved.status).toBe(200);

    // The browser reconnects through nginx, which now sends it to process A.
    const resumed = await eventStream(viaNginx, { 'last-event-id': String(last.id) });
    expect(resumed.status).toBe(200);
    const replayed = await resumed.waitFor(truckEvent('moved', truck.id));
    expect(Number(replayed.id)).toBeGreaterThan(Number(last.id));
    // Only what came after: the change it already had is not sent again.
    expect(resumed.frames.filter(truckEvent('opened', truck.id))).toHaveLength(0);
    resumed.close();
  });
});
