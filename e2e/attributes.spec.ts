import type { Browser, Page } from '@playwright/test';
import { expect, test } from './test';
import { createTruck, expectNoSeriousA11yViolations, loginAs, loginAsSubscribedOperator, openWithSession, toast } from './helpers';
import type { AuthResponse, FoodTruck, MenuItem } from '@shared/contracts';

/** Issue 28, know before you go. Far from the Austin demo trucks, so no other spec's list changes. */
const SPOT = { latitude: 46.8721, longitude: -113.994 };

async function operatorWithTruck(page: Page, name: string): Promise<{ session: AuthResponse; truck: FoodTruck; item: MenuItem }> {
  const session = await loginAsSubscribedOperator(page, '/');
  const truck = await createTruck(page, session, { name, isOpen: true, address: 'Caras Park, Missoula', ...SPOT });
  const res = await page.request.post('/api/menu-items', {
    headers: { Authorization: `Bearer ${session.token}` },
    data: { foodTruckId: truck.id, name: 'Huckleberry Bowl', price: 9, category: 'Main Dishes' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { session, truck, item: (await res.json()) as MenuItem };
}

async function dinerPage(browser: Browser, path: string): Promise<Page> {
  const diner = await (await browser.newContext()).newPage();
  await diner.goto(path);
  return diner;
}

test('an operator states payment, access and an item’s labels; a diner’s open truck page shows them live, sold out included', async ({
  page,
  browser,
}) => {
  const name = `KBYG E2E ${Date.now() % 1_000_000}`;
  const { truck } = await operatorWithTruck(page, name);

  // The diner opens the truck page first: nothing stated yet, and it says so.
  const diner = await dinerPage(browser, `/trucks/${truck.id}`);
  const facts = diner.getByTestId('truck-feature-details');
  await expect(facts).toHaveText('Not stated yet: payment, access and amenities.');
  await expect(diner.getByText('Huckleberry Bowl')).toBeVisible();

  // The operator's edit screen, by keyboard where it matters: selects default to "Not stated".
  await page.goto(`/edit-truck/${truck.id}`);
  const cards = page.getByLabel('Cards', { exact: true });
  await expect(cards).toHaveValue('');
  await cards.selectOption('yes');
  await page.getByLabel('Cash', { exact: true }).selectOption('no');
  await page.getByLabel('Step-free path to the counter').selectOption('yes');
  await page.getByLabel('Access note').fill('Ramp to the window on request');
  await page.screenshot({ path: test.info().outputPath('edit-attributes-desktop.png'), fullPage: true });
  await expectNoSeriousA11yViolations(page, 'main');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Truck updated')).toBeVisible();

  // Live on the diner's open page (the event stream), icons with words.
  await expect(facts.getByText('Takes cards')).toBeVisible();
  await expect(facts.getByText('No cash')).toBeVisible();
  await expect(facts.getByText('Step-free', { exact: true })).toBeVisible();
  await expect(facts.getByText('Ramp to the window on request')).toBeVisible();
  await expect(facts.getByText('Not stated: phone wallets')).toBeVisible();
  await expect(facts.getByText('Not stated: seating, shade, restroom nearby, pet-friendly')).toBeVisible();

  // Item labels in the menu-item dialog, then sold out from the card's switch.
  await page.goto(`/menu-management/${truck.id}`);
  await page.getByRole('button', { name: 'Edit Huckleberry Bowl' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Vegan').selectOption('yes');
  await dialog.getByLabel('Peanuts').selectOption('free');
  await dialog.getByLabel('Sesame').selectOption('mayContain');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save Item' }).click();
  await expect(dialog).toBeHidden();
  await expect(diner.getByText('May contain sesame')).toBeVisible();
  await expect(diner.getByText('No peanuts')).toBeVisible();
  await expect(diner.getByText('Vegan', { exact: true })).toBeVisible();

  await page.getByRole('switch', { name: 'Sold out today: Huckleberry Bowl' }).click();
  await expect(page.getByRole('switch', { name: 'Sold out today: Huckleberry Bowl' })).toBeChecked();
  await expect(diner.getByTestId('sold-out')).toHaveText('Sold out today');
  // The operator's card says one status, and the menu's count of available dishes drops.
  const card = page.getByRole('article', { name: 'Huckleberry Bowl' });
  await expect(card.getByTestId('sold-out')).toBeVisible();
  await expect(card.getByText('Available', { exact: true })).toHaveCount(1); // the switch's label only
  await expect(page.getByRole('definition').nth(1)).toHaveText('0');
  await diner.screenshot({ path: test.info().outputPath('truck-page-attributes-desktop.png'), fullPage: true });
  await expectNoSeriousA11yViolations(diner);

  // Back on sale: gone from the diner's page as live.
  await page.getByRole('switch', { name: 'Sold out today: Huckleberry Bowl' }).click();
  await expect(diner.getByTestId('sold-out')).toHaveCount(0);
  await expect(page.getByRole('definition').nth(1)).toHaveText('1');
  await diner.context().close();
});

test('filters on /find-trucks combine with search, live, and are kept in the URL', async ({ page, browser }) => {
  const name = `Filter E2E ${Date.now() % 1_000_000}`;
  const { session, truck, item } = await operatorWithTruck(page, name);
  const auth = { Authorization: `Bearer ${session.token}` };
  await page.request.patch(`/api/food-trucks/${truck.id}`, { headers: auth, data: { features: { cards: true } } });

  const diner = await dinerPage(browser, '/find-trucks?filters=cards');
  await diner.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
  const card = diner.getByTestId(`truck-card-${truck.id}`);
  await expect(card).toBeVisible();
  await expect(card.getByText('Takes cards')).toBeVisible();

  // "Vegan options" too: no item says vegan yet, so the truck leaves the list (not stated is not yes)…
  await diner.getByRole('button', { name: /^Filters/ }).click();
  await diner.getByRole('button', { name: 'Vegan options', exact: true }).click();
  await expect(diner).toHaveURL(/filters=cards%2Cvegan|filters=cards,vegan/);
  await expect(card).toHaveCount(0);
  await expect(diner.getByText('No food trucks match your filters and search.')).toBeVisible();

  // …and comes back live when the operator labels an item vegan.
  const res = await page.request.put(`/api/menu-items/${item.id}`, { headers: auth, data: { diets: { vegan: true } } });
  expect(res.status()).toBe(200);
  await expect(card).toBeVisible();
  await expect(card.getByText('Vegan options')).toBeVisible();

  // A stated "no" takes it out again.
  await page.request.patch(`/api/food-trucks/${truck.id}`, { headers: auth, data: { features: { cards: false } } });
  await expect(card).toHaveCount(0);
  await diner.getByRole('button', { name: 'Remove filter: Takes cards' }).click();
  await expect(card).toBeVisible();
  await expect(card.getByText('No cards')).toBeVisible();
  await expect(diner).toHaveURL(/filters=vegan/);
  await diner.context().close();
});

test.describe('phone (360 x 740, touch)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('taps the filters, sees a customer’s conflicts dimmed and flagged, and the edit screen fits', async ({ page, browser }) => {
    const name = `Phone KBYG ${Date.now() % 1_000_000}`;
    const { session, truck, item } = await operatorWithTruck(page, name);
    const auth = { Authorization: `Bearer ${session.token}` };
    await page.request.put(`/api/menu-items/${item.id}`, {
      headers: auth,
      data: { diets: { vegan: false }, allergens: { peanuts: 'contains' } },
    });
    await page.request.patch(`/api/food-trucks/${truck.id}`, { headers: auth, data: { features: { cards: true, stepFree: true } } });

    await page.goto(`/edit-truck/${truck.id}`);
    await expect(page.getByLabel('Cards', { exact: true })).toHaveValue('yes');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, 'the edit screen scrolls sideways at 360 px').toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('edit-attributes-360.png'), fullPage: true });

    // A customer who avoids peanuts: the truck is dimmed (never hidden) and its dish flagged.
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const diner = await context.newPage();
    const customer = await loginAs(diner, 'customer', '/');
    const saved = await diner.request.put('/api/auth/user/dietary-needs', {
      headers: { Authorization: `Bearer ${customer.token}` },
      data: { diets: [], avoid: ['peanuts'] },
    });
    expect(saved.status()).toBe(200);
    await openWithSession(diner, customer, '/find-trucks');
    await diner.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
    const card = diner.getByTestId(`truck-card-${truck.id}`);
    await expect(card).toHaveAttribute('data-diet-fit', 'conflicts');
    await expect(card.getByTestId('diet-fit')).toHaveText('Nothing on the menu suits your saved needs');

    await diner.getByRole('button', { name: /^Filters/ }).tap();
    await diner.getByRole('button', { name: 'Step-free', exact: true }).tap();
    await expect(diner).toHaveURL(/filters=step-free/);
    await expect(card).toBeVisible();
    await diner.screenshot({ path: test.info().outputPath('find-trucks-filters-360.png'), fullPage: true });
    await expectNoSeriousA11yViolations(diner, '[data-testid="truck-filters"]');

    await card.getByRole('button', { name: `Menu of ${name}` }).tap();
    await expect(diner.getByRole('dialog').getByTestId('diet-conflict')).toHaveText(/Contains peanuts/);
    await diner.screenshot({ path: test.info().outputPath('menu-conflict-360.png') });
    await context.close();
  });
});
