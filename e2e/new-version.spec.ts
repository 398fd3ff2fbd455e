/**
 * A page of the app's last version, open while a new one is deployed: the screen it goes to next
 * asks for a chunk the deploy replaced. The server answers 404 for it (not the app's page), and the
 * app reloads into the new version instead of going blank; a screen that still cannot load says so
 * under the navbar. The deploy is played by answering the chunk with the server's own 404 for a
 * file that is no longer there. No service worker: its cache would hold the old chunks.
 */
import { expect, test, type Route } from './test';
import { expectNoSeriousA11yViolations } from './helpers';

const SHOTS = 'test-results/screens';
const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' as const };
/** The sign-in screen's chunk, as the build names it (assets/auth-{hash}.js). */
const AUTH_CHUNK = /\/assets\/auth-[\w-]+\.js$/;

/** Answers the chunk as the new version's server does: it is not there. */
const gone = (route: Route) => route.fulfill({ status: 404, contentType: 'application/json', body: '{"message":"This file is not part of the app (any more): reload the page"}' });

test('a missing build file is a 404, not the app page', async ({ request }) => {
  const res = await request.get('/assets/find-trucks-0ld0ld.js');
  expect(res.status()).toBe(404);
  expect(res.headers()['content-type']).toMatch(/application\/json/);
});

test.describe('after a deploy, on a phone', () => {
  test('a tap to a screen whose chunk is gone reloads into the new version and opens that screen', async ({ browser }) => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.goto('/find-trucks');
    await expect(page.getByRole('heading', { name: 'Find Food Trucks' })).toBeVisible();
    let refused = 0;
    await page.route(AUTH_CHUNK, async (route) => {
      // The old page's request; the reloaded page's is the new version's, and is served.
      if (refused++ === 0) return gone(route);
      return route.continue();
    });
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await page.getByRole('link', { name: 'Login' }).tap();
    await reloaded;
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Username or phone')).toBeVisible();
    expect(refused, 'the reloaded page asked for the chunk again').toBeGreaterThan(1);
    await context.close();
  });

  test('a screen that cannot load even after the reload says so under the navbar, and the rest of the app still works', async ({ browser }) => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.route(AUTH_CHUNK, gone);
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/find-trucks');
    await expect(page.getByRole('heading', { name: 'Find Food Trucks' })).toBeVisible();
    await page.getByRole('button', { name: 'Menu', exact: true }).tap();
    await page.getByRole('link', { name: 'Login' }).tap();
    // One reload, then the screen's own message: never a blank page, never a reload loop.
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page.getByText('Reload to get the latest version of the app.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Food Truck Finder' }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/new-version-could-not-load-360.png` });
    await page.waitForTimeout(1000);
    expect(loads, 'the first page and one reload').toBe(2);
    // Another screen of the app opens as usual.
    await page.getByRole('link', { name: 'Find food trucks' }).tap();
    await expect(page.getByRole('heading', { name: 'Find Food Trucks' })).toBeVisible();
    await context.close();
  });
});
