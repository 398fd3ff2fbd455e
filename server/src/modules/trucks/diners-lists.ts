import type { Database } from '../../db/client';
import { DinersIndex } from './diners-index';
import { RepresentationCache } from './truck-list-cache';
import type { TruckFeed } from './truck-feed';
import { lastTruckEventId, truckChangedBetween } from './truck-events';
import { dinersIndexSource } from './trucks.service';

/** A vote reaches the cached diners' lists within this long (open pages get it live at once). */
export const RATING_LIST_DELAY_MS = 5000;

/** What the diners' list routes read from: built once per app by buildApp, kept current by the truck feed. */
export interface DinersLists {
  /**
   * The diners' lists (the unfiltered one and one per polled position) are the same for every
   * caller but operators: built, serialised and compressed once per change, dropped on every truck
   * change from any process. A diner polling every 7 s revalidates from memory, without database work.
   */
  cache: RepresentationCache;
  /** The diners' summaries in memory (ADR 0120): the summary lists are built from it, not the database. */
  index: DinersIndex;
  /**
   * Drops every cached list and reloads the index in the background: for changes no truck event
   * describes — a gap in notifications, or trucks written in bulk by the benchmark's seeding.
   */
  everythingChanged(): void;
  /**
   * This process answered a write (any POST, PUT, PATCH or DELETE: called before the answer is
   * sent, so after its transaction committed). The next list read checks it is in the lists.
   */
  wrote(): void;
  /**
   * Read-your-writes (ADR 0165): after a write this process answered, makes the cache and the index
   * hold every truck event committed so far, even those whose NOTIFY is still on its way
   * (PostgreSQL delivers them after the commit, asynchronously). One `max(id)` query after each
   * write; none while nothing was written, so polling stays free of database work.
   */
  holdOwnWrites(): Promise<void>;
}

/** The diners' list cache and index of this process, subscribed to the truck feed. */
export function createDinersLists(db: Database, feed: TruckFeed): DinersLists {
  const cache = new RepresentationCache({
    maxEntries: 256,
    // The whole list of 10,000 trucks is 2.5 MB (summary) to 4 MB (full): kept, not rebuilt and
    // recompressed for every diner (65 ms each at 10,000 trucks when a 512 KB cap left it out).
    maxBytes: 32 * 1024 * 1024,
    maxAgeMs: 60_000,
  });
  const index = new DinersIndex(dinersIndexSource(db));
  const everythingChanged = () => {
    cache.invalidate();
    index.everythingChanged();
  };
  /** The largest event id notified on either channel: notifications arrive in id order. */
  let lastNotified = 0;
  const notified = (payload: string) => {
    const id = Number(payload);
    if (Number.isSafeInteger(id)) lastNotified = Math.max(lastNotified, id);
  };
  let writes = 0;
  let writesHeld = 0;
  async function holdOwnWrites(): Promise<void> {
    if (writesHeld === writes) return;
    const upTo = writes;
    const committed = await lastTruckEventId(db);
    // Events not notified yet are read as their notifications would have been: the index applies
    // them, and the cached lists are dropped (after the catch-up, so none is rebuilt from the older
    // index) — or, when they are only votes, aged as a vote's notification ages them.
    const notifiedBefore = lastNotified;
    if (committed > notifiedBefore) {
      const changed = await truckChangedBetween(db, notifiedBefore, committed);
      await index.catchUp(committed);
      if (changed) cache.invalidate();
      else cache.expireSoon(RATING_LIST_DELAY_MS);
    }
    writesHeld = Math.max(writesHeld, upTo);
  }
  feed.subscribe({
    truckEvent(payload) {
      notified(payload);
      cache.invalidate();
      index.eventNotified(payload);
    },
    // A vote ages the cached lists rather than dropping them (no timer: the entries' age does it).
    ratingEvent(payload) {
      notified(payload);
      cache.expireSoon(RATING_LIST_DELAY_MS);
      index.eventNotified(payload);
    },
    // Changes NOTIFYed while PostgreSQL's LISTEN connection was down never reached the lists.
    notificationGap: everythingChanged,
  });
  return {
    cache,
    index,
    everythingChanged,
    wrote: () => {
      writes += 1;
    },
    holdOwnWrites,
  };
}
