import { expect, test } from './test';
import type { OutboxMessage, Page as ListPage } from '@shared/contracts';
import {
  adminToken,
  createTruck,
  expectNoSeriousA11yViolations,
  mapSettled,
  loginAs,
  loginAsSubscribedOperator,
} from './helpers';

/**
 * "I'm going" (issue 31), in a real browser: a diner says "I'm going" on a truck's card, the
 * operator's dashboard shows the count live, the operator closes early, and the diner's open page
 * shows the notice (from the event stream, no reload) and the SMS outbox holds the text.
 *
 * "Within a second" is a latency budget, so `npm run bench` measures it (a change reaching 1,000
 * open event streams, p99 < 1 s); here the notice only has to arrive live — a lost one never does —
 * and the time it took is recorded as an annotation.
 */

/** A 360 px phone with touch. */
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

/** A spot of its own per call, far from the demo trucks (Austin) and other specs' trucks. */
const spot = () => ({ latitude: 41 + Math.random() * 0.5, longitude: -100 - Math.random() * 0.5 });

test.describe("I'm going", () => {
  test('diner goes, operator sees it live, closes early: notice on the open page and in the SMS outbox', async ({
    page,
    browser,
  }) => {
    // Two signed-in pages and a dozen live round trips: more than the default minute on a loaded CI machine.
    test.slow();
    const opPage = await browser.newPage();
    const operator = await loginAsSubscribedOperator(opPage, '/');
    const name = `Going Truck ${Date.now()}`;
    const at = spot();
    const truck = await createTruck(opPage, operator, { name, ...at, address: '100 Test Ave' });
    const opened = await opPage.request.post(`/api/food-trucks/${truck.id}/open`, {
      data: at,
      headers: { Authorization: `Bearer ${operator.token}` },
    });
    expect(opened.status()).toBe(200);
    await opPage.goto('/operator-dashboard');
    const counts = opPage.getByTestId(`going-counts-${truck.id}`);
    await expect(counts.getByText('Nobody has said they are going yet.')).toBeVisible();

    await loginAs(page, 'customer', `/find-trucks?truck=${truck.id}`);
    const card = page.getByTestId(`truck-card-${truck.id}`);
    const going = card.getByTestId(`going-button-${truck.id}`);
    await expect(going).toHaveAttribute('aria-pressed', 'false');
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    await expect(going).toHaveText('Going');
    // The popup's button follows the same list.
    await expect(page.getByTestId('truck-popup').getByTestId(`going-button-${truck.id}`)).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Live on the operator's dashboard (the event stream's `going` signal), no reload.
    await expect(counts.getByTestId('going-count')).toHaveText('1 going');
    await counts.scrollIntoViewIfNeeded();
    await opPage.screenshot({ path: 'test-results/going-operator-dashboard.png' });

    // One tap undoes, one tap says it again.
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'false');
    await expect(counts.getByText('Nobody has said they are going yet.')).toBeVisible();
    await going.click();
    await expect(counts.getByTestId('going-count')).toHaveText('1 going');

    // The operator closes early: the diner's open page and the SMS outbox have the notice.
    const token = await adminToken(page.request);
    const started = Date.now();
    const closed = await opPage.request.post(`/api/food-trucks/${truck.id}/close`, {
      headers: { Authorization: `Bearer ${operator.token}` },
    });
    expect(closed.status()).toBe(200);
    const notice = page.getByTestId('going-notice');
    await expect(notice).toContainText(`${name} has closed early today.`);
    test.info().annotations.push({ type: 'notice on the page after the close', description: `${Date.now() - started} ms` });
    await expect
      .poll(
        async () => {
          const res = await page.request.get(`/api/admin/messages?search=${encodeURIComponent(name)}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          const list = (await res.json()) as ListPage<OutboxMessage>;
          return list.items.filter((m) => m.body.includes(`${name} has closed early today.`)).length;
        },
        { intervals: [50, 100, 100, 200] },
      )
      .toBe(1);
    // The close changes the open popup: axe reads a fading popup's text as low contrast, so it waits for the map to settle.
    await mapSettled(page);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'test-results/going-notice-desktop.png' });
    await opPage.close();
  });

  test('at 360 px with touch: the card button taps and undoes', async ({ browser }) => {
    const opPage = await browser.newPage();
    const operator = await loginAsSubscribedOperator(opPage, '/');
    const at = spot();
    const truck = await createTruck(opPage, operator, {
      name: `Going Phone ${Date.now()}`,
      ...at,
      address: '200 Test Ave',
    });
    await opPage.request.post(`/api/food-trucks/${truck.id}/open`, {
      data: at,
      headers: { Authorization: `Bearer ${operator.token}` },
    });
    await opPage.close();
    const context = await browser.newContext(PHONE);
    const phone = await context.newPage();
    await loginAs(phone, 'customer', `/find-trucks?truck=${truck.id}`);
    const going = phone.getByTestId(`truck-card-${truck.id}`).getByTestId(`going-button-${truck.id}`);
    await going.tap();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    await going.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: 'test-results/going-card-phone.png' });
    await going.tap();
    await expect(going).toHaveAttribute('aria-pressed', 'false');
    await context.close();
  });

  test('at 360 px with touch: not offered where there is nothing to go to; a stop gone meanwhile is explained, not an error', async ({
    browser,
  }) => {
    const opPage = await browser.newPage();
    const operator = await loginAsSubscribedOperator(opPage, '/');
    const at = spot();
    const name = `Going Nowhere ${Date.now()}`;
    // Closed, no schedule: nothing to go to.
    const truck = await createTruck(opPage, operator, { name, ...at, address: '300 Test Ave' });
    const auth = { Authorization: `Bearer ${operator.token}` };
    const context = await browser.newContext(PHONE);
    const phone = await context.newPage();
    await loginAs(phone, 'customer', `/find-trucks?truck=${truck.id}`);
    const card = phone.getByTestId(`truck-card-${truck.id}`);
    const popup = phone.getByTestId('truck-popup');
    // The status lines have read the schedules: the decision is made, not pending.
    await expect(card.getByTestId('schedule-label')).toHaveText('No upcoming stops');
    await expect(popup.getByTestId('schedule-label')).toHaveText('No upcoming stops');
    await expect(card.getByTestId(`going-button-${truck.id}`)).toHaveCount(0);
    await expect(popup.getByTestId(`going-button-${truck.id}`)).toHaveCount(0);
    await phone.goto(`/trucks/${truck.id}`);
    await expect(phone.getByRole('heading', { name })).toBeVisible();
    await expect(phone.getByTestId('schedule-label')).toHaveText('No upcoming stops');
    await expect(phone.getByTestId(`going-button-${truck.id}`)).toHaveCount(0);
    await phone.screenshot({ path: 'test-results/going-nothing-to-go-to-phone.png' });

    // A stop is added: the open page offers the button (live, no reload).
    const stop = await opPage.request.post(`/api/food-trucks/${truck.id}/schedule/stops`, {
      headers: auth,
      data: {
        kind: 'once',
        date: inTwoDays(),
        startTime: '11:00',
        endTime: '14:00',
        ...at,
        address: '300 Test Ave',
      },
    });
    expect(stop.status()).toBe(201);
    const going = phone.getByTestId(`going-button-${truck.id}`);
    await expect(going).toBeVisible();

    // The page stops hearing changes (a lost connection), and the stop is cancelled meanwhile: the tap
    // is explained politely, and the button goes.
    await phone.route('**/api/events**', (route) => route.abort());
    await phone.reload();
    await expect(going).toBeVisible();
    const { id: stopId } = (await stop.json()) as { id: number };
    const removed = await opPage.request.delete(`/api/food-trucks/${truck.id}/schedule/stops/${stopId}`, {
      headers: auth,
    });
    expect(removed.status()).toBe(200);
    await going.tap();
    await expect(phone.getByText('Nothing to go to right now', { exact: true })).toBeVisible();
    await expect(
      phone.getByText(
        `${name} has no current or upcoming stop. Save it as a favorite to hear when it opens.`,
        { exact: true },
      ),
    ).toBeVisible();
    await expect(phone.getByText('Error', { exact: true })).toHaveCount(0);
    await phone.screenshot({ path: 'test-results/going-no-stop-note-phone.png' });
    await expect(going).toHaveCount(0);
    await context.close();
    await opPage.close();
  });
});

/** A date two days ahead: tomorrow or later in every zone. */
function inTwoDays(): string {
  return new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
}
