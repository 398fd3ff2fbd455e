import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every process (ADR 0110): one row per key (e.g. a route and a
 * client address, or a sign-in name), counting hits in a fixed window that ends at `reset_at`.
 * Updated with one atomic upsert, so N processes on one PostgreSQL enforce one limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);
