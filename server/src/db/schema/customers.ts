import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { customerTruckColumns, foodTrucks } from './trucks';
import { users } from './users';

/**
 * One rating per customer per truck (1–5 stars), changeable and removable. The running totals on
 * `food_trucks` (rating_sum, rating_count) are kept by a trigger (migration 0006), so they stay
 * exact under concurrent votes and when a user or truck is deleted by any code path.
 */
export const truckRatings = pgTable(
  'truck_ratings',
  {
    ...customerTruckColumns(),
    stars: smallint('stars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.foodTruckId] }),
    index('truck_ratings_truck_idx').on(t.foodTruckId),
    check('truck_ratings_stars_check', sql`${t.stars} between 1 and 5`),
  ],
);

export type SmsStatus = 'pending' | 'sent' | 'failed';

/**
 * The SMS outbox: rows are written in the same transaction as the change that causes them (a
 * favourite truck opening) and drained by the sms-outbox worker (FOR UPDATE SKIP LOCKED), with
 * retries and backoff. Also the log the admin panel's Messages tab lists.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The customer it is for; deleting the customer deletes their messages. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    foodTruckId: integer('food_truck_id').references(() => foodTrucks.id, { onDelete: 'set null' }),
    /** E.164 recipient, copied when the row is written. */
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /**
     * Asked for by its recipient just now (a password reset's code, ADR 0187): sent even to an
     * account that turned its texts off. The carrier still honours a STOP.
     */
    requested: boolean('requested').notNull().default(false),
    status: text('status').$type<SmsStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** 'twilio' or 'offline'; the provider's message id (Twilio's SID) once sent. */
    provider: text('provider'),
    providerMessageId: text('provider_message_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index('sms_outbox_user_truck_idx').on(t.userId, t.foodTruckId, t.createdAt),
    index('sms_outbox_created_idx').on(t.createdAt),
    check('sms_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
