/**
 * A page of the app's last version, open while a new one is deployed: the screen it goes to next
 * asks for a chunk the deploy replaced. The server answers 404 for it (not the app's page), and the
 * app reloads into the new version instead of going blank; a screen that still cannot load says so
 * under the navbar. The deploy is played by answering the chunk with the server's own 404 for a
 * file that is no longer there. No service worker: its cache would hold the old chunks.
 */
import { expect, test, type Route } from './test';
import { createTruck, expectNoSeriousA11yViolations, loginAsSubscribedOperator } from './helpers';

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

/** The app itself (app-main-{hash}.js), which the page's first script imports. */
const APP_MAIN = /\/assets\/app-main-[\w-]+\.js$/;

test.describe('a page whose app does not arrive, on a phone (ADR 0190)', () => {
  test('reloads once, then is a page whose links work and which says the app could not load; a page the browser renders says so rather than staying blank', async ({ browser, page: operatorPage }) => {
    const operator = await loginAsSubscribedOperator(operatorPage, '/');
    const truck = await createTruck(operatorPage, operator, { name: `Unloaded App ${Date.now() % 1_000_000}`, isOpen: true, address: 'Nicollet Mall & 8th', latitude: 44.9755, longitude: -93.2711 });
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await page.route(APP_MAIN, gone);
    let loads = 0;
    page.on('load', () => (loads += 1));
    // A truck's page, which the server renders (unless SERVER_RENDER=off).
    await page.goto(`/trucks/${truck.id}`);
    const alert = page.getByRole('alert').filter({ hasText: 'The app could not load.' });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Reload' })).toBeVisible();
    await page.waitForTimeout(1000);
    expect(loads, 'the first page and one reload').toBe(2);
    await expect(page.getByRole('heading', { level: 1, name: truck.name })).toBeVisible();
    await expect(page.locator('#ftf-hydrating')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: `${SHOTS}/app-not-loaded-truck-360.png` });
    // Its links are followed by the browser, as on any page.
    await page.getByRole('link', { name: 'Open on Find Trucks' }).tap();
    await expect(page).toHaveURL(new RegExp(`/find-trucks\\?truck=${truck.id}$`));
    await expect(page.getByRole('alert').filter({ hasText: 'The app could not load.' })).toBeVisible();

    // The sign-in screen, which the browser renders itself: not a blank page.
    await page.goto('/login');
    await expect(page.getByRole('alert').filter({ hasText: 'The app could not load.' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/app-not-loaded-login-360.png` });

    // Once the app is there again, Reload opens it.
    await page.unroute(APP_MAIN);
    await page.getByRole('button', { name: 'Reload' }).tap();
    await expect(page.getByLabel('Username or phone')).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'The app could not load.' })).toHaveCount(0);
    await context.close();
  });
});

test('without JavaScript a truck page is a plain page whose links work, and every page says JavaScript is needed', async ({ browser, page: operatorPage }) => {
  const operator = await loginAsSubscribedOperator(operatorPage, '/');
  const truck = await createTruck(operatorPage, operator, { name: `No Script ${Date.now() % 1_000_000}`, isOpen: true, address: 'Nicollet Mall & 8th', latitude: 44.9755, longitude: -93.2711 });
  const context = await browser.newContext({ ...phone, javaScriptEnabled: false });
  const page = await context.newPage();
  // Playwright's text and role selectors skip <noscript>, which a browser without JavaScript shows.
  const needed = page.locator('noscript p').filter({ hasText: 'Food Truck Finder needs JavaScript.' });
  await page.goto(`/trucks/${truck.id}`);
  await expect(page.getByRole('heading', { level: 1, name: truck.name })).toBeVisible();
  await expect(needed).toBeVisible();
  await expect(page.locator('#ftf-hydrating')).toBeHidden();
  await page.getByRole('link', { name: 'Open on Find Trucks' }).tap();
  await expect(page).toHaveURL(new RegExp(`/find-trucks\\?truck=${truck.id}$`));
  await page.goto('/login');
  await expect(needed).toBeVisible();
  await context.close();
});
