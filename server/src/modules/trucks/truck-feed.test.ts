import { describe, expect, it } from 'vitest';
import type { DatabaseHandle, NotificationListener } from '../../db/client';
import { USER_SESSIONS_CHANNEL } from '../../plugins/auth';
import { GOING_CHANNEL, GOING_NOTICES_CHANNEL } from '../going/going-channels';
import { ORDER_EVENTS_CHANNEL } from '../orders/order-events';
import { TRUCK_EVENTS_CHANNEL, TRUCK_RATINGS_CHANNEL } from './truck-events';
import { TruckFeed } from './truck-feed';

/** A database handle whose notifications and gaps the test sends by hand. */
function fakeDatabase() {
  const channels = new Map<string, Set<NotificationListener>>();
  const gaps = new Set<() => void>();
  let listens = 0;
  const handle = {
    listen: async (channel: string, fn: NotificationListener) => {
      listens += 1;
      const set = channels.get(channel) ?? new Set<NotificationListener>();
      channels.set(channel, set);
      set.add(fn);
      return async () => {
        set.delete(fn);
      };
    },
    onNotificationGap: (fn: () => void) => {
      gaps.add(fn);
      return () => gaps.delete(fn);
    },
  } as unknown as DatabaseHandle;
  return {
    handle,
    listens: () => listens,
    notify: (channel: string, payload: string) => channels.get(channel)?.forEach((fn) => fn(payload)),
    gap: () => gaps.forEach((fn) => fn()),
    listeners: () => [...channels.values()].reduce((n, set) => n + set.size, 0) + gaps.size,
  };
}

describe('TruckFeed', () => {
  it('LISTENs once per channel, whatever the number of subscribers, and hands each change to every subscriber in order', async () => {
    const db = fakeDatabase();
    const feed = await TruckFeed.open(db.handle);
    expect(db.listens()).toBe(6);
    const heard: string[] = [];
    for (const name of ['lists', 'hub', 'voice']) {
      feed.subscribe({
        truckEvent: (id) => heard.push(`${name} event ${id}`),
        ratingEvent: (id) => heard.push(`${name} vote ${id}`),
        sessionChanged: (id) => heard.push(`${name} session ${id}`),
        orderEvent: (id) => heard.push(`${name} order ${id}`),
        goingChanged: (payload) => heard.push(`${name} going ${payload}`),
        goingNotice: (id) => heard.push(`${name} notice ${id}`),
        notificationGap: () => heard.push(`${name} gap`),
      });
    }
    expect(db.listens()).toBe(6);
    db.notify(TRUCK_EVENTS_CHANNEL, '7');
    db.notify(TRUCK_RATINGS_CHANNEL, '8');
    db.notify(USER_SESSIONS_CHANNEL, '42');
    db.notify(ORDER_EVENTS_CHANNEL, '5');
    db.notify(GOING_CHANNEL, 'g');
    db.notify(GOING_NOTICES_CHANNEL, '9');
    db.gap();
    expect(heard).toEqual([
      'lists event 7', 'hub event 7', 'voice event 7',
      'lists vote 8', 'hub vote 8', 'voice vote 8',
      'lists session 42', 'hub session 42', 'voice session 42',
      'lists order 5', 'hub order 5', 'voice order 5',
      'lists going g', 'hub going g', 'voice going g',
      'lists notice 9', 'hub notice 9', 'voice notice 9',
      'lists gap', 'hub gap', 'voice gap',
    ]);
    await feed.close();
  });

  it('lets a subscriber leave, skips handlers a subscriber lacks, and stops listening on close', async () => {
    const db = fakeDatabase();
    const feed = await TruckFeed.open(db.handle);
    const heard: string[] = [];
    const leave = feed.subscribe({ truckEvent: (id) => heard.push(`gone ${id}`) });
    feed.subscribe({ notificationGap: () => heard.push('gap') });
    leave();
    db.notify(TRUCK_EVENTS_CHANNEL, '1');
    db.gap();
    expect(heard).toEqual(['gap']);
    await feed.close();
    await feed.close();
    expect(db.listeners()).toBe(0);
    db.gap();
    expect(heard).toEqual(['gap']);
  });
});
