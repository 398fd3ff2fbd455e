import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HYDRATING_COVER_ID,
  LATER_CHUNKS_ID,
  SERVER_RENDER_DATA_ID,
  SCREEN_SESSION_COOKIE,
  SIGNED_IN_HINT_COOKIE,
  signedInCookies,
} from '@shared/contracts/server-render';
import type { ClientManifest } from './lib/client-manifest';
import { startTestServer, type TestServer } from './test/harness';
import { insertTruck } from './test/trucks';

/**
 * The server's half of ADR 0168 with a stand-in for the client's server-render bundle: which pages
 * it renders, with what data, and that a bundle that fails never makes a page fail. The real bundle
 * is covered by the browser tests (e2e/server-render.spec.ts).
 */
const SHELL = '<!doctype html><html><head><title>Food Truck Finder</title></head><body><div id="root"></div></body></html>';
const BUNDLE = `
export async function render(url, fetchApi, signedIn) {
  if (signedIn?.role === 'operator' && url === '/operator-dashboard') {
    const me = signedIn.viewer ? await fetchApi('/api/auth/me') : null;
    if (me?.status === 200 && me.json.role === 'operator') {
      return {
        html: '<h1>dashboard of ' + me.json.username + ' in ' + signedIn.viewer.locale + ' ' + signedIn.viewer.timeZone + '</h1>',
        data: '{"queries":{"mutations":[],"queries":[]},"truckEventIds":[]}',
        personal: true,
      };
    }
    return { html: '<h1>dashboard frame</h1>', data: null };
  }
  if (signedIn) return url === '/favorites' && signedIn.role === 'customer' ? { html: '<h1>favorites frame</h1>', data: null } : null;
  if (url === '/find-trucks') {
    const list = await fetchApi('/api/food-trucks/active?view=summary');
    const missing = await fetchApi('/api/food-trucks/999999');
    return {
      html: '<p>list ' + list.status + ' ' + Array.isArray(list.json) + ' ' + (list.truckEventId !== null) + '; missing ' + missing.status + '</p>',
      data: '{"queries":{"mutations":[],"queries":[]},"truckEventIds":[]}',
    };
  }
  if (url === '/') throw new Error('the render broke');
  if (url.startsWith('/trucks/')) return { html: '<h1>truck page</h1>', data: '{"queries":{"mutations":[],"queries":[]},"truckEventIds":[]}' };
  return null;
}
`;

let site: TestServer;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ftf-ssr-'));
  mkdirSync(path.join(dir, 'client'));
  mkdirSync(path.join(dir, 'server'));
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  writeFileSync(path.join(dir, 'client', 'index.html'), SHELL);
  writeFileSync(path.join(dir, 'server', 'entry-server.js'), BUNDLE);
  // The build manifest of a client whose entry starts the app, and whose screens load a chunk each.
  mkdirSync(path.join(dir, 'client', '.vite'));
  const manifest: ClientManifest = {
    'index.html': { file: 'assets/entry-1a.js', isEntry: true, css: ['assets/index-1c.css'] },
    'src/app-main.tsx': { file: 'assets/app-main-2b.js', imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-9z.js' },
    'src/app/routes/find-trucks.tsx': { file: 'assets/find-trucks-4d.js', imports: ['_react.js'] },
    'src/app/routes/truck-share.tsx': { file: 'assets/truck-share-5e.js', imports: ['_react.js'] },
    'src/app/routes/favorites.tsx': { file: 'assets/favorites-6f.js', imports: ['_react.js'] },
    'src/app/routes/operator-dashboard.tsx': { file: 'assets/operator-dashboard-7a.js', imports: ['_react.js'] },
  };
  writeFileSync(path.join(dir, 'client', '.vite', 'manifest.json'), JSON.stringify(manifest));
  site = await startTestServer({ clientDir: path.join(dir, 'client'), serverRender: 'public-screens' });
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

function page(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      get(`${site.url}${url}`, { headers: { 'accept-encoding': 'br', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body).toString('utf8'),
          });
        });
      }).on('error', reject);
    },
  );
}

describe('server-rendered pages (ADR 0168)', () => {
  it('are off unless asked for: the plain shell', async () => {
    const plain = await startTestServer({ clientDir: path.join(dir, 'client') });
    try {
      const res = await fetch(`${plain.url}/find-trucks`);
      expect(await res.text()).toContain('<div id="root"></div>');
    } finally {
      await plain.close();
    }
  });

  it("with truck-pages: a truck's page comes rendered, /find-trucks and / are the browser's", async () => {
    const trucksOnly = await startTestServer({ clientDir: path.join(dir, 'client'), serverRender: 'truck-pages' });
    try {
      const operator = await trucksOnly.signUpSubscribedOperator();
      const truck = await insertTruck(trucksOnly.db, operator.user.id, { name: 'Rendered Truck' });
      const truckPage = await (await fetch(`${trucksOnly.url}/trucks/${truck.id}`)).text();
      expect(truckPage).toContain('<div id="root"><h1>truck page</h1></div>');
      for (const url of ['/find-trucks', '/']) {
        const shell = await (await fetch(`${trucksOnly.url}${url}`)).text();
        expect(shell, url).toContain('<div id="root"></div>');
        expect(shell, url).not.toContain(SERVER_RENDER_DATA_ID);
      }
    } finally {
      await trucksOnly.close();
    }
  });

  it("puts the screen's HTML in the root, covered until the app takes it over, with its data beside it; the data is our API's own answers", async () => {
    const res = await page('/find-trucks');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<div id="root"><p>list 200 true true; missing 404</p></div>\n    <div id="${HYDRATING_COVER_ID}"></div>`);
    expect(res.body).toContain(`<script type="application/json" id="${SERVER_RENDER_DATA_ID}">{"queries":`);
    // Titled as the screen the app shows (shared/utils/screen-titles.ts), before the app runs.
    expect(res.body).toContain('<title>Find Food Trucks · Food Truck Finder</title>');
    const frame = await page('/favorites', { cookie: `${SIGNED_IN_HINT_COOKIE}=customer` });
    expect(frame.body).toContain('<title>Your Favorite Food Trucks · Food Truck Finder</title>');
  });

  it('names only the entry in a rendered page’s Link header, and lists the app’s and the screen’s chunks in the page for its first script to ask for once it has painted', async () => {
    const entry = '</assets/index-1c.css>; rel=preload; as=style; crossorigin, </assets/entry-1a.js>; rel=modulepreload';
    const list = await page('/find-trucks');
    expect(list.headers.link).toBe(entry);
    expect(list.body).toContain(
      `<script type="application/json" id="${LATER_CHUNKS_ID}">["/assets/app-main-2b.js","/assets/react-9z.js","/assets/find-trucks-4d.js"]</script>`,
    );
    const operator = await site.signUpSubscribedOperator();
    const truck = await insertTruck(site.db, operator.user.id, { name: 'Linked Truck' });
    const truckPage = await page(`/trucks/${truck.id}`);
    expect(truckPage.headers.link).toBe(entry);
    expect(truckPage.body).toContain(`id="${LATER_CHUNKS_ID}">["/assets/app-main-2b.js","/assets/react-9z.js","/assets/truck-share-5e.js"]</script>`);
    // A page the browser renders (a stored session's) names them all in its header, as before.
    const signedIn = await page('/find-trucks', { cookie: `${SIGNED_IN_HINT_COOKIE}=1` });
    expect(signedIn.body).not.toContain(LATER_CHUNKS_ID);
    expect(signedIn.headers.link).toContain('</assets/find-trucks-4d.js>; rel=modulepreload');
  });

  it('sends a signed-in customer’s favourites as its frame (ADR 0175): covered, no data to hydrate, the chunks after the paint', async () => {
    const entry = (await page('/find-trucks')).headers.link;
    const frame = await page('/favorites', { cookie: `other=1; ${SIGNED_IN_HINT_COOKIE}=customer` });
    expect(frame.status).toBe(200);
    expect(frame.body).toContain('<div id="root"><h1>favorites frame</h1></div>');
    expect(frame.body).toContain(`<div id="${HYDRATING_COVER_ID}"></div>`);
    expect(frame.body).not.toContain(SERVER_RENDER_DATA_ID);
    expect(frame.body).toContain(`id="${LATER_CHUNKS_ID}">["/assets/app-main-2b.js","/assets/react-9z.js","/assets/favorites-6f.js"]</script>`);
    expect(frame.headers.link).toBe(entry);
    // The answer depends on the cookie: no cache may hand it to another browser.
    expect(frame.headers.vary).toContain('cookie');
    // Another role, an old hint that names none, or a value that is no role: the plain shell.
    for (const hint of ['operator', '1', '%3Cscript%3E', 'customer%20']) {
      const plain = await page('/favorites', { cookie: `${SIGNED_IN_HINT_COOKIE}=${hint}` });
      expect(plain.status, hint).toBe(200);
      expect(plain.body, hint).toContain('<div id="root"></div>');
      expect(plain.headers.vary, hint).toContain('cookie');
    }
    // A signed-in customer's public screen is still the browser's, not the anonymous render.
    const list = await page('/find-trucks', { cookie: `${SIGNED_IN_HINT_COOKIE}=customer` });
    expect(list.body).toContain('<div id="root"></div>');
    expect(list.body).not.toContain(SERVER_RENDER_DATA_ID);
  });

  it('renders an operator’s dashboard with the operator’s data when the screen session cookie comes with it (ADR 0176): asked as that operator, for nobody else’s cache', async () => {
    const operator = await site.signUp('operator');
    const viewer = { locale: 'de-DE', timeZone: 'America/Chicago' };
    // The cookies exactly as the browser's sign-in writes them, as one Cookie header.
    const cookieHeader = (session: { role: 'customer' | 'operator'; token: string } | null, v = viewer) =>
      signedInCookies(session, () => v, { secure: false })
        .map((cookie) => cookie.split(';')[0] ?? '')
        .filter((pair) => !pair.endsWith('='))
        .join('; ');
    const own = await page('/operator-dashboard', { cookie: cookieHeader({ role: 'operator', token: operator.token }) });
    expect(own.status).toBe(200);
    expect(own.body).toContain(`<div id="root"><h1>dashboard of ${operator.user.username} in de-DE America/Chicago</h1></div>`);
    expect(own.body).toContain(`<div id="${HYDRATING_COVER_ID}"></div>`);
    expect(own.body).toContain(`id="${SERVER_RENDER_DATA_ID}"`);
    expect(own.headers['cache-control']).toBe('private, no-store');
    expect(own.headers.vary).toContain('cookie');

    // A token that no longer holds (signed out), or is no token, a viewer this server's Intl does not
    // know, or a value that is not the cookie's shape: the frame, as with the hint alone.
    const ended = await site.signUp('operator');
    expect((await site.request('POST', '/api/auth/logout', { token: ended.token })).status).toBe(204);
    for (const cookie of [
      cookieHeader({ role: 'operator', token: ended.token }),
      cookieHeader({ role: 'operator', token: 'not-a-token' }),
      cookieHeader({ role: 'operator', token: operator.token }, { locale: 'en-US', timeZone: 'Mars/Olympus_Mons' }),
      `${SIGNED_IN_HINT_COOKIE}=operator; ${SCREEN_SESSION_COOKIE}=%7Bnot-json`,
      `${SIGNED_IN_HINT_COOKIE}=operator; ${SCREEN_SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ token: operator.token }))}`,
    ]) {
      const frame = await page('/operator-dashboard', { cookie });
      expect(frame.status, cookie).toBe(200);
      expect(frame.body, cookie).toContain('<div id="root"><h1>dashboard frame</h1></div>');
      expect(frame.body, cookie).not.toContain(SERVER_RENDER_DATA_ID);
      expect(frame.headers['cache-control'], cookie).toBe('no-cache');
    }
    // A customer's token sent with an operator's hint is asked as that customer: not the dashboard's data.
    const customer = await site.signUp('customer');
    const hintOnly = await page('/operator-dashboard', {
      cookie: `${SIGNED_IN_HINT_COOKIE}=operator; ${SCREEN_SESSION_COOKIE}=${encodeURIComponent(JSON.stringify({ token: customer.token, ...viewer }))}`,
    });
    expect(hintOnly.body).toContain('<h1>dashboard frame</h1>');
  });

  it('leaves a signed-in diner’s page, an address the bundle does not render, and a render that throws to the browser: the plain shell, never an error', async () => {
    for (const [url, headers] of [
      ['/find-trucks', { cookie: `other=1; ${SIGNED_IN_HINT_COOKIE}=1` }],
      ['/login', {}],
      ['/', {}],
    ] as const) {
      const res = await page(url, headers);
      expect(res.status, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(SERVER_RENDER_DATA_ID);
    }
  });
});
