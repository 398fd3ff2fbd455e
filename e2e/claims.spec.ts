/**
 * Claiming an open-data listing (issue 26, ADR 0158), in a real browser: by the code texted to the
 * listing's phone (read from the offline SMS outbox through the admin's Messages API), and by an
 * admin's approval or rejection in the panel's Claims section — on a desktop and on a 360 px phone
 * with touch. Each test imports its own listings (a source of its own) through the admin import API.
 */
import { expect, test, type APIRequestContext, type Page } from './test';
import type { FoodTruck } from '@shared/contracts';
import { ADMIN, adminToken, expectNoSeriousA11yViolations, freshPhone, loginAs, textedCode, toast } from './helpers';

const HEADER =
  'locationid,Applicant,FacilityType,cnn,LocationDescription,Address,blocklot,block,lot,permit,Status,FoodItems,X,Y,Latitude,Longitude,Schedule,dayshours,NOISent,Approved,Received,PriorPermit,ExpirationDate,Location,Phone';

interface Listing {
  name: string;
  phone: string;
}


/**
 * Imports the listings as San Francisco permits (a source of this test's own) and returns their truck ids by name.
 * On Market Street, away from imports.spec's Mission Street carts: carts at the same point cluster
 * together on the map, and that spec opens one's popup from its link.
 */
async function importListings(request: APIRequestContext, listings: Listing[]): Promise<Record<string, number>> {
  const token = await adminToken(request);
  const tag = freshPhone();
  const rows = listings.map(
    (l, i) =>
      `${tag}${i},${l.name},Truck,1,MARKET ST,${100 + i * 10} MARKET ST,1,1,1,P${tag}${i},APPROVED,Hot dogs: sodas,0,0,${(37.7936 + i * 0.001).toFixed(4)},-122.3965,,Mo-Fr:7AM-7PM,,11/16/2025 12:00:00 AM,20251110,1,11/15/2030 12:00:00 AM,,${l.phone}`,
  );
  const started = await request.post('/api/admin/imports', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: {
      preset: 'sf-permits',
      mapping: JSON.stringify({ phone: 'Phone' }),
      source: `e2e-claims-${tag}`,
      sourceName: 'SF open data',
      file: { name: 'permits.csv', mimeType: 'text/csv', buffer: Buffer.from([HEADER, ...rows].join('\n')) },
    },
  });
  expect(started.status(), await started.text()).toBe(202);
  const { id } = (await started.json()) as { id: number };
  await expect
    .poll(async () => {
      const report = await request.get(`/api/admin/imports/${id}`, { headers: { Authorization: `Bearer ${token}` } });
      return ((await report.json()) as { status: string }).status;
    })
    .toBe('done');
  const all = (await (await request.get('/api/food-trucks/active')).json()) as FoodTruck[];
  return Object.fromEntries(listings.map((l) => [l.name, all.find((t) => t.name === l.name)!.id]));
}


async function adminSignIn(page: Page) {
  await page.goto('/admin/login');
  await page.getByLabel('Username or phone').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Panel' })).toBeVisible();
}

const unique = (what: string) => `${what} ${freshPhone().slice(-6)}`;
const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test.describe('claiming a listing', () => {
  test('by the texted code: a signed-out visitor signs up as an operator, comes back, enters the code, and the truck is theirs', async ({ page }) => {
    const name = unique('Code Cart');
    const ids = await importListings(page.request, [{ name, phone: '(415) 555-0123' }]);
    const truckId = ids[name]!;

    await page.goto(`/trucks/${truckId}`);
    await expect(page.getByTestId('listing-note')).toContainText('Unclaimed');
    await expect(page.getByRole('heading', { name: 'Is this your truck?' })).toBeVisible();
    await page.getByRole('button', { name: 'Claim it' }).click();
    await expect(page.getByRole('link', { name: 'Log in to claim' })).toBeVisible();
    await page.getByRole('link', { name: 'Create an operator account' }).click();

    await expect(page).toHaveURL(/\/register\?/);
    await expect(page.getByRole('radio', { name: /Food Truck Operator/ })).toBeChecked();
    await page.getByLabel('Phone number').fill(freshPhone());
    await page.getByLabel('Password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('Confirm password').fill('e2e-password-1');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(new RegExp(`/trucks/${truckId}$`));
    await page.getByRole('button', { name: 'Claim it' }).click();
    await expect(page.getByRole('heading', { name: 'Enter the code we texted' })).toBeVisible();
    await expect(page.getByText('ending in 0123')).toBeVisible();
    await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'code-entry-desktop');

    const code = await textedCode(page.request, name, 'is your code');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(wrong);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('That code is not right: 4 tries left').first()).toBeVisible();
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('heading', { name: `${name} is yours now` })).toBeVisible();
    await expect(page.getByTestId('listing-note')).toHaveCount(0);
    await shot(page, 'claimed-desktop');

    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Operator Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your claims' })).toBeVisible();
    // Not subscribed yet: the claimed listing is not "hidden" — diners keep seeing it by its schedule.
    await expect(page.getByRole('region', { name: 'Subscription' })).toHaveText(
      /Diners see your claimed listing by its schedule; subscribe \(\$29\.99\/month\) to open it live\./,
    );
    await expectNoSeriousA11yViolations(page);
  });

  test('by admin approval: an operator claims a listing without a phone, the admin approves it in Claims, the dashboard shows the truck', async ({ page, browser }) => {
    const name = unique('Review Cart');
    const ids = await importListings(page.request, [{ name, phone: '' }]);
    const truckId = ids[name]!;
    const operator = await loginAs(page, 'operator', `/trucks/${truckId}`);
    await page.getByRole('button', { name: 'Claim it' }).click();
    await expect(page.getByRole('heading', { name: 'Waiting for an administrator' })).toBeVisible();

    await page.goto('/operator-dashboard');
    const claim = page.getByRole('region', { name: 'Your claims' }).getByRole('listitem').filter({ hasText: name });
    await expect(claim.getByText('Pending')).toBeVisible();
    await expect(claim.getByRole('heading', { name: 'Waiting for an administrator' })).toBeVisible();

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await adminSignIn(admin);
    await admin.getByRole('tab', { name: 'Claims' }).click();
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Admin review');
    await expect(row).toContainText(operator.user.phone!.slice(-4));
    await expect(row).toContainText('Listing phone: none');
    await expectNoSeriousA11yViolations(admin);
    await shot(admin, 'admin-claims-desktop');
    await row.getByRole('button', { name: `Approve the claim of ${name}` }).click();
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await expect(toast(admin, 'Claim approved')).toBeVisible();
    await expect(admin.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    // The decision is in the audit log.
    await admin.getByRole('tab', { name: 'Audit log' }).click();
    await expect(admin.getByRole('row').filter({ hasText: 'Approve claim' }).filter({ hasText: operator.user.phone!.slice(-4) })).toContainText('claim #');
    await adminContext.close();

    await page.reload();
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
    await expect(claim.getByText('Approved')).toBeVisible();
    await shot(page, 'dashboard-approved-desktop');
  });

  test('a customer is told claiming is for operators', async ({ page }) => {
    const name = unique('Customer Cart');
    const ids = await importListings(page.request, [{ name, phone: '' }]);
    await loginAs(page, 'customer', `/trucks/${ids[name]}`);
    await page.getByRole('button', { name: 'Claim it' }).click();
    await expect(page.getByText('Claiming a listing is for truck operators.')).toBeVisible();
  });
});

test.describe('claiming a listing on a phone (360 px, touch)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  const fitsThePhone = async (page: Page) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  test('by code, tapping: the code is entered and the truck is theirs', async ({ page }) => {
    const name = unique('Phone Code Cart');
    const ids = await importListings(page.request, [{ name, phone: '415-555-0123' }]);
    await loginAs(page, 'operator', `/trucks/${ids[name]}`);
    await page.getByRole('button', { name: 'Claim it' }).tap();
    await expect(page.getByRole('heading', { name: 'Enter the code we texted' })).toBeVisible();
    await fitsThePhone(page);
    await shot(page, 'code-entry-phone');
    await page.getByRole('textbox', { name: 'Code', exact: true }).tap();
    await page.getByRole('textbox', { name: 'Code', exact: true }).fill(await textedCode(page.request, name, 'is your code'));
    await page.getByRole('button', { name: 'Verify' }).tap();
    await expect(page.getByRole('heading', { name: `${name} is yours now` })).toBeVisible();
    await fitsThePhone(page);
  });

  test("can't receive texts: the claim goes to an admin, who rejects it with a reason; the operator sees why", async ({ page, browser }) => {
    const name = unique('Phone Review Cart');
    const ids = await importListings(page.request, [{ name, phone: '415-555-0199' }]);
    await loginAs(page, 'operator', `/trucks/${ids[name]}`);
    await page.getByRole('button', { name: 'Claim it' }).tap();
    await page.getByRole('button', { name: /Can’t receive texts there\? Ask an administrator/ }).tap();
    await expect(page.getByRole('heading', { name: 'Waiting for an administrator' })).toBeVisible();

    const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const admin = await adminContext.newPage();
    await adminSignIn(admin);
    await admin.getByRole('tab', { name: 'Claims' }).tap();
    const row = admin.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Listing phone: 415-555-0199');
    await fitsThePhone(admin);
    await shot(admin, 'admin-claims-phone');
    await row.getByRole('button', { name: `Reject the claim of ${name}` }).tap();
    const dialog = admin.getByRole('dialog', { name: 'Reject claim' });
    await dialog.getByRole('button', { name: 'Reject claim' }).tap();
    await expect(dialog.getByText('Give the operator a reason')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The permit names another business');
    await expectNoSeriousA11yViolations(admin);
    await dialog.getByRole('button', { name: 'Reject claim' }).tap();
    await expect(toast(admin, 'Claim rejected')).toBeVisible();
    await adminContext.close();

    await page.goto('/operator-dashboard');
    const claim = page.getByRole('region', { name: 'Your claims' }).getByRole('listitem').filter({ hasText: name });
    await expect(claim.getByText('Not approved').first()).toBeVisible();
    await expect(claim.getByText('Reason: The permit names another business')).toBeVisible();
    await fitsThePhone(page);
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'dashboard-rejected-phone');
  });
});
