/**
 * Shared by the benchmark scripts (bench/run.ts, bench/map.ts): starting bench/server.ts in its own
 * process, HTTP helpers against it, and the markdown tables they print.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
export const ms = (n: number) => `${n.toFixed(n < 10 ? 2 : 1)} ms`;
export const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

export function table(title: string, head: string[], rows: (string | number)[][]) {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/** JSON requests against one base URL (the bench server). */
export function client(base: string) {
  async function json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await fetch(base + path, init);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }
  const post = <T>(path: string, body?: unknown) =>
    json<T>(path, {
      method: 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { json, post };
}

export interface BenchServer {
  kind: string;
  stop(): Promise<void>;
}

/**
 * bench/server.ts in a child process on 127.0.0.1:port; resolves once it prints `ready <kind>`.
 * `env` is added to the child's environment (e.g. BENCH_CLIENT_DIR to serve the built client).
 */
export function startServer(port: number, env: Record<string, string> = {}): Promise<BenchServer> {
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', fileURLToPath(new URL('./server.ts', import.meta.url))],
    {
      env: { ...process.env, PAYMENTS_TEST_MODE: '1', ...env, BENCH_PORT: String(port), NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('bench server did not start within 60 s'));
    }, 60_000);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /ready (\w+)/.exec(chunk.toString());
      if (!match) return;
      clearTimeout(timer);
      resolve({
        kind: match[1] ?? '?',
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}
