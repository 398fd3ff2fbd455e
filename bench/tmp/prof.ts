// Throwaway: CPU profile of a cold /find-trucks under a real 4x slowdown, attributed by source map.
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map';
import { client, startServer } from '../harness';

const PORT = 5371;
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = path.resolve('dist/client');
const RUNS = Number(process.env.RUNS ?? 3);

async function main() {
  const server = await startServer(PORT, { BENCH_CLIENT_DIR: DIST, SERVER_RENDER: process.env.SERVER_RENDER ?? 'public-screens' });
  const { post } = client(BASE);
  await post('/bench/seed', { count: 100, region: 'austin' });
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
  const totals = new Map<string, number>();
  const byTask: string[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${BASE}/find-trucks`, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 8000));
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } }[]; samples: number[]; timeDeltas: number[]; startTime: number } };
      const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]));
      console.log('run', run, JSON.stringify(paints));
      const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
      const maps = new Map<string, SourceMapConsumer | null>();
      const where = async (cf: { url: string; functionName: string; lineNumber: number; columnNumber: number }) => {
        if (!cf.url) return cf.functionName || '(native)';
        const file = cf.url.replace(/^https?:\/\/[^/]+/, '');
        if (!file.startsWith('/assets/')) return file + ' ' + cf.functionName;
        let m = maps.get(file);
        if (m === undefined) {
          const p = path.join(DIST, file + '.map');
          m = existsSync(p) ? await new SourceMapConsumer(JSON.parse(readFileSync(p, 'utf8'))) : null;
          maps.set(file, m);
        }
        if (!m) return file;
        const pos = m.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber });
        const src = (pos.source ?? file).replace(/.*node_modules\//, 'nm:').replace(/^.*\/client\/src\//, 'src/');
        return `${src} ${pos.name ?? cf.functionName}`;
      };
      const parent = new Map<number, number>();
      for (const n of profile.nodes as { id: number; children?: number[] }[]) for (const c of n.children ?? []) parent.set(c, n.id);
      // Bursts: runs of non-idle samples with gaps under 1 ms.
      {
        let t = profile.startTime;
        let burst: { start: number; end: number; samples: number[] } | null = null;
        const bursts: { start: number; end: number; samples: number[] }[] = [];
        const navStart = profile.startTime;
        for (let i = 0; i < profile.samples.length; i++) {
          t += profile.timeDeltas[i] ?? 0;
          const id = profile.samples[i]!;
          const name = nodes.get(id)!.callFrame.functionName;
          if (name === '(idle)') { if (burst && t - burst.end > 1000) { bursts.push(burst); burst = null; } continue; }
          if (!burst) burst = { start: t, end: t, samples: [] };
          burst.end = t; burst.samples.push(id);
        }
        if (burst) bursts.push(burst);
        for (const b of bursts) {
          const dur = (b.end - b.start) / 1000;
          if (dur < 50) continue;
          const self = new Map<string, number>();
          const roots = new Map<string, number>();
          for (const id of b.samples) {
            const k = await where(nodes.get(id)!.callFrame);
            self.set(k, (self.get(k) ?? 0) + 1);
            // app frames on the stack
            const app: string[] = [];
            for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
              const w = await where(nodes.get(n)!.callFrame);
              if (w.startsWith('src/') || w.startsWith('../../../shared')) app.push(w);
            }
            const chain: number[] = [];
            for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) chain.push(n);
            // outermost JS frame (below (root))
            const outer = chain.length >= 2 ? await where(nodes.get(chain[chain.length - 2]!)!.callFrame) : '?';
            const top = (outer + ' || ' + app.slice(-2).reverse().join(' > ')) || '(none)';
            roots.set(top, (roots.get(top) ?? 0) + 1);
          }
          const fmt = (m: Map<string, number>) => [...m].sort((a, c) => c[1] - a[1]).slice(0, 6).map(([k, v]) => `${k}:${((v / b.samples.length) * dur).toFixed(0)}`).join(' | ');
          console.log(`  burst @${((b.start - navStart) / 1000).toFixed(0)} ${dur.toFixed(0)}ms\n    self: ${fmt(self)}\n    app: ${fmt(roots)}`);
        }
      }
      const cache = new Map<number, string>();
      for (let i = 0; i < profile.samples.length; i++) {
        const id = profile.samples[i]!;
        let key = cache.get(id);
        if (key === undefined) {
          key = await where(nodes.get(id)!.callFrame);
          cache.set(id, key);
        }
        totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      }
      await ctx.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [k, v] of rows) console.log((v / RUNS).toFixed(0).padStart(6), k);
  // By file (package)
  const byFile = new Map<string, number>();
  for (const [k, v] of totals) {
    const f = k.split(' ')[0]!.replace(/^(nm:(@[^/]+\/)?[^/]+).*/, '$1');
    byFile.set(f, (byFile.get(f) ?? 0) + v);
  }
  console.log('--- by file');
  for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / RUNS).toFixed(0).padStart(6), k);
  void byTask;
}
void main();
