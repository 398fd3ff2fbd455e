/**
 * Playwright's `test` for every spec, with one automatic step: the app answers /api/ready before
 * the test starts. A server that died mid-run is replaced by e2e/supervise.ts within seconds; the
 * test in flight fails, and this makes its retry (and the next tests) wait for the new server
 * instead of failing against a port that is still being opened.
 */
import { expect, test as base, type BrowserContext, type Page } from '@playwright/test';
import { HYDRATING_COVER_ID } from '@shared/contracts/server-render';

export * from '@playwright/test';

/**
 * A server-rendered page (ADR 0168) is on screen before the app has hydrated it, under a clear cover
 * until then: each navigation of the test's own context waits for that, as a diner waits for a
 * page to answer. (Contexts a test makes itself are left alone: replacing `browser.newContext`
 * lost toasts in them. Their signed-in pages are not server-rendered; Playwright's clicks wait for
 * a covered page anyway, as the cover takes the taps; and the search box keeps text filled in
 * before the hydration.)
 */
const untilInteractive = (page: Page) =>
  page.locator(`#${HYDRATING_COVER_ID}`).waitFor({ state: 'detached', timeout: 30_000 });

function waitForHydration(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    // `waitUntil: 'commit'`: the test looks at the page before the app has run.
    if (args[1]?.waitUntil !== 'commit') await untilInteractive(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive(page);
    return response;
  };
}

function waitForHydrationIn(context: BrowserContext): BrowserContext {
  context.pages().forEach(waitForHydration);
  context.on('page', waitForHydration);
  return context;
}

export const test = base.extend<{ serverReady: undefined }>({
  context: async ({ context }, use) => {
    await use(waitForHydrationIn(context));
  },
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
