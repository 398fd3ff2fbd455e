import type { AuthResponse, FoodTruck } from '@shared/contracts';
import type { ScheduleStop } from '@shared/contracts/schedules';
import { expect, test, type Page } from './test';
import { createTruck, expectNoSeriousA11yViolations, loginAsSubscribedOperator, toast } from './helpers';

/**
 * Places by name and map (issue 27, ADR 0151): an operator sets a truck's location and a schedule
 * stop's place without typing coordinates — by searching a place this deployment knows (one the
 * test creates: the offline geocoder searches trucks' addresses and stops) and by tapping the map
 * on a phone. Far from the Austin demo trucks (Boise, ID), so no other spec's list changes.
 */

/**
 * A spot of its own for each test, in a 50 km square around Boise: a picked point names the nearest
 * known place within 250 m, so two tests (or runs on one database) never share one.
 */
function spot() {
  const jitter = () => (Math.random() - 0.5) * 0.5;
  const fixed = (n: number) => Number(n.toFixed(4));
  return { latitude: fixed(43.615 + jitter()), longitude: fixed(-116.2023 + jitter()) };
}

/** A place name no other test writes: "Rainey Lot 123456". */
const placeName = () => `Rainey Lot ${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;

async function truckOf(page: Page, session: AuthResponse, id: number): Promise<FoodTruck> {
  const res = await page.request.get(`/api/food-trucks/${id}`, { headers: { Authorization: `Bearer ${session.token}` } });
  return (await res.json()) as FoodTruck;
}

async function openUpdateLocation(page: Page, name: string) {
  await page.goto('/operator-dashboard');
  const card = page.getByRole('article', { name, exact: true });
  await card.getByRole('button', { name: 'Update Location' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Location' });
  // The form, then the map with Leaflet, load on demand: on a busy 2-core machine that can take a while.
  await expect(dialog.getByTestId('place-map')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

test('an operator sets the location by searching a known place, and a picked point shows its address', async ({ page }) => {
  const session = await loginAsSubscribedOperator(page, '/');
  const place = placeName();
  const lot = spot();
  // The place is known: another of the operator's trucks stands there.
  await createTruck(page, session, { name: `Lot Truck ${place}`, address: place, ...lot });
  const name = `Mover ${place}`;
  const truck = await createTruck(page, session, { name });

  const dialog = await openUpdateLocation(page, name);
  await dialog.getByLabel('Search for an address or a place').fill(place.split(' ').slice(0, 3).join(' ').toLowerCase());
  const found = dialog.getByRole('list', { name: 'Places found' });
  await found.getByRole('button', { name: place }).click();
  await expect(dialog.getByLabel('Latitude')).toHaveValue(lot.latitude.toFixed(6));
  await expect(dialog.getByLabel('Longitude')).toHaveValue(lot.longitude.toFixed(6));
  await expect(dialog.getByLabel('Describe Where You Are Located')).toHaveValue(place);
  await expect(dialog.getByTestId('picked-place')).toHaveText(`Picked: ${place}`);
  await expect(dialog.getByRole('button', { name: 'The picked place: drag to move it' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: test.info().outputPath('update-location-search-1280.png') });

  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Location updated')).toBeVisible();
  const saved = await truckOf(page, session, truck.id);
  expect(saved).toMatchObject({ latitude: lot.latitude, longitude: lot.longitude, address: place });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('an operator taps the map to move the pin; the address of the point is shown and saved', async ({ page }) => {
    const session = await loginAsSubscribedOperator(page, '/');
    const place = placeName();
    const lot = spot();
    const name = `Tapper ${place}`;
    const truck = await createTruck(page, session, { name, address: place, ...lot });

    const dialog = await openUpdateLocation(page, name);
    const map = dialog.getByRole('application', { name: `Map of where ${name} is: tap or click to put the pin there` });
    await map.scrollIntoViewIfNeeded();
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    // A tap 40 px right of the centre: about 50 m east at zoom 16, still by the known place.
    await page.touchscreen.tap(box.x + box.width / 2 + 40, box.y + box.height / 2);
    await expect(dialog.getByTestId('picked-place')).toHaveText(`Picked: ${place}`);
    const longitude = Number(await dialog.getByLabel('Longitude').inputValue());
    const latitude = Number(await dialog.getByLabel('Latitude').inputValue());
    expect(longitude).toBeGreaterThan(lot.longitude);
    expect(latitude).toBeCloseTo(lot.latitude, 3);
    await expect(dialog.getByLabel('Describe Where You Are Located')).toHaveValue(place);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the dialog scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('update-location-tap-360.png'), fullPage: true });

    await dialog.getByRole('button', { name: 'Update' }).tap();
    await expect(toast(page, 'Location updated')).toBeVisible();
    expect(await truckOf(page, session, truck.id)).toMatchObject({ latitude, longitude, address: place });
  });

  test('an operator adds a schedule stop without typing coordinates (search, then Enter)', async ({ page }) => {
    const session = await loginAsSubscribedOperator(page, '/');
    const place = placeName();
    const lot = spot();
    await createTruck(page, session, { name: `Known ${place}`, address: place, ...lot });
    const truck = await createTruck(page, session, { name: `Stops ${place}` });
    await page.goto(`/edit-truck/${truck.id}`);

    const section = page.getByRole('region', { name: 'Schedule' });
    const search = section.getByLabel('Search for an address or a place');
    await search.fill(place);
    await expect(section.getByRole('list', { name: 'Places found' }).getByRole('button', { name: place })).toBeVisible();
    await search.press('Enter');
    await expect(section.getByLabel('Stop latitude')).toHaveValue(lot.latitude.toFixed(6));
    await expect(section.getByLabel(/^Place/)).toHaveValue(place);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('schedule-stop-search-360.png'), fullPage: true });
    await section.getByRole('button', { name: 'Add stop' }).tap();
    await expect(toast(page, 'Stop added')).toBeVisible();

    const res = await page.request.get(`/api/food-trucks/${truck.id}/schedule/stops`, { headers: { Authorization: `Bearer ${session.token}` } });
    const { stops } = (await res.json()) as { stops: ScheduleStop[] };
    expect(stops).toEqual([expect.objectContaining({ address: place, latitude: lot.latitude, longitude: lot.longitude })]);
  });
});
