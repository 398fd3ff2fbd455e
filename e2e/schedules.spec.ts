import { expect, test, type Page } from './test';
import type { AuthResponse } from '@shared/contracts';
import { createTruck, expectNoSeriousA11yViolations, loginAsSubscribedOperator, toast } from './helpers';

/** Trucks' schedules are in America/Chicago by default; the browser shares it, as a local diner would. */
const ZONE = 'America/Chicago';
/** Far from the Austin demo trucks, so no other spec's list changes. */
const SPOT = { latitude: 35.1983, longitude: -111.6513 };
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Tomorrow's ISO weekday (1 = Monday) in the schedules' zone. */
function tomorrowWeekday(): number {
  const name = new Date(Date.now() + 86_400_000).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: ZONE,
  });
  return WEEKDAYS.indexOf(name) + 1;
}

async function addWeeklyStop(page: Page, session: AuthResponse, truckId: number, address: string) {
  const res = await page.request.post(`/api/food-trucks/${truckId}/schedule/stops`, {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {
      kind: 'weekly',
      weekday: tomorrowWeekday(),
      startTime: '11:00',
      endTime: '14:00',
      address,
      ...SPOT,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

test.use({ timezoneId: ZONE });

test('an operator adds a weekly stop on the Schedule section of the edit screen at 360 px', async ({
  page,
}) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const truck = await createTruck(page, session, { name: `Sched E2E ${Date.now() % 1_000_000}` });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/edit-truck/${truck.id}`);

  const section = page.getByRole('region', { name: 'Schedule' });
  await expect(section.getByText('No stops yet.')).toBeVisible();
  await expect(section.getByLabel('Time zone')).toHaveValue(ZONE);
  await section.getByLabel('Repeats').selectOption('weekly');
  await section.getByLabel('Day').selectOption({ label: 'Tuesday' });
  await section.getByLabel('Starts').fill('11:00');
  await section.getByLabel('Ends').fill('14:00');
  await section.getByLabel(/^Place/).fill('6th & Congress');
  await section.getByLabel('Stop latitude').fill(String(SPOT.latitude));
  await section.getByLabel('Stop longitude').fill(String(SPOT.longitude));
  await section.getByRole('button', { name: 'Add stop' }).click();

  await expect(toast(page, 'Stop added')).toBeVisible();
  const stops = section.getByRole('list', { name: 'Stops' });
  await expect(stops.getByText('Every Tuesday 11:00 AM–2:00 PM at 6th & Congress')).toBeVisible();

  // An overlapping stop is refused with the server's message, shown by the form.
  await section.getByLabel('Starts').fill('13:00');
  await section.getByLabel('Ends').fill('15:00');
  await section.getByLabel(/^Place/).fill('Elsewhere');
  await section.getByRole('button', { name: 'Add stop' }).click();
  await expect(
    section.getByRole('alert').filter({ hasText: 'overlaps the Tuesday stop 11:00 AM–2:00 PM' }),
  ).toBeVisible();
  await expect(stops.getByRole('listitem')).toHaveCount(1);

  // A date off (a holiday): picked from the stop's next Tuesdays, shown on the stop, and undone. A
  // date off already past (kept by the server) is not shown.
  const storedStops = () => page.request.get(`/api/food-trucks/${truck.id}/schedule/stops`, { headers: { Authorization: `Bearer ${session.token}` } });
  const stopId = ((await (await storedStops()).json()) as { stops: { id: number }[] }).stops[0]!.id;
  const pastOff = await page.request.post(`/api/food-trucks/${truck.id}/schedule/stops/${stopId}/exceptions`, {
    data: { date: '2020-01-07' },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(pastOff.status(), await pastOff.text()).toBe(200);
  await stops.getByRole('button', { name: 'Skip a date: Every Tuesday 11:00 AM–2:00 PM at 6th & Congress' }).click();
  const dateToSkip = section.getByLabel('Date to skip');
  const second = ((await dateToSkip.locator('option').nth(1).textContent()) ?? '').trim();
  await dateToSkip.selectOption({ index: 1 });
  await section.getByRole('button', { name: 'Skip', exact: true }).click();
  await expect(toast(page, 'Date skipped')).toBeVisible();
  const off = stops.getByRole('list', { name: 'Dates off' });
  await expect(off).toHaveText(`Not on ${second}`);
  expect(((await (await storedStops()).json()) as { stops: { exceptions: string[] }[] }).stops[0]?.exceptions).toHaveLength(2);
  await off.getByRole('button', { name: `Undo skip: ${second}` }).click();
  await expect(off).toHaveCount(0);

  // Edited, not deleted and added again: the form takes the stop's fields, and Save keeps one stop.
  await stops.getByRole('button', { name: 'Edit stop: Every Tuesday 11:00 AM–2:00 PM at 6th & Congress' }).click();
  await expect(section.getByRole('heading', { name: 'Edit stop' })).toBeInViewport();
  await expect(section.getByLabel('Starts')).toHaveValue('11:00');
  await expect(section.getByLabel(/^Place/)).toHaveValue('6th & Congress');
  await section.getByLabel('Ends').fill('15:00');
  await section.getByRole('button', { name: 'Save stop' }).click();
  await expect(toast(page, 'Stop saved')).toBeVisible();
  await expect(stops.getByRole('listitem')).toHaveCount(1);
  await expect(stops.getByText('Every Tuesday 11:00 AM–3:00 PM at 6th & Congress')).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Add a stop' })).toBeVisible();
  await page.screenshot({ path: 'test-results/schedule-edited-360.png', fullPage: true });

  // Deleting asks first; keeping it changes nothing.
  const remove = stops.getByRole('button', { name: 'Delete stop: Every Tuesday 11:00 AM–3:00 PM at 6th & Congress' });
  await remove.click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete this stop?' });
  await expect(dialog).toContainText('Diners who said they are going are told it is cancelled.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(stops.getByRole('listitem')).toHaveCount(1);
  await remove.click();
  await dialog.getByRole('button', { name: 'Delete stop' }).click();
  await expect(section.getByText('No stops yet.')).toBeVisible();

  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the edit screen scrolls sideways at 360 px').toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);
});

test("a diner sees the next stop on the card, then chooses 'Tomorrow 12:00 PM' and finds the truck there", async ({
  page,
}) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const name = `Tomorrow Truck ${Date.now() % 1_000_000}`;
  const address = `Plaza ${Date.now() % 1_000_000}`;
  const truck = await createTruck(page, session, { name });
  await addWeeklyStop(page, session, truck.id, address);

  // Now an anonymous diner (no position: every truck is listed).
  await page.evaluate(() => localStorage.clear());
  await page.goto('/find-trucks');
  await page.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
  const card = page.getByTestId(`truck-card-${truck.id}`);
  await expect(card.getByTestId('schedule-label')).toHaveText(`Next: Tomorrow 11:00 AM–2:00 PM at ${address}`);

  await page.getByLabel('When').selectOption({ label: 'Tomorrow' });
  await page.getByLabel('Time', { exact: true }).selectOption({ label: '12:00 PM' });
  await expect(page.getByTestId('time-choice-status')).toContainText('12:00 PM');
  await expect(card).toBeVisible();
  await expect(card.getByTestId('schedule-label')).toHaveText('Scheduled 11:00 AM–2:00 PM');
  await expect(card.getByText(address).first()).toBeVisible();
  // Where it will be then, not whether it is open or live now (ADR 0184).
  await expect(card.getByText('SCHEDULED', { exact: true })).toBeVisible();
  await expect(card.getByText(/^(OPEN|CLOSED|LIVE)$/)).toHaveCount(0);
  // So says its pin, and its popup gives the hours there instead of how fresh its GPS is.
  await page
    .getByRole('region', { name: 'Map of food trucks' })
    .getByRole('button', { name: `${name} (scheduled)`, exact: true })
    .click();
  const popup = page.getByTestId('truck-popup');
  await expect(popup.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(popup.getByTestId('popup-scheduled-hours')).toHaveText('Scheduled 11:00 AM–2:00 PM');
  await expect(popup.getByTestId('popup-updated-ago')).toHaveCount(0);
  await page.getByRole('button', { name: 'Close popup' }).click();
  await expect(popup).toHaveCount(0);

  // The address keeps the hour as a date (a link shared tonight means the same hour tomorrow): a
  // fresh page of that link, as a friend opens it, looks ahead to it.
  await expect(page).toHaveURL(/[?&]at=\d{4}-\d{2}-\d{2}T12(&|$)/);
  const tomorrow = /[?&]at=(\d{4}-\d{2}-\d{2})T12/.exec(page.url())![1]!;
  const friend = await page.context().browser()!.newContext({ timezoneId: ZONE });
  const shared = await friend.newPage();
  await shared.goto(`/find-trucks?q=${encodeURIComponent(name)}&at=${tomorrow}T12`);
  await expect(shared.getByLabel('When')).toHaveValue('date');
  await expect(shared.getByLabel('Date', { exact: true })).toHaveValue(tomorrow);
  await expect(shared.getByLabel('Time', { exact: true })).toHaveValue('12');
  await expect(shared.getByTestId(`truck-card-${truck.id}`).getByTestId('schedule-label')).toHaveText('Scheduled 11:00 AM–2:00 PM');
  // A stale link (a day already over) opens on now, and its address says so.
  await shared.goto(`/find-trucks?q=${encodeURIComponent(name)}&at=2020-01-01T12`);
  await expect(shared.getByLabel('When')).toHaveValue('now');
  await expect(shared).not.toHaveURL(/at=/);
  await friend.close();

  // To the truck's page and Back: the same search, hour and card (ADR 0184).
  await card.getByRole('button', { name, exact: true }).click();
  await card.getByRole('link', { name: `Truck page of ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('When')).toHaveValue('tomorrow');
  await expect(page.getByTestId('time-choice-status')).toContainText('12:00 PM');
  await expect(card.getByTestId('schedule-label')).toHaveText('Scheduled 11:00 AM–2:00 PM');

  // At 6 PM the stop is over: the truck is not placed anywhere.
  await page.getByLabel('Time', { exact: true }).selectOption({ label: '6:00 PM' });
  await expect(page).toHaveURL(new RegExp(`at=${tomorrow}T18`));
  await expect(card).toHaveCount(0);
  await expect(
    page
      .getByText('No trucks are scheduled at that time.')
      .or(page.getByText('No food trucks match your search.')),
  ).toBeVisible();
});

/** A zone where it is now between 02:00 and 22:00, and today's ISO weekday there. */
function zoneAwayFromMidnight(): { timeZone: string; weekday: number } {
  for (const timeZone of ['America/Chicago', 'Asia/Tokyo', 'Europe/London']) {
    const hour = Number(new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(new Date()));
    if (hour >= 2 && hour < 22) {
      const name = new Date().toLocaleDateString('en-US', { weekday: 'long', timeZone });
      return { timeZone, weekday: WEEKDAYS.indexOf(name) + 1 };
    }
  }
  throw new Error('no zone away from midnight');
}

test("an operator at a scheduled stop takes the stop's place with one tap on the dashboard at 360 px", async ({ page }) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const name = `Stop Taker ${Date.now() % 1_000_000}`;
  const address = `Stop Plaza ${Date.now() % 1_000_000}`;
  const truck = await createTruck(page, session, { name, ...SPOT, address: 'Somewhere else' });
  const auth = { Authorization: `Bearer ${session.token}` };
  // Today's all-day weekly stop in a zone where "today" lasts for the whole test: under way now.
  const { timeZone, weekday } = zoneAwayFromMidnight();
  const zone = await page.request.put(`/api/food-trucks/${truck.id}/schedule/time-zone`, { headers: auth, data: { timeZone } });
  expect(zone.status(), await zone.text()).toBe(200);
  const stopAt = { latitude: SPOT.latitude + 0.01, longitude: SPOT.longitude + 0.01 };
  const stop = await page.request.post(`/api/food-trucks/${truck.id}/schedule/stops`, {
    headers: auth,
    data: { kind: 'weekly', weekday, startTime: '00:00', endTime: '24:00', address, ...stopAt },
  });
  expect(stop.status(), await stop.text()).toBe(201);
  const opened = await page.request.post(`/api/food-trucks/${truck.id}/open`, { headers: auth, data: SPOT });
  expect(opened.status(), await opened.text()).toBe(200);

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/operator-dashboard');
  const card = page.getByRole('article', { name });
  await expect(card.getByText('Somewhere else')).toBeVisible();
  const offer = card.getByTestId('stop-place');
  await expect(offer).toContainText(`Scheduled now: all day at ${address}`);
  await page.screenshot({ path: 'test-results/stop-place-offer-360.png', fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await offer.getByRole('button', { name: "Use this stop's place" }).click();
  await expect(toast(page, 'Location updated')).toBeVisible();
  await expect(card.getByText(address, { exact: true })).toBeVisible();
  await expect(card.getByText(`Position: ${stopAt.latitude.toFixed(5)}, ${stopAt.longitude.toFixed(5)}`)).toBeVisible();
  await expect(card.getByTestId('stop-place')).toContainText(`At your scheduled stop, ${address}, until 12:00 AM.`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, 'the dashboard scrolls sideways at 360 px').toBeLessThanOrEqual(0);
  await page.screenshot({ path: 'test-results/stop-place-taken-360.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/stop-place-taken-desktop.png' });

  const stored = await page.request.get(`/api/food-trucks/${truck.id}`);
  expect(await stored.json()).toMatchObject({ address, ...stopAt, isOpen: true });
});
