/**
 * Playwright's web server: runs e2e/serve.ts in a child process and, if that server dies without
 * being asked to (no SIGTERM from Playwright), says so on stderr with its exit code and signal and
 * starts a new one (on a fresh database, as at the start), at most MAX_RESTARTS times.
 *
 * Why: on PostgreSQL the e2e server has vanished mid-run about one run in three (the voice spec's
 * typed question, then nothing listening: exit status 0, without its own 'exit' handler running —
 * a native exit, cause not found yet). Without this, one such death fails every later test and the
 * whole CI run; with it, the test in flight fails once, its retry runs on the new server, and the
 * death is printed as `[WebServer] e2e supervisor: …` for whoever investigates.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const MAX_RESTARTS = 3;
let restarts = 0;
let stopping = false;
let server: ChildProcess;

function start(): void {
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: process.env,
  });
  server.on('exit', (code, signal) => {
    if (stopping) {
      process.exit(code ?? 0);
      return;
    }
    console.error(`e2e supervisor: the e2e server died unasked (exit code ${code}, signal ${signal})`);
    if (restarts >= MAX_RESTARTS) {
      console.error('e2e supervisor: too many deaths, giving up');
      process.exit(1);
    }
    restarts += 1;
    console.error(`e2e supervisor: starting a new e2e server (restart ${restarts} of ${MAX_RESTARTS})`);
    start();
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    server.kill(signal);
  });
}
start();
