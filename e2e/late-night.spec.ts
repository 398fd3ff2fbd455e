import type { AuthResponse, FoodTruck } from '@shared/contracts';
import type { UpcomingStops } from '@shared/contracts/schedules';
import { expect, test, type Page } from './test';
import { createTruck, expectNoSeriousA11yViolations, loginAsSubscribedOperator } from './helpers';

// Several pages and clock settings per test, on a machine shared with other runs.
test.slow();

/*
 * Issue 27: a late-night stop (Saturday 18:00–02:00) reads "Sat 6:00 PM–2:00 AM" (ADR 0153: the en-US clock) and the truck is here
 * now on Sunday at 01:00; the /find-trucks look-ahead speaks in the trucks' zone (Chicago) whatever
 * the browser's zone, and offers only hours still ahead. The browser's clock is fixed with
 * Playwright's clock API (timers keep running); the server keeps the real time.
 */

/** Chicago, far from the Austin demo trucks and other specs' spots. */
const SPOT = { latitude: 41.8827, longitude: -87.6233 };
const HOUR = 3_600_000;

interface NightTruck {
  truck: FoodTruck;
  address: string;
  session: AuthResponse;
  /** The next (or current) Saturday-night occurrence's start: Saturday 18:00 in Chicago. */
  start: number;
}

/** A visible truck (default zone America/Chicago) with a weekly stop Saturday 18:00–02:00 at SPOT. */
async function nightTruck(page: Page, label: string, open: boolean): Promise<NightTruck> {
  const session = await loginAsSubscribedOperator(page, '/');
  const suffix = `${label} ${Date.now() % 1_000_000}`;
  const address = `Night Market ${suffix}`;
  const truck = await createTruck(page, session, { name: `Night Owl ${suffix}` });
  const auth = { Authorization: `Bearer ${session.token}` };
  const stop = await page.request.post(`/api/food-trucks/${truck.id}/schedule/stops`, {
    headers: auth,
    data: { kind: 'weekly', weekday: 6, startTime: '18:00', endTime: '02:00', address, ...SPOT },
  });
  expect(stop.status(), await stop.text()).toBe(201);
  if (open) {
    const opened = await page.request.post(`/api/food-trucks/${truck.id}/open`, { headers: auth, data: SPOT });
    expect(opened.status(), await opened.text()).toBe(200);
  }
  const upcoming = (await (await page.request.get('/api/food-trucks/upcoming-stops')).json()) as UpcomingStops;
  const first = upcoming.find((e) => e.truckId === truck.id)?.stops[0];
  expect(first?.startTime).toBe('18:00');
  expect(first?.endTime).toBe('02:00');
  // Signed out again: the rest is what an anonymous diner sees.
  await page.evaluate(() => localStorage.clear());
  return { truck, address, session, start: Date.parse(first?.start ?? '') };
}

test.describe('a late-night stop', () => {
  test.use({ timezoneId: 'America/Chicago' });

  test('reads "Today 6:00 PM–2:00 AM" on its Saturday (ADR 0153: the en-US clock) on the truck page (status line and next stops) and card, and the truck is here now on Sunday at 01:00', async ({ page }) => {
    const { truck, address, start } = await nightTruck(page, 'Page', true);

    // Saturday noon: the stop is ahead.
    await page.clock.setFixedTime(start - 6 * HOUR);
    await page.goto(`/trucks/${truck.id}`);
    await expect(page.getByTestId('schedule-label')).toHaveText(`Open now · Next: Today 6:00 PM–2:00 AM at ${address}`);
    const nextStops = page.getByRole('list', { name: 'Next stops' });
    await expect(nextStops.getByRole('listitem').filter({ hasText: address }).first()).toContainText(/^Today · 6:00 PM–2:00 AM/);
    // The stop a week on keeps its date.
    await expect(nextStops.getByRole('listitem').filter({ hasText: address }).nth(1)).toContainText(/^Sat, [A-Z][a-z]{2} \d{1,2} · 6:00 PM–2:00 AM/);
    await page.screenshot({ path: 'test-results/late-night-truck-page-desktop.png', fullPage: true });

    // Sunday 01:00: under way, until 02:00 — on the truck page and on its card.
    await page.clock.setFixedTime(start + 7 * HOUR);
    await page.reload();
    await expect(page.getByTestId('schedule-label')).toHaveText('Open now until 2:00 AM');
    await page.goto('/find-trucks');
    await page.getByRole('searchbox', { name: 'Search food trucks' }).fill(truck.name);
    const card = page.getByTestId(`truck-card-${truck.id}`);
    await expect(card.getByTestId('schedule-label')).toHaveText('Open now until 2:00 AM');

    // Sunday 02:00: over (the next Saturday is beyond the upcoming stops' eight days from the server's now).
    await page.clock.setFixedTime(start + 8 * HOUR);
    await page.reload();
    await page.getByRole('searchbox', { name: 'Search food trucks' }).fill(truck.name);
    await expect(card.getByTestId('schedule-label')).not.toContainText('until 2:00 AM');
    await expect(card.getByTestId('schedule-label')).toContainText('Open now');
  });

  test('shows a closed truck as "Usually here until 02:00" at Sunday 01:00 on a phone', async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      timezoneId: 'America/Chicago',
    });
    const page = await context.newPage();
    const { truck, start } = await nightTruck(page, 'Phone', false);
    await page.clock.setFixedTime(start + 7 * HOUR);
    await page.goto(`/trucks/${truck.id}`);
    await expect(page.getByTestId('schedule-label')).toHaveText('Usually here until 2:00 AM — not open yet');
    await expect(page.getByRole('list', { name: 'Next stops' })).toContainText('6:00 PM–2:00 AM');
    await page.screenshot({ path: 'test-results/late-night-truck-page-360.png', fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the truck page scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await context.close();
  });
});

for (const timezoneId of ['UTC', 'America/Los_Angeles']) {
  test.describe(`the look-ahead in a ${timezoneId} browser`, () => {
    test.use({ timezoneId });

    test("speaks in the Chicago trucks' time, says so, and offers only hours ahead", async ({ page }) => {
      const { truck, address, start } = await nightTruck(page, timezoneId, false);
      // Saturday 12:30 in Chicago (18:30 in UTC, 10:30 in Los Angeles).
      await page.clock.setFixedTime(start - 5.5 * HOUR);
      await page.goto('/find-trucks');
      await page.getByRole('searchbox', { name: 'Search food trucks' }).fill(truck.name);
      const card = page.getByTestId(`truck-card-${truck.id}`);
      await expect(card.getByTestId('schedule-label')).toHaveText(`Next: Today 6:00 PM–2:00 AM at ${address}`);

      await page.getByLabel('When').selectOption({ label: 'Later today' });
      await expect(page.getByTestId('time-zone-note')).toHaveText('Times in Central Time');
      const hours = page.getByLabel('Time', { exact: true });
      // 12:00 has begun in Chicago: 1:00 PM is the first hour offered, 11:00 PM the last.
      const offered = await hours.locator('option').allTextContents();
      expect(offered[0]).toBe('1:00 PM');
      expect(offered.at(-1)).toBe('11:00 PM');
      await expect(hours).toHaveValue('13');
      await expect(card).toHaveCount(0);

      await hours.selectOption({ label: '8:00 PM' });
      await expect(page.getByTestId('time-choice-status')).toContainText('8:00 PM');
      await expect(card.getByTestId('schedule-label')).toHaveText('Scheduled 6:00 PM–2:00 AM');
      await page.screenshot({ path: `test-results/look-ahead-${timezoneId.replace('/', '-')}-desktop.png`, fullPage: true });
      await expectNoSeriousA11yViolations(page, '[role="group"][aria-label="Look ahead"]');

      // Sunday 01:00 in Chicago: still at the late-night stop; 02:00: gone.
      await page.getByLabel('When').selectOption({ label: 'Tomorrow' });
      await hours.selectOption({ label: '1:00 AM' });
      await expect(page.getByTestId('time-choice-status')).toContainText('1:00 AM');
      await expect(page.getByTestId('time-choice-status')).toContainText('Sun');
      await expect(card.getByTestId('schedule-label')).toHaveText('Scheduled 6:00 PM–2:00 AM');
      await hours.selectOption({ label: '2:00 AM' });
      await expect(page.getByTestId('time-choice-status')).toContainText('2:00 AM');
      await expect(card).toHaveCount(0);
    });
  });
}

test.describe('the look-ahead in a Chicago browser', () => {
  test.use({ timezoneId: 'America/Chicago', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('does not name the zone the diner already keeps', async ({ page }) => {
    const { truck, address, start } = await nightTruck(page, 'Chicago', false);
    await page.clock.setFixedTime(start - 5.5 * HOUR);
    await page.goto('/find-trucks');
    await page.getByRole('searchbox', { name: 'Search food trucks' }).fill(truck.name);
    await page.getByLabel('When').selectOption({ label: 'Later today' });
    await page.getByLabel('Time', { exact: true }).selectOption({ label: '7:00 PM' });
    const card = page.getByTestId(`truck-card-${truck.id}`);
    await expect(card.getByTestId('schedule-label')).toHaveText('Scheduled 6:00 PM–2:00 AM');
    // Placed at its stop, whose address is the card's place.
    await expect(card.getByText(address, { exact: true })).toBeVisible();
    await expect(page.getByTestId('time-zone-note')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/look-ahead-chicago-360.png', fullPage: true });
  });
});

test.describe("the operator's schedule editor", () => {
  test.use({ timezoneId: 'America/Chicago', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('adds a Saturday 18:00–02:00 stop, saying it ends the next day', async ({ page }) => {
    const session = await loginAsSubscribedOperator(page, '/');
    const truck = await createTruck(page, session, { name: `Night Editor ${Date.now() % 1_000_000}` });
    await page.goto(`/edit-truck/${truck.id}`);
    const section = page.getByRole('region', { name: 'Schedule' });
    await section.getByLabel('Day').selectOption({ label: 'Saturday' });
    await section.getByLabel('Starts').fill('18:00');
    await section.getByLabel('Ends').fill('02:00');
    await expect(section.getByText('Ends the next day, Sunday')).toBeVisible();
    await section.getByLabel(/^Place/).fill('Rainey St');
    await section.getByLabel('Stop latitude').fill(String(SPOT.latitude));
    await section.getByLabel('Stop longitude').fill(String(SPOT.longitude));
    await section.getByRole('button', { name: 'Add stop' }).tap();
    await expect(section.getByRole('list', { name: 'Stops' })).toContainText('Every Saturday 6:00 PM–2:00 AM at Rainey St');
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/late-night-editor-360.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);

    // Equal times are refused by the form (the shared contract) before anything is sent.
    await section.getByLabel('Ends').fill('18:00');
    await section.getByRole('button', { name: 'Add stop' }).tap();
    await expect(section.getByRole('alert').filter({ hasText: 'The stop must end after it starts' })).toBeVisible();
    await expect(section.getByRole('list', { name: 'Stops' }).getByRole('listitem')).toHaveCount(1);
  });
});
