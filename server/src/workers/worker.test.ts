import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness';
import { startWorkers, type BackgroundWorker } from './worker';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const HOUR = 60 * 60 * 1000;

/** A worker whose rounds are counted and can be held open, to watch the runner's scheduling. */
function countingWorker(extra: Partial<BackgroundWorker> = {}) {
  let rounds = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  let release: (() => void) | undefined;
  const worker: BackgroundWorker = {
    name: 'counting',
    intervalMs: HOUR,
    async run() {
      rounds += 1;
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      await new Promise<void>((resolve) => {
        release = resolve;
        if (!extra.wakeChannel) resolve();
      });
      concurrent -= 1;
      return 0;
    },
    ...extra,
  };
  return {
    worker,
    rounds: () => rounds,
    maxConcurrent: () => maxConcurrent,
    release: () => release?.(),
  };
}

describe('the worker runner', () => {
  it('runs a round at start and on demand, never two at once, and one more if asked while busy', async () => {
    const counter = countingWorker();
    const workers = await startWorkers(server.workerContext, [counter.worker]);
    await workers.runNow('counting');
    await Promise.all([workers.runNow('counting'), workers.runNow('counting'), workers.runNow('counting')]);
    await workers.stop();
    expect(counter.maxConcurrent()).toBe(1);
    // The start round, the first runNow, then the three concurrent asks fold into at most two rounds.
    expect(counter.rounds()).toBeGreaterThanOrEqual(3);
    expect(counter.rounds()).toBeLessThanOrEqual(4);
  });

  it('starts a round when a NOTIFY arrives on its wake channel, and stop waits for the round in hand', async () => {
    const counter = countingWorker({ name: 'woken', wakeChannel: 'worker_test_wake' });
    const workers = await startWorkers(server.workerContext, [counter.worker]);
    await vi.waitFor(() => expect(counter.rounds()).toBe(1));
    counter.release();
    await server.db.execute(sql`select pg_notify('worker_test_wake', '')`);
    await vi.waitFor(() => expect(counter.rounds()).toBe(2), { timeout: 5000 });
    let stopped = false;
    const stopping = workers.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    counter.release();
    await stopping;
    expect(stopped).toBe(true);
  });

  it('keeps going after a round throws', async () => {
    let calls = 0;
    const failing: BackgroundWorker = {
      name: 'failing',
      intervalMs: HOUR,
      run: async () => {
        calls += 1;
        throw new Error('provider down');
      },
    };
    const workers = await startWorkers(server.workerContext, [failing]);
    await workers.runNow('failing');
    await workers.runNow('failing');
    await workers.stop();
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('refuses to run a worker it does not know', async () => {
    const workers = await startWorkers(server.workerContext, []);
    await expect(workers.runNow('nope')).rejects.toThrow('no worker named nope');
    await workers.stop();
  });
});
