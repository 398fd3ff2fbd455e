import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_FIRST_DATA } from '@shared/contracts/first-data';
import { SIGNED_IN_HINT_COOKIE } from '@shared/contracts/server-render';
import type { ClientManifest } from './lib/client-manifest';
import { startTestServer, type TestServer } from './test/harness';

/**
 * The built client as `npm start` serves it: the build writes .br and .gz copies beside each text
 * file (vite.config.ts), and the server sends the one the browser accepts — JavaScript is a third
 * of its size on the wire.
 */
const SCRIPT = `export const trucks = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `truck ${i}`))};\n`;
let site: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'ftf-client-'));
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>Food Truck Finder</title>');
  const file = path.join(clientDir, 'assets', 'app-1a2b3c.js');
  writeFileSync(file, SCRIPT);
  writeFileSync(`${file}.br`, brotliCompressSync(SCRIPT));
  writeFileSync(`${file}.gz`, gzipSync(SCRIPT));
  // The build manifest of a client whose small entry starts the app (React, the router), and whose
  // /find-trucks screen loads two chunks beyond those.
  mkdirSync(path.join(clientDir, '.vite'));
  const manifest: ClientManifest = {
    'index.html': {
      file: 'assets/app-1a2b3c.js',
      isEntry: true,
      imports: ['_api.js'],
      css: ['assets/index-1c.css'],
    },
    '_api.js': { file: 'assets/api-3c.js' },
    'src/app-main.tsx': { file: 'assets/app-main-2b.js', imports: ['_react.js', '_api.js'] },
    '_react.js': { file: 'assets/react-9z.js' },
    'src/app/routes/find-trucks.tsx': {
      file: 'assets/find-trucks-4d.js',
      imports: ['_react.js', '_list.js'],
    },
    '_list.js': { file: 'assets/list-5e.js' },
    'src/features/map/components/truck-map.tsx': { file: 'assets/truck-map-6f.js', imports: ['_react.js'] },
    'src/features/voice/components/voice-assistant.tsx': {
      file: 'assets/voice-7a.js',
      imports: ['_list.js'],
    },
    'src/app/routes/favorites.tsx': { file: 'assets/favorites-8b.js' },
    'src/app/routes/operator-dashboard.tsx': { file: 'assets/dashboard-9c.js' },
    'src/app/routes/admin.tsx': { file: 'assets/admin-0d.js' },
  };
  writeFileSync(path.join(clientDir, '.vite/manifest.json'), JSON.stringify(manifest));
  site = await startTestServer({ clientDir });
});
afterAll(async () => {
  await site.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The raw answer (fetch would decode it). */
function raw(url: string, acceptEncoding: string) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      get(`${site.url}${url}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    },
  );
}

describe('the built client’s assets', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['identity', undefined, (b: Buffer) => b],
  ] as const)(
    'with Accept-Encoding %s: sent as %s, the same script, cacheable per encoding',
    async (accept, encoding, decode) => {
      const res = await raw('/assets/app-1a2b3c.js', accept);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.body).toString()).toBe(SCRIPT);
      if (encoding) expect(res.body.length).toBeLessThan(SCRIPT.length / 2);
    },
  );
});

describe('a build file that is not there', () => {
  it("answers 404, not the app's page: a page of the last version asking for a chunk a deploy replaced", async () => {
    const res = await site.request<{ message: string }>('GET', '/assets/find-trucks-OLDHASH.js');
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/reload the page/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // Any other address is still the app's, which renders its own not-found screen.
    const page = await raw('/no-such-screen', 'identity');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('the page of a screen', () => {
  it("names the entry's and the app's chunks on every page, and on a screen's page the screen's route module and its imports", async () => {
    // The stylesheet first (the first paint waits for it; in the page's head it was found only after
    // every preloaded script), then the entry (it starts the page's requests), the app, the screen.
    // `crossorigin`, as Vite's stylesheet link asks, so that link takes the preload's answer.
    const app = [
      '</assets/index-1c.css>; rel=preload; as=style; crossorigin',
      '</assets/app-1a2b3c.js>; rel=modulepreload',
      '</assets/api-3c.js>; rel=modulepreload',
      '</assets/app-main-2b.js>; rel=modulepreload',
      '</assets/react-9z.js>; rel=modulepreload',
    ];
    const screen = [
      '</assets/find-trucks-4d.js>; rel=modulepreload',
      '</assets/list-5e.js>; rel=modulepreload',
    ];
    // A stored session (its hint cookie): the list is asked for with the token, not preloadable.
    const res = await fetch(`${site.url}/find-trucks?truck=3`, {
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('link')).toBe([...app, ...screen].join(', '));
    expect((await fetch(`${site.url}/favorites`)).headers.get('link')).toBe(
      [...app, '</assets/favorites-8b.js>; rel=modulepreload'].join(', '),
    );
    for (const page of ['/', '/login', '/no-such-screen']) {
      const other = await fetch(`${site.url}${page}`);
      expect(other.status).toBe(200);
      expect(other.headers.get('link')).toBe(app.join(', '));
    }
  });

  it("asks, on a signed-out diner's /find-trucks, for the list and the upcoming stops right after the entry, as the entry's own fetch asks", async () => {
    const res = await fetch(`${site.url}/find-trucks`);
    const data = PUBLIC_FIRST_DATA['/find-trucks']!.map(
      (url) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    expect(data).toEqual([
      '</api/food-trucks/active?view=summary>; rel=preload; as=fetch; crossorigin=use-credentials',
      '</api/food-trucks/upcoming-stops>; rel=preload; as=fetch; crossorigin=use-credentials',
    ]);
    expect(res.headers.get('link')).toBe(
      [
        '</assets/index-1c.css>; rel=preload; as=style; crossorigin',
        '</assets/app-1a2b3c.js>; rel=modulepreload',
        '</assets/api-3c.js>; rel=modulepreload',
        ...data,
        '</assets/app-main-2b.js>; rel=modulepreload',
        '</assets/react-9z.js>; rel=modulepreload',
        '</assets/find-trucks-4d.js>; rel=modulepreload',
        '</assets/list-5e.js>; rel=modulepreload',
      ].join(', '),
    );
    // The header depends on the cookie: a cache keeps one page per cookie.
    expect(res.headers.get('vary')).toMatch(/cookie/i);
    // Other pages preload no data.
    expect((await fetch(`${site.url}/favorites`)).headers.get('link')).not.toContain('as=fetch');
  });
});
