/**
 * `npm run bench`: the diners' read path against the quality bars of DESIGN.md.
 *   1. 1,000 trucks: req/s and latency of GET /api/food-trucks/active (200 and 304) side by side
 *      with a static 200-byte JSON route on the same server.
 *   2. 1,000 open /api/events streams: how long one committed change takes to reach them.
 *   3. 100,000 trucks: the nearest/radius query through the API (sequential, p50/p99).
 * The server runs in its own process (bench/server.ts) on 127.0.0.1:BENCH_PORT (5310); on a
 * fresh in-memory PGlite, or a throwaway database on DATABASE_URL's server when set.
 */
import http from 'node:http';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { client, ms, percentile, sorted, startServer, table } from './harness';

const PORT = Number(process.env.BENCH_PORT ?? 5310);
const BASE = `http://127.0.0.1:${PORT}`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const STREAMS = 1000;
const ROUNDS = 20;
const BROWSER_ENCODING = 'gzip, deflate, br';
const { json, post } = client(BASE);

async function load(title: string, path: string, headers: Record<string, string>, expectStatus: number) {
  const result = await autocannon({
    url: BASE + path,
    connections: 32,
    pipelining: 1,
    duration: SECONDS,
    headers,
  });
  const stats = Object.entries(result.statusCodeStats ?? {});
  if (result.errors > 0 || stats.some(([code]) => code !== String(expectStatus))) {
    throw new Error(
      `${title}: expected only ${expectStatus}, got ${JSON.stringify(result.statusCodeStats)} and ${result.errors} errors`,
    );
  }
  return [
    title,
    Math.round(result.requests.average),
    ms(result.latency.p50),
    ms(result.latency.p99),
    `${(result.throughput.average / 1024 / 1024).toFixed(1)} MB/s`,
  ];
}

/** 1,000 raw event streams; resolves once every stream got its `retry:` line. */
async function openStreams(count: number, onEvent: (stream: number, id: number, at: number) => void) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  let ready = 0;
  await new Promise<void>((resolve, reject) => {
    for (let i = 0; i < count; i++) {
      const req = http.get(`${BASE}/api/events`, { agent }, (res) => {
        res.setEncoding('utf8');
        let first = true;
        res.on('data', (chunk: string) => {
          const at = performance.now();
          if (first) {
            first = false;
            if (++ready === count) resolve();
          }
          for (const m of chunk.matchAll(/^id: (\d+)$/gm)) onEvent(i, Number(m[1]), at);
        });
      });
      req.on('error', reject);
      requests.push(req);
    }
  });
  return () => {
    for (const req of requests) req.destroy();
    agent.destroy();
  };
}

async function main() {
  const started = performance.now();
  const server = await startServer(PORT);
  console.log(
    `Food Truck Finder bench — server on ${server.kind}, Node ${process.version}, ${SECONDS} s per load run, 32 connections`,
  );
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} at start (other work on the machine skews every figure)`,
  );
  try {
    // 1. The active list with 1,000 trucks.
    await post('/bench/seed', { count: 1000, region: 'austin' });
    const warm = await fetch(`${BASE}/api/food-trucks/active`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const body = await warm.arrayBuffer();
    const etag = warm.headers.get('etag') ?? '';
    const br = await new Promise<number>((resolve) => {
      http.get(`${BASE}/api/food-trucks/active`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let n = 0;
        res.on('data', (c: Buffer) => (n += c.length));
        res.on('end', () => resolve(n));
      });
    });
    const near = '/api/food-trucks/active?lat=30.2672&lng=-97.7431';
    const nearEtag = (await fetch(BASE + near)).headers.get('etag') ?? '';
    const rows = [
      await load('static 200-byte JSON', '/bench/static', { 'accept-encoding': BROWSER_ENCODING }, 200),
      await load(
        '/active 304 (If-None-Match)',
        '/api/food-trucks/active',
        { 'if-none-match': etag, 'accept-encoding': BROWSER_ENCODING },
        304,
      ),
      await load(
        '/active?lat&lng 304 (polled position)',
        near,
        { 'if-none-match': nearEtag, 'accept-encoding': BROWSER_ENCODING },
        304,
      ),
      await load(
        `/active 200 br (${(br / 1024).toFixed(0)} KB)`,
        '/api/food-trucks/active',
        { 'accept-encoding': BROWSER_ENCODING },
        200,
      ),
      await load(
        `/active 200 identity (${(body.byteLength / 1024).toFixed(0)} KB)`,
        '/api/food-trucks/active',
        {},
        200,
      ),
    ];
    table(
      '1,000 trucks — GET /api/food-trucks/active vs a static route (same server, one after the other)',
      ['route', 'req/s', 'p50', 'p99', 'throughput'],
      rows,
    );
    const ratio = Number(rows[1]?.[1]) / Number(rows[0]?.[1]);
    console.log(`304 / static = ${(ratio * 100).toFixed(0)} % (bar: ≥ 50 %)`);

    // 2. One change, 1,000 streams.
    // Arrival times by event id (frames may arrive before the POST that caused them answers).
    const arrivals = new Map<number, number[]>();
    const close = await openStreams(STREAMS, (_stream, id, at) => {
      const list = arrivals.get(id);
      if (list) list.push(at);
      else arrivals.set(id, [at]);
    });
    const deliveries: number[] = [];
    const toAll: number[] = [];
    let lost = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const start = performance.now();
      const { eventId } = await post<{ eventId: number }>('/bench/change');
      const deadline = start + 5000;
      while ((arrivals.get(eventId)?.length ?? 0) < STREAMS && performance.now() < deadline)
        await new Promise((r) => setTimeout(r, 5));
      const times = (arrivals.get(eventId) ?? []).map((at) => at - start);
      lost += STREAMS - times.length;
      deliveries.push(...times);
      toAll.push(Math.max(...times));
      await new Promise((r) => setTimeout(r, 50));
    }
    close();
    const d = sorted(deliveries);
    const a = sorted(toAll);
    table(
      `1,000 open /api/events streams — ${ROUNDS} changes, time from the operator's request to the frame (ms)`,
      ['measure', 'p50', 'p99', 'max'],
      [
        ['each delivery', ms(percentile(d, 50)), ms(percentile(d, 99)), ms(d.at(-1) ?? NaN)],
        ['change reaches all 1,000', ms(percentile(a, 50)), ms(percentile(a, 99)), ms(a.at(-1) ?? NaN)],
      ],
    );
    console.log(
      `deliveries: ${d.length} of ${STREAMS * ROUNDS}${lost ? `, ${lost} missing after 5 s` : ''} (bar: p99 < 1,000 ms)`,
    );

    // 3. 100,000 trucks, radius queries through the API.
    const seedStart = performance.now();
    await post('/bench/seed', { count: 99_000, region: 'us' });
    console.log(
      `\nseeded 99,000 more trucks across the contiguous US in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );
    const { plan } = await json<{ plan: string[] }>('/bench/explain?lat=39.7392&lng=-104.9903');
    console.log('EXPLAIN ANALYZE of the radius query (Denver, 20 mi):');
    for (const line of plan) console.log(`  ${line}`);
    const radiusRows: (string | number)[][] = [];
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (const [label, count, point] of [
      ['random US point, 20 mi', 400, () => ({ lat: 25 + random() * 24, lng: -124 + random() * 57 })],
      ['Austin (dense), 20 mi', 200, () => ({ lat: 30.0 + random() * 0.5, lng: -98.0 + random() * 0.5 })],
      [
        'Austin (dense), 5 mi',
        200,
        () => ({ lat: 30.0 + random() * 0.5, lng: -98.0 + random() * 0.5, radius: 5 }),
      ],
    ] as const) {
      const times: number[] = [];
      let trucks = 0;
      for (let i = 0; i < count; i++) {
        const p: { lat: number; lng: number; radius?: number } = point();
        const t = performance.now();
        const res = await fetch(
          `${BASE}/api/food-trucks/active?lat=${p.lat.toFixed(5)}&lng=${p.lng.toFixed(5)}${p.radius ? `&radiusMiles=${p.radius}` : ''}`,
          {
            headers: { 'accept-encoding': 'identity' },
          },
        );
        const list = (await res.json()) as unknown[];
        times.push(performance.now() - t);
        trucks += list.length;
      }
      const s = sorted(times);
      radiusRows.push([
        label,
        count,
        Math.round(trucks / count),
        ms(percentile(s, 50)),
        ms(percentile(s, 99)),
        ms(s.at(-1) ?? NaN),
      ]);
    }
    table(
      '100,000 trucks — GET /api/food-trucks/active?lat&lng[&radiusMiles], sequential, whole response',
      ['query', 'requests', 'avg trucks', 'p50', 'p99', 'max'],
      radiusRows,
    );
    console.log('(bar: p99 < 20 ms)');
  } finally {
    await server.stop();
  }
  console.log(
    `\ntotal ${((performance.now() - started) / 1000).toFixed(0)} s; load average at the end ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
}

await main();
