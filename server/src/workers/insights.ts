import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import type { InsightsBuffer } from '../modules/insights/insights-buffer';
import { rollupInsights } from '../modules/insights/insights.service';
import type { BackgroundWorker, WorkerContext } from './worker';

/**
 * Writes this process's insight events (issue 31) in batches, every two seconds: recording on the
 * request path is only a push onto the buffer (modules/insights/insights-buffer.ts). Started by
 * every process that serves HTTP (its buffer is that process's own), not with the shared workers.
 */
export function insightsFlush(buffer: InsightsBuffer): BackgroundWorker {
  return {
    name: 'insights-flush',
    intervalMs: 2000,
    run: (ctx: WorkerContext) => buffer.flush(ctx.db),
  };
}

/**
 * Rolls the raw insight events up into daily counts — each truck's local days, once they have
 * ended in its zone — and deletes raw events older than 90 days (issue 31, privacy). Hourly and at
 * start; one process at a time (advisory key `insightsRollup`). Tests pass `now`.
 */
export const insightsRollup = {
  name: 'insights-rollup',
  intervalMs: 60 * 60_000,
  async run(ctx: WorkerContext, now: Date = ctx.config.insightsClock?.() ?? new Date()): Promise<number> {
    return ctx.db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, 'insightsRollup'))) return 0;
      return rollupInsights(tx, now, ctx.config.defaultTimeZone ?? DEFAULT_TIME_ZONE);
    });
  },
} satisfies BackgroundWorker;
