import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * The route table: every method and path the server answers and who may call it. A route added,
 * removed or re-guarded changes this snapshot, so the change is reviewed on purpose; update it with
 * `npx vitest run -u server/src/routes.test.ts`. The authorization matrix builds on this table.
 */
describe('the route table', () => {
  it('lists every route with its access rule', async () => {
    const rows = server.app.routeTable
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method.padEnd(7)} ${r.url.padEnd(48)} ${r.access}`)
      .sort();
    await expect(rows.join('\n') + '\n').toMatchFileSnapshot('./__snapshots__/route-table.txt');
  });
});
