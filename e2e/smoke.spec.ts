import { expect, test } from './test';

test('the built app is served with the API from one port', { tag: '@no-database' }, async ({ page, request }) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok' });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test("each screen's title names it: in the page as sent, and as the diner moves through the app", async ({ page }) => {
  await page.goto('/find-trucks');
  await expect(page).toHaveTitle('Find Food Trucks · Food Truck Finder');
  // A truck's page has the truck's name; Back, the list's title again.
  const card = page.getByRole('article').first();
  const name = (await card.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await card.getByRole('button', { name, exact: true }).click();
  await card.getByRole('link', { name: `Truck page of ${name}` }).click();
  await expect(page).toHaveTitle(`${name} · Food Truck Finder`);
  await page.goBack();
  await expect(page).toHaveTitle('Find Food Trucks · Food Truck Finder');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveTitle('Log in · Food Truck Finder');
});
