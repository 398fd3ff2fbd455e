import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import { foodTrucks, truckScheduleStops } from '../db/schema';
import { expandStops } from '../modules/schedules/occurrences';
import { loadStops, truckZones } from '../modules/schedules/schedule.repository';
import { truckColumns } from '../modules/trucks/truck.repository';
import { publishTruckEvent } from '../modules/trucks/truck-events';
import { goingAfterTruckChange } from '../modules/going/going.service';
import type { BackgroundWorker, WorkerContext } from './worker';

const BATCH = 100;

/**
 * When someone last vouched for an open truck: its last position change, or a later heartbeat (a
 * device fix at its spot or the operator's "still here", `last_seen_at`). GREATEST skips the null of
 * a truck that never had one.
 */
const lastVouched = sql<Date>`greatest(${foodTrucks.lastUpdated}, ${foodTrucks.lastSeenAt})`.mapWith(foodTrucks.lastUpdated);
export const DEFAULT_AUTO_CLOSE_HOURS = 8;
export const DEFAULT_STOP_END_GRACE_MINUTES = 30;

/**
 * Open trucks whose last update (opening, move, or a later heartbeat) fell inside one of their scheduled stops that ended
 * more than STOP_END_GRACE_MINUTES ago are closed the same way: the stop is over, so the truck has
 * most likely left. An update after the stop's end (the operator is still there) keeps it open, and
 * so does opening outside any stop. Re-checked in the update (`lastUpdated` still before the stop's
 * end), so an update committed meanwhile wins.
 */
async function closeAfterStopsEnd(ctx: WorkerContext, now: Date): Promise<number> {
  const graceMs = (ctx.config.stopEndGraceMinutes ?? DEFAULT_STOP_END_GRACE_MINUTES) * 60_000;
  const defaultZone = ctx.config.defaultTimeZone ?? DEFAULT_TIME_ZONE;
  return ctx.db.transaction(async (tx) => {
    if (!(await tryAdvisoryXactLock(tx, 'autoClose'))) return 0;
    const open = await tx
      .selectDistinct({ id: foodTrucks.id, lastUpdated: lastVouched })
      .from(foodTrucks)
      .innerJoin(truckScheduleStops, eq(truckScheduleStops.foodTruckId, foodTrucks.id))
      .where(eq(foodTrucks.isOpen, true));
    if (open.length === 0) return 0;
    const ids = open.map((t) => t.id);
    const [zones, stops] = await Promise.all([truckZones(tx, ids, defaultZone), loadStops(tx, ids)]);
    let closedCount = 0;
    for (const { id, lastUpdated } of open) {
      // The occurrences under way at the last update (a window of one millisecond at it).
      const at = lastUpdated.getTime();
      const ended = expandStops(stops.get(id) ?? [], zones.get(id) ?? defaultZone, lastUpdated, new Date(at + 1)).find(
        (o) => o.start.toMillis() <= at && o.end.toMillis() + graceMs <= now.getTime(),
      );
      if (!ended) continue;
      const [closed] = await tx
        .update(foodTrucks)
        .set({ isOpen: false, autoClosedAt: now })
        .where(and(eq(foodTrucks.id, id), eq(foodTrucks.isOpen, true), lt(lastVouched, ended.end.toJSDate())))
        .returning(truckColumns);
      if (closed) {
        await publishTruckEvent(tx, 'closed', closed);
        // Diners who said they were going are told it closed (issue 31).
        await goingAfterTruckChange(tx, ctx.config, { ...closed, isOpen: true }, closed, now);
        closedCount += 1;
      }
    }
    return closedCount;
  });
}

/**
 * Honest freshness (issue 14): a truck left open with no location update (and no heartbeat, issue 24) for AUTO_CLOSE_HOURS is
 * closed by the server, so the map never shows a truck as open hours after it left. Each close is a
 * `closed` truck event in the same transaction (diners' lists and streams update like any close),
 * and `auto_closed_at` is the note the operator's dashboard shows until the truck opens again.
 * `lastUpdated` is left alone: it still tells how old the last known position is.
 * A truck whose scheduled stop has ended is closed the same way after a grace period (closeAfterStopsEnd).
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
          .where(and(eq(foodTrucks.isOpen, true), lt(lastVouched, staleBefore)))
          .orderBy(asc(lastVouched))
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
                lt(lastVouched, staleBefore),
              ),
            )
            .returning(truckColumns);
          if (closed) {
            await publishTruckEvent(tx, 'closed', closed);
            await goingAfterTruckChange(tx, ctx.config, { ...closed, isOpen: true }, closed, now);
          }
        }
        return stale.length;
      });
      handled += done;
      if (done < BATCH) return handled + (await closeAfterStopsEnd(ctx, now));
    }
  },
} satisfies BackgroundWorker;
