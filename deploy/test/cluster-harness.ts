/**
 * The app scaled out as docs/deploy.md describes — two app processes on one PostgreSQL behind nginx
 * (the shipped deploy/nginx files, with HTTP/2 and TLS on a certificate made for the run) — all on
 * loopback: used by `npm run test:cluster` (cluster.test.ts) and `npm run bench:cluster`. Needs
 * PostgreSQL (TEST_DATABASE_URL, default the local server), nginx and openssl (Debian packages;
 * .ci/run installs them). One cluster per process.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../../server/src/db/client';
import { adminQuery, databaseUrl as urlOfDatabase } from '../../server/src/test/database';
import { spawnServer, type ServerProcess } from '../../server/src/test/server-process';
import { readEventStream, type SseFrame, type SseStream } from '../../server/src/test/sse-client';

const root = fileURLToPath(new URL('../..', import.meta.url));
const deployDir = path.join(root, 'deploy/nginx');
const work = mkdtempSync(path.join(tmpdir(), 'ftf-cluster-'));
// Below Linux's ephemeral range (32768+), so no outgoing connection holds one of these ports.
const base = 20_000 + Math.floor(Math.random() * 12_000);
export const ports = {
  a: base,
  b: base + 1,
  nginx: base + 2,
  nginxHttp: base + 3,
  pinnedA: base + 4,
  pinnedB: base + 5,
};
export const origin = (port: number) => `https://127.0.0.1:${port}`;
export const viaNginx = origin(ports.nginx);
/** Server blocks of the same nginx that send everything to one process: to say which one serves. */
export const viaA = origin(ports.pinnedA);
export const viaB = origin(ports.pinnedB);

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ftf_cluster_${process.pid}`;
export const databaseUrl = urlOfDatabase(adminUrl, dbName);
const admin = (query: string) => adminQuery(adminUrl, query);

// ---- processes ---------------------------------------------------------------------------------

export type AppProcess = ServerProcess;

export function startApp(port: number, env: Record<string, string> = {}): AppProcess {
  return spawnServer(port, {
    ...env,
    DATABASE_URL: databaseUrl,
    // One DATA_DIR for both: the built-in object storage on a shared disk (S3 in production).
    DATA_DIR: path.join(work, 'data'),
    JWT_SECRET: 'cluster-test-secret-'.repeat(3),
    PUBLIC_URL: viaNginx,
    TRUST_PROXY: 'true',
    DEMO_DATA: 'false',
    PROCESS_ROLE: 'all',
    // Every simulated diner comes from 127.0.0.1: the per-address stream cap would refuse most.
    EVENT_STREAMS_PER_ADDRESS: '1000000',
  });
}

/** The shipped configuration with this run's ports, certificate and temp folders. */
function nginxConfig(cert: string, key: string, workerConnections: number): string {
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
events { worker_connections ${workerConnections}; }
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
/** A new HTTP/2 connection of its own (the shared `session` carries at most 128 streams through nginx). */
export function connect(to: string): http2.ClientHttp2Session {
  return http2.connect(to, { ca });
}

export function session(to: string): http2.ClientHttp2Session {
  let s = sessions.get(to);
  if (!s || s.closed || s.destroyed) {
    s = http2.connect(to, { ca });
    s.on('error', () => sessions.delete(to));
    sessions.set(to, s);
  }
  return s;
}

export interface H2Response<T> {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: T;
  raw: Buffer;
}

export function request<T = unknown>(
  to: string,
  method: string,
  urlPath: string,
  options: {
    token?: string;
    json?: unknown;
    bytes?: Buffer;
    contentType?: string;
    /** An HTTP/2 connection of the caller's own (default: one shared per origin). */
    via?: http2.ClientHttp2Session;
    headers?: Record<string, string>;
  } = {},
): Promise<H2Response<T>> {
  return new Promise((resolve, reject) => {
    const headers: http2.OutgoingHttpHeaders = { ...options.headers, ':method': method, ':path': urlPath };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload: Buffer | undefined = options.bytes;
    if (options.json !== undefined) payload = Buffer.from(JSON.stringify(options.json));
    if (payload) headers['content-type'] = options.contentType ?? 'application/json';
    const stream = (options.via ?? session(to)).request(headers);
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

export function eventStream(to: string, headers: Record<string, string> = {}): Promise<SseStream> {
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

/** nginx allows 128 concurrent streams per HTTP/2 connection by default. */
const STREAMS_PER_CONNECTION = 100;

/**
 * `count` diners' event streams (as many as a benchmark wants: 100 per HTTP/2 connection of their
 * own); resolves once each got its first frame, with the function that closes them all.
 * `onData(i, chunk, at)` gets stream i's text as it arrives; `onClose(i)` runs when it ends.
 */
export async function openEventStreams(
  to: string,
  count: number,
  handlers: { onData(i: number, chunk: string, at: number): void; onClose?(i: number): void },
): Promise<() => void> {
  const connections: http2.ClientHttp2Session[] = [];
  for (let from = 0; from < count; from += STREAMS_PER_CONNECTION) {
    const connection = connect(to);
    connections.push(connection);
    const indexes = Array.from({ length: Math.min(count, from + STREAMS_PER_CONNECTION) - from }, (_, k) => from + k);
    await Promise.all(
      indexes.map(
        (i) =>
          new Promise<void>((resolve, reject) => {
            const stream = connection.request({ ':path': '/api/events', accept: 'text/event-stream' });
            stream.setEncoding('utf8');
            stream.once('data', () => resolve());
            stream.on('data', (chunk: string) => handlers.onData(i, chunk, performance.now()));
            stream.on('close', () => handlers.onClose?.(i));
            stream.on('error', reject);
          }),
      ),
    );
  }
  return () => connections.forEach((c) => c.destroy());
}

/** A diners' stream frame about this truck: `event: truck`, data `{ type, truck }`. */
export const truckEvent = (type: string, truckId: number) => (f: SseFrame) => {
  if (f.event !== 'truck' || !f.data) return false;
  const data = JSON.parse(f.data) as { type?: string; truck?: { id?: number } };
  return data.type === type && data.truck?.id === truckId;
};

// ---- start and stop ------------------------------------------------------------------------------

export interface Cluster {
  a: AppProcess;
  b: AppProcess;
  nginx: ChildProcess;
  /** The cluster's database, for set-up and checks the API does not offer. */
  database: DatabaseHandle;
}

/**
 * Both processes started together on an empty database (the migrations must run once), then nginx;
 * resolves when every server block answers. `workerConnections`: nginx's per-worker connection
 * limit (each proxied event stream holds two); `env`: more settings for both processes.
 */
export async function startCluster({
  workerConnections = 1024,
  env = {},
}: { workerConnections?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
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
  writeFileSync(path.join(work, 'nginx.conf'), nginxConfig(cert, key, workerConnections));
  execFileSync('nginx', ['-t', '-c', path.join(work, 'nginx.conf')], { stdio: 'pipe' });

  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  const a = startApp(ports.a, env);
  const b = startApp(ports.b, env);
  await Promise.all([a.ready, b.ready]);
  const nginx = spawn('nginx', ['-c', path.join(work, 'nginx.conf')], { stdio: 'ignore' });
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
  const database = await openDatabase({ url: databaseUrl, poolMax: 2 });
  return { a, b, nginx, database };
}

export async function stopCluster(cluster: Partial<Cluster>): Promise<void> {
  for (const s of sessions.values()) s.destroy();
  cluster.nginx?.kill('SIGTERM');
  for (const p of [cluster.a, cluster.b]) {
    if (p && p.child.exitCode === null && p.child.signalCode === null) {
      p.child.kill('SIGTERM');
      await p.exited;
    }
  }
  await cluster.database?.close();
  await admin(`drop database if exists ${dbName} with (force)`);
  rmSync(work, { recursive: true, force: true });
}
