// Throwaway: trace a cold /find-trucks under a real 4x slowdown; per long task, what ran (source-mapped).
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { SourceMapConsumer } from 'source-map';
import { client, startServer } from '../harness';

const PORT = 5372;
const BASE = `http://127.0.0.1:${PORT}`;
const DIST = path.resolve('dist/client');
const RUNS = Number(process.env.RUNS ?? 2);
const ROUTE = process.env.ROUTE ?? '/find-trucks';
type CF = { url: string; functionName: string; lineNumber: number; columnNumber: number };
interface Ev { name: string; ts: number; dur?: number; pid: number; tid: number; ph: string; args: any; id?: string }

async function main() {
  const server = await startServer(PORT, { BENCH_CLIENT_DIR: DIST, SERVER_RENDER: process.env.SERVER_RENDER ?? 'public-screens' });
  const { post } = client(BASE);
  await post('/bench/seed', { count: 100, region: 'austin' });
  const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless=new'] });
  const maps = new Map<string, SourceMapConsumer | null>();
  const where = async (cf: CF) => {
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
    const src = (pos.source ?? file).replace(/.*node_modules\//, 'nm:').replace(/^.*\/client\/src\//, 'src/').replace(/^(\.\.\/)+/, '');
    return `${src}:${pos.line} ${pos.name ?? cf.functionName}`;
  };
  let tbtSum = 0;
  try {
    for (let run = 0; run < RUNS; run++) {
      const ctx = await browser.createBrowserContext();
      const page = await ctx.newPage();
      await page.setViewport({ width: 412, height: 823, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'] });
      await page.goto(`${BASE}${ROUTE}`, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, 7000));
      const buf = await page.tracing.stop();
      const trace = JSON.parse(Buffer.from(buf!).toString("utf8")) as { traceEvents: Ev[] };
      const ev = trace.traceEvents;
      const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((e) => [e.name, Math.round(e.startTime)]));
      const nav = ev.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'))!;
      const t0 = nav.ts;
      // samples on the renderer main thread
      const profile = ev.find((e) => e.name === 'Profile' && e.pid === nav.pid);
      const nodes = new Map<number, { cf: CF; parent?: number }>();
      const samples: { ts: number; id: number }[] = [];
      let t = profile ? profile.args.data.startTime : 0;
      for (const e of ev) {
        if (e.name !== 'ProfileChunk' || e.pid !== nav.pid || e.id !== profile?.id) continue;
        const cp = e.args.data.cpuProfile ?? {};
        for (const n of cp.nodes ?? []) nodes.set(n.id, { cf: n.callFrame, parent: n.parent });
        const deltas: number[] = e.args.data.timeDeltas ?? [];
        (cp.samples ?? []).forEach((id: number, i: number) => { t += deltas[i] ?? 0; samples.push({ ts: t, id }); });
      }
      const tasks = ev.filter((e) => e.name === 'RunTask' && e.pid === nav.pid && e.tid === nav.tid && (e.dur ?? 0) > 50_000 && e.ts >= t0);
      let tbt = 0;
      const fcp = (paints.find((p) => p[0] === 'first-contentful-paint')?.[1] as number) ?? 0;
      console.log(`run ${run} ${JSON.stringify(paints)} samples ${samples.length}`);
      for (const k of tasks) {
        const start = (k.ts - t0) / 1000;
        const dur = k.dur! / 1000;
        if (start > fcp) tbt += dur - 50;
        const inTask = samples.filter((s) => s.ts >= k.ts && s.ts <= k.ts + k.dur!);
        const self = new Map<string, number>();
        const stacks = new Map<string, number>();
        for (const s of inTask) {
          const n = nodes.get(s.id);
          if (!n) continue;
          const k1 = await where(n.cf);
          self.set(k1, (self.get(k1) ?? 0) + 1);
          const app: string[] = [];
          let outer = '';
          for (let id: number | undefined = s.id; id !== undefined; id = nodes.get(id)?.parent) {
            const node = nodes.get(id);
            if (!node || node.cf.functionName === '(root)') break;
            const w = await where(node.cf);
            outer = w;
            if (w.startsWith('src/') || w.startsWith('shared/')) app.push(w.replace(/:\d+ /, ' '));
          }
          const key = `${outer.replace(/:\d+ /, ' ')} || ${app.slice(-3).reverse().join(' > ')}`;
          stacks.set(key, (stacks.get(key) ?? 0) + 1);
        }
        const n = inTask.length || 1;
        const fmt = (m: Map<string, number>, c: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, c).map(([kk, v]) => `      ${((v / n) * dur).toFixed(0).padStart(4)} ${kk}`).join('\n');
        const kinds = ev.filter((e) => e.pid === k.pid && e.tid === k.tid && e.ts >= k.ts && e.ts < k.ts + k.dur! && (e.dur ?? 0) > 8000 && e.name !== 'RunTask' && !e.name.startsWith('v8'))
          .map((e) => `${e.name}:${(e.dur! / 1000).toFixed(0)}`).slice(0, 6).join(' ');
        console.log(`  task @${start.toFixed(0)} ${dur.toFixed(0)}ms  [${kinds}]\n    self:\n${fmt(self, 5)}\n    stacks:\n${fmt(stacks, 5)}`);
      }
      console.log(`  TBT-ish after FCP: ${tbt.toFixed(0)} ms`);
      tbtSum += tbt;
      await ctx.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log('mean TBT-ish', (tbtSum / RUNS).toFixed(0));
}
void main();
