import { expect, test } from './test';
import { createTruck, loginAsSubscribedOperator } from './helpers';
import { appPort } from './ports';
import { png } from './test-files';

/**
 * The server builds upload URLs from PUBLIC_URL (127.0.0.1 in the browser tests, ADR 0060). An
 * operator who opened the app at another name of the same server (localhost here) has the upload
 * sent to the page's own origin: before, the page's Content-Security-Policy (connect-src 'self')
 * refused the PUT and the operator read "Failed to upload image".
 */
test('an operator on another name of the server uploads a banner photo', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: `http://localhost:${appPort}` });
  const page = await context.newPage();
  const session = await loginAsSubscribedOperator(page, '/');
  const truck = await createTruck(page, session, { name: `Origin E2E ${Date.now() % 1_000_000}` });
  await page.goto(`/edit-truck/${truck.id}`);
  await page.getByLabel('Banner photo file').setInputFiles(png('banner.png', [20, 90, 200], 240, 120));
  await expect(page.getByText('Banner photo uploaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Banner photo' })).toHaveAttribute('src', /^\/objects\//);
  await context.close();
});
