/**
 * The page's first `Intl` formatter makes ICU load the locale's data: 20-30 ms of the main thread on
 * a fast machine, 90-130 ms in one piece on a 4× slowed phone (issue 33), whichever formatter comes
 * first. ICU keeps that data for the whole renderer process, not per thread, so a worker that
 * formats first leaves the main thread's first formatter at about 0.3 ms (measured in Chromium,
 * session 35: 26 ms without, 0.3 ms after the worker). Started from the page's first script
 * (main.tsx), it runs while the app's code downloads; starting it costs the main thread 3-7 ms.
 * Where workers are missing or refused, the page's formatters load the data themselves, as before.
 *
 * Resolves once the worker has formatted (or failed, or after `WARM_UP_WAIT_MS`): the app starts
 * then (main.tsx). Started at once, the app's first formatter, a signed-in screen's check of how
 * this browser writes dates (server-data.ts), often came before the worker's: 30-35 ms of ICU
 * inside the 60-73 ms task that evaluates the app, on the dashboard (Lighthouse traces, session 44).
 */
export function warmIntlOffMainThread(): Promise<void> {
  if (typeof Worker !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    try {
      const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { name: 'intl-warm-up' });
      const done = () => {
        worker.terminate();
        resolve();
      };
      worker.addEventListener('message', done);
      worker.addEventListener('error', done);
      setTimeout(resolve, WARM_UP_WAIT_MS);
    } catch {
      /* a browser that refuses the worker: the first formatter pays, as before */
      resolve();
    }
  });
}

/**
 * The longest the app waits for the warm-up: a worker slow to start (its script is a request of
 * its own) must not hold the page back. The app's own code usually arrives later than this anyway.
 */
const WARM_UP_WAIT_MS = 500;
