import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SUBSCRIPTION_PRICE_CENTS, type Role, type SubscriptionStatus } from '@shared/constants';
import type { DietaryNeeds } from '@shared/utils/attributes';

/**
 * What the admin search matches: username, email and phone, lower-cased, in one string. The index
 * above and the admin queries both use this expression (they must be identical for the planner).
 */
export function userSearchText(t: { username: AnyPgColumn; email: AnyPgColumn; phone: AnyPgColumn }) {
  return sql`lower(coalesce(${t.username}, '') || ' ' || coalesce(${t.email}, '') || ' ' || coalesce(${t.phone}, ''))`;
}

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username'),
    email: text('email'),
    /** E.164, unique: the sign-in name of customers. Only an admin (created from ADMIN_*) may lack one. */
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull().default('customer'),
    stripeCustomerId: text('stripe_customer_id'),
    stripeSubscriptionId: text('stripe_subscription_id'),
    /**
     * Tokens carry the version they were issued at; the auth plugin refuses any other. A trigger
     * (migration 0002) adds 1 whenever the role or the password hash changes, ending old sessions.
     */
    sessionVersion: integer('session_version').notNull().default(0),
    /**
     * When the phone was shown to be the account holder's, by a code texted to it (ADR 0189): alerts
     * are texted only to a confirmed number. A trigger (migration 0025) clears it whenever the number
     * changes without it being set again.
     */
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    /** Replied STOP, or turned off 'Text me when my favorites open': no SMS at all. */
    smsOptOut: boolean('sms_opt_out').notNull().default(false),
    /** A customer's saved dietary needs (issue 28): diets they keep and allergens they avoid. */
    /** "Don't count my visits" (issue 31): none of this account's views enter the operators' insights. */
    insightsOptOut: boolean('insights_opt_out').notNull().default(false),
    dietaryNeeds: jsonb('dietary_needs').$type<DietaryNeeds>().notNull().default({ diets: [], avoid: [] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_unique').on(t.phone),
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    check('users_role_check', sql`${t.role} in ('customer', 'operator', 'admin')`),
    check('users_phone_required_check', sql`${t.phone} is not null or ${t.role} = 'admin'`),
    // The admin panel's substring search (username, email, phone) over 100,000+ accounts: one
    // trigram index on the text it matches (pg_trgm, migration 0007; see USER_SEARCH_TEXT).
    index('users_search_trgm_idx').using('gin', sql`${userSearchText(t)} gin_trgm_ops`),
    index('users_role_id_idx').on(t.role, t.id),
  ],
);

export const operatorSubscriptions = pgTable(
  'operator_subscriptions',
  {
    id: serial('id').primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    amountCents: integer('amount_cents').notNull().default(SUBSCRIPTION_PRICE_CENTS),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    /** 'offline' (the built-in test mode) or 'stripe'. */
    provider: text('provider').notNull().default('offline'),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id'),
    /** 'Cancel anytime': the subscription ends (canceled) at current_period_end instead of renewing. */
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** While `incomplete`: the secret the payment form confirms; the same one is handed out again. */
    pendingClientSecret: text('pending_client_secret'),
    /**
     * Test mode only, the card on file for renewals: a Stripe-style test token naming how the card
     * behaves (e.g. 'tok_visa', 'tok_chargeDeclined') plus its last four digits and brand. The card
     * number itself is never stored.
     */
    cardToken: text('card_token'),
    cardLast4: text('card_last4'),
    cardBrand: text('card_brand'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('operator_subscriptions_operator_unique').on(t.operatorId),
    check(
      'operator_subscriptions_status_check',
      sql`${t.status} in ('active', 'paused', 'past_due', 'canceled', 'incomplete')`,
    ),
    check('operator_subscriptions_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/**
 * Every admin change (admin module), written in the same transaction as the change. The values are
 * JSON objects of the changed fields; passwords and hashes are never in them ('passwordChanged').
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    adminId: integer('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetTable: text('target_table').notNull(),
    targetId: integer('target_id'),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>(),
    timestamp: timestamp('timestamp', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_timestamp_idx').on(t.timestamp), index('audit_log_action_idx').on(t.action, t.id)],
);

/**
 * Event-stream tickets (POST /api/events/ticket): one use, one minute. Only the SHA-256 of the
 * ticket is kept; opening the stream deletes the row, so a second use (or another process) fails.
 */
export const eventStreamTickets = pgTable('event_stream_tickets', {
  ticketHash: text('ticket_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The user's session version when the ticket was issued: a later role or password change voids it. */
  sessionVersion: integer('session_version').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** What a texted code is for: choosing a new password (ADR 0187), or moving to a new number (ADR 0188). */
export const TEXTED_CODE_PURPOSES = ['password-reset', 'phone-change'] as const;
export type TextedCodePurpose = (typeof TEXTED_CODE_PURPOSES)[number];

/**
 * The codes texted to a phone for an account, one at a time per account and purpose (a new one
 * replaces the last): only its hash is kept, with the number it was texted to (for a phone change,
 * the number the account moves to). It works until `expires_at` and for TEXTED_CODE_MAX_ATTEMPTS
 * wrong tries.
 */
export const textedCodes = pgTable(
  'texted_codes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<TextedCodePurpose>().notNull(),
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purpose] }),
    index('texted_codes_phone_idx').on(t.phone),
    check('texted_codes_purpose_check', sql`${t.purpose} in ('password-reset', 'phone-change')`),
  ],
);
