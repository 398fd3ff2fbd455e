import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { foodTrucks } from './trucks';
import { users } from './users';

/**
 * "I'm going" (issue 31, ADR 0164): one row per customer and stop they said they are going to. A
 * stop is the truck's current opening (`stop_key` 'open': the truck is open where it stands) or one
 * occurrence of a scheduled stop (`stop:{stopId}:{localDate}`). Where the stop is (address and
 * position) is copied in, so a move can be told as "from … to …" and the count survives the stop's
 * edits. Only the truck's operator (and admins) read counts; a customer reads only their own rows.
 */
export const truckGoing = pgTable(
  'truck_going',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    stopKey: text('stop_key').notNull(),
    /** The scheduled stop and its local date; null for the truck's current opening. */
    stopId: integer('stop_id'),
    localDate: date('local_date', { mode: 'string' }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    /** When the stop ends (a scheduled one); past it the row no longer counts and is pruned. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    address: text('address').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('truck_going_user_stop_unique').on(t.userId, t.foodTruckId, t.stopKey),
    index('truck_going_truck_idx').on(t.foodTruckId, t.stopKey),
  ],
);

/**
 * What the diners who were going are told when their stop closes early, moves or is cancelled:
 * written in the change's transaction and NOTIFYed by id, so every process's event hub sends it to
 * the open pages of exactly `recipient_ids` (the SMS and push copies go through their outboxes).
 * Pruned after a day with the truck events.
 */
export const goingNotices = pgTable(
  'going_notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * No foreign key (migration 0020): deleting a truck tells its diners in the deleting transaction,
     * and the notice must outlive the truck until every event hub has read it.
     */
    foodTruckId: integer('food_truck_id').notNull(),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** Where the stop is now, when it moved. */
    address: text('address'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    recipientIds: integer('recipient_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('going_notices_kind_check', sql`${t.kind} in ('closed', 'moved', 'cancelled')`),
    // A reopened stream's replay reads the last two minutes' notices; the prune, those over a day old.
    index('going_notices_created_idx').on(t.createdAt),
  ],
);

/**
 * Raw insight events (issue 31): written in batches by the insights worker from an in-process
 * buffer (never on the request path). `visitor` is 'u:{user id}' or an anonymous daily digest, used
 * only to count distinct diners; `cell_*` is the ~500 m grid cell of a search position (never the
 * position itself). Rolled up into insight_daily and deleted after 90 days.
 */
export const insightEvents = pgTable(
  'insight_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    /**
     * No foreign key: a batch must never fail for one view of a truck deleted meanwhile (the rollup
     * counts only trucks that exist; the raw rows go after 90 days like the others).
     */
    foodTruckId: integer('food_truck_id'),
    visitor: text('visitor'),
    cellLat: integer('cell_lat'),
    cellLng: integer('cell_lng'),
    /** For `going`: the stop's address, so the counts can be told per stop. */
    detail: text('detail'),
    /**
     * Counted into insight_daily already (migration 0020). The rollup marks and counts in one
     * statement, so each event is counted once: in insight_daily when rolled, else from here.
     */
    rolled: boolean('rolled').notNull().default(false),
  },
  (t) => [
    index('insight_events_truck_time_idx').on(t.foodTruckId, t.occurredAt),
    index('insight_events_time_idx').on(t.occurredAt),
    index('insight_events_search_idx')
      .on(t.occurredAt, t.cellLat, t.cellLng)
      .where(sql`${t.kind} = 'search'`),
    index('insight_events_unrolled_idx')
      .on(t.foodTruckId, t.occurredAt)
      .where(sql`not ${t.rolled}`),
  ],
);

/** Daily counts per truck and kind (the truck's local days), kept after the raw events are deleted. */
export const insightDaily = pgTable(
  'insight_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.foodTruckId, t.day, t.kind] })],
);
