import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** One `server/src/server.ts` process, as production runs it, started by a test. */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  /** Resolves once it logged "process ready"; rejects if it exits first. */
  ready: Promise<void>;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it wrote so far (logs, and the offline SMS provider's line per message). */
  output(): string;
  /** Resolves when its output contains `text` (e.g. a log line it writes when it reaches a step). */
  waitForOutput(text: string): Promise<void>;
}

/** A TCP port on loopback that nothing listens on now (the OS picks it; released again at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server as `node --import tsx server/src/server.ts` — node itself, not the tsx wrapper
 * (which runs the server in a child that a signal sent to the wrapper would miss) — with
 * NODE_ENV=production (JSON logs) on 127.0.0.1:`port`, plus `env`.
 */
export function spawnServer(port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // No Stripe keys in tests: production must be told that test-mode payments are meant.
      PAYMENTS_TEST_MODE: '1',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters = new Set<() => void>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const append = (chunk: Buffer) => {
    out += chunk.toString();
    for (const wake of waiters) wake();
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const waitForOutput = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!out.includes(text)) return;
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
      void exited.then((code) => {
        waiters.delete(check);
        reject(new Error(`server on ${port} exited (${code}) before writing ${text}:\n${out}`));
      });
    });
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    ready: waitForOutput('"process ready"'),
    exited,
    output: () => out,
    waitForOutput,
  };
}
