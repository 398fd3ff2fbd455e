import { expect, test } from './test';
import {
  createTruck,
  expectNoSeriousA11yViolations,
  freshPhone,
  loginAs,
  loginAsSubscribedOperator,
  mapSettled,
  openWithSession,
} from './helpers';

/**
 * Operator insights (issue 31): a diner's visit to a truck's page is counted off the request path
 * (the web process's flush worker writes it within seconds), and the operator's dashboard shows it in
 * the truck's insights — a chart with its table — at desktop size and on a 360 px phone. A browser
 * that sends Global Privacy Control is not counted.
 */

// Each test has its own band of longitude, a degree apart (about 80 km, far beyond the 5 km the
// demand map looks around a truck): the demand test's 10 diners once made a cell show beside the
// first test's truck, whose demand section must stay empty (CI, session 41).
const spot = (test: number) => ({
  latitude: 42 + Math.random() * 0.5,
  longitude: -101 - test - Math.random() * 0.5,
});

test('a diner’s page view reaches the operator’s insights; GPC is not counted', async ({ page, browser }) => {
  const opContext = await browser.newContext();
  const opPage = await opContext.newPage();
  const operator = await loginAsSubscribedOperator(opPage, '/');
  const truck = await createTruck(opPage, operator, {
    name: `Insights Truck ${Date.now()}`,
    ...spot(0),
    address: '300 Test Ave',
  });

  await loginAs(page, 'customer', `/trucks/${truck.id}`);
  await expect(page.getByRole('heading', { name: truck.name })).toBeVisible();
  // A browser with Global Privacy Control on: its view is not counted.
  const gpc = await browser.newContext({ extraHTTPHeaders: { 'Sec-GPC': '1' } });
  const gpcPage = await gpc.newPage();
  await gpcPage.goto(`/trucks/${truck.id}`);
  await expect(gpcPage.getByRole('heading', { name: truck.name })).toBeVisible();
  await gpcPage.close();
  await gpc.close();
  // The view is reported when the page hides (or after 5 s), then written by the flush worker (every 2 s).
  await page.goto('/account');
  await expect(page.getByTestId('privacy-note')).toContainText('Privacy: what we count');
  await expect(page.getByRole('switch', { name: "Don't count my visits" })).toHaveAttribute(
    'aria-checked',
    'false',
  );

  await opPage.goto('/operator-dashboard');
  await expect
    .poll(
      async () => {
        const res = await opPage.request.get(`/api/food-trucks/${truck.id}/insights?days=7`, {
          headers: { Authorization: `Bearer ${operator.token}` },
        });
        const body = (await res.json()) as { series: { kind: string; total: number }[] };
        return body.series.find((s) => s.kind === 'page_view')?.total;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  await opPage.getByRole('button', { name: 'Insights' }).click();
  const panel = opPage.getByTestId(`insights-panel-${truck.id}`);
  const pageViews = panel.getByTestId('insight-page_view');
  await expect(pageViews.getByTestId('insight-total')).toHaveText('1');
  await expect(panel.getByTestId('insights-zone')).toContainText("the truck's time zone");
  await pageViews.getByText('Table').click();
  await expect(pageViews.getByRole('table')).toContainText('1');
  await panel.getByRole('button', { name: '30 days' }).click();
  await expect(pageViews.getByTestId('insight-total')).toHaveText('1');
  await expect(opPage.getByTestId('demand-section')).toContainText('Not enough diners searched');
  await expectNoSeriousA11yViolations(opPage);
  await panel.scrollIntoViewIfNeeded();
  await opPage.screenshot({ path: 'test-results/insights-desktop.png' });

  const phoneContext = await browser.newContext({
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  await openWithSession(phone, operator, '/operator-dashboard');
  await phone.getByRole('button', { name: 'Insights' }).tap();
  const phonePanel = phone.getByTestId(`insights-panel-${truck.id}`);
  await expect(phonePanel.getByTestId('insight-page_view').getByTestId('insight-total')).toHaveText('1');
  await phonePanel.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: 'test-results/insights-phone.png' });
  const overflow = await phone.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await phoneContext.close();
  await opContext.close();
});

test('the demand map: a cell shows once 10 different diners searched there, never with 9', async ({
  browser,
  request,
}) => {
  const opContext = await browser.newContext();
  const opPage = await opContext.newPage();
  const operator = await loginAsSubscribedOperator(opPage, '/');
  const at = spot(1);
  await createTruck(opPage, operator, { name: `Demand Truck ${Date.now()}`, ...at, address: '400 Test Ave' });
  // Two places about 1 km north and south of the truck: 10 diners search at one, 9 at the other.
  const busy = { lat: at.latitude + 0.01, lng: at.longitude };
  const quiet = { lat: at.latitude - 0.01, lng: at.longitude };
  const search = async (where: { lat: number; lng: number }) => {
    const res = await request.post('/api/auth/register', {
      data: { phone: freshPhone(), password: 'e2e-password-1', role: 'customer' },
    });
    const { token } = (await res.json()) as { token: string };
    const list = await request.get(`/api/food-trucks/active?lat=${where.lat}&lng=${where.lng}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(list.status()).toBe(200);
  };
  for (let i = 0; i < 10; i++) await search(busy);
  for (let i = 0; i < 9; i++) await search(quiet);
  let cells: { latitude: number; diners: number }[] = [];
  await expect
    .poll(
      async () => {
        const res = await opPage.request.get(`/api/operators/${operator.user.id}/insights/demand?days=7`, {
          headers: { Authorization: `Bearer ${operator.token}` },
        });
        cells = ((await res.json()) as { cells: typeof cells }).cells;
        return cells.length;
      },
      { timeout: 15_000 },
    )
    .toBe(1);
  expect(cells[0]?.diners).toBe(10);
  expect(Math.abs((cells[0]?.latitude ?? 0) - busy.lat)).toBeLessThan(0.005);

  await opPage.goto('/operator-dashboard');
  const section = opPage.getByTestId('demand-section');
  await expect(section.getByRole('table')).toContainText('10');
  await section.getByRole('button', { name: '7 days' }).click();
  await expect(section.getByRole('table').locator('tbody tr')).toHaveCount(1);
  await section.getByRole('button', { name: 'Show on a map' }).click();
  await expect(section.getByTestId('demand-map').locator('.leaflet-interactive')).toHaveCount(1);
  await expectNoSeriousA11yViolations(opPage);
  await section.scrollIntoViewIfNeeded();
  await opPage.screenshot({ path: 'test-results/insights-demand-desktop.png' });
  await opContext.close();
});

test('a map popup the diner opens counts as a card view, once per opening; the map reopening it does not', async ({
  page,
  browser,
}) => {
  const opContext = await browser.newContext();
  const opPage = await opContext.newPage();
  const operator = await loginAsSubscribedOperator(opPage, '/');
  const at = spot(2);
  const name = `Popup Views ${Date.now()}`;
  const truck = await createTruck(opPage, operator, { name, ...at, address: '500 Test Ave' });
  const auth = { Authorization: `Bearer ${operator.token}` };
  expect(
    (await opPage.request.post(`/api/food-trucks/${truck.id}/open`, { data: at, headers: auth })).status(),
  ).toBe(200);
  const cardViews = async () => {
    const res = await opPage.request.get(`/api/food-trucks/${truck.id}/insights?days=7`, { headers: auth });
    const body = (await res.json()) as { series: { kind: string; total: number }[] };
    return body.series.find((s) => s.kind === 'card_view')?.total;
  };

  // What this diner's page reports for the truck. The server's total may also hold views by diners
  // of tests running beside this one, whose lists show this truck's card too.
  let reported = 0;
  page.context().on('request', (request) => {
    if (!request.url().endsWith('/api/insights/views')) return;
    const { views } = request.postDataJSON() as { views: { truckId: number; kind: string }[] };
    reported += views.filter((v) => v.truckId === truck.id && v.kind === 'card_view').length;
  });

  // The link opens the truck's popup: one. Its card in the list, on screen: one (once per page load).
  await loginAs(page, 'customer', `/find-trucks?truck=${truck.id}`);
  const popup = page.getByTestId('truck-popup');
  await expect(popup).toContainText(name);
  await page.getByTestId(`truck-card-${truck.id}`).scrollIntoViewIfNeeded();
  // The truck moves while its popup is open: the map reopens it at the new place — not counted.
  const moved = await opPage.request.patch(`/api/food-trucks/${truck.id}/location`, {
    headers: auth,
    data: { latitude: at.latitude + 0.0004, longitude: at.longitude, address: '510 Test Ave' },
  });
  expect(moved.status()).toBe(200);
  await expect(popup).toContainText('510 Test Ave');
  // The diner closes it and opens it again (a click on its pin): one more. Once the map has stopped
  // moving: the reopened popup grows as its content arrives and the map pans to keep it in view,
  // and a click at the close button's old place missed it (CI, session 26).
  await mapSettled(page);
  await popup
    .locator('xpath=ancestor::div[contains(@class, "leaflet-popup")]')
    .locator('.leaflet-popup-close-button')
    .click();
  await expect(popup).toHaveCount(0);
  const pin = page.getByRole('button', { name: `${name} (open)` });
  await pin.click();
  await expect(popup).toContainText(name);
  // Sent within the reporter's 5 s: the link's opening, the card and the diner's; not the move's.
  await expect.poll(() => reported, { timeout: 10_000 }).toBe(3);
  // A click on the pin of an open popup closes it (not counted); Enter on the pin opens it: one more.
  await mapSettled(page);
  await pin.click();
  await expect(popup).toHaveCount(0);
  await pin.press('Enter');
  await expect(popup).toContainText(name);
  // Leaving the page sends what is left (a keepalive request the test cannot see); the flush worker
  // writes it within seconds.
  await page.goto('/account');
  await expect.poll(cardViews, { timeout: 15_000 }).toBeGreaterThanOrEqual(4);
  expect(reported).toBe(3);
  await opContext.close();
});
