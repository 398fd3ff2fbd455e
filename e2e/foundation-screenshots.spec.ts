import { expect, test } from '@playwright/test';

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
