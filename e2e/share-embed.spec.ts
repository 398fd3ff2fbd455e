import { expect, test } from './test';
import { fixturesPort } from './ports';
import { createTruck, expectNoSeriousA11yViolations, loginAsSubscribedOperator, toast } from './helpers';

/** Far from the Austin demo trucks, so no other spec's list changes. */
const SPOT = { latitude: 44.9778, longitude: -93.265 };

test("the share page shows a truck's status, menu, next stops and map at 360 px; an unknown truck gets a 404 and a not-found page", async ({
  page,
}) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const name = `Share E2E ${Date.now() % 1_000_000}`;
  const truck = await createTruck(page, session, {
    name,
    description: 'Hand pies & coffee',
    address: 'Nicollet Mall & 8th',
    isOpen: true,
    phone: '612.555.0147',
    ...SPOT,
  });
  const auth = { Authorization: `Bearer ${session.token}` };
  const item = await page.request.post('/api/menu-items', {
    headers: auth,
    data: { foodTruckId: truck.id, name: 'Apple Hand Pie', price: 6.5, category: 'Desserts', description: 'Flaky' },
  });
  expect(item.status(), await item.text()).toBe(201);
  const stop = await page.request.post(`/api/food-trucks/${truck.id}/schedule/stops`, {
    headers: auth,
    data: { kind: 'weekly', weekday: 3, startTime: '11:00', endTime: '14:00', address: 'Loring Park', ...SPOT },
  });
  expect(stop.status(), await stop.text()).toBe(201);

  // A diner who follows a shared link (no session).
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 360, height: 800 });
  const res = await page.goto(`/trucks/${truck.id}`);
  expect(res?.status()).toBe(200);
  // Link previews: the server filled in the Open Graph tags.
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', name);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`/trucks/${truck.id}$`));

  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('OPEN', { exact: true })).toBeVisible();
  await expect(page.getByTestId('updated-ago')).toContainText(/Updated/);
  await expect(page.getByText('Nicollet Mall & 8th')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Next stops' }).getByText('at Loring Park').first()).toBeVisible();
  await expect(page.getByText('Apple Hand Pie')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open on Find Trucks' })).toHaveAttribute('href', `/find-trucks?truck=${truck.id}`);
  // Issue 27: the diner can call the truck and add its stops to a calendar.
  await expect(page.getByRole('link', { name: `Call ${name} at 612-555-0147` })).toHaveAttribute('href', 'tel:+16125550147');
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', `/api/food-trucks/${truck.id}/calendar.ics`);
  await expect(page.locator('.leaflet-marker-icon')).toBeVisible();
  // Scrolled beneath the sticky navbar, the map (its zoom buttons, its pin) stays under it.
  const map = page.locator('.leaflet-container');
  await map.evaluate((node) => window.scrollBy(0, node.getBoundingClientRect().top - 20));
  const onTop = await map.evaluate((node) => {
    const { left, width } = node.getBoundingClientRect();
    return document.elementFromPoint(left + Math.min(40, width / 2), 30)?.closest('header, .leaflet-container')?.tagName;
  });
  expect(onTop, 'the navbar, not the map, at the top of the screen').toBe('HEADER');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the share page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/share-page-360.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // Share without a share sheet (desktop Chromium): the link is copied, with a toast.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });
  await page.getByRole('button', { name: `Share ${name}` }).click();
  await expect(toast(page, 'Link copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/trucks/${truck.id}$`));

  const missing = await page.goto('/trucks/987654321');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Food truck not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Find other trucks' })).toBeVisible();
  await page.screenshot({ path: 'test-results/share-page-not-found.png' });
  await expectNoSeriousA11yViolations(page);
});

test('the embed card in an iframe of another origin updates live when the truck opens', async ({ page }) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const name = `Embed E2E ${Date.now() % 1_000_000}`;
  const truck = await createTruck(page, session, { name, ...SPOT, address: 'Stone Arch Bridge' });

  await page.goto(`http://127.0.0.1:${fixturesPort}/embed-host/${truck.id}`);
  const card = page.frameLocator('iframe[title="Our truck on Food Truck Finder"]');
  await expect(card.getByRole('heading', { name })).toBeVisible();
  await expect(card.getByText('Closed', { exact: true })).toBeVisible();
  await expect(card.getByText('No upcoming stops')).toBeVisible();
  await expect(card.getByRole('link', { name: 'Find us on Food Truck Finder' })).toHaveAttribute(
    'href',
    new RegExp(`/trucks/${truck.id}$`),
  );

  const opened = await page.request.post(`/api/food-trucks/${truck.id}/open`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: SPOT,
  });
  expect(opened.status(), await opened.text()).toBe(200);
  await expect(card.getByText('Open now', { exact: true })).toBeVisible();
  await expect(card.getByText('Now at Stone Arch Bridge')).toBeVisible();
  await page.screenshot({ path: 'test-results/embed-card-open.png' });
  await expectNoSeriousA11yViolations(page);
});

test("the default embed code shows a card with three stops whole: its link inside the frame", async ({ page }) => {
  const session = await loginAsSubscribedOperator(page, '/');
  // A long name and places that wrap: the tallest cards operators have.
  const name = `Embed Fit ${Date.now() % 1_000_000} Smokehouse & Taqueria Kitchen`;
  const truck = await createTruck(page, session, { name, ...SPOT, isOpen: true, address: 'Stone Arch Bridge, 100 Portland Ave S, Minneapolis, MN 55401' });
  for (const weekday of [1, 2, 3, 4]) {
    const stop = await page.request.post(`/api/food-trucks/${truck.id}/schedule/stops`, {
      headers: { Authorization: `Bearer ${session.token}` },
      data: { kind: 'weekly', weekday, startTime: '11:00', endTime: '14:00', address: 'Loring Park, 1382 Willow St, Minneapolis', ...SPOT },
    });
    expect(stop.status(), await stop.text()).toBe(201);
  }
  await page.goto(`http://127.0.0.1:${fixturesPort}/embed-host/${truck.id}`);
  const frame = page.locator('iframe[title="Our truck on Food Truck Finder"]');
  const link = page.frameLocator('iframe[title="Our truck on Food Truck Finder"]').getByRole('link', { name: 'Find us on Food Truck Finder' });
  await expect(link).toBeVisible();
  const [box, linkBox] = [await frame.boundingBox(), await link.boundingBox()];
  expect(box && linkBox && linkBox.y + linkBox.height, 'the link ends inside the frame').toBeLessThanOrEqual((box?.y ?? 0) + (box?.height ?? 0));
  await page.screenshot({ path: 'test-results/embed-card-fits.png' });
  await expectNoSeriousA11yViolations(page);
});
