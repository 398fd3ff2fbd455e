import { HYDRATING_COVER_ID, SCREEN_SESSION_COOKIE } from '@shared/contracts/server-render';
import { expect, test } from './test';
import type { Page } from '@playwright/test';
import { createTruck, denyLocation, loginAs, loginAsSubscribedOperator } from './helpers';

/** Far from the Austin demo trucks and from the other specs' spots. */
const SPOT = { latitude: 46.8772, longitude: -96.7898 };

test("a truck's page (and /find-trucks when asked for) arrives as HTML; the browser hydrates that HTML rather than replacing it, and a signed-in diner's pages are left to the browser", async ({
  page,
  browser,
}) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const name = `Server Render ${Date.now() % 1_000_000}`;
  const truck = await createTruck(page, session, {
    name,
    description: 'Walleye tacos & cold brew',
    address: 'Broadway & 5th',
    isOpen: true,
    ...SPOT,
  });

  // A truck's page is server-rendered unless the server runs with SERVER_RENDER=off (ADR 0168).
  const probe = await (await page.request.get(`/trucks/${truck.id}`, { headers: { cookie: '' } })).text();
  test.skip(!probe.includes('id="ftf-ssr"'), 'server rendering is off (SERVER_RENDER=off)');

  // An anonymous diner's browser: no session, no signed-in hint.
  const diner = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const tab = await diner.newPage();
  const errors: string[] = [];
  tab.on('pageerror', (err) => errors.push(err.message));
  tab.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(message.text());
  });

  // The server's HTML alone (no JavaScript) holds the truck page's first screen and the list's cards.
  const html = await (await tab.request.get(`/trucks/${truck.id}`)).text();
  expect(html).toContain(`>${name}</h1>`);
  expect(html).toContain('Walleye tacos &amp; cold brew');
  expect(html).toContain(`<div id="${HYDRATING_COVER_ID}">`);
  // /find-trucks' cards too, where the server renders every public screen (SERVER_RENDER=public-screens).
  const list = await (await tab.request.get('/find-trucks')).text();
  if (list.includes('id="ftf-ssr"')) expect(list).toContain(name);

  // The app's code held back: the page is on screen, readable, and not yet answering.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await tab.route(/\/assets\/app-main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const streamOpened = tab.waitForRequest((request) => new URL(request.url()).pathname === '/api/events');
  await tab.goto(`/trucks/${truck.id}`, { waitUntil: 'commit' });
  await expect(tab.locator('h1', { hasText: name })).toBeVisible();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toBeAttached();
  await tab.locator('h1').evaluate((h1) => (h1.dataset.fromServer = 'yes'));
  // The page listens for changes from its first script, before the app's code has arrived (on a
  // slow phone that is seconds before the screen hydrates): a change made meanwhile is kept for it.
  const stream = await streamOpened;
  expect(new URL(stream.url()).searchParams.get('lastEventId')).toMatch(/^\d+$/);
  const renamed = `${name} Live`;
  const res = await page.request.patch(`/api/food-trucks/${truck.id}`, {
    data: { name: renamed },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(res.status(), await res.text()).toBe(200);

  // The app arrives: it takes the server's nodes over (the mark survives), shows the change and answers.
  release();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toHaveCount(0);
  const heading = tab.getByRole('heading', { level: 1, name: renamed });
  await expect(heading).toBeVisible();
  await expect(heading).toHaveAttribute('data-from-server', 'yes');
  await tab.getByRole('button', { name: `Share ${renamed}` }).tap();
  await expect(tab.getByText(/Link copied|Copy this link to share/).first()).toBeVisible();
  // The list page too, with the map and the voice card loaded after hydration.
  await tab.unroute(/\/assets\/app-main-[^/]+\.js$/);
  await tab.goto('/find-trucks');
  await expect(tab.locator('.leaflet-container')).toBeVisible();
  await tab.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
  await expect(tab.getByTestId(`truck-card-${truck.id}`)).toBeVisible();
  expect(errors, 'no hydration mismatch or other error').toEqual([]);
  await diner.close();

  // Signed in (the hint cookie the app sets): the page is the plain shell, rendered by the browser
  // with the user's own navbar.
  const signedIn = await (await page.request.get(`/trucks/${truck.id}`)).text();
  expect(signedIn).not.toContain('id="ftf-ssr"');
  await page.goto(`/trucks/${truck.id}`);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeAttached();
});

test('a server-rendered /find-trucks shows the location notice the moment the browser refuses the position, before the app has arrived, and the app takes that notice over', async ({
  browser,
}) => {
  // A diner who refuses the position (no geolocation permission granted), on a phone.
  const diner = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const tab = await diner.newPage();
  const probe = await (await tab.request.get('/find-trucks')).text();
  test.skip(
    !probe.includes('id="ftf-ssr"'),
    'the server renders /find-trucks only with SERVER_RENDER=public-screens',
  );
  // The server cannot know the browser's answer: its HTML has the notice, hidden.
  expect(probe).toMatch(/<div hidden="" data-location-notice=""/);
  const errors: string[] = [];
  tab.on('pageerror', (err) => errors.push(err.message));
  tab.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      errors.push(message.text());
  });

  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await tab.route(/\/assets\/app-main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await tab.goto('/find-trucks', { waitUntil: 'commit' });
  const notice = tab.getByRole('status').filter({ hasText: 'Location access was denied.' });
  // Shown by the page's first script while the app's code is still held back.
  await expect(notice).toBeVisible();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toBeAttached();
  // Until the app answers, a tap lands on the cover over the page and is held (ADR 0190): the
  // notice stays. The search box tapped meanwhile is focused at once, and what is typed into it
  // stays; the list follows it once the app is in.
  const dismiss = notice.getByRole('button', { name: 'Dismiss location message' });
  await expect(dismiss.tap({ timeout: 1_000 })).rejects.toThrow(/intercepts pointer events/);
  // A real tap at the button's place, which the cover takes.
  await dismiss.tap({ force: true });
  await expect(notice).toBeVisible();
  const search = tab.getByRole('searchbox', { name: 'Search food trucks' });
  await search.tap({ force: true });
  await expect(search).toBeFocused();
  await tab.keyboard.type('Smokestack');
  await expect(search).toHaveValue('Smokestack');
  const list = tab.getByRole('list', { name: 'Food trucks' });
  expect(await list.getByRole('article').count()).toBeGreaterThan(1);
  // A property, not an attribute: React's development build reports an attribute it did not render.
  await search.evaluate((node) => Object.assign(node, { fromServer: true }));
  await expect(notice).toBeVisible();

  // The app hydrates the same nodes (no mismatch), then answers the held tap: the notice goes.
  release();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toHaveCount(0);
  await expect(tab.locator('.leaflet-container')).toBeVisible();
  await expect(notice).toHaveCount(0);
  expect(await search.evaluate((node) => 'fromServer' in node)).toBe(true);
  await expect(search).toHaveValue('Smokestack');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article', { name: 'Smokestack BBQ' })).toBeVisible();
  expect(errors, 'no hydration mismatch or other error').toEqual([]);
  await diner.close();
});

test("a server-rendered /find-trucks hydrates on a phone whose clock is days off the server's: the screen is kept, and what the diner types stays", async ({
  browser,
}) => {
  const diner = await browser.newContext();
  const tab = await diner.newPage();
  const probe = await (await tab.request.get('/find-trucks')).text();
  test.skip(!probe.includes('id="ftf-ssr"'), 'the server renders /find-trucks only with SERVER_RENDER=public-screens');
  const errors: string[] = [];
  tab.on('pageerror', (err) => errors.push(err.message));
  tab.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  // "Updated 3 days ago" and the status lines read otherwise than the server wrote them: the
  // screen hydrates on the server render's clock, then takes the phone's (useNow, ScreenHydrated).
  await tab.clock.setFixedTime(Date.now() + 3 * 24 * 3_600_000);
  await tab.goto('/find-trucks');
  const list = tab.getByRole('list', { name: 'Food trucks' });
  await expect(list.getByRole('article').first()).toBeVisible();
  await expect(list.getByText(/^Updated 3 days ago$/).first()).toBeVisible();
  await tab.getByRole('searchbox', { name: 'Search food trucks' }).fill('Smokestack');
  await expect(list.getByRole('article')).toHaveCount(1);
  await expect(list.getByRole('article', { name: 'Smokestack BBQ' })).toBeVisible();
  await expect(tab.getByRole('searchbox', { name: 'Search food trucks' })).toHaveValue('Smokestack');
  expect(errors, 'no hydration mismatch or other error').toEqual([]);
  await diner.close();
});

test("every page's first script loads the locale's data in a worker (the CSP lets it run), which then ends", async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // It formats a date and a price, says so, and the page ends it (lib/intl-warm-up.ts): in a few ms.
  const ended = new Promise<string>((resolve) =>
    page.on('worker', (worker) => {
      if (/intl-warm-up/.test(worker.url())) worker.once('close', () => resolve(worker.url()));
    }),
  );
  await page.goto('/find-trucks');
  expect(await ended).toMatch(/\/assets\/intl-warm-up\.worker-[\w-]+\.js$/);
  await expect(page.getByRole('list', { name: 'Food trucks' }).getByRole('article').first()).toBeVisible();
  expect(errors.filter((text) => /Content Security Policy|Worker/i.test(text))).toEqual([]);
});

/** Holds the app's own code back until the returned function is called; collects the page's errors. */
async function holdApp(page: Page): Promise<{ release: () => void; errors: string[] }> {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) errors.push(message.text());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/app-main-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release, errors };
}

test("a signed-in customer's favourites and an operator's dashboard arrive as their frame, which the app replaces once it is in (ADR 0175)", async ({
  browser,
}) => {
  // A customer with a favourite and an operator, each on their own phone.
  const phone = () => browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const customerPhone = await phone();
  const operatorPhone = await phone();
  const customerTab = await customerPhone.newPage();
  const customer = await loginAs(customerTab, 'customer', '/');
  const operatorTab = await operatorPhone.newPage();
  const operator = await loginAsSubscribedOperator(operatorTab, '/');
  const name = `Frame Truck ${Date.now() % 1_000_000}`;
  const truck = await createTruck(operatorTab, operator, { name, isOpen: true, ...SPOT });
  const favoured = await customerTab.request.post('/api/favorites', {
    data: { foodTruckId: truck.id },
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  expect(favoured.status()).toBe(200);

  // The server's frame: the screen's words and loading state, nothing of the customer's, no data.
  const probe = await (await customerTab.request.get('/find-trucks', { headers: { cookie: '' } })).text();
  test.skip(!probe.includes('id="ftf-ssr"'), 'the server renders frames only with SERVER_RENDER=public-screens');
  // Without the screen session cookie (a session stored before ADR 0176), each screen is its frame.
  await customerPhone.clearCookies({ name: SCREEN_SESSION_COOKIE });
  const html = await (await customerTab.request.get('/favorites')).text();
  expect(html).toContain('>Your Favorite Food Trucks</h1>');
  expect(html).toContain(`<div id="${HYDRATING_COVER_ID}">`);
  expect(html).not.toContain('id="ftf-ssr"');
  expect(html).not.toContain(name);
  expect(html).toContain('Checking this device…');

  const customerHeld = await holdApp(customerTab);
  await customerTab.goto('/favorites', { waitUntil: 'commit' });
  await expect(customerTab.getByRole('heading', { level: 1, name: 'Your Favorite Food Trucks' })).toBeVisible();
  await expect(customerTab.getByRole('list', { name: 'Loading favorites' })).toBeVisible();
  await expect(customerTab.locator(`#${HYDRATING_COVER_ID}`)).toBeAttached();
  // The app arrives and renders the screen afresh, with the customer's favourites.
  customerHeld.release();
  await expect(customerTab.locator(`#${HYDRATING_COVER_ID}`)).toHaveCount(0);
  await expect(customerTab.getByTestId(`favorite-card-${truck.id}`)).toBeVisible();
  await expect(customerTab.getByRole('list', { name: 'Loading favorites' })).toHaveCount(0);
  await expect(customerTab.getByRole('switch', { name: 'Text me when my favorites open' })).toBeEnabled();
  expect(customerHeld.errors, 'no error while the app replaced the frame').toEqual([]);

  // The operator's dashboard with location refused (Chromium's DevTools protocol denies it for this
  // phone): the page's first script shows the frame's notice before the app has arrived, and the
  // app keeps it where it was.
  await denyLocation(operatorPhone, operatorTab);
  await operatorPhone.clearCookies({ name: SCREEN_SESSION_COOKIE });
  const operatorHeld = await holdApp(operatorTab);
  await operatorTab.goto('/operator-dashboard', { waitUntil: 'commit' });
  await expect(operatorTab.getByRole('heading', { level: 1, name: 'Operator Dashboard' })).toBeVisible();
  const notice = operatorTab.getByRole('status').filter({ hasText: 'Location access denied. Please enable location permissions.' });
  await expect(notice).toBeVisible();
  await expect(operatorTab.getByText('Loading your dashboard...')).toBeVisible();
  await expect(operatorTab.locator(`#${HYDRATING_COVER_ID}`)).toBeAttached();
  const before = await notice.boundingBox();
  operatorHeld.release();
  await expect(operatorTab.locator(`#${HYDRATING_COVER_ID}`)).toHaveCount(0);
  await expect(operatorTab.getByText(name, { exact: true }).first()).toBeVisible();
  await expect(notice).toBeVisible();
  expect((await notice.boundingBox())?.y).toBe(before?.y);
  expect(operatorHeld.errors, 'no error while the app replaced the frame').toEqual([]);
  await customerPhone.close();
  await operatorPhone.close();
});

test("an operator's dashboard arrives with the operator's own data, written in the phone's zone, and the app hydrates it (ADR 0176)", async ({
  browser,
}) => {
  // An operator on a phone whose zone is not the server's, with location refused.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Pacific/Auckland',
  });
  const tab = await phone.newPage();
  const operator = await loginAsSubscribedOperator(tab, '/');
  const name = `Own Data Truck ${Date.now() % 1_000_000}`;
  await createTruck(tab, operator, { name, isOpen: true, ...SPOT });
  const probe = await (await tab.request.get('/find-trucks', { headers: { cookie: '' } })).text();
  test.skip(!probe.includes('id="ftf-ssr"'), 'the server renders screens only with SERVER_RENDER=public-screens');

  // The page itself holds the operator's truck and payouts panel, for this browser alone.
  const answer = await tab.request.get('/operator-dashboard');
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  const html = await answer.text();
  expect(html).toContain(name);
  expect(html).toContain('Order ahead payouts');
  expect(html).toContain('id="ftf-ssr"');
  // Nobody else's: the same address without the cookies is the plain shell.
  const anonymous = await (await tab.request.get('/operator-dashboard', { headers: { cookie: '' } })).text();
  expect(anonymous).not.toContain(name);

  await denyLocation(phone, tab);
  const held = await holdApp(tab);
  await tab.goto('/operator-dashboard', { waitUntil: 'commit' });
  // Before any of the app's code: the truck, its last update in the phone's zone, and the notice.
  const card = tab.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(tab.getByText('Order ahead payouts')).toBeVisible();
  const updated = card.locator('time').first();
  const inZone = await tab.evaluate(
    (iso) => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
    (await updated.getAttribute('datetime')) ?? '',
  );
  await expect(updated).toHaveText(inZone);
  const notice = tab.getByRole('status').filter({ hasText: 'Location access denied. Please enable location permissions.' });
  await expect(notice).toBeVisible();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toBeAttached();
  await card.evaluate((element) => element.setAttribute('data-server-node', ''));

  // The app hydrates the same elements rather than drawing the screen again, with no error.
  held.release();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toHaveCount(0);
  await expect(card).toHaveAttribute('data-server-node', '');
  await expect(updated).toHaveText(inZone);
  await expect(notice).toBeVisible();
  // And it answers: the truck's insights open.
  await card.getByRole('button', { name: 'Insights' }).tap();
  await expect(card.getByRole('button', { name: 'Hide insights' })).toBeVisible();
  expect(held.errors, 'no error while the app hydrated the dashboard').toEqual([]);

  // Signed out, this browser's next dashboard holds nothing of the operator's.
  await tab.evaluate(() => localStorage.clear());
  await tab.goto('/');
  const after = await (await tab.request.get('/operator-dashboard')).text();
  expect(after).not.toContain(name);
  await phone.close();
});

test("a customer's favourites arrive with the customer's own favourites, and the app hydrates them (ADR 0176)", async ({ browser }) => {
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const tab = await phone.newPage();
  const operator = await loginAsSubscribedOperator(tab, '/');
  const name = `Own Favourite ${Date.now() % 1_000_000}`;
  const truck = await createTruck(tab, operator, { name, isOpen: true, ...SPOT });
  const customer = await loginAs(tab, 'customer', '/');
  const favoured = await tab.request.post('/api/favorites', {
    data: { foodTruckId: truck.id },
    headers: { Authorization: `Bearer ${customer.token}` },
  });
  expect(favoured.status()).toBe(200);
  const probe = await (await tab.request.get('/find-trucks', { headers: { cookie: '' } })).text();
  test.skip(!probe.includes('id="ftf-ssr"'), 'the server renders screens only with SERVER_RENDER=public-screens');

  const answer = await tab.request.get('/favorites');
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  expect(await answer.text()).toContain(name);

  const held = await holdApp(tab);
  await tab.goto('/favorites', { waitUntil: 'commit' });
  // Before any of the app's code: the favourite itself, not the skeleton.
  const card = tab.getByTestId(`favorite-card-${truck.id}`);
  await expect(card).toBeVisible();
  await expect(tab.getByRole('list', { name: 'Loading favorites' })).toHaveCount(0);
  await card.evaluate((element) => element.setAttribute('data-server-node', ''));
  // Two taps on the card's name before the app is in, the second because the first seemed to do
  // nothing: held under the cover, and answered once the app is in, once (ADR 0190).
  const cardName = card.getByRole('button', { name, exact: true });
  await cardName.tap({ force: true });
  await cardName.tap({ force: true });
  await expect(cardName).toHaveAttribute('aria-expanded', 'false');
  // The tap shows as taken: a ring over the name, on the cover.
  const ring = tab.locator(`#${HYDRATING_COVER_ID} .ftf-held-tap`);
  await expect(ring).toBeVisible();
  const [ringBox, nameBox] = [await ring.boundingBox(), await cardName.boundingBox()];
  expect(ringBox).toEqual(nameBox);
  await tab.screenshot({ path: test.info().outputPath('held-tap-360.png') });
  held.release();
  await expect(tab.locator(`#${HYDRATING_COVER_ID}`)).toHaveCount(0);
  await expect(card).toHaveAttribute('data-server-node', '');
  await expect(cardName).toHaveAttribute('aria-expanded', 'true');
  await expect(card.getByText('About', { exact: true })).toBeVisible();
  await expect(tab.getByRole('switch', { name: 'Text me when my favorites open' })).toBeEnabled();
  // This browser can take push: once hydrated, the device card leaves "Checking this device…".
  await expect(tab.getByRole('button', { name: 'Turn on alerts on this device' })).toBeVisible();
  expect(held.errors, 'no error while the app hydrated the favourites').toEqual([]);
  await phone.close();
});
