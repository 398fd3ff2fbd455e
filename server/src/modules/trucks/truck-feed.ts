import type { DatabaseHandle } from '../../db/client';
import { USER_SESSIONS_CHANNEL } from '../../plugins/auth';
import { ORDER_EVENTS_CHANNEL } from '../orders/order-events';
import { TRUCK_EVENTS_CHANNEL, TRUCK_RATINGS_CHANNEL } from './truck-events';
import { GOING_CHANNEL, GOING_NOTICES_CHANNEL } from '../going/going-channels';

/**
 * What a subscriber of the truck feed hears. Every handler is optional and called synchronously,
 * in the order the subscribers subscribed; a handler that has slow work to do starts it and returns.
 */
export interface TruckFeedSubscriber {
  /** A truck event committed (TRUCK_EVENTS_CHANNEL); the payload is its truck_events id. */
  truckEvent?(payload: string): void;
  /** A rating vote committed (TRUCK_RATINGS_CHANNEL, a `rated` event); the payload is its id. */
  ratingEvent?(payload: string): void;
  /** An order was created or changed (ORDER_EVENTS_CHANNEL); the payload is its id. */
  orderEvent?(payload: string): void;
  /** An account's session changed: role, password, deletion (USER_SESSIONS_CHANNEL; payload: the user id). */
  sessionChanged?(payload: string): void;
  /** A truck's "I'm going" counts changed (GOING_CHANNEL; payload `{ operatorId, truckId }`). */
  goingChanged?(payload: string): void;
  /** Diners going to a stop must be told it closed, moved or was cancelled (payload: a going_notices id). */
  goingNotice?(payload: string): void;
  /**
   * Notifications may have been missed: PostgreSQL's LISTEN connection dropped, and again once it
   * listens again. Whatever a subscriber derived from the notifications must be rebuilt.
   */
  notificationGap?(): void;
}

/**
 * The one place a server process hears of truck changes (ADR 0130). `buildApp` opens it once per
 * app: it LISTENs to the truck channels (and to session changes, which end event streams), watches
 * for gaps in notifications (the database handle reconnects by itself and reports them), and hands
 * every notification to its subscribers — the diners' lists and index, the event hub, the voice
 * assistant. Nothing else in the modules LISTENs to these channels.
 */
export class TruckFeed {
  private readonly subscribers = new Set<TruckFeedSubscriber>();
  private stops: Array<() => unknown> = [];
  private closed = false;

  private constructor() {}

  static async open(database: DatabaseHandle): Promise<TruckFeed> {
    const feed = new TruckFeed();
    const each = (pick: (s: TruckFeedSubscriber) => ((payload: string) => void) | undefined) => (payload: string) => {
      for (const subscriber of feed.subscribers) pick(subscriber)?.call(subscriber, payload);
    };
    const unlisten = await Promise.all([
      database.listen(TRUCK_EVENTS_CHANNEL, each((s) => s.truckEvent)),
      database.listen(TRUCK_RATINGS_CHANNEL, each((s) => s.ratingEvent)),
      database.listen(USER_SESSIONS_CHANNEL, each((s) => s.sessionChanged)),
      database.listen(GOING_CHANNEL, each((s) => s.goingChanged)),
      database.listen(GOING_NOTICES_CHANNEL, each((s) => s.goingNotice)),
      database.listen(ORDER_EVENTS_CHANNEL, each((s) => s.orderEvent)),
    ]);
    const stopGapWatch = database.onNotificationGap(() => {
      for (const subscriber of feed.subscribers) subscriber.notificationGap?.();
    });
    feed.stops = [stopGapWatch, ...unlisten];
    return feed;
  }

  /** Adds a subscriber; returns the function that removes it. */
  subscribe(subscriber: TruckFeedSubscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  /** Stops listening (app close); subscribers hear nothing more. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.subscribers.clear();
    await Promise.all(this.stops.map((stop) => Promise.resolve().then(stop).catch(() => {})));
  }
}
