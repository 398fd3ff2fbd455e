import { expect, test, type Locator, type Page } from './test';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { createTruck, loginAs, loginAsSubscribedOperator } from './helpers';

/**
 * Issue 24, "a change made while a page opens is lost until reload": a screen fetches its list,
 * then opens the event stream; a change published between the two was never sent (a first stream
 * had no Last-Event-ID, and polling pauses once the stream is open). Each list answer now says which
 * truck events it holds (Truck-Event-Id) and the stream opens from there (ADR 0139).
 *
 * Many trials, not one: on every screen that shows live truck data, a change made at a random
 * moment in the first second of the page's life must be on the screen within a second of the
 * change — or of the screen's first data, when that comes later (the deadline is a behaviour, not a
 * benchmark: a lost change never arrives, as polling is paused while the stream is open).
 */
const TRIALS = Number(process.env.FIRST_SECOND_TRIALS ?? 50);
/**
 * How long after the change (or the screen's first data) it must be on screen. A lost change never
 * arrives, so any deadline tells the two apart. 3 s held on session 17's machine (up to 1.2 s on
 * the landed code under a full run); on session 21's, whose browser did four times session 20's
 * main-thread work for the same pages, a truck's page (server-rendered, ADR 0168) showed a change
 * made in its first 200 ms 3.0-6.3 s later on its first, cold visit (4 of 6 runs of this test, under
 * the full suite and alone): the page paints from the server's HTML and its screen hydrates, and
 * opens its stream, late. That lateness is ADR 0168's "next steps" to fix and the Lighthouse
 * bench's to measure; this test keeps telling lost from late: 8 s.
 */
const DEADLINE_MS = 8000;

/** A spot per truck, far from the demo trucks and from other specs' spots. */
const spot = (n: number) => ({ latitude: 41 + n * 0.3 + Math.random() * 0.05, longitude: -100 - n * 0.3 - Math.random() * 0.05 });

interface Screen {
  name: string;
  /** A fresh page life each trial: a navigation (or a new tab when the screen remembers per tab). */
  open(): Promise<Page>;
  done(page: Page): Promise<void>;
  /** Made before the page opens, so the trial starts from a known state. */
  before?(): Promise<void>;
  /** The change, made at a random moment in the page's first second. */
  change(trial: number): Promise<string>;
  /** What the screen shows once it has its data, before or after the change. */
  ready(page: Page): Locator;
  /** The change on screen. */
  changed(page: Page, text: string): Locator;
}

test.describe('live truck data from the first second', () => {
  test('a change made at a random moment in the first second of a page is on the screen live, every time', async ({ browser }) => {
    test.setTimeout(180_000);
    const operatorPage = await browser.newPage();
    const operator = await loginAsSubscribedOperator(operatorPage, '/');
    const api = operatorPage.request;
    const auth = { Authorization: `Bearer ${operator.token}` };
    const stamp = Date.now();
    const trucks: FoodTruck[] = [];
    for (let n = 0; n < 6; n++) {
      trucks.push(await createTruck(operatorPage, operator, { name: `First second ${stamp} ${n}`, ...spot(n) }));
    }
    const [listed, favourite, owned, shared, embedded, nearby] = trucks as [FoodTruck, FoodTruck, FoodTruck, FoodTruck, FoodTruck, FoodTruck];

    const names = new Map(trucks.map((t) => [t.id, t.name]));
    async function rename(truck: FoodTruck, trial: number): Promise<string> {
      const name = `Renamed ${stamp} ${trial} ${Math.random().toString(36).slice(2, 7)}`;
      const res = await api.patch(`/api/food-trucks/${truck.id}`, { data: { name }, headers: auth });
      expect(res.status(), await res.text()).toBe(200);
      names.set(truck.id, name);
      return name;
    }

    const customerPage = await browser.newPage();
    const customer = await loginAs(customerPage, 'customer', '/');
    await favour(customerPage, customer, favourite);

    // The nearby alert (customers.spec.ts once failed this way): a favourite that opens 1 km away.
    const here = nearby;
    const alertContext = await browser.newContext({
      geolocation: { latitude: here.latitude ?? 0, longitude: here.longitude ?? 0 },
      permissions: ['geolocation'],
    });
    const alertSetup = await alertContext.newPage();
    const alertCustomer = await loginAs(alertSetup, 'customer', '/');
    await favour(alertSetup, alertCustomer, nearby);
    await alertSetup.close();

    // A diner beside the listed truck: without a position the list holds every truck, 20 cards at a
    // time, and by now other specs' trucks can push this one past the first 20.
    const dinerContext = await browser.newContext({
      geolocation: { latitude: listed.latitude ?? 0, longitude: listed.longitude ?? 0 },
      permissions: ['geolocation'],
    });
    const anonymous = await dinerContext.newPage();
    const truckPage = await browser.newPage();
    const embedPage = await browser.newPage();

    /** A screen that renames its own truck; `before` is the name the trial starts from. */
    function renaming(name: string, page: Page, path: string, truck: FoodTruck, scope?: (page: Page) => Locator): Screen {
      let before = truck.name;
      const within = (p: Page) => scope?.(p) ?? p.locator('body');
      return {
        name,
        open: async () => {
          before = names.get(truck.id) ?? truck.name;
          await page.goto(path, { waitUntil: 'commit' });
          return page;
        },
        done: async () => {},
        change: (trial) => rename(truck, trial),
        ready: (p) => within(p).getByText(before, { exact: true }).or(within(p).getByText(names.get(truck.id) ?? '', { exact: true })).first(),
        changed: (p, text) => within(p).getByText(text, { exact: true }).first(),
      };
    }

    const screens: Screen[] = [
      renaming('/find-trucks', anonymous, '/find-trucks', listed, (p) => p.getByTestId(`truck-card-${listed.id}`)),
      renaming('/favorites', customerPage, '/favorites', favourite, (p) => p.getByTestId(`favorite-card-${favourite.id}`)),
      renaming('/operator-dashboard', operatorPage, '/operator-dashboard', owned),
      renaming('/trucks/:id', truckPage, `/trucks/${shared.id}`, shared, (p) => p.locator('#share-name')),
      renaming('/embed/trucks/:id', embedPage, `/embed/trucks/${embedded.id}`, embedded, (p) => p.locator('#card h1')),
      {
        name: 'nearby alert',
        before: async () => {
          const res = await api.post(`/api/food-trucks/${nearby.id}/close`, { headers: auth });
          expect(res.status(), await res.text()).toBe(200);
        },
        // A new tab each time: alerts already raised are remembered per tab.
        open: async () => {
          const page = await alertContext.newPage();
          await page.goto('/favorites', { waitUntil: 'commit' });
          return page;
        },
        done: (page) => page.close(),
        change: async () => {
          const res = await api.post(`/api/food-trucks/${nearby.id}/open`, {
            data: { latitude: (here.latitude ?? 0) + 0.009, longitude: here.longitude },
            headers: auth,
          });
          expect(res.status(), await res.text()).toBe(200);
          return 'Favorite truck nearby!';
        },
        ready: (p) => p.getByTestId(`favorite-card-${nearby.id}`),
        changed: (p, text) => p.getByText(text, { exact: true }),
      },
    ];

    const failures: string[] = [];
    // Trial i on screen i mod 6; two lanes side by side (odd and even screens), each one trial at a
    // time, so the test does not load the machine more than a diner's browser would.
    const LANES = 2;
    await Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        for (let trial = lane; trial < TRIALS; trial += LANES) {
          const screen = screens[trial % screens.length]!;
          await screen.before?.();
          // Any moment of the first second, more often early, when a page fetches its lists and opens
          // its stream (the moment a change used to be lost): 1000·u² for u uniform in [0, 1).
          const delay = Math.floor(1000 * Math.random() ** 2);
          const page = await screen.open();
          await page.waitForTimeout(delay);
          const text = await screen.change(trial);
          await expect(screen.ready(page), `${screen.name}: the screen's data`).toBeVisible({ timeout: 30_000 });
          try {
            await expect(screen.changed(page, text)).toBeVisible({ timeout: DEADLINE_MS });
          } catch {
            // Late, or lost? A lost change never comes (polling is paused while the stream is open).
            const late = Date.now();
            const came = await expect(screen.changed(page, text))
              .toBeVisible({ timeout: 10_000 })
              .then(() => `on screen ${Date.now() - late + DEADLINE_MS} ms after`, () => 'still not on screen 11 s after');
            failures.push(`${screen.name}, trial ${trial}: the change made ${delay} ms after the page opened was ${came}`);
          }
          await screen.done(page);
        }
      }),
    );
    expect(failures).toEqual([]);
    await alertContext.close();
    await dinerContext.close();
    for (const page of [operatorPage, customerPage, anonymous, truckPage, embedPage]) await page.close();
  });
});

async function favour(page: Page, session: AuthResponse, truck: FoodTruck): Promise<void> {
  const res = await page.request.post('/api/favorites', {
    data: { foodTruckId: truck.id },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(200);
}
