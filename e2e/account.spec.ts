import { expect, test } from './test';
import { expectNoSeriousA11yViolations, loginAs, toast } from './helpers';
import type { Page } from './test';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Menu', exact: true });

/** Issue 32: users change their own password; Logout ends the token on the server too. */
test.describe('account on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('a customer changes their password from the menu; the old token no longer works, and Logout ends the new one', async ({ page }) => {
    const session = await loginAs(page, 'customer', '/find-trucks');
    await menu(page).tap();
    await page.getByRole('link', { name: 'Account', exact: true }).tap();
    await expect(page).toHaveURL(/\/account$/);
    await page.getByLabel('Current password', { exact: true }).fill('e2e-password-1');
    await page.getByLabel('New password', { exact: true }).fill('e2e-password-2');
    await page.getByLabel('Confirm new password').fill('e2e-password-2');
    await page.getByRole('button', { name: 'Change password' }).tap();
    await expect(toast(page, 'Password changed')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('account-360.png') });

    const me = (token: string | null) => page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me(session.token)).status()).toBe(401);
    const current = await page.evaluate(() => localStorage.getItem('token'));
    expect((await me(current)).status()).toBe(200);

    await menu(page).tap();
    await page.getByRole('button', { name: 'Logout' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(async () => (await me(current)).status()).toBe(401);
  });
});
