/**
 * Issue 27's walk of every screen (ADR 0153): each route of the client router, as the person who
 * uses it (anonymous, customer, operator, admin) and with data on it — a truck with a phone, menu,
 * weekly and dated stops, a favourite, an SMS in the outbox, an audit entry — at desktop size and
 * as a phone (360×740, touch). On every screen the visible text must write times, dates, distances,
 * phones and words the one way (shared/utils/format.ts), and at 360 px nothing may scroll sideways.
 * Screenshots go to test-results/walk/ for a person to look at.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { expect as baseExpect, test } from './test';
import { ADMIN, confirmOwnPhone, freshPhone, openWithSession } from './helpers';
import { fixturesPort } from './ports';

/** Screens wait for their data; on a busy two-core machine that can take longer than the default 10 s. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Portland, far from the Austin demo trucks and other specs' places. */
const SPOT = { latitude: 45.5189, longitude: -122.6795 };
/** A diner a few blocks away: the list shows the distance. */
const DINER = { latitude: 45.5231, longitude: -122.6765 };

/** What a screen must not say: the other ways of writing a time, a place or a unit, and dead words. */
const FORBIDDEN: readonly [string, RegExp][] = [
  ['a 24-hour time (en-US reads the 12-hour clock)', /\b(?:[01]?\d|2[0-4]):[0-5]\d\b(?!\s?[AP]M)/],
  ['a distance in km (en-US reads miles)', /\d\s?km\b|\bkm\b/i],
  ['"favourite" (US spelling: favorite)', /favourit/i],
  ['a phone in its stored E.164 form', /\+\d{11,15}\b/],
  // "Wed 11/25", "11/25/2026" (not a count such as "0/10 photos").
  ['a numeric date (Wed 11/25, 11/25/2026)', /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun),? \d{1,2}\/\d{1,2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/],
  ['a long date ("December 25, 2026")', /\b(?:January|February|March|April|June|July|August|September|October|November|December) \d{1,2}, \d{4}\b/],
  ['an ISO date', /\b\d{4}-\d{2}-\d{2}\b/],
  ['"undefined"', /\bundefined\b/],
  ['"NaN"', /\bNaN\b/],
  ['"null"', /\bnull\b/],
  ['"[object Object]"', /\[object Object\]/],
  ['the router hint', /Did you forget/],
  ['© 2025', /©\s*2025/],
  ['"Analytics dashboard"', /Analytics dashboard/i],
];

/** The forbidden forms in `text`, each with the words around it. */
export function badForms(text: string): string[] {
  const found: string[] = [];
  for (const [what, pattern] of FORBIDDEN) {
    const global = new RegExp(pattern.source, `${pattern.flags}g`);
    for (const m of text.matchAll(global)) {
      const at = m.index ?? 0;
      found.push(`${what}: …${text.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, ' ')}…`);
    }
  }
  return found;
}

type Who = 'anonymous' | 'customer' | 'operator' | 'new-operator' | 'admin';

interface World {
  truck: FoodTruck;
  /** The customer's paid order at the truck (issue 30). */
  orderId: number;
  sessions: Record<Exclude<Who, 'anonymous'>, AuthResponse>;
}

interface Stop {
  /** File name of the screenshots. */
  name: string;
  who: Who;
  path: (w: World) => string;
  /** Waits until the screen shows its data (and opens what hides text: a card's details, a tab); `press` taps on a phone. */
  ready: (page: Page, w: World, press: Press) => Promise<void>;
}

/** A click with a mouse, a tap on a touch screen. */
type Press = (target: Locator) => Promise<void>;

const h1 = (page: Page) => expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();

/** Every screen, as the person who uses it. */
const WALK: readonly Stop[] = [
  { name: 'landing', who: 'anonymous', path: () => '/', ready: h1 },
  { name: 'login', who: 'anonymous', path: () => '/login', ready: (p) => expect(p.getByRole('region', { name: 'Demo accounts' })).toBeVisible() },
  { name: 'register', who: 'anonymous', path: () => '/register', ready: (p) => expect(p.getByLabel('Confirm Password')).toBeVisible() },
  { name: 'customer-signup', who: 'anonymous', path: () => '/customer-signup', ready: h1 },
  { name: 'forgot-password', who: 'anonymous', path: () => '/forgot-password', ready: (p) => expect(p.getByRole('button', { name: 'Text me a code' })).toBeVisible() },
  { name: 'not-found', who: 'anonymous', path: () => '/no-such-page', ready: h1 },
  {
    name: 'find-trucks-anonymous',
    who: 'anonymous',
    path: (w) => `/find-trucks?truck=${w.truck.id}`,
    ready: async (p, w) => {
      // ?truck= centres the map on the truck and opens its card's details.
      const card = p.getByTestId(`truck-card-${w.truck.id}`);
      await expect(card.getByTestId('schedule-label')).toBeVisible();
      await expect(card.getByRole('button', { name: w.truck.name, exact: true })).toHaveAttribute('aria-expanded', 'true');
    },
  },
  {
    name: 'truck-page',
    who: 'anonymous',
    path: (w) => `/trucks/${w.truck.id}`,
    ready: (p) => expect(p.getByRole('list', { name: 'Next stops' })).toBeVisible(),
  },
  {
    name: 'embed-card',
    who: 'anonymous',
    path: (w) => `/embed/trucks/${w.truck.id}`,
    ready: (p) => expect(p.getByRole('link', { name: 'Find us on Food Truck Finder' })).toBeVisible(),
  },
  { name: 'subscribe-anonymous', who: 'anonymous', path: () => '/subscribe', ready: h1 },
  { name: 'admin-login', who: 'anonymous', path: () => '/admin/login', ready: h1 },
  {
    name: 'find-trucks-customer',
    who: 'customer',
    path: () => '/find-trucks',
    ready: async (p, w, press) => {
      const card = p.getByTestId(`truck-card-${w.truck.id}`);
      await expect(card.getByTestId('truck-distance')).toBeVisible();
      const name = card.getByRole('button', { name: w.truck.name, exact: true });
      // Other specs' trucks open while this one runs and the live list re-sorts: a press aimed between
      // Playwright's hit test and the re-sort lands on the card that moved in, so it presses again.
      await expect(async () => {
        if ((await name.getAttribute('aria-expanded')) !== 'true') await press(name);
        await expect(name).toHaveAttribute('aria-expanded', 'true', { timeout: 2_000 });
      }).toPass({ timeout: 30_000 });
      await expect(card.getByText('DETAILS')).toBeVisible();
      // The look-ahead's hours.
      await p.getByLabel('When').selectOption({ label: 'Tomorrow' });
      await expect(p.getByTestId('time-choice-status')).toBeVisible();
      // Tomorrow at noon the truck is at its daily stop: the list has loaded when its card says so.
      await expect(card.getByTestId('schedule-label')).toHaveText(/^Scheduled /);
    },
  },
  {
    name: 'favorites',
    who: 'customer',
    path: () => '/favorites',
    ready: async (p, w) => {
      await expect(p.getByTestId(`favorite-card-${w.truck.id}`)).toBeVisible();
      await expect(p.getByRole('switch', { name: 'Text me when my favorites open' })).toBeVisible();
    },
  },
  { name: 'account', who: 'customer', path: () => '/account', ready: (p) => expect(p.getByText('Signed in as')).toBeVisible() },
  {
    name: 'operator-dashboard',
    who: 'operator',
    path: () => '/operator-dashboard',
    ready: async (p, w) => {
      const card = p.getByRole('article', { name: w.truck.name });
      await expect(card.getByText('Last updated')).toBeVisible();
      await expect(p.getByText(/Next renewal|Cancelled: ends on/)).toBeVisible();
    },
  },
  // The dialogs that show a truck's name (its long word must wrap inside them on a phone).
  {
    name: 'menu-dialog',
    who: 'customer',
    path: (w) => `/find-trucks?truck=${w.truck.id}`,
    ready: async (p, w, press) => {
      await press(p.getByRole('button', { name: `Menu of ${w.truck.name}` }));
      await expect(p.getByRole('dialog', { name: `${w.truck.name} - Menu` }).getByText('Walk Brisket Plate')).toBeVisible();
    },
  },
  {
    name: 'location-dialog',
    who: 'operator',
    path: () => '/operator-dashboard',
    ready: async (p, w, press) => {
      await press(p.getByRole('article', { name: w.truck.name }).getByRole('button', { name: 'Update Location' }));
      await expect(p.getByRole('dialog', { name: 'Update Location' })).toBeVisible();
    },
  },
  {
    name: 'delete-dialog',
    who: 'operator',
    path: (w) => `/edit-truck/${w.truck.id}`,
    ready: async (p, _w, press) => {
      await press(p.getByRole('button', { name: 'Delete Food Truck' }));
      await expect(p.getByRole('alertdialog', { name: 'Delete Food Truck' })).toBeVisible();
    },
  },
  { name: 'create-truck', who: 'operator', path: () => '/create-truck', ready: h1 },
  {
    name: 'order-queue',
    who: 'operator',
    path: (w) => `/operator/orders/${w.truck.id}`,
    ready: (p, w) => expect(p.getByTestId(`ticket-${w.orderId}`)).toBeVisible(),
  },
  {
    name: 'order-checkout',
    who: 'customer',
    path: (w) => `/order/${w.truck.id}`,
    ready: (p) => expect(p.getByRole('button', { name: 'Add Walk Brisket Plate' })).toBeVisible(),
  },
  {
    name: 'order-page',
    who: 'customer',
    path: (w) => `/orders/${w.orderId}`,
    ready: (p) => expect(p.getByTestId('order-status')).toHaveText('Received'),
  },
  {
    name: 'my-orders',
    who: 'customer',
    path: () => '/orders',
    ready: (p, w) => expect(p.getByTestId(`my-order-${w.orderId}`)).toContainText('Received'),
  },
  {
    name: 'edit-truck',
    who: 'operator',
    path: (w) => `/edit-truck/${w.truck.id}`,
    ready: (p) => expect(p.getByText(/^Every \w+day /).first()).toBeVisible(),
  },
  {
    name: 'menu-management',
    who: 'operator',
    path: (w) => `/menu-management/${w.truck.id}`,
    ready: (p) => expect(p.getByText('Walk Brisket Plate').first()).toBeVisible(),
  },
  { name: 'subscribe-subscribed', who: 'operator', path: () => '/subscribe', ready: (p) => expect(p.getByText("You're All Set!")).toBeVisible() },
  { name: 'subscribe-join', who: 'new-operator', path: () => '/subscribe', ready: (p) => expect(p.getByRole('button', { name: /Subscribe/ })).toBeVisible() },
  { name: 'operator-dashboard-empty', who: 'new-operator', path: () => '/operator-dashboard', ready: h1 },
  ...(['Customer Management', 'Operator Management', 'Messages', 'Audit log'] as const).map(
    (tab): Stop => ({
      name: `admin-${tab.split(' ')[0]?.toLowerCase() ?? tab}`,
      who: 'admin',
      path: () => '/admin',
      ready: async (p, _w, press) => {
        await press(p.getByRole('tab', { name: tab }));
        await expect(p.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
        const panel = p.getByRole('tabpanel');
        if (tab === 'Messages') await expect(panel.getByText(/^Created /).first()).toBeVisible();
        else if (tab === 'Audit log') await expect(panel.getByText(/ 20\d\d, /).first()).toBeVisible();
        else await expect(panel.getByText(/found$/)).toBeVisible();
      },
    }),
  ),
];

test('the walk visits every route of the client router', () => {
  const router = readFileSync(new URL('../client/src/app/router.tsx', import.meta.url), 'utf8');
  const patterns = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1] ?? '');
  expect(patterns.length).toBeGreaterThan(10);
  const walked = WALK.map((s) => s.path({ truck: { id: 1 } as FoodTruck, orderId: 1, sessions: {} as World['sessions'] }).split('?')[0] ?? '');
  const matches = (pattern: string, path: string) =>
    new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);
  for (const pattern of patterns) expect(walked.some((p) => matches(pattern, p)), `no walk stop for ${pattern}`).toBe(true);
});

test('badForms finds the other forms and passes the one form', () => {
  expect(badForms('Open now until 2:00 PM · 0.4 mi · Wed, Nov 25 · Nov 25, 2026 · 512-555-0100 · My Favorites · 0/10 photos')).toEqual([]);
  for (const bad of ['until 14:00', '1.2 km', 'my favourites', '+15125550100', 'Wed 11/25', '11/25/2026', 'December 25, 2026', 'NaN mi', '© 2025'])
    expect(badForms(bad), bad).not.toEqual([]);
});

async function json<T>(res: Awaited<ReturnType<APIRequestContext['post']>>, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

/** The walk's data, made once per worker over the API: nothing another spec reads is changed. */
async function makeWorld(api: APIRequestContext): Promise<World> {
  const tag = `${Date.now() % 1_000_000}${process.pid % 100}`;
  const register = (role: 'customer' | 'operator', username: string) =>
    api.post('/api/auth/register', { data: { username, phone: freshPhone(), password: 'e2e-password-1', role } }).then((r) => json<AuthResponse>(r, 201));
  const operator = await register('operator', `walk_op_${tag}`);
  const sub = await fetch(`http://127.0.0.1:${fixturesPort}/operators/${operator.user.id}/subscription`, { method: 'POST' });
  expect(sub.status).toBe(204);
  const newOperator = await register('operator', `walk_new_${tag}`);
  const customer = await register('customer', `walk_diner_${tag}`);
  const admin = await api.post('/api/auth/login', { data: ADMIN }).then((r) => json<AuthResponse>(r, 200));

  const as = (s: AuthResponse) => ({ Authorization: `Bearer ${s.token}` });
  const truck = await api
    .post('/api/food-trucks', {
      headers: as(operator),
      data: {
        // One word longer than a phone's line, as a real name can have (issue 27, session 51): every screen
        // that shows the name must wrap it rather than scroll sideways.
        name: `Walk Smokehouse Brisketandburntendsfromthepacificnorthwest ${tag}`,
        cuisine: 'BBQ',
        description: 'Brisket, ribs and sides, slow-smoked overnight.',
        address: 'SW 5th Ave & Alder St',
        phone: '(503) 555-0142',
        isOpen: false,
        ...SPOT,
      },
    })
    .then((r) => json<FoodTruck>(r, 201));
  const menuIds: number[] = [];
  for (const [name, price, category] of [['Walk Brisket Plate', 16.5, 'Main Dishes'], ['Banana Pudding', 5, 'Desserts']] as const) {
    const item = await api
      .post('/api/menu-items', { headers: as(operator), data: { foodTruckId: truck.id, name, price, category, description: 'House-made' } })
      .then((r) => json<{ id: number }>(r, 201));
    menuIds.push(item.id);
  }
  // Weekly stops every day (so there is always a next stop), and a dated one next week.
  for (let weekday = 1; weekday <= 7; weekday++) {
    await api
      .post(`/api/food-trucks/${truck.id}/schedule/stops`, {
        headers: as(operator),
        data: { kind: 'weekly', weekday, startTime: '11:00', endTime: '14:00', address: 'Pioneer Courthouse Square', ...SPOT },
      })
      .then((r) => json(r, 201));
  }
  const nextWeek = new Date(Date.now() + 8 * 86_400_000).toISOString().slice(0, 10);
  await api
    .post(`/api/food-trucks/${truck.id}/schedule/stops`, {
      headers: as(operator),
      data: { kind: 'once', date: nextWeek, startTime: '17:00', endTime: '21:30', address: 'Tom McCall Waterfront Park', ...SPOT },
    })
    .then((r) => json(r, 201));

  // The customer's favourite, with texts on and the number confirmed (ADR 0189): opening the truck
  // queues an SMS (the admin's Messages tab).
  await confirmOwnPhone(api, customer);
  await api.post('/api/favorites', { headers: as(customer), data: { foodTruckId: truck.id } }).then((r) => expect(r.ok(), 'favorite').toBe(true));
  await api.put('/api/auth/user/sms-preferences', { headers: as(customer), data: { smsAlerts: true } }).then((r) => expect(r.ok(), 'sms on').toBe(true));
  await api.post(`/api/food-trucks/${truck.id}/open`, { headers: as(operator), data: SPOT }).then((r) => expect(r.ok(), 'open').toBe(true));
  // Payouts connected (test mode) and a paid order waiting in the truck's queue (issue 30).
  await api.post('/api/operator/payouts/connect', { headers: as(operator) }).then((r) => expect(r.ok(), 'payouts').toBe(true));
  const order = await api
    .post('/api/orders', {
      headers: { ...as(customer), 'Idempotency-Key': `walk-${tag}` },
      data: {
        foodTruckId: truck.id,
        items: [{ menuItemId: menuIds[0], quantity: 2 }],
        pickup: 'asap',
        note: 'No pickles',
        card: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
      },
    })
    .then((r) => json<{ id: number }>(r, 201));
  // An admin edit: the audit log has an entry with a time.
  await api
    .patch(`/api/admin/customers/${customer.user.id}`, { headers: as(admin), data: { email: `walk_${tag}@example.com` } })
    .then((r) => expect(r.ok(), 'admin edit').toBe(true));

  return { truck, orderId: order.id, sessions: { customer, operator, 'new-operator': newOperator, admin } };
}

/** Made by the first walk test of each worker, read by the others. */
let world: Promise<World> | undefined;

async function visit(page: Page, stop: Stop, press: Press): Promise<World> {
  world ??= makeWorld(page.request);
  const w = await world;
  const path = stop.path(w);
  if (stop.who === 'anonymous') await page.goto(path);
  else await openWithSession(page, w.sessions[stop.who], path);
  await stop.ready(page, w, press);
  return w;
}

/**
 * Text that runs past the screen's left or right edge: a page that does not scroll sideways can still
 * cut a line off, where a box wider than the screen has its overflow hidden (the operator's truck
 * card did, with a long name, session 51), and a box that scrolls down can scroll a long word
 * sideways out of sight. Not counted: the map's tiles and popups (they pan), text for screen readers
 * only, and a box that scrolls sideways on purpose (a wide table, code).
 */
function textPastTheScreen(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    // Text scrolled sideways out of its box, though the box is on the screen.
    const outOfBox = (el: Element, r: DOMRect) =>
      [...ancestors(el)].some((a) => {
        if (!/auto|scroll|hidden|clip/.test(getComputedStyle(a).overflowX)) return false;
        const box = a.getBoundingClientRect();
        return box.width > 1 && (r.right > box.right + 1 || r.left < box.left - 1);
      });
    const scrollsOrHidden = (el: Element) =>
      el.closest('.leaflet-container') !== null ||
      [...ancestors(el)].some((a) => {
        const style = getComputedStyle(a);
        // A box that scrolls sideways on purpose: a wide table's, code's. Not any other box whose
        // content is wider: a dialog (it scrolls down) scrolled its long title sideways (session 51).
        const sideways = /auto|scroll/.test(style.overflowX) && a.scrollWidth > a.clientWidth;
        const scrolls = sideways && (a.matches('pre, textarea') || a.querySelector('table') !== null);
        // Tailwind's sr-only (and max-sm:sr-only): a 1-px box that clips its content.
        const forScreenReaders = style.overflow === 'hidden' && a.getBoundingClientRect().width <= 1;
        return scrolls || forScreenReaders;
      });
    function* ancestors(el: Element): Generator<Element> {
      for (let a: Element | null = el; a && a !== document.documentElement; a = a.parentElement) yield a;
    }
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || !node.parentElement || scrollsOrHidden(node.parentElement)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width > 0 && (r.right > width + 1 || r.left < -1 || outOfBox(node.parentElement, r))) {
          cut.push(`"${text.slice(0, 40)}" in <${node.parentElement.tagName.toLowerCase()}> ${Math.round(r.left)}–${Math.round(r.right)} px`);
          break;
        }
      }
    }
    return cut;
  }, width);
}

/** The visible text of the page (the embed card's too), minus what people typed or the data holds as-is. */
const visibleText = (page: Page) => page.evaluate(() => document.body.innerText);

for (const [label, device] of [
  ['desktop', { viewport: { width: 1280, height: 800 } }],
  ['phone', { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }],
] as const) {
  test.describe(`${label} walk`, () => {
    test.use({ ...device, locale: 'en-US', timezoneId: 'America/Chicago', geolocation: DINER, permissions: ['geolocation'] });
    for (const stop of WALK) {
      test(`${stop.name} (${stop.who})`, async ({ page }) => {
        await visit(page, stop, (target) => (label === 'phone' ? target.tap() : target.click()));
        await page.screenshot({ path: `test-results/walk/${stop.name}-${label}.png`, fullPage: true });
        expect(badForms(await visibleText(page))).toEqual([]);
        if (label === 'phone') {
          // Against the phone's width, not window.innerWidth: a phone page wider than its screen is
          // zoomed out to fit, and innerWidth grows with it (edit-truck's 4xx-px page passed so, session 51).
          const screen = page.viewportSize()!.width;
          const sideways = await page.evaluate(() => document.documentElement.scrollWidth) - screen;
          expect(await textPastTheScreen(page, screen), `${stop.name}: text cut off at the screen's edge`).toEqual([]);
          expect(sideways, `${stop.name} scrolls sideways at 360 px`).toBeLessThanOrEqual(0);
        }
      });
    }
  });
}
