import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { AuthResponse, FoodTruck, OutboxMessage, Page as ListPage } from '@shared/contracts';
import { browserViewer, signedInCookies } from '@shared/contracts/server-render';
import { fixturesPort } from './ports';

export const DEMO = {
  operator: { username: 'demo_operator', phone: '(512) 555-0101', password: 'demo-operator-1' },
  customer: { username: 'demo_customer', phone: '(512) 555-0100', password: 'demo-customer-1' },
};

/** The admin e2e/serve.ts creates from ADMIN_USERNAME / ADMIN_PASSWORD. */
export const ADMIN = { username: 'e2e_admin', password: 'e2e-admin-password' };

let counter = 0;
/** A phone number no other test uses (10 digits, first digit 2-9). */
export function freshPhone(): string {
  counter += 1;
  const n = (Date.now() * 10 + counter + process.pid * 7) % 10_000_000;
  return `737${String(n).padStart(7, '0')}`;
}

/** Signs up over the API and stores the session as the app does, then opens `path`. */
/** A token of the e2e admin (the server is started with ADMIN_USERNAME/ADMIN_PASSWORD). */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as AuthResponse).token;
}

/**
 * The 6-digit code in the newest text that matches `search` (a number, a truck's name) and holds
 * `containing`, as the offline provider delivered it (the admin's Messages API).
 */
export async function textedCode(request: APIRequestContext, search: string, containing = 'code'): Promise<string> {
  const token = await adminToken(request);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/admin/messages?search=${encodeURIComponent(search)}`, { headers: { Authorization: `Bearer ${token}` } });
      const page = (await res.json()) as ListPage<OutboxMessage>;
      code = /\b(\d{6})\b/.exec(page.items.find((m) => m.body.includes(containing))?.body ?? '')?.[1];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** Confirms a user's own number with the code texted to it (ADR 0189): only then are alerts texted to it. */
export async function confirmOwnPhone(request: APIRequestContext, session: AuthResponse): Promise<void> {
  const headers = { Authorization: `Bearer ${session.token}` };
  const sent = await request.post('/api/auth/me/phone/code', { headers });
  expect(sent.status(), await sent.text()).toBe(202);
  const code = await textedCode(request, session.user.phone ?? '');
  const confirmed = await request.post('/api/auth/me/phone', { headers, data: { code } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
}

export async function loginAs(page: Page, role: 'customer' | 'operator', path = '/'): Promise<AuthResponse> {
  const res = await page.request.post('/api/auth/register', {
    data: { phone: freshPhone(), password: 'e2e-password-1', role },
  });
  expect(res.status()).toBe(201);
  return openWithSession(page, (await res.json()) as AuthResponse, path);
}

/**
 * A new operator with an active subscription, signed in on `page`: a spec that opens, moves or
 * deletes trucks does it to its own operator's trucks, never to the demo data other specs read.
 */
export async function loginAsSubscribedOperator(page: Page, path = '/'): Promise<AuthResponse> {
  const session = await loginAs(page, 'operator', '/');
  const res = await fetch(`http://127.0.0.1:${fixturesPort}/operators/${session.user.id}/subscription`, {
    method: 'POST',
  });
  expect(res.status, await res.text()).toBe(204);
  await page.goto(path);
  return session;
}

/** Creates a truck for the signed-in operator over the API. */
export async function createTruck(
  page: Page,
  session: AuthResponse,
  body: Record<string, unknown> & { name: string },
): Promise<FoodTruck> {
  const res = await page.request.post('/api/food-trucks', {
    data: { cuisine: 'Fusion', ...body },
    headers: { Authorization: `Bearer ${session.token}` },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as FoodTruck;
}

/**
 * A random spot in `area` with no truck diners can see within `clearance` degrees (either way), so
 * a test's own trucks have the screen to themselves: earlier tests' trucks stay in the database,
 * and the other worker's test makes its own meanwhile.
 */
export async function freeSpot(
  page: Page,
  area: { latitude: [number, number]; longitude: [number, number] },
  clearance = 2,
): Promise<{ latitude: number; longitude: number }> {
  const res = await page.request.get('/api/food-trucks/active?view=summary');
  expect(res.status()).toBe(200);
  const trucks = (await res.json()) as { latitude: number | null; longitude: number | null }[];
  const within = ([min, max]: [number, number]) => min + Math.random() * (max - min);
  for (let tries = 0; tries < 100; tries++) {
    const spot = { latitude: within(area.latitude), longitude: within(area.longitude) };
    const taken = trucks.some(
      (t) =>
        t.latitude !== null &&
        t.longitude !== null &&
        Math.abs(t.latitude - spot.latitude) < clearance &&
        Math.abs(t.longitude - spot.longitude) < clearance,
    );
    if (!taken) return spot;
  }
  throw new Error(`no spot in ${JSON.stringify(area)} ${clearance}° clear of every truck`);
}

/** Signs in as a demo account over the API, stores the session as the app does, then opens `path`. */
export async function loginAsDemo(page: Page, who: keyof typeof DEMO, path = '/'): Promise<AuthResponse> {
  const res = await page.request.post('/api/auth/login', {
    data: { username: DEMO[who].username, password: DEMO[who].password },
  });
  expect(res.status()).toBe(200);
  return openWithSession(page, (await res.json()) as AuthResponse, path);
}

/** Stores `session` as the app does (localStorage), then opens `path`. */
export async function openWithSession(page: Page, session: AuthResponse, path: string): Promise<AuthResponse> {
  await page.goto('/');
  // As the app's own sign-in does: the session, and the hint that tells the server to leave this
  // browser's pages to the app (ADR 0168). Without the hint the next page would come rendered
  // signed out, and the app would render it afresh, dropping what a test had typed into it.
  // The hint names the role: a customer's favourites and an operator's dashboard come as their frame
  // (ADR 0175); an operator's dashboard with the operator's data (the screen session cookie, ADR 0176).
  const viewer = await page.evaluate(browserViewer);
  await page.evaluate(
    ({ token, user, cookies }) => {
      localStorage.setItem('token', token);
      localStorage.setItem('user', JSON.stringify(user));
      for (const cookie of cookies) document.cookie = cookie;
    },
    { ...session, cookies: signedInCookies({ role: session.user.role, token: session.token }, () => viewer, { secure: false }) },
  );
  await page.goto(path);
  return session;
}

/**
 * Fails on any serious or critical axe violation on the current page, or only inside `within` (a
 * CSS selector) when a test checks one part of a page another spec already checks whole.
 */
export async function expectNoSeriousA11yViolations(page: Page, within?: string): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (within ? builder.include(within) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * The toast with this text: a list item of the toast viewport. (Radix's own role=status element is
 * only a visually hidden copy for screen readers that lives about a second, so waiting on it races.)
 */
export function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem').filter({ hasText: text });
}

/**
 * Waits until the map has stopped moving: the map pane's offset, the popups (and their fade), the
 * markers and the page's scroll unchanged for 30 frames in a row. The bug this spec guards against shows the popup
 * for a pan's length (~250 ms) and then takes it and the pins away: a check made before the map
 * settles would pass on it.
 */
export async function mapSettled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const w = window as unknown as { __mapSig?: string; __mapSame?: number };
      const pane = document.querySelector<HTMLElement>('.leaflet-map-pane');
      const popups = [...document.querySelectorAll<HTMLElement>('.leaflet-popup')];
      const sig = [
        pane?.style.transform,
        popups.map((p) => `${p.style.opacity}:${Math.round(p.getBoundingClientRect().top)}`).join(','),
        document.querySelectorAll('.leaflet-marker-icon').length,
        window.scrollY,
      ].join('|');
      if (w.__mapSig === sig) w.__mapSame = (w.__mapSame ?? 0) + 1;
      else {
        w.__mapSig = sig;
        w.__mapSame = 0;
      }
      return w.__mapSame >= 30;
    },
    undefined,
    { polling: 'raf', timeout: 20_000 },
  );
}

/**
 * Refuses the geolocation permission to `page`'s origin in `context`. Playwright can grant but not
 * deny a permission; Chromium's DevTools protocol can, per context.
 */
export async function denyLocation(context: BrowserContext, page: Page, origin = new URL(page.url()).origin): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', {
    permission: { name: 'geolocation' },
    setting: 'denied',
    origin,
    ...(targetInfo.browserContextId ? { browserContextId: targetInfo.browserContextId } : {}),
  });
}
