import { lt, lte, max } from 'drizzle-orm';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import { truckEvents } from '../db/schema';
import { EVENT_STREAM_DEFAULTS } from '../modules/events/truck-event-hub';
import { pruneGoing } from '../modules/going/going.service';
import type { BackgroundWorker, WorkerContext } from './worker';

/**
 * Deletes truck events older than the event stream's retention (24 h; tests shorten it through
 * config.eventStream.retentionMs). A client resuming from a pruned id gets `reset` and refetches
 * (modules/events/truck-event-hub.ts). Hourly, and once when the workers start; one process at a
 * time (advisory key `truckEventsPrune`). Also prunes what "I'm going" no longer needs. Tests pass `now` instead of waiting.
 */
export const truckEventsPrune = {
  name: 'truck-events-prune',
  intervalMs: 60 * 60_000,
  async run(ctx: WorkerContext, now: Date = new Date()): Promise<number> {
    const retentionMs = ctx.config.eventStream?.retentionMs ?? EVENT_STREAM_DEFAULTS.retentionMs;
    return ctx.db.transaction(async (tx) => {
      if (!(await tryAdvisoryXactLock(tx, 'truckEventsPrune'))) return 0;
      // Up to the newest old event, by id: what remains is every id after a point, which is how a
      // stream tells a complete replay from one with pruned events missing (truck-event-hub.ts).
      // (Ids follow commit order and created_at is the transaction's start, so the two may differ
      // slightly; a young event with a smaller id than an old one goes too.)
      const newestOld = tx
        .select({ id: max(truckEvents.id) })
        .from(truckEvents)
        .where(lt(truckEvents.createdAt, new Date(now.getTime() - retentionMs)));
      const pruned = await tx
        .delete(truckEvents)
        .where(lte(truckEvents.id, newestOld))
        .returning({ id: truckEvents.id });
      // "I'm going" rows of stops that are over, and notices older than a day (issue 31).
      await pruneGoing(tx, now);
      return pruned.length;
    });
  },
} satisfies BackgroundWorker;
