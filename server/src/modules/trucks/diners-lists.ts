import type { Database } from '../../db/client';
import { DinersIndex } from './diners-index';
import { RepresentationCache } from './truck-list-cache';
import type { TruckFeed } from './truck-feed';
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
  feed.subscribe({
    truckEvent(payload) {
      cache.invalidate();
      index.eventNotified(payload);
    },
    // A vote ages the cached lists rather than dropping them (no timer: the entries' age does it).
    ratingEvent(payload) {
      cache.expireSoon(RATING_LIST_DELAY_MS);
      index.eventNotified(payload);
    },
    // Changes NOTIFYed while PostgreSQL's LISTEN connection was down never reached the lists.
    notificationGap: everythingChanged,
  });
  return { cache, index, everythingChanged };
}
