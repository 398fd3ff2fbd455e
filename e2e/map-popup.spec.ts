import { devices } from '@playwright/test';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { expect, test, type Locator, type Page } from './test';
import { createTruck, freeSpot, loginAs, loginAsSubscribedOperator, mapSettled, toast } from './helpers';

/**
 * Issue 24: a truck's popup on the find-trucks map — a tapped pin, a linked truck, a truck the
 * voice assistant recommends — is ONE popup, whole inside the map, with the truck's own pin and
 * its neighbour still on the map, on a phone (360×740, touch) and on a desktop.
 *
 * Each test makes its own trucks somewhere in the Pacific around Hawaii, far from the demo trucks in Austin and
 * from other specs' trucks: the linked truck, a neighbour 120 m east (apart from zoom 16) and a
 * third 90 m north-west (so the three are one cluster at the diner's zoom 11).
 */
const PHONE = {
  userAgent: devices['Pixel 5'].userAgent,
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
};
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const DESCRIPTION =
  'Crêpes folded to order on the beach road: sweet with lilikoi butter, savoury with kalua pork and cabbage, and a seasonal special on the board every week.';

interface Trucks {
  linked: FoodTruck;
  beside: FoodTruck;
  third: FoodTruck;
  at: { latitude: number; longitude: number };
}

/**
 * A word no other test's truck has (one in a million), so a voice question names exactly this
 * truck. One in 10,000 was too few: a run of the suite makes dozens of these trucks in one database,
 * and the navbar's voice test once showed another test's namesake (session 50). The name it makes is
 * 40-54 characters of one word, longer than a phone's line: what wraps it is checked below.
 */
const WORDS = ['Koa', 'Lani', 'Nalu', 'Mahina', 'Honu', 'Pua', 'Kai', 'Iwa', 'Moana', 'Ulu'];
const uniqueWord = () =>
  Array.from({ length: 6 }, () => WORDS[Math.floor(Math.random() * WORDS.length)]!.toLowerCase()).join('');

/**
 * How far apart `makeTrucks` parks the three trucks: `1` as above; `MARKET` a fifteenth of that
 * (about 8 m, side by side at a market), one bubble even at the map's last zoom (18).
 */
const MARKET = 1 / 15;

async function makeTrucks(page: Page, apart = 1): Promise<Trucks> {
  // Somewhere in a 20° × 30° stretch of the Pacific with no truck near: two tests' trio of trucks
  // must not share a screen, or the cluster of 3 this spec taps is ambiguous (random spots alone
  // once made a bubble of 6).
  const at = await freeSpot(page, { latitude: [12, 32], longitude: [-170, -140] });
  const word = uniqueWord();
  const [linked, beside, third] = await parkTrucks(page, at, [
    // One long word, as a real name can have: it wraps in the popup instead of pushing the badge out.
    [`Crepe ${word[0]!.toUpperCase()}${word.slice(1)}mahinamahinamahina`, 0, 0],
    [`Poke Beside ${Date.now() % 1_000_000}`, 0, 0.0012 * apart],
    [`Shave Ice ${Date.now() % 1_000_000}`, 0.0008 * apart, -0.0006 * apart],
  ]);
  return { linked: linked!, beside: beside!, third: third!, at };
}

/** Trucks a new subscribed operator parks `[name, dLat, dLng]` from `at`, in order. */
async function parkTrucks(
  page: Page,
  at: { latitude: number; longitude: number },
  trucks: [name: string, dLat: number, dLng: number][],
): Promise<FoodTruck[]> {
  const operator = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
  try {
    const session: AuthResponse = await loginAsSubscribedOperator(operator);
    const parked: FoodTruck[] = [];
    for (const [name, dLat, dLng] of trucks)
      parked.push(
        await createTruck(operator, session, {
          name,
          description: DESCRIPTION,
          address: `${Math.round(Math.random() * 9000) + 100} Beach Road, Kailua`,
          latitude: at.latitude + dLat,
          longitude: at.longitude + dLng,
        }),
      );
    return parked;
  } finally {
    await operator.context().close();
  }
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A truck's own marker (not a cluster): Leaflet names it by its `alt`. */
const marker = (page: Page, truck: FoodTruck) =>
  page.getByRole('button', { name: new RegExp(`^${escape(truck.name)} \\((open|closed)\\)$`) });
const mapBox = (page: Page) => page.locator('.leaflet-container');

async function expectInside(inner: Locator, outer: Locator, what: string): Promise<void> {
  const box = await inner.boundingBox();
  const map = await outer.boundingBox();
  if (!box || !map) throw new Error(`${what} or the map has no box`);
  const edges = (b: typeof box) => ({
    left: Math.round(b.x),
    top: Math.round(b.y),
    right: Math.round(b.x + b.width),
    bottom: Math.round(b.y + b.height),
  });
  const a = edges(box);
  const m = edges(map);
  expect(
    a.left >= m.left && a.top >= m.top && a.right <= m.right && a.bottom <= m.bottom,
    `${what} ${JSON.stringify(a)} inside the map ${JSON.stringify(m)}`,
  ).toBe(true);
}

/**
 * Each pin and bubble the map shows lies whole inside it, and a tap at its middle lands on a
 * marker: not on the attribution's link, the zoom buttons or the location notice.
 */
async function expectMarkersClear(page: Page): Promise<void> {
  const markers = await page.evaluate(() => {
    const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
    return [...document.querySelectorAll<HTMLElement>('.leaflet-marker-icon')]
      .map((marker) => ({ marker, r: marker.getBoundingClientRect() }))
      .filter(({ r }) => r.right > map.left && r.left < map.right && r.bottom > map.top && r.top < map.bottom)
      .map(({ marker, r }) => {
        const inside = r.left >= map.left && r.right <= map.right && r.top >= map.top && r.bottom <= map.bottom;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { name: marker.getAttribute('alt') || marker.textContent, clear: inside && !!hit?.closest('.leaflet-marker-icon') };
      });
  });
  expect(markers.length).toBeGreaterThan(0);
  expect(markers.filter((m) => !m.clear).map((m) => m.name)).toEqual([]);
}

/**
 * The map's zoom, read off its tiles: Leaflet keeps a container of tiles per zoom it has shown and
 * stacks the current one on top (the highest z-index); the others linger until its tiles load.
 */
const tileZoom = (page: Page) =>
  page.evaluate(() => {
    const levels = [...document.querySelectorAll<HTMLElement>('.leaflet-tile-container')];
    const top = levels.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
    const tile = top?.querySelector<HTMLImageElement>('img.leaflet-tile');
    return Number(/\/(\d+)\/\d+\/\d+/.exec(tile?.src ?? '')?.[1] ?? 0);
  });

/** One popup, for `truck`, whole inside the map, with the truck's pin and `others`' pins on the map. */
async function expectOnePopupInsideMap(page: Page, truck: FoodTruck, others: FoodTruck[], shot: string) {
  const popup = page.locator('.leaflet-popup');
  // The map loads once the page is idle: with the other worker's test busy on two cores, that took
  // 15 s (local runs of this spec, session 43).
  await expect(popup.first()).toContainText(truck.name, { timeout: 25_000 });
  // The whole popup: the description arrives after it opened and makes it taller.
  await expect(popup.first()).toContainText(DESCRIPTION);
  await mapSettled(page);
  await page.screenshot({ path: test.info().outputPath(`${shot}.png`) });
  await expect(popup).toHaveCount(1);
  await expect(popup).toBeVisible();
  await expect(popup).toContainText(truck.name);
  await expectInside(popup, mapBox(page), 'the popup');
  // Its Open/Closed badge stays in the popup, however long the name (the name wraps instead).
  await expectInside(
    popup.getByText(truck.isOpen ? 'Open' : 'Closed', { exact: true }),
    popup,
    'the status badge',
  );
  // Its title is not cut above the map's top edge, nor hidden by the zoom buttons or the navbar.
  const title = popup.getByText(truck.name, { exact: true });
  await expectInside(title, mapBox(page), 'the popup’s title');
  const hidden = await title.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const corners: [number, number][] = [
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
    ];
    return corners.filter(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      // A toast passes over for a few seconds: only what stays (navbar, map controls) counts.
      return !hit || (!el.contains(hit) && !hit.closest('[aria-label^="Notifications"]'));
    }).length;
  });
  expect(hidden, 'corners of the popup’s title covered by something else').toBe(0);
  // Nor its buttons and links (share, favourite, Directions): the location notice lay over a
  // phone's popup and took the taps meant for them.
  const covered = await popup.evaluate((el) => {
    const content = el.querySelector('.leaflet-popup-content')!.getBoundingClientRect();
    return [...el.querySelectorAll<HTMLElement>('.leaflet-popup-content a, .leaflet-popup-content button')]
      .filter((target) => {
        const r = target.getBoundingClientRect();
        const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
        // Only what the popup shows without scrolling its content.
        if (y < content.top || y > content.bottom) return false;
        const hit = document.elementFromPoint(x, y);
        return !hit || (!target.contains(hit) && !hit.closest('[aria-label^="Notifications"]'));
      })
      .map((target) => target.getAttribute('aria-label') ?? target.textContent);
  });
  expect(covered, 'the popup’s buttons covered by something else').toEqual([]);
  // Nothing on the page (its card, the assistant's answer and its "Show … on map" button, a toast) is
  // pushed wider than the screen by the name's long word: a phone would zoom the whole page out. The
  // button did, by 2-17 px (its flex box kept the word whole until it wrapped anywhere, session 51).
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, 'the page’s width').toBeLessThanOrEqual(page.viewportSize()!.width);
  // The pin inside the map, and the popup's tip pointing at it (the popup is centred on a width it
  // reckons, not measures). Retried: a truck another test adds anywhere makes the cluster group
  // fold a spread bubble and the map spread it again, the pin off the map meanwhile (truck-map.tsx,
  // reshow; CI, session 44).
  const middle = async (target: Locator) => {
    const box = await target.boundingBox();
    if (!box) throw new Error('no box: off the map');
    return box.x + box.width / 2;
  };
  await expect(async () => {
    await expectInside(marker(page, truck), mapBox(page), 'the truck’s pin');
    const tip = await middle(popup.locator('.leaflet-popup-tip'));
    expect(Math.abs(tip - (await middle(marker(page, truck)))), 'the tip’s distance from the pin').toBeLessThanOrEqual(2);
  }).toPass({ timeout: 5_000 });
  for (const other of others) await expect(marker(page, other)).toHaveCount(1);
}

/**
 * Answers the position `delay` ms after it is asked for (a phone's GPS getting its first fix),
 * or refuses it: the order of the position, the list and the stream is then the late one.
 */
function lateGeolocation({
  position,
  delay,
}: {
  position: { latitude: number; longitude: number } | 'denied';
  delay: number;
}) {
  const answer = (ok: PositionCallback, fail?: PositionErrorCallback | null) =>
    setTimeout(() => {
      if (position === 'denied') {
        fail?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
          POSITION_UNAVAILABLE: 2,
          TIMEOUT: 3,
        });
        return;
      }
      ok({
        coords: {
          ...position,
          accuracy: 20,
          altitude: null,
          altitudeAccuracy: null,
          heading: null,
          speed: null,
          toJSON: () => position,
        },
        timestamp: Date.now(),
        toJSON: () => ({}),
      });
    }, delay);
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: answer,
      watchPosition: (ok: PositionCallback, fail?: PositionErrorCallback | null) => {
        answer(ok, fail);
        return 1;
      },
      clearWatch: () => {},
    },
  });
}

for (const [device, use] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`the map's popup on a ${device}`, () => {
    test.use(use);
    const press = (target: Locator) => (device === 'phone' ? target.tap() : target.click());

    test('a tapped pin, after its cluster, shows one popup inside the map', async ({ page }) => {
      const { linked, beside, third, at } = await makeTrucks(page);
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation(at);
      await page.goto('/find-trucks');
      const cluster = page.locator('.marker-cluster').filter({ hasText: /^3$/ });
      await expect(cluster).toBeVisible();
      await page.getByRole('region', { name: 'Map of food trucks' }).scrollIntoViewIfNeeded();
      await press(cluster);
      await expect(marker(page, linked)).toBeVisible();
      await mapSettled(page);
      await press(marker(page, linked));
      await expectOnePopupInsideMap(page, linked, [beside, third], `tapped-pin-${device}`);
    });

    test('with the position refused, the map opens on the trucks, every pin clear of what lies over it', async ({
      page,
    }) => {
      // At the spec's zoom 4 on a phone, Austin's demo trucks were one bubble half under the map's
      // bottom edge and its attribution: a thumb on it opened OpenStreetMap's site (session 38).
      await page.addInitScript(lateGeolocation, { position: 'denied' as const, delay: 0 });
      await page.goto('/find-trucks');
      const region = page.getByRole('region', { name: 'Map of food trucks' });
      await expect(region.getByText('Location access was denied.')).toBeVisible();
      await region.scrollIntoViewIfNeeded();
      await expect(page.locator('.leaflet-marker-icon').first()).toBeVisible();
      await mapSettled(page);
      await page.screenshot({ path: test.info().outputPath(`framed-trucks-${device}.png`) });
      await expectMarkersClear(page);
      // A tapped bubble zooms the map in, on the page.
      const before = await tileZoom(page);
      await press(page.locator('.marker-cluster').first());
      await expect.poll(() => tileZoom(page)).toBeGreaterThan(before);
      await expect(page).toHaveURL(/\/find-trucks$/);
    });

    test('a tapped bubble zooms in with its trucks clear of the map’s edges', async ({ page }) => {
      // Three trucks 0.0747° apart along a meridian near 18.5° N: one bubble at zoom 9 and 10, apart
      // at zoom 11, where their span (about 230 px) fits a phone's 278-px map only without the
      // frame. Markercluster's own zoom went there: the northern pin cut off at the map's top edge,
      // the southern one on the attribution (ADR 0178 amendment).
      const at = await freeSpot(page, { latitude: [18, 19], longitude: [-170, -140] });
      const operator = await page.context().browser()!.newPage({ baseURL: test.info().project.use.baseURL });
      const session = await loginAsSubscribedOperator(operator);
      const trucks: FoodTruck[] = [];
      for (const [index, dLat] of [0.0747, 0, -0.0747].entries())
        trucks.push(
          await createTruck(operator, session, {
            name: `Meridian ${index} ${Date.now() % 1_000_000}`,
            latitude: at.latitude + dLat,
            longitude: at.longitude,
          }),
        );
      await operator.context().close();
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation(at);
      await page.goto('/find-trucks');
      await page.getByRole('region', { name: 'Map of food trucks' }).scrollIntoViewIfNeeded();
      for (const truck of trucks) await expect(marker(page, truck)).toBeVisible();
      // Zoom 11 around the diner, out to 9.
      for (let i = 0; i < 2; i++) {
        await press(page.getByRole('button', { name: 'Zoom out' }));
        await mapSettled(page);
      }
      const bubble = page.locator('.marker-cluster').filter({ hasText: /^3$/ });
      await expect(bubble).toBeVisible();
      // The zoom once the zoom-outs are over: the same in two reads half a second apart. Read at once,
      // it was once 10 while the second zoom-out was still under way; the map then settled at 9, so
      // the tap below, made only while the zoom is `before`, was never made (CI, sessions 54 and 55).
      let before = -1;
      await expect
        .poll(
          async () => {
            const read = await tileZoom(page);
            const settled = read === before;
            before = read;
            return settled;
          },
          { intervals: [500] },
        )
        .toBe(true);
      // Under CI's load the tap sometimes did not reach the bubble (3 first attempts of 4: the map
      // still at zoom 9, the bubble in view; cause not found). Tapped again only if the map has not
      // moved, so one tap that took is never followed by a second.
      await expect(async () => {
        if ((await tileZoom(page)) === before) await press(bubble);
        expect(await tileZoom(page)).toBeGreaterThan(before);
      }).toPass({ intervals: [2_000], timeout: 15_000 });
      await mapSettled(page);
      await page.screenshot({ path: test.info().outputPath(`bubble-zoomed-${device}.png`) });
      await expectMarkersClear(page);
    });

    test('a linked truck shows one popup inside the map', async ({ page }) => {
      const { linked, beside } = await makeTrucks(page);
      await page.goto(`/find-trucks?truck=${linked.id}`);
      await expectOnePopupInsideMap(page, linked, [beside], `linked-truck-${device}`);
    });

    test("the popup's 'Truck page' opens the truck's page in the app, and Back brings the popup back", async ({
      page,
    }) => {
      const { linked } = await makeTrucks(page);
      await page.goto(`/find-trucks?truck=${linked.id}`);
      const popup = page.getByTestId('truck-popup');
      await expect(popup).toContainText(linked.name);
      await mapSettled(page);
      // Followed in the app, as the card's link is: no page load (which would forget this mark).
      await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
      await press(popup.getByRole('link', { name: `Truck page of ${linked.name}` }));
      await expect(page).toHaveURL(`/trucks/${linked.id}`);
      await expect(page.getByRole('heading', { level: 1, name: linked.name })).toBeVisible();
      expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
      await page.goBack();
      await expect(page).toHaveURL(`/find-trucks?truck=${linked.id}`);
      await expect(popup).toContainText(linked.name);
      // Where the diner left: the map, not the truck's card open in the list below it.
      await expect(popup).toBeInViewport();
    });

    test('a linked truck parked beside two others, one bubble even at the last zoom, shows one popup inside the map', async ({
      page,
    }) => {
      // The bubble opens into a spider at the last zoom, its neighbours' pins around it.
      // markercluster's own way there spread it while the map still zoomed, and the zoom's end
      // folded it up again, popup and all.
      const { linked, beside, third } = await makeTrucks(page, MARKET);
      await page.goto(`/find-trucks?truck=${linked.id}`);
      await expectOnePopupInsideMap(page, linked, [beside, third], `linked-market-${device}`);
    });

    test("a linked truck's popup at a market stays open and still while a truck parks down the street", async ({
      page,
    }) => {
      // markercluster folds the bubble it has spread on every change to its markers: a truck that
      // opened anywhere closed the popup the diner was reading and opened it again, moving it
      // (CI saw it cut by the map's top edge, session 49).
      const { linked, beside, third, at } = await makeTrucks(page, MARKET);
      await page.goto(`/find-trucks?truck=${linked.id}`);
      await expectOnePopupInsideMap(page, linked, [beside, third], `market-before-${device}`);
      const popup = page.locator('.leaflet-popup');
      const before = await popup.boundingBox();
      await page.evaluate(() => {
        const w = window as unknown as { __popupsClosed: number };
        w.__popupsClosed = 0;
        new MutationObserver((changes) => {
          for (const change of changes)
            for (const node of change.removedNodes)
              if (node instanceof HTMLElement && node.classList.contains('leaflet-popup')) w.__popupsClosed++;
        }).observe(document.querySelector('.leaflet-popup-pane')!, { childList: true });
      });
      const pins = await page.locator('.leaflet-marker-icon').count();
      // 75 m north: its own pin at the last zoom (133–154 px from the bubble), under the popup but on
      // the map (a phone's markercluster shows only the pins inside the map).
      await parkTrucks(page, at, [[`Malasadas ${Date.now() % 1_000_000}`, 0.0007, 0]]);
      await expect.poll(() => page.locator('.leaflet-marker-icon').count(), { timeout: 15_000 }).toBe(pins + 1);
      await mapSettled(page);
      await page.screenshot({ path: test.info().outputPath(`market-after-${device}.png`) });
      expect(await page.evaluate(() => (window as unknown as { __popupsClosed: number }).__popupsClosed)).toBe(0);
      await expect(popup).toContainText(linked.name);
      expect(await popup.boundingBox()).toEqual(before);
    });

    test('a tapped bubble of trucks parked side by side spreads them at the last zoom, every pin clear', async ({
      page,
    }) => {
      // The plugin spread such a bubble where it was tapped: at the diner's zoom, three pins round a
      // spot with no street to see (and a bubble of a market, tapped on the whole world, did not
      // zoom in at all).
      const { linked, beside, third, at } = await makeTrucks(page, MARKET);
      await page.context().grantPermissions(['geolocation']);
      await page.context().setGeolocation(at);
      await page.goto('/find-trucks');
      const cluster = page.locator('.marker-cluster').filter({ hasText: /^3$/ });
      await expect(cluster).toBeVisible({ timeout: 25_000 });
      await page.getByRole('region', { name: 'Map of food trucks' }).scrollIntoViewIfNeeded();
      await mapSettled(page);
      await press(cluster);
      for (const truck of [linked, beside, third]) await expect(marker(page, truck)).toBeVisible();
      await expect.poll(() => tileZoom(page)).toBe(18);
      await mapSettled(page);
      await page.screenshot({ path: test.info().outputPath(`tapped-market-${device}.png`) });
      await expectMarkersClear(page);
      await press(marker(page, third));
      await expectOnePopupInsideMap(page, third, [], `tapped-market-popup-${device}`);
    });

    for (const [how, position, delay] of [
      ['arrives 1.5 s late', AUSTIN, 1500],
      ['is denied', 'denied', 300],
    ] as const) {
      test(`a linked truck 4,000 miles away keeps its one popup when the diner's position ${how}`, async ({
        page,
      }) => {
        const { linked, beside } = await makeTrucks(page);
        await page.addInitScript(lateGeolocation, { position, delay });
        await page.goto(`/find-trucks?truck=${linked.id}`);
        await expect(page.locator('.leaflet-popup')).toContainText(linked.name, { timeout: 25_000 });
        // The position's answer has arrived: the heading or the notice says so. The notice lies
        // over the map, and steps aside while the popup is open: it would cover the popup's last
        // rows (on a phone, the popup takes the map's whole height).
        const notice = page
          .getByRole('region', { name: 'Map of food trucks' })
          .getByText('Location access was denied.');
        if (position === 'denied') {
          await expect(notice).toBeAttached();
          await expect(notice).toBeHidden();
        } else await expect(page.getByRole('heading', { name: 'All Food Trucks' })).toBeVisible();
        await expectOnePopupInsideMap(page, linked, [beside], `linked-late-position-${device}-${delay}`);
        if (position === 'denied') {
          // Closed, the popup gives the notice back.
          await press(page.getByRole('button', { name: 'Close popup' }));
          await expect(page.locator('.leaflet-popup')).toHaveCount(0);
          await expect(notice).toBeVisible();
        }
      });
    }

    test('a truck the voice assistant recommends shows one popup inside the map', async ({ page }) => {
      const { linked, beside } = await makeTrucks(page);
      await loginAs(page, 'customer', '/find-trucks');
      const question = page.locator('main').getByRole('textbox', { name: 'Type your question' });
      await question.fill(`Is ${linked.name} open?`);
      await press(page.locator('main').getByRole('button', { name: 'Ask' }));
      await expect(page.locator('main').getByTestId('voice-answer')).toContainText(
        `${linked.name} is closed right now`,
      );
      // The toast names the truck, and the name's long word wraps inside it: it ran past the
      // toast's edge and made a phone's page 3 px wider than the screen (CI, session 50; the page's
      // width is checked below, once the map has settled and the toast has slid in).
      const centred = toast(page, `Centered map on ${linked.name}`);
      await expect(centred).toBeVisible();
      await expectInside(centred.getByText(`Centered map on ${linked.name}`), centred, 'the toast’s text');
      await expectOnePopupInsideMap(page, linked, [beside], `voice-card-${device}`);
      // Asked about again, its popup still open: the map centres the pin once more, and the popup
      // hanging above it must come back inside (its title was cut off at the map's top, session 64).
      await question.fill(`Where is ${linked.name}?`);
      await press(page.locator('main').getByRole('button', { name: 'Ask' }));
      await expect(page.locator('main').getByTestId('voice-answer')).toContainText(`You asked: Where is ${linked.name}?`);
      await expectOnePopupInsideMap(page, linked, [beside], `voice-card-again-${device}`);
    });
  });
}

test.describe("the navbar's voice assistant", () => {
  for (const [device, use] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    test.describe(`on a ${device}`, () => {
      test.use(use);
      const press = (target: Locator) => (device === 'phone' ? target.tap() : target.click());

      /** Opens the navbar's popover, asks about `truck` and chooses "Show … on map". */
      async function askAndShow(page: Page, truck: FoodTruck) {
        const banner = page.getByRole('banner');
        if (device === 'phone') await press(banner.getByRole('button', { name: 'Menu', exact: true }));
        await press(banner.getByRole('button', { name: 'Voice Assistant' }).locator('visible=true'));
        const popover = page.getByRole('dialog', { name: 'Voice Assistant' });
        await popover.getByRole('textbox', { name: 'Type your question' }).fill(`Is ${truck.name} open?`);
        await press(popover.getByRole('button', { name: 'Ask' }));
        await expect(popover.getByTestId('voice-answer')).toContainText(`${truck.name} is closed right now`);
        await press(popover.getByRole('button', { name: `Show ${truck.name} on map` }));
      }
      /** The toast lasts 5 s: the callers look for it first, then for the popover's closing. */
      const popoverClosed = (page: Page) =>
        expect(page.getByRole('dialog', { name: 'Voice Assistant' })).toBeHidden();

      test('on /find-trucks, choosing the recommendation centres the map as the card does', async ({
        page,
      }) => {
        const { linked, beside } = await makeTrucks(page);
        await loginAs(page, 'customer', '/find-trucks');
        // The search hides the recommended truck: choosing it clears the search.
        const search = page.getByRole('searchbox', { name: 'Search food trucks' });
        await search.fill(beside.name);
        await expect(page.getByRole('article')).toHaveCount(1);
        await askAndShow(page, linked);
        await expect(
          toast(page, 'Map Updated & Search Cleared').filter({ hasText: `Centered map on ${linked.name}` }),
        ).toBeVisible();
        await popoverClosed(page);
        await expect(search).toHaveValue('');
        await expect(page).toHaveURL(/\/find-trucks$/);
        await expectOnePopupInsideMap(page, linked, [beside], `voice-navbar-find-trucks-${device}`);
        // Zoom 17, as the card does (spec section 9).
        await expect(page.locator('img.leaflet-tile').first()).toHaveAttribute('src', /\/17\//);
      });

      test('elsewhere, choosing the recommendation opens /find-trucks centred on it', async ({ page }) => {
        const { linked, beside } = await makeTrucks(page);
        await loginAs(page, 'customer', '/');
        await askAndShow(page, linked);
        await expect(toast(page, `Centered map on ${linked.name}`)).toBeVisible();
        await popoverClosed(page);
        await expect(page).toHaveURL(/\/find-trucks$/);
        await expectOnePopupInsideMap(page, linked, [beside], `voice-navbar-elsewhere-${device}`);
        await expect(page.locator('img.leaflet-tile').first()).toHaveAttribute('src', /\/17\//);
      });
    });
  }
});

test.describe("the map's popup under the diner's finger", () => {
  // A desktop's map: a phone's popup, as tall as its map once the description is in, cannot grow
  // past the map's edge. The mouse's press is a pointer press as a finger's is.
  test.use(DESKTOP);

  test('a popup that grows while it is pressed stays still until the press is over, then comes into view', async ({
    page,
  }) => {
    const { linked } = await makeTrucks(page);
    await page.goto(`/find-trucks?truck=${linked.id}`);
    const popup = page.locator('.leaflet-popup');
    await expect(popup).toContainText(DESCRIPTION);
    await mapSettled(page);
    const pane = page.locator('.leaflet-map-pane');
    const panned = () => pane.evaluate((el) => el.style.transform);
    const before = await panned();
    // The button comes down on the popup's name...
    const title = popup.locator('strong').filter({ hasText: linked.name });
    const box = (await title.boundingBox())!;
    await page.mouse.move(box.x + 10, box.y + box.height / 2);
    await page.mouse.down();
    // ...as more content arrives and the popup grows upwards past the map's top (it hangs from its
    // pin), as content arriving late on a slow phone does.
    await popup.locator('.leaflet-popup-content').evaluate((el) => {
      const late = document.createElement('div');
      late.style.height = '240px';
      el.prepend(late);
    });
    await page.waitForTimeout(600);
    expect(await panned(), 'the map moved under the pointer').toBe(before);
    await page.mouse.up();
    // The press is over: the popup is brought into view.
    await expect.poll(panned).not.toBe(before);
    await mapSettled(page);
    await expectInside(popup, mapBox(page), 'the grown popup');
  });
});
