import { and, asc, eq, lte } from 'drizzle-orm';
import { tryAdvisoryXactLock } from '../db/advisory-locks';
import { operatorSubscriptions } from '../db/schema';
import { TestPayments, type TestPaymentProvider } from '../integrations/payments';
import type { Integrations } from '../integrations';
import { renewOfflineSubscription } from '../modules/subscriptions/subscription-lifecycle.service';
import type { BackgroundWorker, WorkerContext } from './worker';

const BATCH = 100;

/**
 * Test-mode subscriptions are ours to renew (Stripe renews its own and tells us by webhook): the
 * built-in provider charges them, also when Stripe is configured later (e.g. the seeded demo one).
 */
function offlineProvider(integrations: Integrations): TestPaymentProvider {
  return integrations.payments.mode === 'test' ? integrations.payments : new TestPayments();
}

/**
 * Renews (or ends) every active built-in-provider subscription whose period has ended. One process
 * at a time (advisory key `subscriptionRenewals`); rows are locked and handled in one transaction
 * per batch. Tests pass `now` to move the clock instead of waiting.
 */
export const subscriptionRenewals = {
  name: 'subscription-renewals',
  intervalMs: 60_000,
  async run(ctx: WorkerContext, now: Date = new Date()): Promise<number> {
    const provider = offlineProvider(ctx.integrations);
    let handled = 0;
    for (;;) {
      const done = await ctx.db.transaction(async (tx) => {
        if (!(await tryAdvisoryXactLock(tx, 'subscriptionRenewals'))) return 0;
        const due = await tx
          .select()
          .from(operatorSubscriptions)
          .where(
            and(
              eq(operatorSubscriptions.provider, 'offline'),
              eq(operatorSubscriptions.status, 'active'),
              lte(operatorSubscriptions.currentPeriodEnd, now),
            ),
          )
          .orderBy(asc(operatorSubscriptions.currentPeriodEnd))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const row of due) await renewOfflineSubscription(tx, provider, row, now);
        return due.length;
      });
      handled += done;
      if (done < BATCH) return handled;
    }
  },
} satisfies BackgroundWorker;
