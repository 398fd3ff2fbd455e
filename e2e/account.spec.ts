import { expect, test } from './test';
import type { AuthResponse } from '@shared/contracts';
import { expectNoSeriousA11yViolations, freshPhone, loginAs, textedCode, toast } from './helpers';
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
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password', { exact: true }).fill('e2e-password-1');
    await form.getByLabel('New password', { exact: true }).fill('e2e-password-2');
    await form.getByLabel('Confirm new password').fill('e2e-password-2');
    await form.getByRole('button', { name: 'Change password' }).tap();
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

  test('a customer who got a new phone number confirms it with the code texted to it, and signs in with it from then on', async ({ page }) => {
    const session = await loginAs(page, 'customer', '/account');
    const details = page.getByRole('form', { name: 'Your details' });
    const newPhone = freshPhone();
    await details.getByLabel('Phone number').fill(newPhone);
    await details.getByLabel('Username').fill(`new_number_${Date.now().toString(36)}`);
    // Refused without the password, nothing sent.
    await details.getByRole('button', { name: 'Save details' }).tap();
    await expect(details.getByText('Current password is required')).toBeVisible();
    await details.getByLabel('Current password').fill('e2e-password-1');
    await details.getByRole('button', { name: 'Save details' }).tap();
    await expect(toast(page, 'Details saved')).toBeVisible();
    await expect(page.getByText(/^Signed in as new_number_/)).toBeVisible();

    // The username is saved; the number waits for its code.
    const step = page.getByRole('form', { name: 'Confirm your new number' });
    await expect(step.getByRole('status')).toContainText(`We texted a code to ${newPhone.slice(0, 3)}-${newPhone.slice(3, 6)}-${newPhone.slice(6)}.`);
    const login = (username: string) => page.request.post('/api/auth/login', { data: { username, password: 'e2e-password-1' } });
    expect((await login(newPhone)).status()).toBe(401);
    const code = await textedCode(page.request, newPhone);
    await step.getByLabel('Code from the text').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await step.getByRole('button', { name: 'Use this number' }).tap();
    await expect(step.getByText('That code is not right: 4 tries left')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('account-details-360.png'), fullPage: true });
    await step.getByLabel('Code from the text').fill(code);
    await step.getByRole('button', { name: 'Use this number' }).tap();
    await expect(toast(page, 'Number changed')).toBeVisible();
    await expect(step).toBeHidden();

    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
    expect(me.status(), 'this session goes on').toBe(200);
    expect(((await me.json()) as { phone: string }).phone).toBe(`+1${newPhone}`);
    // Signing in takes the new number; the old one is nobody's.
    expect((await login(newPhone)).status()).toBe(200);
    expect((await login(session.user.phone ?? '')).status()).toBe(401);
  });

  test('a new customer is told on Favorites that texts go only to a confirmed number, and confirms theirs with a code', async ({ page }) => {
    const session = await loginAs(page, 'customer', '/favorites');
    const phone = session.user.phone!.replace('+1', '');
    await page.getByRole('link', { name: 'Confirm yours on your account' }).tap();
    await expect(page).toHaveURL(/\/account$/);
    const note = page.getByRole('note');
    await expect(note).toContainText('is not confirmed yet: we text alerts only to a confirmed number.');
    await note.getByRole('button', { name: 'Text me a code' }).tap();
    const step = page.getByRole('form', { name: 'Confirm your number' });
    const shown = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    await expect(step.getByRole('status')).toContainText(`We texted a code to ${shown}.`);
    const sent = toast(page, 'Code sent');
    await expect(sent).toContainText(`Enter the code we texted to ${shown}.`);
    // The number stays in one piece on a 360 px phone: one line box, not broken at a hyphen.
    const numberInToast = sent.getByText(shown, { exact: true });
    expect(await numberInToast.evaluate((el) => el.getClientRects().length)).toBe(1);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('account-confirm-number-360.png'), fullPage: true });
    await step.getByLabel('Code from the text').fill(await textedCode(page.request, phone));
    await step.getByRole('button', { name: 'Confirm number' }).tap();
    await expect(toast(page, 'Number confirmed')).toBeVisible();
    await expect(step).toBeHidden();
    await expect(note).toBeHidden();
    const me = await page.request.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } });
    expect(((await me.json()) as { phoneConfirmed: boolean }).phoneConfirmed).toBe(true);
    // Favorites no longer asks.
    await page.goto('/favorites');
    await expect(page.getByLabel('Text me when my favorites open')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Confirm yours on your account' })).toHaveCount(0);
  });

  test('a customer deletes their account: password, one confirmation, signed out to the home page, and the account is gone', async ({ page }) => {
    const session = await loginAs(page, 'customer', '/account');
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Delete my account' }).tap();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    // Kept: nothing happens.
    await dialog.getByRole('button', { name: 'Keep my account' }).tap();
    await expect(dialog).toBeHidden();
    // A wrong password is refused by the server, on its field.
    await form.getByRole('button', { name: 'Delete my account' }).tap();
    await dialog.getByRole('button', { name: 'Delete my account' }).tap();
    await expect(form.getByText('Current password is incorrect')).toBeVisible();
    await form.getByLabel('Current password').fill('e2e-password-1');
    await form.getByRole('button', { name: 'Delete my account' }).tap();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('account-delete-360.png') });
    await dialog.getByRole('button', { name: 'Delete my account' }).tap();
    await expect(page).toHaveURL(/\/$/);
    await expect(toast(page, 'Account deleted')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    const login = await page.request.post('/api/auth/login', { data: { username: session.user.phone, password: 'e2e-password-1' } });
    expect(login.status()).toBe(401);
  });
  test('a customer who forgot their password gets a code by text, sets a new one, and is signed in; their other sessions end', async ({ page, request }) => {
    const phone = freshPhone();
    const created = await request.post('/api/auth/register', { data: { phone, password: 'forgotten-pass-1', role: 'customer' } });
    expect(created.status()).toBe(201);
    const elsewhere = ((await created.json()) as AuthResponse).token;

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).tap();
    await expect(page).toHaveURL('/forgot-password');
    await expect(page).toHaveTitle('Reset your password · Food Truck Finder');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Phone number').fill(phone);
    await page.getByRole('button', { name: 'Text me a code' }).tap();
    await expect(page.getByRole('status').filter({ hasText: 'If an account has this number, we have texted it a code.' })).toBeVisible();

    const code = await textedCode(request, phone);

    const form = page.getByRole('form', { name: 'Choose a new password' });
    await form.getByLabel('Code from the text').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await form.getByLabel('New password', { exact: true }).fill('remembered-pass-2');
    await form.getByLabel('Confirm password').fill('remembered-pass-2');
    await form.getByRole('button', { name: 'Set new password' }).tap();
    await expect(form.getByText('That code is not right: 4 tries left')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('forgot-password-360.png'), fullPage: true });

    await form.getByLabel('Code from the text').fill(code);
    await form.getByRole('button', { name: 'Set new password' }).tap();
    await expect(toast(page, 'Password changed')).toBeVisible();
    await expect(page).toHaveURL('/find-trucks');

    const me = (token: string | null) => request.get('/api/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect((await me(elsewhere)).status()).toBe(401);
    expect((await me(await page.evaluate(() => localStorage.getItem('token')))).status()).toBe(200);
    expect((await request.post('/api/auth/login', { data: { username: phone, password: 'forgotten-pass-1' } })).status()).toBe(401);
    expect((await request.post('/api/auth/login', { data: { username: phone, password: 'remembered-pass-2' } })).status()).toBe(200);
  });
});
