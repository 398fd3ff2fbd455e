/**
 * `npm run bench:lighthouse` (also part of `npm run bench`): Lighthouse (npm `lighthouse`, its default
 * mobile preset: a mid-range phone on a slow 4G link, simulated throttling) against the built client
 * served by bench/server.ts, in Debian's Chromium, for `/`, `/find-trucks` (100 trucks around Austin)
 * and `/operator-dashboard` (a subscribed operator with three trucks, signed in through localStorage
 * as the app does). Budgets (issue 12): performance ≥ 90 and accessibility 100 on each route.
 * The OpenStreetMap tiles are blocked (no network here): the map draws without a background.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { withoutStartupWebUi } from '../e2e/chromium-flags';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import type { AuthResponse } from '@shared/contracts';
import { STORAGE_KEYS } from '@shared/constants';
import { client, startServer, table, type BenchServer } from './harness';
import { saveFigures, type Figure } from './results';

const PORT = Number(process.env.LIGHTHOUSE_BENCH_PORT ?? 5360);
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = fileURLToPath(new URL('../dist/client', import.meta.url));
const ROUTES = (process.env.LIGHTHOUSE_ROUTES?.split(',') ?? ['/', '/find-trucks', '/operator-dashboard']).map((r) => r.trim());

async function signInOperator(post: ReturnType<typeof client>['post']): Promise<AuthResponse> {
  const session = await post<AuthResponse>('/api/auth/register', {
    phone: `512555${String(Date.now() % 10_000).padStart(4, '0')}`,
    password: 'correct-horse-1',
    role: 'operator',
  });
  await post('/bench/subscribe', { operatorId: session.user.id });
  for (const [i, name] of ['Lighthouse Tacos', 'Lighthouse BBQ', 'Lighthouse Curry'].entries()) {
    const res = await fetch(`${BASE}/api/food-trucks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ name, cuisine: ['Mexican', 'BBQ', 'Indian'][i], latitude: 30.27 + i / 100, longitude: -97.74, isOpen: i !== 1 }),
    });
    if (res.status !== 201) throw new Error(`truck: ${res.status} ${await res.text()}`);
  }
  return session;
}

async function main() {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error('dist/client is missing: run `npm run build` first');
  const { post } = client(BASE);
  let server: BenchServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  const figures: Figure[] = [];
  try {
    server = await startServer(PORT, { BENCH_CLIENT_DIR: DIST });
    await post('/bench/seed', { count: 100, region: 'austin' });
    const operator = await signInOperator(post);
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // chrome-launcher's defaults with ours, and one --disable-features for both (e2e/chromium-flags.ts).
      ignoreDefaultFlags: true,
      chromeFlags: withoutStartupWebUi([
        ...chromeLauncher.Launcher.defaultFlags(),
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
      ]),
    });
    // The operator's session, as the login screen stores it (kept: disableStorageReset).
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${BASE}/api/health`);
    await page.evaluate(
      (keys, token, user) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.user, user);
      },
      STORAGE_KEYS,
      operator.token,
      JSON.stringify(operator.user),
    );
    await page.close();
    await browser.disconnect();

    const rows: (string | number)[][] = [];
    const chromePort = chrome.port;
    for (const route of ROUTES) {
      const audit = () =>
        lighthouse(`${BASE}${route}`, {
          port: chromePort,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: true,
          blockedUrlPatterns: ['*tile.openstreetmap.org*'],
        });
      // A trace that failed to record (runtimeError, e.g. NO_NAVSTART: seen about one run in ten)
      // says nothing about the page: run that route once more.
      let result = await audit();
      if (result?.lhr.runtimeError) {
        console.log(`  ${route}: lighthouse ${result.lhr.runtimeError.code}, running it again`);
        result = await audit();
      }
      if (!result) throw new Error(`lighthouse gave no result for ${route}`);
      // LIGHTHOUSE_REPORT_DIR: keep each route's full report (the LCP element, long tasks, JS boot-up).
      const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
      if (reportDir) {
        mkdirSync(reportDir, { recursive: true });
        writeFileSync(
          path.join(reportDir, `${route.replace(/\W+/g, '_') || 'root'}.json`),
          JSON.stringify(result.lhr),
        );
      }
      const { categories, audits } = result.lhr;
      const performance = Math.round((categories.performance?.score ?? 0) * 100);
      const accessibility = Math.round((categories.accessibility?.score ?? 0) * 100);
      const lcp = audits['largest-contentful-paint']?.numericValue ?? NaN;
      const tbt = audits['total-blocking-time']?.numericValue ?? NaN;
      const failedA11y = Object.values(audits)
        .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0 && categories.accessibility?.auditRefs.some((r) => r.id === a.id))
        .map((a) => a.id);
      for (const id of failedA11y) {
        const details = audits[id]?.details;
        const items = details && 'items' in details ? (details.items as Array<{ node?: { selector?: string; snippet?: string } }>) : [];
        for (const item of items.slice(0, 5)) console.log(`  ${route} ${id}: ${item.node?.selector ?? '?'} ${item.node?.snippet ?? ''}`);
      }
      rows.push([route, performance, accessibility, `${Math.round(lcp)} ms`, `${Math.round(tbt)} ms`, failedA11y.join(', ') || '—']);
      figures.push({
        figure: `Lighthouse mobile ${route}: performance / accessibility (LCP, TBT)`,
        ours: `${performance} / ${accessibility} (LCP ${(lcp / 1000).toFixed(1)} s, TBT ${Math.round(tbt)} ms)`,
        baseline: 'the budgets',
        budget: 'performance ≥ 90, accessibility 100',
        met: performance >= 90 && accessibility === 100,
      });
    }
    table('Lighthouse, mobile preset (simulated slow 4G, 4× CPU slowdown)', ['route', 'performance', 'accessibility', 'LCP', 'TBT', 'failed a11y audits'], rows);
    saveFigures('lighthouse', figures);
  } finally {
    await chrome?.kill();
    await server?.stop();
  }
}

await main();
