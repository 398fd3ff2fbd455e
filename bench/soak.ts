/**
 * `npm run soak` (issue 13, Load; not part of `npm test`, CI or `npm run bench`): the scaled-out
 * deployment (deploy/test/cluster-harness.ts: two app processes on one PostgreSQL behind nginx,
 * HTTP/2 and TLS, all on loopback) under a steady mixed load for SOAK_SECONDS (default 300):
 *   - SOAK_DINERS (1,000) diners, each with an open event stream and the spec's 7 s polling of
 *     the nearby list;
 *   - 50 operators moving, opening and closing their trucks (one action each every 5 s);
 *   - 100 customers favouriting, unfavouriting and rating (one action each every 5 s);
 *   - 2 admins browsing the customer, operator and message lists (one page each every 2 s).
 * Reports: 5xx count (must be 0), API latency p50/p99/max, the two processes' memory after
 * warm-up (the first fifth) and at the end, and whether every change reached every stream.
 * Needs PostgreSQL (TEST_DATABASE_URL, default the local server), nginx and openssl.
 */
import { readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type http2 from 'node:http2';
import { eq, gt, sql } from 'drizzle-orm';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { truckEvents, users } from '../server/src/db/schema';
import { connect, openEventStreams, request, startCluster, stopCluster, viaNginx, type Cluster } from '../deploy/test/cluster-harness';
import { setSubscription } from '../server/src/test/trucks';
import { ms, percentile, sorted, table } from './harness';
import { describeMachine } from './results';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const DINERS = Number(process.env.SOAK_DINERS ?? 1000);
const OPERATORS = 50;
const CUSTOMERS = 100;
const ADMINS = 2;
const POLL_MS = 7000;
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

const latencies: number[] = [];
/** Latencies after the warm-up (the first fifth): the steady state the p99 bar is about. */
const steadyLatencies: number[] = [];
let warmedUp = false;
let refusedStreams = 0;
/** Steady-state latencies per route (ids and query strings folded), to see where the tail is. */
const byRoute = new Map<string, number[]>();
/** The load generator's own event-loop delay: it runs on the same cores and adds to every latency. */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
const statuses = new Map<number, number>();
const serverErrors: string[] = [];
let running = true;
const pause = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

/**
 * The simulated people share HTTP/2 connections 25 to a connection (as browsers behind one
 * address would not, but nginx's 128 streams per connection are never reached).
 */
const PEOPLE_PER_CONNECTION = 25;
const connections: http2.ClientHttp2Session[] = [];
function connectionFor(person: number): http2.ClientHttp2Session {
  const index = Math.floor(person / PEOPLE_PER_CONNECTION);
  let c = connections[index];
  if (!c || c.closed || c.destroyed) {
    c = connect(viaNginx);
    c.on('error', () => {});
    connections[index] = c;
  }
  return c;
}
let people = 0;

/** One API call through nginx, timed and counted. */
async function call<T>(
  person: number,
  method: string,
  path: string,
  options: { token?: string; json?: unknown } = {},
) {
  const started = performance.now();
  const send = () => request<T>(viaNginx, method, path, { ...options, via: connectionFor(person) });
  // A stream refused (REFUSED_STREAM: nginx closing a connection after its keepalive_requests, with
  // GOAWAY) was not processed; browsers send it again on a new connection, and so does the soak.
  const res = await send()
    .catch((err: unknown) => {
      if (!String(err).includes('REFUSED_STREAM')) throw err;
      refusedStreams += 1;
      return send();
    })
    .catch((err: unknown) => {
      serverErrors.push(`${method} ${path}: ${String(err)}`);
      return undefined;
    });
  if (!res) return undefined;
  const took = performance.now() - started;
  latencies.push(took);
  if (warmedUp) {
    steadyLatencies.push(took);
    const route = `${method} ${path.replace(/\?.*$/, '').replace(/\/\d+/g, '/:id')}`;
    byRoute.set(route, [...(byRoute.get(route) ?? []), took]);
  }
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  if (res.status >= 500) serverErrors.push(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}

/**
 * One simulated person: runs `act` every `everyMs` (first at a random offset, so people do not
 * move in step) on an HTTP/2 connection shared with a few others.
 */
async function actor(everyMs: number, act: (round: number, person: number) => Promise<unknown>) {
  const person = (people += 1);
  await pause(Math.random() * everyMs);
  for (let round = 0; running; round += 1) {
    const started = performance.now();
    await act(round, person);
    await pause(Math.max(0, everyMs - (performance.now() - started)));
  }
}

let phoneCounter = 0;
const phone = () => `737${String(process.pid % 1000).padStart(3, '0')}${String((phoneCounter += 1)).padStart(4, '0')}`;

async function register(role: 'customer' | 'operator'): Promise<AuthResponse> {
  const res = await request<AuthResponse>(viaNginx, 'POST', '/api/auth/register', {
    json: { phone: phone(), password: 'correct-horse-1', role },
  });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** `count` event streams through nginx; `seen[i]` is the set of event ids stream i received. */
async function openStreams(count: number) {
  const seen = Array.from({ length: count }, () => new Set<number>());
  const ended: number[] = [];
  // A frame may be split between chunks: each stream keeps its unfinished last line.
  const partial = new Array<string>(count).fill('');
  const close = await openEventStreams(viaNginx, count, {
    onData: (i, chunk) => {
      const lines = (partial[i] + chunk).split('\n');
      partial[i] = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('id: ')) seen[i]?.add(Number(line.slice(4)));
    },
    onClose: (i) => {
      if (running) ended.push(i);
    },
  });
  return { seen, ended, close };
}

/** Resident memory of a process in MB (Linux). */
function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN) / 1024;
}

let cluster: Partial<Cluster> = {};
try {
  const began = performance.now();
  cluster = await startCluster({
    workerConnections: 4 * DINERS + 1024,
    // Every simulated person comes from 127.0.0.1: the per-address and per-operator caps would
    // refuse them (they are tested elsewhere); the soak is about load.
    env: {
      SIGNUPS_PER_ADDRESS_PER_HOUR: '1000000',
      TRUCK_OPENINGS_PER_HOUR: '1000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
      SIGN_IN_FAILURES_PER_ADDRESS: '1000000',
      PUBLIC_READS_PER_ADDRESS_PER_MINUTE: '1000000000',
      EVENT_STREAMS_PER_ADDRESS: '1000000000',
    },
  });
  const { database, a, b } = cluster as Cluster;

  // ---- the cast ----------------------------------------------------------------------------------
  const operators: { token: string; truckId: number }[] = [];
  for (let i = 0; i < OPERATORS; i += 1) {
    const operator = await register('operator');
    await setSubscription(database.db, operator.user.id, 'active');
    const truck = await request<FoodTruck>(viaNginx, 'POST', '/api/food-trucks', {
      token: operator.token,
      json: { name: `Soak Truck ${i}`, cuisine: 'Mexican', latitude: AUSTIN.latitude + i / 1000, longitude: AUSTIN.longitude },
    });
    if (truck.status !== 201) throw new Error(`truck: ${truck.status}`);
    operators.push({ token: operator.token, truckId: truck.body.id });
  }
  const customers: AuthResponse[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await register('customer'));
  const admins: string[] = [];
  for (let i = 0; i < ADMINS; i += 1) {
    const admin = await register('customer');
    await database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.user.id));
    const login = await request<AuthResponse>(viaNginx, 'POST', '/api/auth/login', {
      json: { username: admin.user.phone, password: 'correct-horse-1' },
    });
    if (login.status !== 200) throw new Error(`admin login: ${login.status}`);
    admins.push(login.body.token);
  }
  const [{ startId } = { startId: 0 }] = await database.db
    .select({ startId: sql<number>`coalesce(max(${truckEvents.id}), 0)::int` })
    .from(truckEvents);

  const streams = await openStreams(DINERS);
  console.log(describeMachine());
  console.log(`soak: ${DINERS} streams open, ${OPERATORS} operators, ${CUSTOMERS} customers, ${ADMINS} admins; ${SECONDS} s`);

  // ---- the load ----------------------------------------------------------------------------------
  const actors: Promise<void>[] = [];
  for (let i = 0; i < DINERS; i += 1) {
    const at = { lat: AUSTIN.latitude + (i % 20) / 100, lng: AUSTIN.longitude };
    actors.push(actor(POLL_MS, (_round, person) => call(person, 'GET', `/api/food-trucks/active?lat=${at.lat}&lng=${at.lng}&radiusMiles=20&view=summary`)));
  }
  operators.forEach((op) =>
    actors.push(
      actor(5000, (round, person) => {
        const step = round % 4;
        if (step === 0) return call(person, 'POST', `/api/food-trucks/${op.truckId}/open`, { token: op.token, json: AUSTIN });
        if (step === 3) return call(person, 'POST', `/api/food-trucks/${op.truckId}/close`, { token: op.token, json: {} });
        return call(person, 'PATCH', `/api/food-trucks/${op.truckId}/location`, {
          token: op.token,
          json: { latitude: AUSTIN.latitude + Math.random() / 100, longitude: AUSTIN.longitude + Math.random() / 100 },
        });
      }),
    ),
  );
  customers.forEach((customer, i) =>
    actors.push(
      actor(5000, (round, person) => {
        const truckId = operators[(i + round) % operators.length]?.truckId ?? 0;
        const step = round % 3;
        if (step === 0) return call(person, 'POST', '/api/favorites', { token: customer.token, json: { foodTruckId: truckId } });
        if (step === 1) return call(person, 'PUT', `/api/food-trucks/${truckId}/rating`, { token: customer.token, json: { stars: 1 + (round % 5) } });
        return call(person, 'DELETE', `/api/favorites/${truckId}`, { token: customer.token });
      }),
    ),
  );
  admins.forEach((token) =>
    actors.push(
      actor(2000, (round, person) => {
        const list = ['customers', 'operators', 'messages'][round % 3];
        return call(person, 'GET', `/api/admin/${list}?limit=25${round % 2 ? '&search=737' : ''}`, { token });
      }),
    ),
  );

  await pause((SECONDS * 1000) / 5);
  const warm = { a: rssMb(a.child.pid), b: rssMb(b.child.pid), requests: latencies.length };
  warmedUp = true;
  loopDelay.enable();
  await pause((SECONDS * 1000 * 4) / 5);
  running = false;
  await Promise.all(actors);
  const end = { a: rssMb(a.child.pid), b: rssMb(b.child.pid) };

  // ---- every change to every stream --------------------------------------------------------------
  const changes = (await database.db.select({ id: truckEvents.id }).from(truckEvents).where(gt(truckEvents.id, startId))).map(
    (r) => r.id,
  );
  const countMissing = () => {
    let missing = 0;
    for (const ids of streams.seen) for (const id of changes) if (!ids.has(id)) missing += 1;
    return missing;
  };
  // Deliveries still on their way (a loaded machine): wait up to 60 s for them.
  let missing = countMissing();
  for (let i = 0; i < 60 && missing > 0; i += 1) {
    await pause(1000);
    missing = countMissing();
  }
  streams.close();
  for (const c of connections) c.destroy();

  loopDelay.disable();
  const d = sorted(latencies);
  const steady = sorted(steadyLatencies);
  const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((n, [, c]) => n + c, 0);
  table(
    `Soak: ${SECONDS} s, two processes on PostgreSQL behind nginx (HTTP/2, TLS)`,
    ['measure', 'value'],
    [
      ['API requests', latencies.length.toLocaleString('en-US')],
      ['statuses', [...statuses].sort(([x], [y]) => x - y).map(([s, c]) => `${s}: ${c}`).join(', ')],
      ['5xx / failed requests', `${fivexx} / ${serverErrors.length}`],
      ['API latency p50 / p99 / max, whole run', `${ms(percentile(d, 50))} / ${ms(percentile(d, 99))} / ${ms(d.at(-1) ?? NaN)}`],
      [
        'API latency p50 / p99 / max, after warm-up (bar: p99 < 100 ms)',
        `${ms(percentile(steady, 50))} / ${ms(percentile(steady, 99))} / ${ms(steady.at(-1) ?? NaN)}`,
      ],
      [
        "load generator's event-loop delay p50 / p99 (part of every latency above)",
        `${ms(loopDelay.percentile(50) / 1e6)} / ${ms(loopDelay.percentile(99) / 1e6)}`,
      ],
      ['streams refused by nginx (GOAWAY) and sent again', String(refusedStreams)],
      ['memory after warm-up (A, B)', `${warm.a.toFixed(0)} MB, ${warm.b.toFixed(0)} MB (after ${warm.requests} requests)`],
      ['memory at the end (A, B)', `${end.a.toFixed(0)} MB, ${end.b.toFixed(0)} MB`],
      ['changes during the soak', changes.length.toLocaleString('en-US')],
      [`deliveries missing (of ${(changes.length * DINERS).toLocaleString('en-US')})`, String(missing)],
      ['streams ended by the server', String(streams.ended.length)],
    ],
  );
  table(
    'After warm-up, per route',
    ['route', 'requests', 'p50', 'p99', 'max'],
    [...byRoute]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([route, times]) => {
        const t = sorted(times);
        return [route, t.length, ms(percentile(t, 50)), ms(percentile(t, 99)), ms(t.at(-1) ?? NaN)];
      }),
  );
  for (const line of serverErrors.slice(0, 10)) console.log(`  ${line}`);
  console.log(`total ${((performance.now() - began) / 1000).toFixed(0)} s`);
  process.exitCode = fivexx === 0 && serverErrors.length === 0 && missing === 0 ? 0 : 1;
} finally {
  running = false;
  await stopCluster(cluster);
}
