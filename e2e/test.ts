/**
 * Playwright's `test` for every spec, with one automatic step: the app answers /api/ready before
 * the test starts. A server that died mid-run is replaced by e2e/supervise.ts within seconds; the
 * test in flight fails, and this makes its retry (and the next tests) wait for the new server
 * instead of failing against a port that is still being opened.
 */
import { expect, test as base } from '@playwright/test';

export * from '@playwright/test';

export const test = base.extend<{ serverReady: undefined }>({
  serverReady: [
    async ({ request }, use) => {
      await expect
        .poll(async () => (await request.get('/api/ready').catch(() => undefined))?.status() ?? 0, {
          timeout: 90_000,
          intervals: [250, 500, 1000],
        })
        .toBe(200);
      await use(undefined);
    },
    { auto: true },
  ],
});
