import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OrderLine, OrderStatus } from '@shared/contracts/orders';
import { foodTrucks } from './trucks';
import { users } from './users';

/**
 * An operator's payout account (issue 30): Stripe Connect Express in Stripe mode, a simulated
 * account (`test_acct_…`) in test mode. Orders are taken only for operators whose account can be
 * paid (`charges_enabled`): the money goes to the truck.
 */
export const payoutAccounts = pgTable('payout_accounts', {
  operatorId: integer('operator_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** 'offline' (test mode) or 'stripe'. */
  provider: text('provider').notNull(),
  accountId: text('account_id').notNull(),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How a truck takes orders: a pause ("not accepting orders for 20 min"), the throttle (at most N
 * orders per 15 minutes, which drives the estimated ready time) and the usual preparation time.
 * No row = the defaults (no pause, no throttle, 10 minutes).
 */
export const truckOrderSettings = pgTable(
  'truck_order_settings',
  {
    foodTruckId: integer('food_truck_id')
      .primaryKey()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    pausedUntil: timestamp('paused_until', { withTimezone: true }),
    maxOrdersPer15Min: integer('max_orders_per_15_min'),
    prepMinutes: integer('prep_minutes').notNull().default(10),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('truck_order_settings_max_check', sql`${t.maxOrdersPer15Min} is null or ${t.maxOrdersPer15Min} between 1 and 500`),
    check('truck_order_settings_prep_check', sql`${t.prepMinutes} between 1 and 240`),
  ],
);

/**
 * A diner's paid order. Every money figure is integer cents; lines are a snapshot of the menu at
 * ordering time (name, unit price), computed by the server. (customer, idempotency key) is unique:
 * a retried or double-clicked request finds the order it made instead of making a second one.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    foodTruckId: integer('food_truck_id')
      .notNull()
      .references(() => foodTrucks.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull().default('received'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    platformFeeCents: integer('platform_fee_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    note: text('note'),
    /** null = as soon as possible. */
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    estimatedReadyAt: timestamp('estimated_ready_at', { withTimezone: true }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of what was asked (without the card): the same key with another request is a 409. */
    requestHash: text('request_hash').notNull(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    /** The operator's payout account the money went to (Stripe: the destination). */
    payoutAccountId: text('payout_account_id'),
    /** Stripe mode, while awaiting payment: the PaymentIntent's client secret, handed out again on a retry. */
    paymentClientSecret: text('payment_client_secret'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    refusalReason: text('refusal_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_customer_idempotency_unique').on(t.customerId, t.idempotencyKey),
    index('orders_truck_created_idx').on(t.foodTruckId, t.createdAt),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt),
    index('orders_payment_idx').on(t.providerPaymentId),
    // The unanswered-orders worker's minute round (ADR 0191): only the few orders nobody accepted yet.
    index('orders_received_ready_idx').on(t.estimatedReadyAt).where(sql`${t.status} = 'received'`),
    check('orders_status_check', sql`${t.status} in ('awaiting_payment', 'received', 'preparing', 'ready', 'picked_up', 'refused', 'cancelled')`),
    check('orders_money_check', sql`${t.subtotalCents} > 0 and ${t.totalCents} > 0 and ${t.platformFeeCents} >= 0`),
  ],
);

/** The one refund of a refused or cancelled order: order_id is unique, so it can happen once. */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    provider: text('provider').notNull(),
    providerRefundId: text('provider_refund_id').notNull(),
    /** 'refused' (the operator), 'cancelled' (the diner), 'admin', or 'unanswered' (refused by the server, ADR 0191). */
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_refunds_order_unique').on(t.orderId), check('order_refunds_amount_check', sql`${t.amountCents} > 0`)],
);
