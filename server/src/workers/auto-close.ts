import { and, asc, eq, lt } from 'drizzle-orm';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import { foodTrucks } from '../db/schema';
import { truckColumns } from '../modules/trucks/truck.repository';
import { publishTruckEvent } from '../modules/trucks/truck-events';
import type { BackgroundWorker, WorkerContext } from './worker';

const BATCH = 100;
export const DEFAULT_AUTO_CLOSE_HOURS = 8;

/**
 * Honest freshness (issue 14): a truck left open with no location update for AUTO_CLOSE_HOURS is
 * closed by the server, so the map never shows a truck as open hours after it left. Each close is a
 * `closed` truck event in the same transaction (diners' lists and streams update like any close),
 * and `auto_closed_at` is the note the operator's dashboard shows until the truck opens again.
 * `lastUpdated` is left alone: it still tells how old the last known position is.
 * One process at a time (advisory key `autoClose`); tests pass `now` instead of waiting.
 */
export const autoClose = {
  name: 'auto-close',
  intervalMs: 5 * 60_000,
  async run(ctx: WorkerContext, now: Date = new Date()): Promise<number> {
    const hours = ctx.config.autoCloseHours ?? DEFAULT_AUTO_CLOSE_HOURS;
    const staleBefore = new Date(now.getTime() - hours * 3_600_000);
    let handled = 0;
    for (;;) {
      const done = await ctx.db.transaction(async (tx) => {
        if (!(await tryAdvisoryXactLock(tx, 'autoClose'))) return 0;
        const stale = await tx
          .select({ id: foodTrucks.id })
          .from(foodTrucks)
          .where(and(eq(foodTrucks.isOpen, true), lt(foodTrucks.lastUpdated, staleBefore)))
          .orderBy(asc(foodTrucks.lastUpdated))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const { id } of stale) {
          // Re-checked in the update: an operator's update committed meanwhile keeps the truck open.
          const [closed] = await tx
            .update(foodTrucks)
            .set({ isOpen: false, autoClosedAt: now })
            .where(
              and(
                eq(foodTrucks.id, id),
                eq(foodTrucks.isOpen, true),
                lt(foodTrucks.lastUpdated, staleBefore),
              ),
            )
            .returning(truckColumns);
          if (closed) await publishTruckEvent(tx, 'closed', closed);
        }
        return stale.length;
      });
      handled += done;
      if (done < BATCH) return handled;
    }
  },
} satisfies BackgroundWorker;
