import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../app';
import type { Database, DatabaseHandle } from '../db/client';
import type { Integrations } from '../integrations';

/** What a worker may use: the database, the integrations and a logger — never the HTTP app. */
export interface WorkerContext {
  db: Database;
  database: DatabaseHandle;
  integrations: Integrations;
  /** The same settings the web side sees. */
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * A unit of background work. `run` does one round (one or more batches) and returns how many items
 * it handled. The runner never overlaps two rounds of one worker in a process; a worker that must
 * run in one process at a time takes its key from db/advisory-locks.ts inside its transaction.
 */
export interface BackgroundWorker {
  name: string;
  /** A round runs this often even when nothing woke it (catches retries and missed wake-ups). */
  intervalMs: number;
  /** A NOTIFY channel that starts a round at once (e.g. a new outbox row), on every process. */
  wakeChannel?: string;
  run(ctx: WorkerContext): Promise<number>;
}

export interface RunningWorkers {
  /** Runs one round of the named worker now and waits for it (tests, admin tools). */
  runNow(name: string): Promise<void>;
  /** Stops the timers and listeners and waits for the rounds in progress to finish their batch. */
  stop(): Promise<void>;
}

class WorkerLoop {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    readonly worker: BackgroundWorker,
    private readonly ctx: WorkerContext,
  ) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => this.trigger(), this.worker.intervalMs);
    this.timer.unref();
    if (this.worker.wakeChannel) {
      this.unlisten = await this.ctx.database.listen(this.worker.wakeChannel, () => this.trigger());
    }
    this.trigger();
  }

  /** Starts a round, or asks for one more right after the round in progress. */
  trigger(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        const handled = await this.worker.run(this.ctx);
        if (handled > 0) this.ctx.log.info({ worker: this.worker.name, handled }, 'worker round done');
      } catch (err) {
        this.ctx.log.error({ err, worker: this.worker.name }, 'worker round failed');
      }
    } while (this.again && !this.stopped);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.unlisten?.().catch(() => {});
    await this.running;
  }
}

/** Starts each worker's loop in this process (server.ts, by PROCESS_ROLE). */
export async function startWorkers(
  ctx: WorkerContext,
  workers: readonly BackgroundWorker[],
): Promise<RunningWorkers> {
  const loops = new Map(workers.map((w) => [w.name, new WorkerLoop(w, ctx)]));
  for (const loop of loops.values()) await loop.start();
  return {
    async runNow(name) {
      const loop = loops.get(name);
      if (!loop) throw new Error(`no worker named ${name}`);
      await loop.trigger();
    },
    async stop() {
      await Promise.all([...loops.values()].map((l) => l.stop()));
    },
  };
}
