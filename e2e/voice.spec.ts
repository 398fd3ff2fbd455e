import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from './test';
import config from '../playwright.config';
import { encodeWav, resample } from '../server/src/integrations/speech/audio';
import { OfflineSpeech } from '../server/src/integrations/speech/offline-speech';
import { padded, speak } from '../server/src/test/speech-audio';
import { expectNoSeriousA11yViolations, loginAs } from './helpers';

/**
 * The voice assistant in Chromium with a fake microphone that "says" a question made by the
 * offline TTS (the file plays from the start when the microphone opens, then loops).
 */
const QUESTION_WAV = path.join(tmpdir(), `ftf-e2e-voice-question-${process.env.E2E_PORT ?? 'default'}.wav`);
const baseLaunch = config.use?.launchOptions ?? {};

test.use({
  launchOptions: {
    ...baseLaunch,
    args: [
      ...(baseLaunch.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${QUESTION_WAV}`,
    ],
  },
  permissions: ['microphone', 'geolocation'],
  // On South Congress, a block from Smokestack BBQ.
  geolocation: { latitude: 30.25, longitude: -97.75 },
});

test.beforeAll(async () => {
  const speech = new OfflineSpeech();
  try {
    // Quiet, the question, then quiet long enough to cover the recording.
    const question = padded(await speak(speech, 'where is the nearest barbecue truck'), 0.4);
    const tail = new Float32Array(question.sampleRate * 6);
    const samples = new Float32Array(question.samples.length + tail.length);
    samples.set(question.samples);
    writeFileSync(QUESTION_WAV, encodeWav(await resample({ samples, sampleRate: question.sampleRate }, 48_000)));
  } finally {
    await speech.close();
  }
});

const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).or(page.getByText(text));

test.describe('voice assistant', () => {
  test.describe.configure({ mode: 'default' });

  test('records a spoken question on /find-trucks, shows the answer and centres the map on the truck', async ({ page }) => {
    await page.goto('/find-trucks');
    await expect(page.getByRole('region', { name: 'Voice Assistant' }).getByRole('heading', { name: 'Voice Assistant' })).toBeVisible();
    await expect(page.getByTestId('voice-free-uses')).toHaveText('3 of 3 free questions left');

    await page.getByRole('button', { name: 'Start recording' }).click();
    await expect(page.getByRole('button', { name: 'Stop recording' })).toBeVisible();
    await expect(page.getByText('Listening...', { exact: true })).toBeVisible();
    // Let the fake microphone say the question (about 2.5 s with the quiet around it).
    await page.waitForTimeout(3500);
    await page.getByRole('button', { name: 'Stop recording' }).click();

    const answer = page.getByTestId('voice-answer');
    await expect(answer).toContainText('You asked: where is the nearest barbecue truck', { timeout: 30_000 });
    await expect(answer).toContainText(/The nearest open barbecue truck is Smokestack BBQ, 0\.\d miles away/);
    await expect(page.getByTestId('voice-free-uses')).toHaveText('2 of 3 free questions left');
    expect(await page.evaluate(() => localStorage.getItem('voiceAssistantFreeUses'))).toBe('2');

    // The card on the page centres the map on the recommendation at zoom 17, popup open.
    await expect(toastWith(page, 'Centered map on Smokestack BBQ').first()).toBeVisible();
    await expect(page.locator('.leaflet-popup-content')).toContainText('Smokestack BBQ');
    await expect(page.getByRole('button', { name: 'Play answer' })).toBeEnabled();
    await page.screenshot({ path: 'test-results/voice-find-trucks-desktop.png' });
    await expectNoSeriousA11yViolations(page);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

    test('a question in a diner\'s own words about a course of a menu (ADR 0173): the dishes, and the truck shown on the map', async ({ page }) => {
      await page.goto('/find-trucks');
      // The card on the page (the navbar's popover is not open).
      await page.getByRole('textbox', { name: 'Type your question' }).fill('what drinks does smokestack have');
      await page.getByRole('button', { name: 'Ask' }).tap();
      const answer = page.getByTestId('voice-answer');
      await expect(answer).toContainText('Drinks at Smokestack BBQ: Sweet Tea $3.00.');
      await page.screenshot({ path: 'test-results/voice-course-phone.png' });
      await answer.getByRole('button', { name: 'Show Smokestack BBQ on map' }).tap();
      await expect(page.locator('.leaflet-popup-content')).toContainText('Smokestack BBQ');
    });
  });

  test('the navbar popover answers a typed question; choosing the truck closes it and clears the search that hid it', async ({ page }) => {
    await loginAs(page, 'customer', '/find-trucks');
    const search = page.getByRole('searchbox', { name: 'Search food trucks' });
    // A search that hides Smokestack BBQ ("taco" would not: its menu has a brisket taco, issue 27).
    await search.fill('libre');
    await expect(page.getByRole('article')).toHaveCount(1);

    const voiceButton = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Voice Assistant' });
    const popover = page.getByRole('dialog', { name: 'Voice Assistant' });
    // From the keyboard (the popover loads on its first opening): Enter opens it, Escape closes it
    // and gives the button its focus back; pressing the button again closes it too.
    await voiceButton.focus();
    await page.keyboard.press('Enter');
    await expect(popover).toBeVisible();
    await expect(voiceButton).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(popover).toBeHidden();
    await expect(voiceButton).toBeFocused();
    await expect(voiceButton).toHaveAttribute('aria-expanded', 'false');
    await voiceButton.click();
    await expect(popover).toBeVisible();
    await voiceButton.click();
    await expect(popover).toBeHidden();

    await voiceButton.click();
    await expect(popover).toBeVisible();
    expect(await popover.evaluate((el) => el.getBoundingClientRect().width)).toBe(320);
    await expectNoSeriousA11yViolations(page);

    await popover.getByRole('textbox', { name: 'Type your question' }).fill('Is Smokestack BBQ open?');
    await popover.getByRole('button', { name: 'Ask' }).click();
    await expect(popover.getByTestId('voice-answer')).toContainText(/^You asked: .*Yes, Smokestack BBQ is open now/);
    await expect(popover.getByTestId('voice-free-uses')).toHaveCount(0);
    await page.screenshot({ path: 'test-results/voice-popover-desktop.png' });
    await popover.getByRole('button', { name: 'Show Smokestack BBQ on map' }).click();

    await expect(popover).toBeHidden();
    await expect(search).toHaveValue('');
    await expect(toastWith(page, 'Map Updated & Search Cleared').first()).toBeVisible();
    await expect(page.locator('.leaflet-popup-content')).toContainText('Smokestack BBQ');
  });

  test('free questions are fair: the third answer stays in view above the upsell; another browser on the same address has its own 3', async ({
    browser,
  }) => {
    // Two browsers, four questions and a reload: more than one test's usual share of the time.
    test.slow();
    // A diner on a phone, in a fresh browser: the counter is the server's, then three typed questions.
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await phone.newPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('button', { name: 'Voice Assistant' }).tap();
    const popover = page.getByRole('dialog', { name: 'Voice Assistant' });
    await expect(popover.getByTestId('voice-free-uses')).toHaveText('3 of 3 free questions left');
    const questions: Array<[string, RegExp]> = [
      ["what's open right now", /open now|No food trucks are open/],
      ['how much is the brisket', /costs \$|couldn't find brisket/],
      ['is there any barbecue open now', /barbecue trucks? (is|are) open now|No barbecue truck is open/],
    ];
    for (const [index, [question, expected]] of questions.entries()) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/voice-assistant-free') && r.request().method() === 'POST');
      await popover.getByRole('textbox', { name: 'Type your question' }).fill(question);
      await popover.getByRole('button', { name: 'Ask' }).tap();
      expect((await answered).status()).toBe(200);
      await expect(popover.getByTestId('voice-answer')).toContainText(`You asked: ${question}`);
      await expect(popover.getByTestId('voice-answer')).toContainText(expected);
      if (index < 2) await expect(popover.getByTestId('voice-free-uses')).toHaveText(`${2 - index} of 3 free questions left`);
    }
    // The answer that used the last free question is shown, with the upsell below it.
    await expect(popover.getByTestId('voice-upsell')).toBeVisible();
    await expect(popover.getByTestId('voice-answer')).toContainText(questions[2]![1]);
    await expect(popover.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    await expect(popover.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    const box = await popover.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await page.screenshot({ path: 'test-results/voice-third-answer-360.png' });
    await expectNoSeriousA11yViolations(page);
    // Reloaded, the browser still knows (from the server) that this visitor has none left.
    await page.reload();
    await page.getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('button', { name: 'Voice Assistant' }).tap();
    await expect(page.getByRole('dialog', { name: 'Voice Assistant' }).getByTestId('voice-upsell')).toBeVisible();

    // Another diner on the same Wi-Fi (same address), in their own browser: their own 3, and answered.
    const desktop = await browser.newContext();
    const other = await desktop.newPage();
    await other.goto('/find-trucks');
    // The voice card is loaded lazily beside the map: on a loaded machine it may take a while.
    await expect(other.getByRole('heading', { name: 'Voice Assistant' })).toBeVisible({ timeout: 30_000 });
    await expect(other.getByTestId('voice-free-uses')).toHaveText('3 of 3 free questions left');
    const answered = other.waitForResponse((r) => r.url().endsWith('/api/voice-assistant-free') && r.request().method() === 'POST');
    await other.getByRole('textbox', { name: 'Type your question' }).fill('find me some coffee');
    await other.getByRole('button', { name: 'Ask' }).click();
    expect((await answered).status()).toBe(200);
    await expect(other.getByTestId('voice-answer')).toContainText(/coffee/);
    await expect(other.getByTestId('voice-free-uses')).toHaveText('2 of 3 free questions left');
    await other.screenshot({ path: 'test-results/voice-second-browser-desktop.png' });
    await Promise.all([phone.close(), desktop.close()]);
  });
});
