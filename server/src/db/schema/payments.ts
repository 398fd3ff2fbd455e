import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operatorSubscriptions, users } from './users';

/**
 * Every payment attempt of an operator subscription, initial and renewal, successful or not: what
 * the admin panel lists. Stripe rows come from invoice webhooks (unique per invoice and status), test
 * mode rows from the confirm call and the renewal worker.
 */
export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: integer('subscription_id').references(() => operatorSubscriptions.id, { onDelete: 'set null' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** 'succeeded' or 'failed'. */
    status: text('status').$type<'succeeded' | 'failed'>().notNull(),
    /** 'initial' (the first payment) or 'renewal'. */
    kind: text('kind').$type<'initial' | 'renewal'>().notNull(),
    provider: text('provider').notNull(),
    /** Stripe: the PaymentIntent (or invoice payment) id; test mode: its own `test_pi_...` id. */
    providerPaymentId: text('provider_payment_id'),
    providerInvoiceId: text('provider_invoice_id'),
    failureMessage: text('failure_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_payments_operator_idx').on(t.operatorId, t.createdAt),
    uniqueIndex('subscription_payments_invoice_status_unique').on(t.providerInvoiceId, t.status),
    check('subscription_payments_status_check', sql`${t.status} in ('succeeded', 'failed')`),
    check('subscription_payments_kind_check', sql`${t.kind} in ('initial', 'renewal')`),
  ],
);

/** Stripe events already processed: a redelivered event id is acknowledged and skipped. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
});
