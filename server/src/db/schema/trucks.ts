import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEFAULT_SMS_MESSAGE, type TruckListingInfo } from '@shared/constants';
import type { Allergen, AllergenState, Diet, TruckFeatures } from '@shared/utils/attributes';
import { users } from './users';

export const foodTrucks = pgTable(
  'food_trucks',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description'),
    cuisine: text('cuisine').notNull(),
    /** The operator who owns the truck; null for an unclaimed listing imported from open data (issue 26). */
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    address: text('address'),
    isOpen: boolean('is_open').notNull().default(false),
    phone: text('phone'),
    image: text('image'),
    gallery: jsonb('gallery').$type<string[]>().notNull().default([]),
    menuDocuments: jsonb('menu_documents').$type<string[]>().notNull().default([]),
    smsMessage: text('sms_message').notNull().default(DEFAULT_SMS_MESSAGE),
    /** IANA zone of the truck's schedule; null = the server's DEFAULT_TIMEZONE (ADR 0100). */
    timeZone: text('time_zone'),
    /** Set when the auto-close worker closed the truck (no update for AUTO_CLOSE_HOURS); cleared on opening. */
    autoClosedAt: timestamp('auto_closed_at', { withTimezone: true }),
    /** Running totals of truck_ratings, kept by its trigger (migration 0006): average = sum / count. */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    /** When diners' position was last changed (or the truck closed): diners' 'Updated … ago'. */
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The last heartbeat that kept the open truck open (a device fix at its position, or the operator's
     * "still here"); never shown to diners. Auto-close counts from the later of this and lastUpdated.
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * An unclaimed listing's provenance, as diners see it ("Unclaimed · from SF open data, updated
     * 12 Nov"): null for operators' trucks and once a listing is claimed (truck_listings keeps it).
     */
    listing: jsonb('listing').$type<TruckListingInfo>(),
    /** When a re-import no longer found the listing in its source: diners no longer see it. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /** Payment, access and amenities (issue 28): a key left out is "not stated", never no. */
    features: jsonb('features').$type<TruckFeatures>().notNull().default({}),
    /** A short note beside the access features. */
    accessNote: text('access_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('food_trucks_operator_idx').on(t.operatorId),
    // The admin panel's operator search matches truck names too (pg_trgm, migration 0007).
    index('food_trucks_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    // The radius queries' latitude/longitude box (modules/trucks/radius.ts). A 2-D point index:
    // it replaced a GiST index on ll_to_earth, whose upkeep was 40 % of a 10,000-row import on
    // PGlite (migration 0021, ADR 0167).
    index('food_trucks_point_idx')
      .using('gist', sql`point(${t.longitude}, ${t.latitude})`)
      .where(sql`${t.latitude} is not null and ${t.longitude} is not null`),
    check('food_trucks_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('food_trucks_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('food_trucks_coordinates_pair_check', sql`(${t.latitude} is null) = (${t.longitude} is null)`),
    check('food_trucks_open_needs_coordinates_check', sql`not ${t.isOpen} or ${t.latitude} is not null`),
    // A listing is never LIVE: only an operator opens a truck.
    check('food_trucks_listing_never_open_check', sql`${t.operatorId} is not null or not ${t.isOpen}`),
  ],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Whole cents: the API speaks dollars, the database never rounds. */
    priceCents: integer('price_cents').notNull(),
    category: text('category'),
    available: boolean('available').notNull().default(true),
    image: text('image'),
    /** Diet labels (issue 28): true = yes, false = no, left out = not stated. */
    diets: jsonb('diets').$type<Partial<Record<Diet, boolean>>>().notNull().default({}),
    /** Allergens: contains / mayContain / free; left out = not stated. */
    allergens: jsonb('allergens').$type<Partial<Record<Allergen, AllergenState>>>().notNull().default({}),
    /**
     * Sold out until this instant: the truck's next local midnight when the operator marked it, so
     * it clears itself with no job (a read compares it with now()).
     */
    soldOutUntil: timestamp('sold_out_until', { withTimezone: true }),
    /**
     * Portions left to order ahead (issue 30); null = no limit. Orders take portions with a
     * conditional update (`stock_left >= n`), so the last one cannot be sold twice; 0 = sold out.
     */
    stockLeft: integer('stock_left'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('menu_items_truck_idx').on(t.foodTruckId),
    check('menu_items_price_check', sql`${t.priceCents} > 0`),
    check('menu_items_stock_check', sql`${t.stockLeft} is null or ${t.stockLeft} >= 0`),
    check(
      'menu_items_category_check',
      sql`${t.category} is null or ${t.category} in ('Appetizers', 'Main Dishes', 'Sides', 'Desserts', 'Beverages', 'Specials')`,
    ),
  ],
);

/** A customer's link to a truck (a favourite, a rating): it goes when either side is deleted. */
export const customerTruckColumns = () => ({
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  foodTruckId: integer('food_truck_id')
    .notNull()
    .references(() => foodTrucks.id, { onDelete: 'cascade' }),
});

export const userFavorites = pgTable(
  'user_favorites',
  {
    id: serial('id').primaryKey(),
    ...customerTruckColumns(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_favorites_user_truck_unique').on(t.userId, t.foodTruckId),
    index('user_favorites_truck_idx').on(t.foodTruckId),
  ],
);

/**
 * Every truck change, in order: the id is the SSE event id, so a reconnecting diner resumes with
 * Last-Event-ID. Written in the same transaction as the change, then NOTIFY'd.
 */
/**
 * Truck events of transactions still running. `publishTruckEvent` writes here; a deferred trigger
 * (migration 0010) moves each row into `truck_events` while the transaction commits — under the
 * event-order lock, which is therefore held only for the commit itself — and NOTIFYs its id. So
 * `truck_events` ids become visible in id order. Rows never outlive their transaction.
 */
export const truckEventQueue = pgTable('truck_event_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  type: text('type').notNull(),
  truckId: integer('truck_id').notNull(),
  /** Null for an unclaimed listing's events. */
  operatorId: integer('operator_id'),
  payload: jsonb('payload').notNull(),
});

export const truckEvents = pgTable(
  'truck_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    truckId: integer('truck_id').notNull(),
    operatorId: integer('operator_id'),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('truck_events_created_idx').on(t.createdAt),
    check(
      'truck_events_type_check',
      sql`${t.type} in ('opened', 'closed', 'moved', 'updated', 'removed', 'rated')`,
    ),
  ],
);
