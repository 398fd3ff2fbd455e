import { expect, test } from './test';
import { loginAs, toast } from './helpers';

/** Screens of the foundation issue at desktop and phone width, for a person to look at. Run with SCREENSHOTS=1. */
test.skip(!process.env.SCREENSHOTS, 'screenshots only on request (SCREENSHOTS=1)');

for (const width of [1280, 360]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    for (const [name, path] of [
      ['landing', '/'],
      ['login', '/login'],
      ['register', '/register'],
      ['customer-signup', '/customer-signup'],
      ['not-found', '/no-such-page'],
    ] as const) {
      test(name, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        if (path === '/login') await expect(page.getByRole('region', { name: 'Demo accounts' })).toBeVisible();
        await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
      });
    }
  });
}

test.describe('360 px menu', () => {
  test.use({ viewport: { width: 360, height: 640 } });
  test('mobile menu open, signed in', async ({ page }) => {
    await loginAs(page, 'customer', '/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('link', { name: 'My Favorites' })).toBeVisible();
    await page.screenshot({ path: 'test-results/screens/mobile-menu-360.png' });
  });
});

test('desktop navbar, signed in as operator, with a toast', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.goto('/login');
  await page.getByLabel('Username or phone').fill('demo_operator');
  await page.getByLabel('Password').fill('demo-operator-1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(toast(page, 'Login successful')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/operator-navbar-1280.png' });
});
