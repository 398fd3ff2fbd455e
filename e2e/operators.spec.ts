import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page } from './test';
import type { FoodTruck } from '@shared/contracts';
import { createTruck, denyLocation, expectNoSeriousA11yViolations, loginAs, loginAsDemo, loginAsSubscribedOperator } from './helpers';
import { pdfBuffer, png } from './test-files';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
/** The journey's own spot, far from the demo trucks in Austin, so the diners' 20-mile lists never see it. */
const FLAGSTAFF = { latitude: 35.1983, longitude: -111.6513 };
const SHOTS = 'test-results/screens';
mkdirSync(SHOTS, { recursive: true });

/** Signs in as the demo operator (subscribed). */
const loginDemoOperator = (page: Page, path = '/operator-dashboard') => loginAsDemo(page, 'operator', path);

/** axe and a screenshot at 1280 px and at 360 px. */
async function checkScreen(page: Page, name: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const truckCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

async function activeTruck(request: APIRequestContext, id: number): Promise<FoodTruck | undefined> {
  const res = await request.get('/api/food-trucks/active');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as FoodTruck[]).find((t) => t.id === id);
}

/**
 * A diner's page in its own browser context: the find-trucks screen, watching the list update live,
 * searching for `name` — the list shows 20 cards at a time, and the other specs' trucks can push a
 * new one past them.
 */
async function openDinerPage(browser: Browser, baseURL: string | undefined, name: string): Promise<Page> {
  // Without a position the diner's list holds every active truck, also ones without coordinates.
  const context = await browser.newContext({ baseURL, permissions: [], geolocation: undefined });
  const page = await context.newPage();
  await page.goto('/find-trucks');
  await expect(page.getByRole('heading', { level: 1, name: 'Find Food Trucks' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search food trucks' }).fill(name);
  return page;
}

test.describe('operator journey with location allowed', () => {
  test.use({ geolocation: FLAGSTAFF, permissions: ['geolocation'] });

  test('create with a photo, open, move, edit media, manage the menu, close — diners see it live', async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(360_000); // a long journey with eight axe runs on a shared 2-core machine
    // Its own subscribed operator: the demo operator's trucks stay as the other specs read them.
    const session = await loginAsSubscribedOperator(page, '/operator-dashboard');
    const name = `E2E Truck ${Date.now() % 1_000_000}`;
    let truckId = 0;
    try {
      await expect(page.getByRole('heading', { level: 1, name: 'Operator Dashboard' })).toBeVisible();
      await expect(page.getByText('Manage your food trucks and locations')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();

      const diner = await openDinerPage(browser, baseURL, name);

      // Create, with a photo.
      await page.getByRole('link', { name: 'Create Your First Food Truck' }).click();
      await expect(page).toHaveURL(/\/create-truck$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Create Food Truck' })).toBeVisible();
      await page.getByRole('button', { name: 'Create Food Truck' }).click();
      await expect(page.getByText('Truck name is required')).toBeVisible();
      await expect(page.getByText('Cuisine type is required')).toBeVisible();
      await page.getByLabel('Truck Name').fill(name);
      await page.getByLabel('Cuisine Type').selectOption('Fusion');
      await page.getByLabel('Description').fill('Made by the browser test.');
      await page.getByLabel('Phone Number').fill('(512) 555-0199');
      await page.getByLabel('Base Address').fill('500 E Cesar Chavez St, Austin, TX');
      await page.getByLabel('Truck image file').setInputFiles(png('truck.png', [200, 80, 20]));
      await expect(page.getByText('Image uploaded successfully')).toBeVisible();
      await expect(page.getByRole('img', { name: 'Truck image preview' })).toBeVisible();
      await checkScreen(page, 'create-truck');
      await page.getByRole('button', { name: 'Create Food Truck' }).click();
      await expect(page.getByText('Food truck created', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/operator-dashboard$/);

      const card = truckCard(page, name);
      await expect(card).toBeVisible();
      await expect(card.getByText('Fusion Cuisine')).toBeVisible();
      await expect(card.getByText('500 E Cesar Chavez St, Austin, TX')).toBeVisible();
      await checkScreen(page, 'operator-dashboard');
      await expect(card.getByText('Closed', { exact: true })).toBeVisible();
      await expect(card.getByRole('img', { name })).toHaveAttribute('src', /^\/objects\//);
      const created = (
        (await await page.request
          .get(`/api/operators/${session.user.id}/food-trucks`, {
            headers: { Authorization: `Bearer ${session.token}` },
          })
          .then((r) => r.json())) as FoodTruck[]
      ).find((t) => t.name === name);
      expect(created).toBeDefined();
      truckId = created?.id ?? 0;
      await expect(truckCard(diner, name)).toBeVisible();

      // Open for business at the device position.
      await card.getByRole('button', { name: 'Open for Business' }).click();
      await expect(card.getByText('Open', { exact: true })).toBeVisible();
      await expect(card.getByText('Live Location Active')).toBeVisible();
      await expect(card.getByText('Position: 35.19830, -111.65130')).toBeVisible();
      // Opened somewhere else: the base address no longer says where the truck is.
      await expect(card.getByText('500 E Cesar Chavez St, Austin, TX')).toHaveCount(0);
      await expect(card.getByText(/Last updated/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Open for Business' })).toBeDisabled();
      await expect(truckCard(diner, name).getByText('OPEN', { exact: true })).toBeVisible();
      await expect.poll(async () => (await activeTruck(page.request, truckId))?.isOpen).toBe(true);

      // Update Location dialog.
      await card.getByRole('button', { name: 'Update Location' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Location' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Use Current Location' }).click();
      await expect(page.getByText('Location detected', { exact: true })).toBeVisible();
      await expect(dialog.getByLabel('Latitude')).toHaveValue('35.198300');
      await dialog.getByLabel('Latitude').fill('35.2');
      await dialog.getByLabel('Longitude').fill('-111.6600');
      await dialog
        .getByLabel('Describe Where You Are Located')
        .fill('By the river, next to the bridge');
      await expect(dialog.getByRole('switch', { name: 'Open for business' })).toBeChecked();
      await checkScreen(page, 'update-location-dialog');
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expect(page.getByText('Location updated', { exact: true })).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(card.getByText('By the river, next to the bridge')).toBeVisible();
      await expect(card.getByText('Position: 35.20000, -111.66000')).toBeVisible();
      await expect(truckCard(diner, name).getByText('By the river, next to the bridge')).toBeVisible();

      // Edit: name, banner, gallery, menu documents — nothing applies before Save Changes.
      await card.getByRole('link', { name: `Edit ${name}` }).click();
      await expect(page).toHaveURL(new RegExp(`/edit-truck/${truckId}$`));
      await expect(page.getByLabel('Truck Name')).toHaveValue(name);
      const newName = `${name} Deluxe`;
      await page.getByLabel('Truck Name').fill(newName);
      await page
        .getByLabel('Banner photo file')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
      await expect(
        page.getByText('Please upload only JPG, PNG, or WebP images.', { exact: true }),
      ).toBeVisible();
      await page.getByLabel('Banner photo file').setInputFiles(png('banner.png', [20, 90, 200], 240, 120));
      await expect(page.getByText('Banner photo uploaded', { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Banner photo' })).toHaveAttribute('src', /^\/objects\//);
      await page
        .getByLabel('Gallery photo files')
        .setInputFiles([png('g1.png', [10, 200, 10]), png('g2.png', [200, 10, 10])]);
      await expect(page.getByRole('img', { name: 'Gallery photo 2' })).toBeVisible();
      await expect(page.getByText('Photo added to gallery', { exact: true })).toBeVisible();
      await page
        .getByLabel('Menu document files')
        .setInputFiles([
          png('menu.png', [250, 250, 250], 100, 140),
          { name: 'menu.pdf', mimeType: 'application/pdf', buffer: pdfBuffer() },
        ]);
      // Thumbnails load lazily: a PDF becomes its link once its thumbnail is tried, in view (the
      // "Know before you go" card, issue 28, moved Menu Documents below the fold).
      await page.getByRole('region', { name: 'Menu Documents' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('link', { name: 'Menu document 2' })).toBeVisible();
      await expect(page.getByText('Menu uploaded', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Remove Menu document 1' }).click();
      await expect(page.getByText('1/5')).toBeVisible();
      const before = await page.request.get(`/api/food-trucks/${truckId}`, {
        headers: { Authorization: `Bearer ${session.token}` },
      });
      expect(((await before.json()) as FoodTruck).gallery).toEqual([]);
      await expect(page.getByText(/uploaded successfully/)).not.toHaveCount(0);
      await checkScreen(page, 'edit-truck');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Truck updated', { exact: true })).toBeVisible();
      // Saved: the upload lines of the held changes go.
      await expect(page.getByText(/uploaded successfully/)).toHaveCount(0);
      await expect(truckCard(diner, newName)).toBeVisible();

      await page.reload();
      await expect(page.getByLabel('Truck Name')).toHaveValue(newName);
      await expect(page.getByRole('img', { name: 'Banner photo' })).toBeVisible();
      await expect(page.getByRole('img', { name: /Gallery photo/ })).toHaveCount(2);
      await page.getByRole('region', { name: 'Menu Documents' }).scrollIntoViewIfNeeded();
      await expect(page.getByRole('link', { name: 'Menu document 1' })).toBeVisible();
      await page.getByRole('button', { name: 'Remove Banner Photo' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Truck updated', { exact: true })).toBeVisible();
      await expect.poll(async () => (await activeTruck(page.request, truckId))?.image ?? null).toBeNull();

      // Menu: add, edit, availability, image, delete.
      await page.goto(`/menu-management/${truckId}`);
      await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
      await expect(page.getByText('No menu items yet')).toBeVisible();
      await page.getByRole('button', { name: 'Add Menu Item' }).click();
      const itemDialog = page.getByRole('dialog', { name: 'Add Menu Item' });
      await itemDialog.getByRole('button', { name: 'Add Item' }).click();
      await expect(itemDialog.getByText('Name is required')).toBeVisible();
      await expect(itemDialog.getByText('Price must be greater than 0')).toBeVisible();
      await itemDialog.getByLabel('Name').fill('Brisket Taco');
      await itemDialog.getByLabel('Price ($)').fill('3.50');
      await itemDialog.getByLabel('Description').fill('Smoked brisket, salsa verde');
      await itemDialog.getByLabel('Category').selectOption('Main Dishes');
      await itemDialog.getByRole('button', { name: 'Add Item' }).click();
      await expect(itemDialog).toBeHidden();
      const item = page.getByRole('article', { name: 'Brisket Taco' });
      await expect(item.getByText('$3.50')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Main Dishes (1)' })).toBeVisible();

      await item.getByRole('button', { name: 'Edit Brisket Taco' }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Menu Item' });
      await editDialog.getByLabel('Price ($)').fill('4.25');
      await editDialog.getByRole('button', { name: 'Save Item' }).click();
      await expect(item.getByText('$4.25')).toBeVisible();

      await item.getByRole('switch', { name: 'Available: Brisket Taco' }).click();
      await expect(item.getByText('Unavailable')).toBeVisible();
      await item.getByLabel('Image file for Brisket Taco').setInputFiles(png('taco.png', [240, 200, 40]));
      await expect(item.getByText('Image uploaded successfully')).toBeVisible();
      await expect(item.getByRole('img', { name: 'Brisket Taco' })).toHaveAttribute('src', /^\/objects\//);
      await checkScreen(page, 'menu-management');

      await item.getByRole('button', { name: 'Delete Brisket Taco' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(
        'Are you sure you want to delete Brisket Taco? This action cannot be undone.',
      );
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(item).toBeHidden();
      await expect(page.getByText('No menu items yet')).toBeVisible();

      // Close for the day.
      await page.goto('/operator-dashboard');
      const renamed = truckCard(page, newName);
      await renamed.getByRole('button', { name: 'Close for the Day' }).click();
      await expect(renamed.getByText('Closed', { exact: true })).toBeVisible();
      await expect(renamed.getByText('Live Location Active')).toBeHidden();
      await expect(truckCard(diner, newName).getByText('CLOSED', { exact: true })).toBeVisible();

      // Delete it.
      await renamed.getByRole('link', { name: `Edit ${newName}` }).click();
      await page.getByRole('button', { name: 'Delete Food Truck' }).click();
      const confirmDelete = page.getByRole('alertdialog');
      await expect(confirmDelete).toContainText(
        `Are you sure you want to delete ${newName}? This action cannot be undone.`,
      );
      await confirmDelete.getByRole('button', { name: 'Delete' }).click();
      await expect(page).toHaveURL(/\/operator-dashboard$/);
      await expect(page.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();
      await expect(truckCard(page, newName)).toHaveCount(0);
      await expect(truckCard(diner, newName)).toHaveCount(0);
      truckId = 0;
      await diner.context().close();
    } finally {
      if (truckId) {
        await page.request.delete(`/api/food-trucks/${truckId}`, {
          headers: { Authorization: `Bearer ${session.token}` },
        });
      }
    }
  });
});

test.describe('operator without a subscription', () => {
  test.use({ geolocation: AUSTIN, permissions: ['geolocation'] });

  test('opening shows the server message with /subscribe as a link', async ({ page }) => {
    const session = await loginAs(page, 'operator', '/');
    const res = await page.request.post('/api/food-trucks', {
      data: { name: 'Unpaid Wagon', cuisine: 'Coffee' },
      headers: { Authorization: `Bearer ${session.token}` },
    });
    expect(res.status()).toBe(201);
    await page.goto('/operator-dashboard');
    const card = truckCard(page, 'Unpaid Wagon');
    await card.getByRole('button', { name: 'Open for Business' }).click();
    await expect(page.getByText('Failed to open for business', { exact: true })).toBeVisible();
    await expect(
      page.getByText('An active subscription is required to open a truck. Subscribe at /subscribe.', { exact: true }),
    ).toBeVisible();
    await expect(card.getByText('Closed', { exact: true })).toBeVisible();
    await page.getByRole('link', { name: '/subscribe' }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
  });
});

test.describe('operator with location denied', () => {
  test('shows the notice and disables Open for Business', async ({ page, context, baseURL }) => {
    test.setTimeout(120_000); // two axe runs on a shared 2-core machine
    await loginDemoOperator(page, '/');
    await denyLocation(context, page, new URL(baseURL ?? page.url()).origin);
    await page.goto('/operator-dashboard');
    await expect(page.getByText('Location access denied. Please enable location permissions.')).toBeVisible();
    const closed = truckCard(page, 'Pasta Vagabonda');
    await expect(closed.getByRole('button', { name: 'Open for Business' })).toBeDisabled();
    await checkScreen(page, 'operator-dashboard-denied');
  });
});

test.describe('operator screens are for operators', () => {
  test('anonymous visitors go to /login (and back after it) and customers to /find-trucks', async ({ page }) => {
    await page.goto('/operator-dashboard');
    await expect(page).toHaveURL(/\/login\?next=%2Foperator-dashboard$/);
    await loginAs(page, 'customer', '/create-truck');
    await expect(page).toHaveURL(/\/find-trucks$/);
    await page.goto('/menu-management/1');
    await expect(page).toHaveURL(/\/find-trucks$/);
  });

  test('a new operator is welcomed and unknown trucks are reported', async ({ page }) => {
    await loginAs(page, 'operator', '/operator-dashboard');
    await expect(page.getByRole('heading', { name: 'Welcome to Your Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create Your First Food Truck' })).toHaveAttribute(
      'href',
      '/create-truck',
    );
    await checkScreen(page, 'operator-dashboard-empty');
    await page.goto('/edit-truck/999999');
    await expect(page.getByRole('heading', { name: 'Food Truck Not Found' })).toBeVisible();
    await page.goto('/menu-management/abc');
    await expect(page.getByRole('heading', { name: 'Invalid Truck ID' })).toBeVisible();
    await page.goto('/menu-management/1');
    await expect(page.getByRole('heading', { name: 'Truck Not Found' })).toBeVisible();
  });
});

test.describe('an operator with several trucks, on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('the dashboard lists the trucks first, with whether each is open, and a tap goes to its card', async ({ page }) => {
    const session = await loginAsSubscribedOperator(page);
    const names = ['Fleet One', 'Fleet Two', 'Fleet Three'];
    for (const name of names) await createTruck(page, session, { name });
    await page.goto('/operator-dashboard');
    const fleet = page.getByRole('navigation', { name: /Your trucks/ });
    await expect(fleet.getByRole('heading')).toHaveText('Your trucks · 0 of 3 open');
    // In the cards' order: the newest first.
    await expect(fleet.getByRole('link')).toHaveText(names.toReversed().map((name) => `${name}Closed`));
    const last = truckCard(page, 'Fleet One');
    await expect(last).not.toBeInViewport();
    await fleet.getByRole('link', { name: /Fleet One/ }).tap();
    await expect(last).toBeInViewport();
    await expect(page).toHaveURL(/#truck-\d+$/);
    await expectNoSeriousA11yViolations(page);
  });
});
