import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

/**
 * Closing the app (SIGTERM, or a test's close()) while a response is still being written. Node ends
 * the keep-alive connections that are idle when its server.close() runs, once. A response that
 * ended just after — a streamed file: the client already holds every byte, the read stream's end
 * comes a moment later (the crafted-uploads suite met it intermittently) — left its connection
 * open until the keep-alive time-out, 72 s, and close() waited for it. The app now ends such a
 * connection as soon as its response is done.
 */
let server: TestServer;
let release = () => {};
const released = new Promise<void>((resolve) => (release = resolve));
let arrived = () => {};
const inHandler = new Promise<void>((resolve) => (arrived = resolve));

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      routes: (app) =>
        app.get('/test/streamed', async (_request, reply) => {
          // Every byte at once, the end of the stream later (as a file read reaches its end).
          const body = new Readable({ read() {} });
          body.push('{"ok":true}');
          void released.then(() => body.push(null));
          arrived();
          return reply.header('content-length', 11).type('application/json').send(body);
        }),
    },
  );
});
afterAll(() => server.close());

/** Resolves once the HTTP server has stopped listening (its close() has run). */
async function stoppedListening(app: TestServer['app']) {
  while (app.server.listening) await new Promise((resolve) => setImmediate(resolve));
}

describe('closing the app', () => {
  it('ends a kept-alive connection whose response ends after close() began, and close() completes', async () => {
    const agent = new http.Agent({ keepAlive: true });
    try {
      let socketClosed: Promise<void> = Promise.resolve();
      const answered = new Promise<{ status: number | undefined; body: string; connection: string | undefined }>((resolve, reject) => {
        const req = http.get(`${server.url}/test/streamed`, { agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            body += chunk;
            // The whole body (content-length) is here; the client is done, as fetch would be.
            if (body.length === 11) resolve({ status: res.statusCode, body, connection: res.headers.connection });
          });
        });
        req.on('socket', (socket) => {
          socketClosed = new Promise((resolve) => socket.once('close', () => resolve()));
        });
        req.on('error', reject);
      });
      await inHandler;
      expect(await answered).toMatchObject({ status: 200, body: '{"ok":true}', connection: 'keep-alive' });
      // close() begins while the server's response has not ended; it ends only after Node's
      // server.close() has ended the connections that were idle then.
      const closing = server.app.close();
      await stoppedListening(server.app);
      release();
      // The server ends the connection, so close() completes (before, it waited 72 s for it).
      await socketClosed;
      await closing;
    } finally {
      agent.destroy();
    }
  }, 60_000);
});
