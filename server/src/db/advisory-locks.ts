import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * Every PostgreSQL advisory-lock key the app takes, in one place so two never collide. A worker
 * that must run in one process at a time takes its key with `pg_try_advisory_xact_lock` (the other
 * processes skip that round); ordering locks are taken with `pg_advisory_xact_lock`.
 * Add a key here before using it; never reuse or renumber one (old processes may still hold it
 * during a rolling deploy).
 */
export const ADVISORY_LOCKS = {
  /** Migrations at start-up, so several processes can start at once (session lock). */
  migrations: 7_240_115,
  /**
   * truck_events ids commit in order: taken inside COMMIT by the deferred trigger of migration 0010
   * (see modules/trucks/truck-events.ts). The key is written in that migration's SQL too.
   */
  truckEventOrder: 7_240_116,
  /** workers/upload-janitor.ts: one sweep at a time. */
  uploadJanitor: 7_240_117,
  /**
   * Reserved for the SMS outbox sender. Not taken: workers/sms-outbox.ts claims rows with
   * FOR UPDATE SKIP LOCKED and a lease, so several processes send in parallel, each row once.
   */
  smsOutbox: 7_240_118,
  /** workers/subscription-renewals.ts: renewals of the built-in payment provider, one process at a time. */
  subscriptionRenewals: 7_240_119,
  /** workers/auto-close.ts: closing trucks left open without updates, one process at a time. */
  autoClose: 7_240_120,
  /** workers/truck-events-prune.ts: deleting truck events past their retention, one process at a time. */
  truckEventsPrune: 7_240_121,
  /** workers/voice-prune.ts: deleting old voice sessions and answers, one process at a time. */
  voicePrune: 7_240_122,
  /** workers/insights.ts: rolling insight events up and deleting old ones, one process at a time. */
  insightsRollup: 7_240_123,
} as const;

export type AdvisoryLockName = keyof typeof ADVISORY_LOCKS;

/**
 * Takes the named lock for the rest of the caller's transaction if no other session holds it.
 * False means another process is doing this work right now: skip this round.
 */
export async function tryAdvisoryXactLock(tx: DbOrTx, name: AdvisoryLockName): Promise<boolean> {
  const [row] = await tx
    .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${ADVISORY_LOCKS[name]})` })
    .from(sql`(select 1) as one`);
  return Boolean(row?.locked);
}

/** Waits for the named lock; held until the caller's transaction ends. */
export async function advisoryXactLock(tx: DbOrTx, name: AdvisoryLockName): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS[name]})`);
}
