/**
 * Runs jobs one at a time, taking callers in turn: the next job is the oldest one of the waiting
 * caller served least recently (a caller never served comes first). So one caller's burst delays
 * another caller by at most the one job in hand, however many it has queued (issue 32: three
 * 30-second noise recordings queued everyone else's questions behind them for minutes).
 */
export class FairQueue {
  private readonly waiting = new Map<string, { jobs: Array<() => void>; lastServed: number }>();
  private served = 0;
  private running = false;

  run<T>(caller: string, job: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running = true;
        job()
          .then(resolve, reject)
          .finally(() => {
            this.running = false;
            this.next();
          });
      };
      const entry = this.waiting.get(caller);
      if (entry) entry.jobs.push(start);
      else this.waiting.set(caller, { jobs: [start], lastServed: this.lastServed.get(caller) ?? -1 });
      this.next();
    });
  }

  /** When each caller with nothing waiting was last served: kept only while it has a job in hand. */
  private readonly lastServed = new Map<string, number>();

  private next(): void {
    if (this.running) return;
    this.lastServed.clear();
    let chosen: string | undefined;
    for (const [caller, entry] of this.waiting) {
      if (chosen === undefined || entry.lastServed < (this.waiting.get(chosen)?.lastServed ?? 0)) chosen = caller;
    }
    if (chosen === undefined) return;
    const entry = this.waiting.get(chosen);
    const start = entry?.jobs.shift();
    if (!entry || !start) return;
    this.served += 1;
    entry.lastServed = this.served;
    if (entry.jobs.length === 0) {
      this.waiting.delete(chosen);
      // Its job in hand still counts: a caller that queues again at once is not "never served".
      this.lastServed.set(chosen, this.served);
    }
    start();
  }

  /** Jobs waiting (not the one in hand). */
  get size(): number {
    let size = 0;
    for (const entry of this.waiting.values()) size += entry.jobs.length;
    return size;
  }
}
