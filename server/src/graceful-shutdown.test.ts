/**
 * Graceful shutdown (issue 13): a server process that gets SIGTERM stops accepting connections,
 * ends its event streams with a `retry:` hint (browsers reconnect, through the load balancer, to
 * another process), finishes the requests in flight and exits 0.
 */
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from './test/sse-client';
import { freePort, spawnServer, type ServerProcess } from './test/server-process';
import { uniquePhone } from './test/harness';

let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-shutdown-'));
  server = spawnServer(await freePort(), {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: 'false',
    JWT_SECRET: 'graceful-shutdown-test-secret-'.repeat(2),
  });
  await server.ready;
}, 120_000);

afterAll(() => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A POST whose body arrives in two parts: in flight from its first byte until `finish()`. */
function slowPost(url: string, body: string) {
  const bytes = Buffer.from(body);
  const half = Math.floor(bytes.length / 2);
  const req = http.request(url, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const response = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown }));
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, half));
  return { response, finish: () => req.end(bytes.subarray(half)) };
}

/** Whether a new connection is refused (the process no longer listens). */
const refusesConnections = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => false,
    () => true,
  );

describe('SIGTERM', () => {
  it('stops accepting, ends event streams with a retry hint, finishes the request in flight, exits 0', async () => {
    const stream = await openEventStream(`${server.url}/api/events`);
    expect(stream.status).toBe(200);
    await stream.waitFor((f) => f.retry !== undefined);

    const phone = uniquePhone();
    const inFlight = slowPost(
      `${server.url}/api/auth/register`,
      JSON.stringify({ phone, password: 'correct-horse-1', role: 'customer' }),
    );
    // The server has read the request's head (Fastify logs it) and waits for the rest of the body.
    await server.waitForOutput('"url":"/api/auth/register"');

    server.child.kill('SIGTERM');
    await stream.ended;
    // The last thing the stream said is how soon to reconnect (elsewhere: this process is going):
    // sooner than the usual 3 s, which the stream began with.
    expect(stream.frames[0]?.retry).toBe('3000');
    expect(stream.frames.length).toBeGreaterThan(1);
    const last = stream.frames.at(-1);
    expect(last?.retry).toMatch(/^\d+$/);
    expect(Number(last?.retry)).toBeLessThan(3000);
    // New connections are refused while the request in flight still runs.
    await expect.poll(() => refusesConnections(server.url), { timeout: 10_000 }).toBe(true);

    inFlight.finish();
    const answer = await inFlight.response;
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ user: { phone: `+1${phone}` } });

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"shutting down"');
  });
});
