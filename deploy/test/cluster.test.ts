/**
 * `npm run test:cluster`: the app scaled out as docs/deploy.md describes — two app processes on one
 * PostgreSQL behind nginx (the shipped deploy/nginx files, with HTTP/2 and TLS on a certificate made
 * for the run) — all on loopback. Needs PostgreSQL (TEST_DATABASE_URL, default the local server),
 * nginx and openssl (Debian packages; .ci/run installs them).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { objectPathFromUploadURL, type AuthResponse } from '../../shared/contracts';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { smsOutbox } from '../../server/src/db/schema';
import { insertTruck, setSubscription } from '../../server/src/test/trucks';
import { readEventStream, type SseFrame, type SseStream } from '../../server/src/test/sse-client';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deployDir = path.join(root, 'deploy/nginx');
const work = mkdtempSync(path.join(tmpdir(), 'ftf-cluster-'));
// Below Linux's ephemeral range (32768+), so no outgoing connection holds one of these ports.
const base = 20_000 + Math.floor(Math.random() * 12_000);
const ports = {
  a: base,
  b: base + 1,
  nginx: base + 2,
  nginxHttp: base + 3,
  pinnedA: base + 4,
  pinnedB: base + 5,
};
const origin = (port: number) => `https://127.0.0.1:${port}`;
const viaNginx = origin(ports.nginx);
/** Server blocks of the same nginx that send everything to one process: to say which one serves. */
const viaA = origin(ports.pinnedA);
const viaB = origin(ports.pinnedB);

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ftf_cluster_${process.pid}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
})();

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// ---- processes ---------------------------------------------------------------------------------

interface AppProcess {
  child: ChildProcess;
  ready: Promise<void>;
  exited: Promise<number | null>;
  /** Everything it wrote so far (logs, and the offline SMS provider's line per message). */
  output(): string;
}

function startApp(port: number): AppProcess {
  // node itself, not the tsx wrapper (which runs the server in a child that a SIGKILL would miss).
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // One DATA_DIR for both: the built-in object storage on a shared disk (S3 in production).
      DATA_DIR: path.join(work, 'data'),
      JWT_SECRET: 'cluster-test-secret-'.repeat(3),
      PUBLIC_URL: viaNginx,
      TRUST_PROXY: 'true',
      DEMO_DATA: 'false',
      PROCESS_ROLE: 'all',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('"process ready"')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then((code) => reject(new Error(`app on ${port} exited ${code}:\n${out}`)));
  });
  return { child, ready, exited, output: () => out };
}

/** The shipped configuration with this run's ports, certificate and temp folders. */
function nginxConfig(cert: string, key: string): string {
  const locations = path.join(deployDir, 'food-truck-finder-locations.conf');
  let site = readFileSync(path.join(deployDir, 'food-truck-finder.conf'), 'utf8');
  const replace = (from: string, to: string) => {
    if (!site.includes(from)) throw new Error(`deploy/nginx/food-truck-finder.conf no longer has "${from}"`);
    site = site.replaceAll(from, to);
  };
  replace('server 127.0.0.1:5001 ', `server 127.0.0.1:${ports.a} `);
  replace('server 127.0.0.1:5002 ', `server 127.0.0.1:${ports.b} `);
  replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.nginx} ssl http2;`);
  replace('listen 80;', `listen 127.0.0.1:${ports.nginxHttp};`);
  replace('/etc/ssl/food-truck-finder/fullchain.pem', cert);
  replace('/etc/ssl/food-truck-finder/privkey.pem', key);
  replace('include snippets/food-truck-finder-locations.conf;', `include ${locations};`);
  const pinned = (port: number, upstream: number) => `
server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    set $ftf_upstream 127.0.0.1:${upstream};
    include ${locations};
}`;
  const temp = (name: string) => {
    mkdirSync(path.join(work, name), { recursive: true });
    return path.join(work, name);
  };
  return `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'nginx-error.log')} warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path ${temp('body')};
    proxy_temp_path ${temp('proxy')};
    fastcgi_temp_path ${temp('fastcgi')};
    uwsgi_temp_path ${temp('uwsgi')};
    scgi_temp_path ${temp('scgi')};
${site}
${pinned(ports.pinnedA, ports.a)}
${pinned(ports.pinnedB, ports.b)}
}`;
}

// ---- HTTP/2 client -------------------------------------------------------------------------------

let ca: Buffer;
const sessions = new Map<string, http2.ClientHttp2Session>();
function session(to: string): http2.ClientHttp2Session {
  let s = sessions.get(to);
  if (!s || s.closed || s.destroyed) {
    s = http2.connect(to, { ca });
    s.on('error', () => sessions.delete(to));
    sessions.set(to, s);
  }
  return s;
}

interface H2Response<T> {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: T;
  raw: Buffer;
}

function request<T = unknown>(
  to: string,
  method: string,
  urlPath: string,
  options: { token?: string; json?: unknown; bytes?: Buffer; contentType?: string } = {},
): Promise<H2Response<T>> {
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ':method': method, ':path': urlPath };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: Buffer | undefined = options.bytes;
    if (options.json !== undefined) payload = Buffer.from(JSON.stringify(options.json));
    if (payload) headers['content-type'] = options.contentType ?? 'application/json';
    const stream = session(to).request(headers);
    const chunks: Buffer[] = [];
    let responseHeaders: http2.IncomingHttpHeaders = {};
    stream.on('response', (h) => (responseHeaders = h));
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const raw = Buffer.concat(chunks);
      let body: unknown = raw.toString();
      try {
        body = JSON.parse(raw.toString());
      } catch {
        /* not JSON */
      }
      resolve({ status: Number(responseHeaders[':status']), headers: responseHeaders, body: body as T, raw });
    });
    stream.on('error', reject);
    stream.end(payload);
  });
}

function eventStream(to: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const stream = session(to).request({ ':path': '/api/events', accept: 'text/event-stream', ...headers });
    stream.on('response', (h) =>
      resolve(
        readEventStream(stream, Number(h[':status']), h as Record<string, string>, () => stream.close()),
      ),
    );
    stream.on('error', reject);
  });
}

/** A diners' stream frame about this truck: `event: truck`, data `{ type, truck }`. */
const truckEvent = (type: string, truckId: number) => (f: SseFrame) => {
  if (f.event !== 'truck' || !f.data) return false;
  const data = JSON.parse(f.data) as { type?: string; truck?: { id?: number } };
  return data.type === type && data.truck?.id === truckId;
};

// ---- set-up --------------------------------------------------------------------------------------

let a: AppProcess;
let b: AppProcess;
let nginx: ChildProcess;
let database: DatabaseHandle;
let operator: AuthResponse;
let phoneCounter = 0;
const phone = () =>
  `737${String(process.pid % 10_000).padStart(4, '0')}${String((phoneCounter += 1)).padStart(3, '0')}`;

beforeAll(async () => {
  const cert = path.join(work, 'cert.pem');
  const key = path.join(work, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  ca = readFileSync(cert);
  writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(cert, key));
  execFileSync('nginx', ['-t', '-c', path.join(work, 'nginx.conf')], { stdio: 'pipe' });

  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  // Both processes start together on the empty database: the migrations must run once.
  a = startApp(ports.a);
  b = startApp(ports.b);
  await Promise.all([a.ready, b.ready]);
  nginx = spawn('nginx', ['-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' });
  // Every server block answers before the tests start; if nginx stops instead, say why.
  for (const to of [viaNginx, viaA, viaB]) {
    for (let i = 0; ; i += 1) {
      const up = await request(to, 'GET', '/api/health').then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      sessions.delete(to);
      if (nginx.exitCode !== null || i === 150) {
        throw new Error(
          `nginx is not serving ${to}:\n${readFileSync(path.join(work, 'nginx-error.log'), 'utf8')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  database = await openDatabase({ url: databaseUrl, poolMax: 2 });

  const registered = await request<AuthResponse>(viaA, 'POST', '/api/auth/register', {
    json: { phone: phone(), password: 'correct-horse-1', role: 'operator' },
  });
  expect(registered.status).toBe(201);
  operator = registered.body;
  await setSubscription(database.db, operator.user.id, 'active');
}, 120_000);

afterAll(async () => {
  for (const s of sessions.values()) s.destroy();
  nginx?.kill('SIGTERM');
  for (const p of [a, b]) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
  await database?.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(work, { recursive: true, force: true });
}, 60_000);

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
