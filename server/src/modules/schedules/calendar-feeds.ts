import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Database } from '../../db/client';
import { calendarFeeds } from '../../db/schema';
import { notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { listFavorites } from '../favorites/favorites.service';
import type { TruckRow } from '../trucks/truck.repository';
import { findVisibleTruck, type Viewer } from '../trucks/trucks.service';
import { expandStops } from './occurrences';
import { loadStops, truckZones, type ScheduleDeps } from './schedule.repository';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
export { CALENDAR_TYPE };

/** A feed covers the past week (an event just missed stays visible) and the next eight weeks. */
const FEED_PAST_DAYS = 7;
const FEED_AHEAD_DAYS = 56;
const DAY_MS = 86_400_000;
const FEED_NOT_FOUND = 'Calendar feed not found';

/**
 * An iCalendar document of the trucks' stops. Each occurrence is its own event with a stable UID
 * (stop and local date), in UTC: calendar apps that subscribe re-read the feed, so a rolling
 * window of expanded stops needs no RRULE/VTIMEZONE support from them, and a changed or deleted stop
 * simply changes or leaves on their next refresh.
 */
async function calendarOf(deps: CalendarDeps, name: string, trucks: TruckRow[], now: Date): Promise<string> {
  const ids = trucks.map((t) => t.id);
  const [zones, stops] = await Promise.all([
    truckZones(deps.db, ids, deps.defaultTimeZone),
    loadStops(deps.db, ids),
  ]);
  const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const to = new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS);
  const calendar = ical({
    name,
    prodId: { company: 'Food Truck Finder', product: 'schedules' },
    ttl: 60 * 60,
  });
  for (const truck of trucks) {
    const zone = zones.get(truck.id) ?? deps.defaultTimeZone;
    for (const o of expandStops(stops.get(truck.id) ?? [], zone, from, to)) {
      calendar.createEvent({
        id: `stop-${o.stop.id}-${o.localDate}@food-truck-finder`,
        start: o.start.toJSDate(),
        end: o.end.toJSDate(),
        summary: `${truck.name} at ${o.stop.address}`,
        description: `${truck.cuisine} food truck`,
        location: { title: o.stop.address, geo: { lat: o.stop.latitude, lon: o.stop.longitude } },
        url: `${deps.publicUrl}/find-trucks?truck=${truck.id}`,
      });
    }
  }
  return calendar.toString();
}

export interface CalendarDeps extends ScheduleDeps {
  /** PUBLIC_URL: event links and feed addresses. */
  publicUrl: string;
}

/** The .ics of one truck diners may see (404 otherwise). */
export async function truckCalendar(
  deps: CalendarDeps,
  viewer: Viewer,
  truckId: number,
  now = new Date(),
): Promise<string> {
  const truck = await findVisibleTruck(deps.db, viewer, truckId);
  if (!truck) throw notFound('Food truck not found');
  return calendarOf(deps, `${truck.name} — Food Truck Finder`, [truck], now);
}

const feedUrl = (deps: Pick<CalendarDeps, 'publicUrl'>, token: string) =>
  `${deps.publicUrl}/api/calendar/favorites/${token}.ics`;

/** The customer's secret favourites-feed address; 404 while they have none. */
export async function readFavoritesFeed(deps: CalendarDeps, user: AuthUser): Promise<{ url: string }> {
  const [row] = await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, user.id)).limit(1);
  if (!row) throw notFound(FEED_NOT_FOUND);
  return { url: feedUrl(deps, row.token) };
}

/** A new secret address (the previous one, if any, stops working at once). */
export async function renewFavoritesFeed(deps: CalendarDeps, user: AuthUser): Promise<{ url: string }> {
  const token = randomBytes(24).toString('base64url');
  await deps.db
    .insert(calendarFeeds)
    .values({ userId: user.id, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return { url: feedUrl(deps, token) };
}

/** Revokes the address: calendar apps get 404 from now on. */
export async function revokeFavoritesFeed(db: Database, user: AuthUser): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, user.id));
}

/** The .ics behind a secret address: the stops of the owner's favourites that diners may see. */
export async function favoritesCalendar(
  deps: CalendarDeps,
  token: string,
  now = new Date(),
): Promise<string> {
  const [feed] = token
    ? await deps.db.select().from(calendarFeeds).where(eq(calendarFeeds.token, token)).limit(1)
    : [];
  if (!feed) throw notFound(FEED_NOT_FOUND);
  const trucks = await listFavorites(deps.db, { id: feed.userId });
  return calendarOf(deps, 'My favorite food trucks — Food Truck Finder', trucks, now);
}
