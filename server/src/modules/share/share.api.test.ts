import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { foodTrucks } from '../../db/schema';
import { ROUTE_MODULES } from '../../lib/client-manifest';
import { startTestServer, type TestServer } from '../../test/harness';
import { stopUnderWayNow } from '../../test/stop-under-way';
import { EMBED_MODULE } from './share.routes';
import { formatClock } from '@shared/utils/format';

/** The built client as far as these pages need it: index.html and the embed script in the manifest. */
const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Find your favorite food trucks in real time." />
    <title>Food Truck Finder</title>
  </head>
  <body><div id="root"></div><script type="module" src="/assets/app-1.js"></script></body>
</html>
`;
const EMBED_SCRIPT = 'assets/embed-abc123.js';
/** The embed card's budget is 30 KB gzip in all: its page (here) plus its script (bench/bundle-size.ts). */
const EMBED_PAGE_BUDGET_BYTES = 8 * 1024;

let server: TestServer;
let owner: AuthResponse;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'ftf-share-'));
  writeFileSync(path.join(clientDir, 'index.html'), INDEX);
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, '.vite/manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/app-1.js', isEntry: true },
      ...Object.fromEntries(
        Object.values(ROUTE_MODULES)
          .flat()
          .map((key, i) => [key, { file: `assets/screen-${i}.js` }]),
      ),
      [EMBED_MODULE]: { file: EMBED_SCRIPT, isEntry: true },
    }),
  );
  server = await startTestServer({ clientDir, publicUrl: 'https://trucks.example' });
  owner = await server.signUpSubscribedOperator();
});
afterAll(async () => {
  await server.close();
  rmSync(clientDir, { recursive: true, force: true });
});

async function truckNamed(name: string, extra: Record<string, unknown> = {}): Promise<FoodTruck> {
  const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
    token: owner.token,
    body: { name, cuisine: 'Mexican', description: 'Tacos al pastor & more', ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

const page = (url: string) => fetch(`${server.url}${url}`);
const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('GET /trucks/:id (the share page)', () => {
  it('names its JavaScript in a Link header as every screen’s page does: the entry, then the truck page’s chunk', async () => {
    const truck = await truckNamed(`Preloaded Tacos ${Date.now()}`);
    const link = (await page(`/trucks/${truck.id}`)).headers.get('link') ?? '';
    const screen = Object.values(ROUTE_MODULES).flat().indexOf('src/app/routes/truck-share.tsx');
    expect(screen).toBeGreaterThanOrEqual(0);
    expect(link.split(', ')).toEqual([
      '</assets/app-1.js>; rel=modulepreload',
      `</assets/screen-${screen}.js>; rel=modulepreload`,
    ]);
  });

  it("answers the app's page with the truck's Open Graph and Twitter tags, every value escaped", async () => {
    const name = `Tacos <script>alert("x")</script> & 'Co' ${Date.now()}`;
    const truck = await truckNamed(name, {
      latitude: 30.27,
      longitude: -97.74,
      address: '6th & "Congress"',
      isOpen: true,
    });
    await server.db.update(foodTrucks).set({ image: '/objects/banner-1' }).where(eq(foodTrucks.id, truck.id));

    const res = await page(`/trucks/${truck.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    // Still the app: the client renders the page.
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('<script>alert');
    const escapedName = name
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    expect(metaContent(html, 'og:title')).toBe(escapedName);
    expect(html).toContain(`<title>${escapedName} · Food Truck Finder</title>`);
    expect(metaContent(html, 'og:description')).toBe(
      'Mexican food truck. Open now at 6th &amp; &quot;Congress&quot;. Tacos al pastor &amp; more',
    );
    expect(metaContent(html, 'description')).toBe(metaContent(html, 'og:description'));
    expect(metaContent(html, 'og:url')).toBe(`https://trucks.example/trucks/${truck.id}`);
    expect(metaContent(html, 'og:image')).toBe('https://trucks.example/objects/banner-1');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    // One description and one title only: the shell's own were replaced.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
  });

  it('says a closed truck without a banner is closed, with a small Twitter card and no image', async () => {
    const truck = await truckNamed(`Closed Truck ${Date.now()}`);
    const html = await (await page(`/trucks/${truck.id}`)).text();
    expect(metaContent(html, 'og:description')).toBe(
      'Mexican food truck. Closed right now. Tacos al pastor &amp; more',
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'og:image')).toBeUndefined();
  });

  it('answers an unknown, malformed or hidden truck with the plain app page and 404 (the client shows not-found)', async () => {
    const unpaid = await server.signUp('operator');
    const hidden = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: unpaid.token,
      body: { name: `Hidden ${Date.now()}`, cuisine: 'BBQ' },
    });
    expect(hidden.status).toBe(201);
    for (const url of ['/trucks/999999', '/trucks/abc', `/trucks/${hidden.body.id}`]) {
      const res = await page(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toBe(INDEX);
    }
  });
});

describe('GET /embed/trucks/:id (the embed card)', () => {
  it('may be framed by any site, sets no cookie, and shows status, place, next stops and the link', async () => {
    const truck = await truckNamed(`Embed <b>Truck</b> ${Date.now()}`, {
      latitude: 30.27,
      longitude: -97.74,
      address: 'Rainey & 1st',
      isOpen: true,
    });
    const stop = await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
      body: {
        kind: 'weekly',
        weekday: 2,
        startTime: '11:00',
        endTime: '14:00',
        address: 'Plaza <One>',
        latitude: 30.2,
        longitude: -97.7,
      },
    });
    expect(stop.status).toBe(201);

    const res = await page(`/embed/trucks/${truck.id}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('Embed &lt;b&gt;Truck&lt;/b&gt;');
    expect(html).toContain('Open now');
    expect(html).toContain('Now at Rainey &amp; 1st');
    expect(html).toMatch(/<li>Tue 11:00 AM–2:00 PM <span class="muted">at Plaza &lt;One&gt;<\/span><\/li>/);
    expect(html).toContain(`href="https://trucks.example/trucks/${truck.id}"`);
    expect(html).toContain('Find us on Food Truck Finder');
    expect(html).toContain(`<script type="module" src="/${EMBED_SCRIPT}"></script>`);
    // Not the React app.
    expect(html).not.toContain('id="root"');
    expect(gzipSync(html).length).toBeLessThan(EMBED_PAGE_BUDGET_BYTES);

    // The app's own pages still refuse to be framed.
    const app = await page(`/trucks/${truck.id}`);
    expect(app.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(app.headers.get('x-frame-options')).toBe('DENY');
  });

  it("reads a closed truck's live state before its schedule: never 'Open now' during a stop it has not opened for (issue 24)", async () => {
    const { timeZone, stop } = stopUnderWayNow();
    const truck = await truckNamed(`Masala Wheels ${Date.now()}`, {
      latitude: 30.3255,
      longitude: -97.7396,
      address: '5300 Burnet Rd',
    });
    const call = (method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) =>
      server.request(method, url, { token: owner.token, body });
    expect((await call('PUT', `/api/food-trucks/${truck.id}/schedule/time-zone`, { timeZone })).status).toBe(
      200,
    );
    expect((await call('POST', `/api/food-trucks/${truck.id}/schedule/stops`, stop)).status).toBe(201);

    const closed = await (await page(`/embed/trucks/${truck.id}`)).text();
    expect(closed).toContain('>Closed<');
    expect(closed).toContain(
      `<p data-status-line>Scheduled until ${formatClock(stop.endTime, { locale: 'en-US' })} — not open yet</p>`,
    );
    expect(closed).not.toContain('Open now');

    // Opened at the stop: 'Open now until …'.
    const opened = await call('POST', `/api/food-trucks/${truck.id}/open`, {
      latitude: stop.latitude,
      longitude: stop.longitude,
    });
    expect(opened.status).toBe(200);
    const open = await (await page(`/embed/trucks/${truck.id}`)).text();
    expect(open).toContain(
      `<p data-status-line>Open now until ${formatClock(stop.endTime, { locale: 'en-US' })}</p>`,
    );
    // Moved from Burnet Rd to its stop without a new address: named after the stop (ADR 0100).
    expect(open).toContain('Now near 6th &amp; Congress');
  });

  it('shows what the truck states (issue 28) with a glyph and words, never what it has not stated, and follows changes', async () => {
    const truck = await truckNamed(`Know Before ${Date.now()}`);
    const factsOf = async () => {
      const html = await (await page(`/embed/trucks/${truck.id}`)).text();
      return (
        /<ul class="facts" aria-label="Know before you go" data-facts>(.*?)<\/ul>/.exec(html)?.[1] ?? null
      );
    };
    // Nothing stated: no list at all (not "No cards", not "not stated").
    expect(await factsOf()).toBeNull();

    const patched = await server.request('PATCH', `/api/food-trucks/${truck.id}`, {
      token: owner.token,
      body: { features: { cards: true, cash: false, stepFree: true } },
    });
    expect(patched.status).toBe(200);
    const item = await server.request('POST', '/api/menu-items', {
      token: owner.token,
      body: { foodTruckId: truck.id, name: 'Bean Taco', price: 4, diets: { vegan: true } },
    });
    expect(item.status, JSON.stringify(item.body)).toBe(201);

    const facts = await factsOf();
    expect(facts).toBe(
      [
        '<li class="yes"><span aria-hidden="true">✓</span> Takes cards</li>',
        '<li class="no"><span aria-hidden="true">✗</span> No cash</li>',
        '<li class="yes"><span aria-hidden="true">✓</span> Step-free</li>',
        // Vegan counts as vegetarian (shared/utils/attributes itemHasDiet).
        '<li class="yes"><span aria-hidden="true">✓</span> Vegetarian options</li>',
        '<li class="yes"><span aria-hidden="true">✓</span> Vegan options</li>',
      ].join(''),
    );
    // Seating, shade, phone wallets… were not stated: not shown, in any wording.
    expect(facts).not.toMatch(/seating|shade|wallet|stated/i);
  });

  it('says Closed and No upcoming stops for a closed truck without stops, and 404 for an unknown one', async () => {
    const truck = await truckNamed(`Quiet Truck ${Date.now()}`);
    const html = await (await page(`/embed/trucks/${truck.id}`)).text();
    expect(html).toContain('>Closed<');
    expect(html).toContain('No upcoming stops');
    expect(html).not.toContain('Now at');

    const missing = await page('/embed/trucks/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(await missing.text()).toContain('Food truck not found');
  });
});
