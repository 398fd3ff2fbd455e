/**
 * The page's first `Intl` formatter makes ICU load the locale's data: 20-30 ms of the main thread on
 * a fast machine, 90-130 ms in one piece on a 4× slowed phone (issue 33), whichever formatter comes
 * first. ICU keeps that data for the whole renderer process, not per thread, so a worker that
 * formats first leaves the main thread's first formatter at about 0.3 ms (measured in Chromium,
 * session 35: 26 ms without, 0.3 ms after the worker). Started from the page's first script
 * (main.tsx), it runs while the app's code downloads; starting it costs the main thread 3-7 ms.
 * Where workers are missing or refused, the page's formatters load the data themselves, as before.
 */
export function warmIntlOffMainThread(): void {
  if (typeof Worker !== 'function') return;
  try {
    const worker = new Worker(new URL('./intl-warm-up.worker.ts', import.meta.url), { name: 'intl-warm-up' });
    const done = () => worker.terminate();
    worker.addEventListener('message', done);
    worker.addEventListener('error', done);
  } catch {
    /* a browser that refuses the worker: the first formatter pays, as before */
  }
}
