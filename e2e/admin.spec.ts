import { expect, test, type Page } from './test';
import type { AuthResponse } from '@shared/contracts';
import {
  ADMIN,
  createTruck,
  expectNoSeriousA11yViolations,
  freshPhone,
  loginAs,
  loginAsSubscribedOperator,
} from './helpers';

/** Far from the Austin demo trucks: specs that count the trucks around Austin stay exact. */
const DENVER = { latitude: 39.7392, longitude: -104.9903, address: '1437 Bannock St, Denver' };
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first();

async function adminLogin(page: Page, username: string, password: string) {
  await page.getByLabel('Username or phone').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('admin panel', () => {
  test('a customer’s stored session at /admin is cleared and sent to /admin/login', async ({ page }) => {
    await loginAs(page, 'customer', '/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([
      null,
      null,
    ]);
  });

  test('an unparsable stored user at /admin is cleared and sent to /admin/login', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('token', 'x');
      localStorage.setItem('user', '{not json');
    });
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('admin login refuses missing fields and non-admins', async ({ page, browser }) => {
    const customerContext = await browser.newContext();
    const customer = await loginAs(await customerContext.newPage(), 'customer');
    await customerContext.close();
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(toast(page, 'Missing Information')).toContainText(
      'Please enter both username/phone and password.',
    );
    await adminLogin(page, customer.user.phone ?? '', 'e2e-password-1');
    await expect(toast(page, 'Access Denied')).toContainText(
      'Admin privileges required to access this panel.',
    );
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await adminLogin(page, ADMIN.username, 'wrong-password');
    await expect(toast(page, 'Login Failed')).toContainText('Invalid credentials');
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('admin-login.png') });
  });

  test('searches, edits, pauses and resumes (diners see it live), deletes, and sees it all in the audit log', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Data this test owns: a customer, and a subscribed operator with a truck diners can see.
    const setup = await browser.newContext();
    const setupPage = await setup.newPage();
    const tag = freshPhone().slice(-6);
    const customerName = `e2e_cust_${tag}`;
    const customerRes = await setupPage.request.post('/api/auth/register', {
      data: {
        username: customerName,
        email: `${customerName}@example.com`,
        phone: freshPhone(),
        password: 'e2e-password-1',
      },
    });
    expect(customerRes.status()).toBe(201);
    const operator: AuthResponse = await loginAsSubscribedOperator(setupPage);
    const truckName = `Admin Paused Tacos ${tag}`;
    await createTruck(setupPage, operator, { name: truckName, ...DENVER, isOpen: true });
    await setup.close();

    // A diner with /find-trucks open in another browser.
    const diner = await browser.newContext();
    const dinerPage = await diner.newPage();
    await dinerPage.goto('/find-trucks');
    // Found by name: other specs' trucks can put it past the list's first cards.
    await dinerPage.getByRole('searchbox', { name: 'Search food trucks' }).fill(truckName);
    const dinerTruck = dinerPage.getByRole('article', { name: truckName });
    await expect(dinerTruck).toBeVisible({ timeout: 30_000 });

    await page.goto('/admin/login');
    await adminLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByText(`Signed in as ${ADMIN.username}`)).toBeVisible();
    for (const stat of ['Total Customers', 'Operators', 'Active Subscriptions', 'Total Trucks']) {
      await expect(page.getByTestId(`stat-${stat}`)).toBeVisible();
    }

    // A sign-up while the panel is open shows in the stat cards when the admin turns to a tab.
    const customers = page.getByTestId('stat-Total Customers');
    const before = Number((await customers.innerText()).replace(/\D/g, ''));
    expect((await page.request.post('/api/auth/register', { data: { phone: freshPhone(), password: 'e2e-password-1', role: 'customer' } })).status()).toBe(201);
    await page.getByRole('tab', { name: 'Operator Management' }).click();
    await expect.poll(async () => Number((await customers.innerText()).replace(/\D/g, ''))).toBeGreaterThan(before);
    await page.getByRole('tab', { name: 'Customer Management' }).click();

    // Search and edit a customer's email.
    await page.getByLabel('Search customers').fill(customerName);
    await expect(page.getByText('1 customer(s) found')).toBeVisible();
    await page.getByRole('button', { name: `Edit ${customerName}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'No Changes')).toBeVisible();
    await dialog.getByLabel('Email').fill(`changed_${tag}@example.com`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('cell', { name: `changed_${tag}@example.com` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('admin-customers.png'), fullPage: true });

    // Pause the operator: the diner's list loses the truck live; resume: it comes back.
    await page.getByRole('tab', { name: 'Operator Management' }).click();
    await page.getByLabel('Search operators').fill(truckName);
    await expect(page.getByText('1 operator(s) found')).toBeVisible();
    await page.getByRole('button', { name: /^Pause subscription of / }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Its truck will be hidden from diners until you resume it.');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByText('paused', { exact: true })).toBeVisible();
    await expect(dinerTruck).toBeHidden({ timeout: 15_000 });
    await page.screenshot({ path: test.info().outputPath('admin-operators.png'), fullPage: true });
    await page.getByRole('button', { name: /^Resume subscription of / }).click();
    await expect(page.getByText('active', { exact: true })).toBeVisible();
    await expect(dinerTruck).toBeVisible({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
    await diner.close();

    // Delete the customer.
    await page.getByRole('tab', { name: 'Customer Management' }).click();
    await page.getByLabel('Search customers').fill(customerName);
    await page.getByRole('button', { name: `Delete ${customerName}` }).click();
    await expect(page.getByRole('alertdialog')).toContainText(
      `Are you sure you want to delete ${customerName}? This action cannot be undone.`,
    );
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('0 customer(s) found')).toBeVisible();

    // Every action is in the audit log.
    await page.getByRole('tab', { name: 'Audit log' }).click();
    const audit = page.getByRole('region', { name: 'Audit log' });
    for (const action of [
      'Update customer',
      'Pause subscription',
      'Resume subscription',
      'Delete customer',
    ]) {
      await expect(audit.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
    }
    await expect(audit.getByText(`changed_${tag}@example.com`).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('admin-audit.png'), fullPage: true });

    await page.getByRole('tab', { name: 'Messages' }).click();
    await expect(page.getByText(/message\(s\) found/)).toBeVisible();

    // 360 px wide: usable, tables scroll sideways.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('tab', { name: 'Customer Management' }).click();
    await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('admin-360.png'), fullPage: true });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});

test.describe('admin panel on a phone (360 px, touch)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("shows each operator's Pause and Edit on screen, with no page wider than the phone", async ({ page, browser }) => {
    const setup = await browser.newContext();
    const setupPage = await setup.newPage();
    const operator: AuthResponse = await loginAsSubscribedOperator(setupPage);
    const truckName = `Phone Admin Tacos ${freshPhone().slice(-6)}`;
    await createTruck(setupPage, operator, { name: truckName, ...DENVER });
    await setup.close();

    await page.goto('/admin/login');
    await adminLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(/\/admin$/);
    await page.getByRole('tab', { name: 'Operator Management' }).tap();
    await page.getByLabel('Search operators').fill(truckName);
    await expect(page.getByText('1 operator(s) found')).toBeVisible();
    await expect(page.getByText(truckName)).toBeVisible();
    const pause = page.getByRole('button', { name: /^Pause/ }).first();
    const edit = page.getByRole('button', { name: /^Edit / }).first();
    await expect(pause).toBeVisible();
    for (const control of [pause, edit]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 360, 'the control is within the phone screen').toBe(true);
    }
    const table = page.getByTestId('admin-table');
    const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, 'the table needs no sideways scrolling').toBeLessThanOrEqual(0);
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth, 'the page is no wider than the phone').toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'test-results/admin-operators-360.png', fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });
});
