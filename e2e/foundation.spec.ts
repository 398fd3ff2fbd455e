import { expect, test, type Page } from './test';
import { DEMO, expectNoSeriousA11yViolations, freshPhone, loginAs, toast } from './helpers';

const PASSWORD = 'e2e-password-1';


/** A fresh ten-digit number typed the way people write it, e.g. (737) 123-4567. */
function formattedFreshPhone(): string {
  const d = freshPhone();
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

async function fillRegisterForm(page: Page, role: 'Customer' | 'Food Truck Operator') {
  await page.getByLabel('Phone number').fill(formattedFreshPhone());
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('radio', { name: new RegExp(role) }).check();
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('desktop', () => {
  test('a newcomer registers as a customer, sees the customer navbar, and logs out to /', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    await fillRegisterForm(page, 'Customer');
    // The phone field strips formatting as it is typed.
    await expect(page.getByLabel('Phone number')).toHaveValue(/^\d{10}$/);
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(toast(page, 'Welcome to Food Truck Finder!')).toBeVisible();
    await expect(page).toHaveURL(/\/find-trucks$/);
    await expect(nav(page).getByRole('link', { name: 'My Favorites' })).toHaveAttribute('href', '/favorites');
    await expect(nav(page).getByRole('link', { name: 'Food Truck Finder' })).toHaveAttribute('href', '/');

    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(nav(page).getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  });

  test('a newcomer registers as an operator and lands on /subscribe with the operator navbar', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('tab', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await fillRegisterForm(page, 'Food Truck Operator');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(toast(page, 'Account created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(nav(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/operator-dashboard');
    await expect(nav(page).getByRole('link', { name: 'Food Truck Finder' })).toHaveAttribute('href', '/operator-dashboard');
    await expect(nav(page).getByRole('link', { name: 'My Favorites' })).toHaveCount(0);
  });

  test('the demo customer logs in with the phone typed as (512) 555-0100', async ({ page }) => {
    await page.goto('/login');
    const hint = page.getByRole('region', { name: 'Demo accounts' });
    await expect(hint).toContainText(DEMO.customer.username);
    await expect(hint).toContainText(DEMO.customer.password);
    await page.getByLabel('Username or phone').fill(DEMO.customer.phone);
    await page.getByLabel('Password').fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login' }).click();

    await expect(toast(page, 'Login successful')).toContainText(`Welcome back, ${DEMO.customer.username}!`);
    await expect(page).toHaveURL(/\/find-trucks$/);
  });

  test('the demo operator logs in by username and lands on the operator dashboard', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or phone').fill(DEMO.operator.username);
    await page.getByLabel('Password').fill(DEMO.operator.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login successful')).toContainText(`Welcome back, ${DEMO.operator.username}!`);
    await expect(page).toHaveURL(/\/operator-dashboard$/);
  });

  test('a wrong password shows the Login failed toast and stays on /login', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username or phone').fill(DEMO.customer.username);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login failed')).toContainText('Invalid credentials');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('validation messages appear under the fields', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Username is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await page.getByRole('tab', { name: 'Register' }).click();
    await page.getByLabel('Phone number').fill('12345');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill('something-else');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Phone number must be at least 10 digits')).toBeVisible();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
  });

  test('registering a phone that is taken shows the server message in a Registration failed toast', async ({ page }) => {
    await page.goto('/register');
    await page.getByLabel('Phone number').fill(DEMO.customer.phone);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/register'));
    await page.getByRole('button', { name: 'Create account' }).click();
    expect((await answer).status()).toBe(409);
    await expect(toast(page, 'Registration failed')).toContainText('An account with this phone number already exists');
    await expect(page).toHaveURL(/\/register$/);
  });

  test('customer signup: validation toast, then success to /find-trucks', async ({ page }) => {
    await page.goto('/customer-signup');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'Please fix the following errors:')).toContainText('Password is required');

    await page.getByLabel('Phone number').fill(formattedFreshPhone());
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(toast(page, 'Welcome to Food Truck Finder!')).toBeVisible();
    await expect(page).toHaveURL(/\/find-trucks$/);
    await expect(nav(page).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  test('a signed-in user opening /login or /register is sent home', async ({ page }) => {
    await loginAs(page, 'operator', '/login');
    await expect(page).toHaveURL(/\/operator-dashboard$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/operator-dashboard$/);
  });

  test('the landing page links to the finder and the operator login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Food Truck Finder' })).toBeVisible();
    await expect(page.getByText('Find your favorite food trucks in real time')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find Food Trucks' })).toHaveAttribute('href', '/find-trucks');
    await expect(page.getByRole('link', { name: 'Food Truck Operators' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Log in to your operator account' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
    const links = nav(page).getByRole('link');
    await expect(links).toHaveText(['Food Truck Finder', 'Find Trucks', 'For Operators', 'Login']);
  });

  test('an unknown route shows the not-found screen', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByText("We couldn't find this page. The link may be old or mistyped.")).toBeVisible();
    await expect(page.getByText(/router/)).toHaveCount(0);
  });
});

test.describe('mobile (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu toggle holds the navigation and closes on navigation', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav(page).getByRole('link', { name: 'Find Trucks' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('link', { name: 'For Operators' })).toBeVisible();
    await page.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByRole('link', { name: 'For Operators' })).toBeHidden();
  });

  test('a signed-in customer logs out from the mobile menu', async ({ page }) => {
    await loginAs(page, 'customer', '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'My Favorites' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});

test('a customer\'s navbar is one line at every width: the menu button up to 1023 px, every link from 1024 px', async ({ page }) => {
  await loginAs(page, 'customer', '/find-trucks');
  const header = page.locator('header').first();
  for (const width of [768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    // h-16 and its border: nothing wrapped onto a second line.
    expect((await header.boundingBox())!.height, `${width} px`).toBeLessThanOrEqual(65);
    const links = nav(page).getByRole('link', { name: /^(Find Trucks|My Favorites|My Orders|Account)$/ });
    if (width < 1024) {
      await expect(page.getByRole('button', { name: 'Menu', exact: true })).toBeVisible();
      await expect(links).toHaveCount(0);
    } else {
      await expect(links).toHaveCount(4);
      const tops = new Set(await Promise.all((await links.all()).map(async (l) => Math.round((await l.boundingBox())!.y))));
      expect(tops.size, `${width} px`).toBe(1);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

for (const width of [1280, 360]) {
  test.describe(`accessibility at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });
    for (const path of ['/', '/login', '/register', '/customer-signup', '/no-such-page']) {
      test(`no serious axe violations on ${path}`, { tag: '@no-database' }, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/login') await expect(page.getByRole('region', { name: 'Demo accounts' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
      });
    }
  });
}

test('the app shell is served fresh and hashed assets are cached for good', { tag: '@no-database' }, async ({ request }) => {
  const shell = await request.get('/');
  expect(shell.headers()['cache-control']).toBe('no-cache');
  const asset = /src="(\/assets\/[^"]+\.js)"/.exec(await shell.text())?.[1];
  expect(asset).toBeTruthy();
  const res = await request.get(asset ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});
