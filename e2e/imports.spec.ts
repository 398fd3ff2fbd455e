import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './test';
import type { AuthResponse } from '@shared/contracts';
import { ADMIN, expectNoSeriousA11yViolations, freshPhone, openWithSession } from './helpers';

/**
 * Issue 26: an admin imports San Francisco's permit CSV through the admin panel's Imports tab
 * (preview, import, progress, exact report), and a diner near Mission Street finds the imported
 * carts by food in the list, on the map and by a typed voice question; a re-import creates nothing;
 * a malformed file shows the server's message and changes nothing.
 */
const FIXTURE = fileURLToPath(new URL('./fixtures/sf-mission-permits.csv', import.meta.url));
const MISSION_STREET = { latitude: 37.7599, longitude: -122.4148 };
/** The fixture's rows the import skips, by line, as the report lists them. */
const SKIPPED = [
  ['5', 'Not approved (status REQUESTED)'],
  ['6', 'Expired on 2020-11-15'],
  ['7', 'No coordinates'],
  ['8', 'Duplicate source id 1800102'],
] as const;

async function adminSession(page: Page): Promise<AuthResponse> {
  const res = await page.request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  return (await res.json()) as AuthResponse;
}

async function openImports(page: Page, tap = false) {
  await openWithSession(page, await adminSession(page), '/admin');
  const tab = page.getByRole('tab', { name: 'Imports' });
  await (tap ? tab.tap() : tab.click());
  await expect(page.getByRole('heading', { name: 'Import open data' })).toBeVisible();
}

/**
 * Listings on this spec's stretch of Mission Street (within a mile): claims.spec imports its own
 * carts across town on the other worker, and those must not count.
 */
const listingCount = async (page: Page) => {
  const res = await page.request.get(`/api/food-trucks/active?lat=${MISSION_STREET.latitude}&lng=${MISSION_STREET.longitude}`);
  // SF's own (this file's source): the phone test's custom file lands on Valencia Street, within the mile.
  return ((await res.json()) as Array<{ listing?: { sourceName: string } | null; distanceMiles?: number }>).filter(
    (t) => t.listing?.sourceName === 'SF open data' && (t.distanceMiles ?? Infinity) <= 1,
  ).length;
};

async function expectReport(page: Page, counts: Record<'processed' | 'created' | 'updated' | 'retired' | 'skippedCount', number>) {
  await expect(page.getByTestId('import-status')).toHaveText(/^Import finished: 8 rows processed$/, { timeout: 30_000 });
  for (const [key, value] of Object.entries(counts)) await expect(page.getByTestId(`import-${key}`)).toHaveText(String(value));
  await expect(page.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('aria-valuenow', '100');
  const rows = page.getByTestId('skipped-table').locator('tbody tr');
  await expect(rows).toHaveCount(SKIPPED.length);
  for (const [index, [line, reason]] of SKIPPED.entries()) {
    await expect(rows.nth(index).locator('td')).toHaveText([line, reason]);
  }
}

test.describe('open-data imports', () => {
  test('an admin imports SF permits through the screen; diners near Mission Street find the carts by food, on the map and by voice; a re-import creates nothing', async ({
    page,
    browser,
  }) => {
    test.slow();
    await openImports(page);

    // Pick the file: the preset is detected, and the preview shows the first rows and why some are skipped.
    await page.getByLabel('File').setInputFiles(FIXTURE);
    await expect(page.getByRole('heading', { name: /^Preview: first 8 rows · CSV · San Francisco permits$/ })).toBeVisible();
    const preview = page.getByTestId('preview-row');
    await expect(preview).toHaveCount(8);
    await expect(preview.first()).toContainText('Mission Street Dogs');
    await expect(preview.first()).toContainText('hot dogs, toppings, non alcoholic beverages');
    await expect(preview.first()).toContainText('Will import');
    await expect(preview.nth(3)).toContainText('Skipped: Not approved (status REQUESTED)');
    await expect(preview.nth(6)).toContainText('Skipped: Duplicate source id 1800102');
    await expect(page.getByText('4 will be imported, 4 skipped in these rows.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('imports-preview-desktop.png'), fullPage: true });

    // Import: the progress bar, then the exact report.
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByRole('progressbar', { name: 'Import progress' })).toBeVisible();
    await expectReport(page, { processed: 8, created: 4, updated: 0, retired: 0, skippedCount: 4 });
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('imports-report-desktop.png'), fullPage: true });
    await expect(page.getByTestId('past-import').first()).toContainText('sf-mission-permits.csv');
    await expect(page.getByTestId('past-import').first()).toContainText('4 created');
    await expect(page.getByTestId('stat-unclaimed-listings')).toContainText('unclaimed listings');

    // A diner near Mission Street.
    const diner = await browser.newContext({ geolocation: MISSION_STREET, permissions: ['geolocation'] });
    const dinerPage = await diner.newPage();
    await dinerPage.goto('/find-trucks');
    await dinerPage.getByRole('searchbox', { name: 'Search food trucks' }).fill('hot dogs');
    // Both hot dog carts, not the taco truck or the coffee cart (other specs may add hot dog carts elsewhere).
    await expect(dinerPage.getByRole('article', { name: 'Frankly Mission Franks' })).toBeVisible();
    await expect(dinerPage.getByRole('article', { name: 'La Paloma Tacos' })).toHaveCount(0);
    await expect(dinerPage.getByRole('article', { name: 'Mission Coffee Cart' })).toHaveCount(0);
    const dogs = dinerPage.getByRole('article', { name: 'Mission Street Dogs' });
    await expect(dogs).toContainText(/Unclaimed · from SF open data, updated [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(dogs).toContainText('Usually here Mon–Wed 7:00 AM–7:00 PM, Thu–Fri 8:00 AM–3:00 PM');
    await expect(dogs).not.toContainText(/LIVE|Open now/);
    await expect(dinerPage.getByRole('article', { name: 'Frankly Mission Franks' })).toContainText('Usually here Mon–Fri 11:00 AM–8:00 PM');
    await expect(dinerPage.getByLabel('Hide unclaimed listings')).toBeVisible();
    await dogs.scrollIntoViewIfNeeded();
    await dinerPage.screenshot({ path: test.info().outputPath('imports-diner-list.png') });

    // On the map: its pin and popup (opened from its link, at street zoom where the carts' cluster splits).
    const dogsId = await dinerPage.evaluate(async () => {
      const res = await fetch('/api/food-trucks/active');
      return ((await res.json()) as Array<{ id: number; name: string }>).find((t) => t.name === 'Mission Street Dogs')?.id;
    });
    expect(dogsId).toBeDefined();
    await dinerPage.goto(`/find-trucks?truck=${dogsId}`);
    const popup = dinerPage.getByTestId('truck-popup');
    await expect(popup).toContainText('Mission Street Dogs');
    await expect(popup).toContainText('Unclaimed · from SF open data');
    await expect(popup.getByTestId('popup-listing')).toHaveText(/^Unclaimed · from SF open data, updated /);
    await expect(popup.getByTestId('popup-updated-ago')).toHaveCount(0);
    await expect(dinerPage.getByRole('button', { name: 'Mission Street Dogs (closed)' })).toBeVisible();
    await dinerPage.screenshot({ path: test.info().outputPath('imports-diner-map.png') });

    // By voice: a typed question.
    await dinerPage.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Voice Assistant' }).click();
    const voice = dinerPage.getByRole('dialog', { name: 'Voice Assistant' });
    await voice.getByRole('textbox', { name: 'Type your question' }).fill('where can I get hot dogs');
    await voice.getByRole('button', { name: 'Ask' }).click();
    await expect(voice.getByTestId('voice-answer')).toContainText(/Mission Street Dogs|Frankly Mission Franks/, { timeout: 30_000 });
    await dinerPage.screenshot({ path: test.info().outputPath('imports-diner-voice.png') });

    // The truck page names the source and its licence.
    await dinerPage.goto(`/trucks/${dogsId}`);
    await expect(dinerPage.getByTestId('listing-source')).toHaveText('Source: SF open data · Licence: Open Data Commons PDDL (DataSF)');
    await diner.close();

    // A re-import of the same file creates nothing new.
    const before = await listingCount(page);
    await page.getByRole('button', { name: 'Import another file' }).click();
    await page.getByLabel('File').setInputFiles(FIXTURE);
    await expect(page.getByTestId('preview-row')).toHaveCount(8);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expectReport(page, { processed: 8, created: 0, updated: 4, retired: 0, skippedCount: 4 });
    expect(await listingCount(page)).toBe(before);
  });

  test('a malformed file shows the server’s message and changes nothing', async ({ page }) => {
    await openImports(page);
    // A name of this test's own: the other worker's specs import listings on the same street meanwhile.
    const applicant = `Broken Cart ${Date.now()}`;
    await page.getByLabel('File').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(`[{"locationid": "1", "applicant": "${applicant}", "latitude": "37.76`),
    });
    await expect(page.getByTestId('import-error')).toHaveText(/^The file is not valid JSON: /);
    await expect(page.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('imports-malformed-desktop.png'), fullPage: true });
    const everyTruck = await page.request.get('/api/food-trucks/active');
    expect(((await everyTruck.json()) as Array<{ name: string }>).filter((t) => t.name === applicant)).toEqual([]);
    // No import of it was queued (other specs' imports may be listed meanwhile: searched by its name).
    await page.getByRole('searchbox', { name: 'Search imports' }).fill('broken.json');
    await expect(page.getByText('0 import(s) found')).toBeVisible();
  });

  test('on a phone (360x740, touch): a custom mapping of an unknown file, previewed and imported by tapping', async ({ browser }) => {
    test.slow();
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await openImports(page, true);
    const tag = freshPhone().slice(-6);
    const csv = `Truck,Lat,Lng,Menu,Permit,When\nValencia Lemonade Stand ${tag},37.7611,-122.4216,Lemonade: churros,v${tag}-1,Mo-Fr:11AM-3PM\nNowhere Cart ${tag},,,Lemonade,v${tag}-2,\n`;
    await page.getByLabel('File').setInputFiles({ name: `valencia-${tag}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // No preset knows these columns: the form offers them for a custom mapping.
    await expect(page.getByLabel('Format')).toHaveValue('custom');
    for (const [label, column] of [
      ['Name (required)', 'Truck'],
      ['Latitude (required)', 'Lat'],
      ['Longitude (required)', 'Lng'],
      ['Source id (required)', 'Permit'],
      ['Food items', 'Menu'],
      ['Days/hours', 'When'],
    ] as const) {
      await page.getByLabel(label).selectOption(column);
    }
    await page.getByLabel('Source name').fill('Valencia test data');
    await page.getByLabel('Time zone of the hours').fill('America/Los_Angeles');
    await page.getByRole('button', { name: 'Preview' }).tap();
    await expect(page.getByTestId('preview-row')).toHaveCount(2);
    await expect(page.getByTestId('preview-row').nth(1)).toContainText('Skipped: No coordinates');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: test.info().outputPath('imports-custom-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Import', exact: true }).tap();
    await expect(page.getByTestId('import-status')).toHaveText('Import finished: 2 rows processed', { timeout: 30_000 });
    await expect(page.getByTestId('import-created')).toHaveText('1');
    await expect(page.getByTestId('import-skippedCount')).toHaveText('1');
    await expect(page.getByTestId('skipped-table').locator('tbody tr td')).toHaveText(['3', 'No coordinates']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: test.info().outputPath('imports-report-phone.png'), fullPage: true });
    // Its report again from the list of past imports.
    await page.getByRole('button', { name: 'Import another file' }).tap();
    await page.getByTestId('past-import').filter({ hasText: `valencia-${tag}.csv` }).getByRole('button', { name: /Open the report/ }).tap();
    await expect(page.getByTestId('import-created')).toHaveText('1');
    await phone.close();
  });
});
