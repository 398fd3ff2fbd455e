import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { foodTrucks } from './trucks';
import { users } from './users';

/**
 * A truck's planned stops (issue 14, ADR 0100): `weekly` repeats on `weekday` (ISO 1 = Monday …
 * 7 = Sunday), `once` happens on `date`. Times are minutes since local midnight in the truck's time
 * zone (food_trucks.time_zone), so a stop keeps its wall-clock hours across DST changes. A stop
 * starts within its local day and lasts at most a day: `end_minute` counts from the start day's
 * midnight, so past 1440 it ends the next day (Saturday 18:00–02:00 is 1080–1560, issue 27). Overlaps are refused by the service under the truck's
 * row lock (they depend on exceptions, which a constraint cannot see).
 */
export const truckScheduleStops = pgTable(
  'truck_schedule_stops',
  {
    id: serial('id').primaryKey(),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    weekday: smallint('weekday'),
    date: date('date', { mode: 'string' }),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    address: text('address').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('truck_schedule_stops_truck_idx').on(t.foodTruckId),
    check(
      'truck_schedule_stops_kind_check',
      sql`(${t.kind} = 'weekly' and ${t.weekday} between 1 and 7 and ${t.date} is null) or (${t.kind} = 'once' and ${t.date} is not null and ${t.weekday} is null)`,
    ),
    check(
      'truck_schedule_stops_hours_check',
      sql`${t.startMinute} >= 0 and ${t.startMinute} < 1440 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= ${t.startMinute} + 1440`,
    ),
    check('truck_schedule_stops_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('truck_schedule_stops_longitude_check', sql`${t.longitude} between -180 and 180`),
  ],
);

/** "Not this date": a local date on which a weekly stop does not happen. */
export const truckScheduleExceptions = pgTable(
  'truck_schedule_exceptions',
  {
    stopId: integer('stop_id')
      .notNull()
      .references(() => truckScheduleStops.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.stopId, t.date] })],
);

/**
 * A customer's secret calendar-feed address of their favourites' stops (`/api/calendar/favorites/
 * {token}.ics`): calendar apps subscribe without a session, so the token is the credential. One per
 * customer; revoking deletes the row (the old address answers 404), regenerating replaces it.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
