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
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PushMessage } from '@shared/contracts/push';
import { foodTrucks } from './trucks';
import { users } from './users';

/**
 * The server's VAPID key pair (RFC 8292), one row: generated on the first start when VAPID_PUBLIC_KEY
 * and VAPID_PRIVATE_KEY are not configured, and shared by every process through the database
 * (`insert … on conflict do nothing`, then read: two processes starting at once agree).
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: smallint('id').primaryKey().default(1),
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [check('push_vapid_keys_one_row', sql`id = 1`)],
);

/**
 * One row per customer device that turned push on (the browser's PushSubscription). The endpoint
 * names the device at its push service, so it is unique: a device that signs in as someone else
 * moves to that account. Deleted when the customer removes it or the push service answers 404/410.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome on Android', from the user agent: how the customer tells their devices apart. */
    label: text('label').notNull(),
    /** The device's last known position (sent while the app is open): the opening alert's radius. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    positionAt: timestamp('position_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

export type PushOutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * The push outbox: one row per message and device, written in the transaction of the change that
 * causes it, drained by the push-outbox worker like the SMS one (lease, retries with back-off).
 * (subscription, event key) is unique: an event never reaches a device twice, however often it is
 * queued. Deleting the subscription deletes its messages.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    foodTruckId: integer('food_truck_id').references(() => foodTrucks.id, { onDelete: 'set null' }),
    /** 'opened:{truck}:{opened at}' or 'schedule:{truck}:{date}:{digest of the day's stops}'. */
    eventKey: text('event_key').notNull(),
    message: jsonb('message').$type<PushMessage>().notNull(),
    status: text('status').$type<PushOutboxStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_outbox_event_device_unique').on(t.subscriptionId, t.eventKey),
    index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    check('push_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * A customer's alert preferences beyond the SMS switch (users.sms_opt_out stays the one home of
 * "no SMS"): push per kind, and quiet hours in the customer's zone. No row = the defaults (push on
 * for both kinds, no quiet hours).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    pushOpened: boolean('push_opened').notNull().default(true),
    pushSchedule: boolean('push_schedule').notNull().default(true),
    /** "Your order is ready" or "refused" (issue 30, ADR 0192). */
    pushOrders: boolean('push_orders').notNull().default(true),
    /** Minutes after midnight in `time_zone`; both null = no quiet hours. start > end spans midnight. */
    quietStartMinute: smallint('quiet_start_minute'),
    quietEndMinute: smallint('quiet_end_minute'),
    timeZone: text('time_zone').notNull().default('UTC'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_preferences_quiet_check',
      sql`(${t.quietStartMinute} is null) = (${t.quietEndMinute} is null) and coalesce(${t.quietStartMinute}, 0) between 0 and 1439 and coalesce(${t.quietEndMinute}, 0) between 0 and 1439`,
    ),
  ],
);
