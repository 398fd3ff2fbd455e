import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_CURRENCY, SUBSCRIPTION_PRICE_CENTS } from '@shared/constants';
import type { SubscriptionStatusResponse } from '@shared/contracts';
import type { CardInput } from '@shared/utils/payment-card';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { operatorSubscriptions, subscriptionPayments, users } from '../../db/schema';
import type { Integrations } from '../../integrations';
import type { PaymentProvider, TestCharge, TestPaymentProvider } from '../../integrations/payments';
import { addOneMonth } from '../../lib/billing-period';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { publishOperatorVisibility } from '../trucks/truck-visibility';
import { ACTIVE_SUBSCRIPTION_STATUS } from './subscriptions.service';

/**
 * Every change of an operator subscription: start, first payment, cancel at period end and its
 * undo, renewal, admin pause/resume, and what Stripe reports. The rule "active = visible" stays in
 * subscriptions.service.ts; this file is the one writer of operator_subscriptions and makes every
 * status change publish the operator's trucks in the same transaction.
 */
export type SubscriptionRow = typeof operatorSubscriptions.$inferSelect;
type SubscriptionValues = Partial<Omit<typeof operatorSubscriptions.$inferInsert, 'id' | 'operatorId'>>;

/** A provider that fails (network, outage) is a 502 with a readable message, never a 500. */
export async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new ProviderUnavailable(err);
  }
}

export class ProviderUnavailable extends HttpError {
  constructor(cause: unknown) {
    super(502, 'The payment provider could not be reached. Please try again.');
    this.cause = cause;
  }
}

/** The operator's subscription row, locked for the rest of the transaction. */
export async function lockSubscription(tx: Tx, operatorId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await tx
    .select()
    .from(operatorSubscriptions)
    .where(eq(operatorSubscriptions.operatorId, operatorId))
    .for('update');
  return row;
}

/**
 * Creates or changes the operator's subscription row. When its status changes, the operator's trucks
 * are published as added or removed in this same transaction (publishOperatorVisibility, told the
 * status just written, once per change), so diners see the change exactly when it commits.
 */
export async function writeSubscription(
  tx: Tx,
  operatorId: number,
  values: SubscriptionValues,
  before?: SubscriptionRow,
): Promise<SubscriptionRow> {
  const previous = before ?? (await lockSubscription(tx, operatorId));
  const now = new Date();
  const [row] = previous
    ? await tx
        .update(operatorSubscriptions)
        .set({ ...values, updatedAt: now })
        .where(eq(operatorSubscriptions.id, previous.id))
        .returning()
    : await tx
        .insert(operatorSubscriptions)
        .values({ status: 'incomplete', ...values, operatorId })
        .returning();
  if (!row) throw new Error(`subscription of operator ${operatorId} was not written`);
  if (row.status !== previous?.status) {
    await publishOperatorVisibility(tx, operatorId, { visible: row.status === ACTIVE_SUBSCRIPTION_STATUS });
  }
  return row;
}

export function statusResponse(user: Pick<AuthUser, 'role'>, row: SubscriptionRow | undefined): SubscriptionStatusResponse {
  return {
    hasSubscription: row?.status === ACTIVE_SUBSCRIPTION_STATUS,
    isOperator: user.role === 'operator',
    status: row?.status ?? null,
    currentPeriodEnd: row?.currentPeriodEnd ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
  };
}

export async function subscriptionStatusOf(db: DbOrTx, user: AuthUser): Promise<SubscriptionStatusResponse> {
  const [row] = await db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.operatorId, user.id));
  return statusResponse(user, row);
}

/**
 * POST /api/create-operator-subscription: a subscription waiting for its first payment, and the
 * secret the payment form confirms. A pending one is handed out again (a reload or a second tab
 * does not create a second subscription); an active or paused one is a 409.
 */
export async function startOperatorSubscription(
  db: Database,
  payments: PaymentProvider,
  operatorId: number,
): Promise<{ clientSecret: string }> {
  return db.transaction(async (tx) => {
    // The account row serialises two calls of one operator (the first creates, the second reuses).
    const [account] = await tx.select().from(users).where(eq(users.id, operatorId)).for('update');
    if (!account) throw notFound('Account not found');
    const current = await lockSubscription(tx, operatorId);
    if (current?.status === 'active') throw conflict('Your subscription is already active.');
    if (current?.status === 'paused') {
      throw conflict('Your subscription is paused by an administrator. Please contact support.');
    }
    if (current?.status === 'incomplete' && current.pendingClientSecret && current.provider === payments.providerName) {
      return { clientSecret: current.pendingClientSecret };
    }
    const started = await atProvider(() =>
      payments.startSubscription({
        operatorId,
        customerId: payments.providerName === 'stripe' ? account.stripeCustomerId : null,
        email: account.email,
        phone: account.phone,
        name: account.username,
      }),
    );
    await writeSubscription(
      tx,
      operatorId,
      {
        status: 'incomplete',
        provider: payments.providerName,
        providerCustomerId: started.customerId,
        providerSubscriptionId: started.subscriptionId,
        pendingClientSecret: started.clientSecret,
        amountCents: SUBSCRIPTION_PRICE_CENTS,
        cancelAtPeriodEnd: false,
        currentPeriodEnd: null,
      },
      current,
    );
    if (payments.providerName === 'stripe') {
      await tx
        .update(users)
        .set({ stripeCustomerId: started.customerId, stripeSubscriptionId: started.subscriptionId, updatedAt: new Date() })
        .where(eq(users.id, operatorId));
    }
    return { clientSecret: started.clientSecret };
  });
}

/** Records one payment attempt (initial or renewal), successful or not. */
export async function recordPayment(
  tx: DbOrTx,
  row: Pick<SubscriptionRow, 'id' | 'operatorId' | 'amountCents' | 'provider'>,
  kind: 'initial' | 'renewal',
  charge: TestCharge,
): Promise<void> {
  await tx.insert(subscriptionPayments).values({
    operatorId: row.operatorId,
    subscriptionId: row.id,
    amountCents: row.amountCents,
    currency: SUBSCRIPTION_CURRENCY,
    status: charge.status,
    kind,
    provider: row.provider,
    providerPaymentId: charge.paymentId,
    failureMessage: charge.status === 'failed' ? charge.message : null,
  });
}

/**
 * POST /api/payments/test/confirm: charges the typed card for the caller's pending subscription.
 * A malformed card is a 400 and changes nothing; a declined one is recorded as a failed payment and
 * answered 402 with Stripe's message; a paid one activates the subscription for a month.
 */
export async function confirmTestPayment(
  db: Database,
  provider: TestPaymentProvider,
  operatorId: number,
  input: CardInput & { clientSecret: string },
  now: Date = new Date(),
): Promise<SubscriptionRow> {
  type Outcome = { paid: false; message: string } | { paid: true; row: SubscriptionRow };
  const outcome = await db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockSubscription(tx, operatorId);
    if (!row || row.status !== 'incomplete' || row.pendingClientSecret !== input.clientSecret) {
      throw notFound('This payment session was not found or is already complete. Reload the page to start again.');
    }
    const charge = provider.chargeCard(input, row.amountCents, now);
    if (charge.status === 'invalid') {
      const messages = Object.entries(charge.fieldErrors).filter((e): e is [string, string] => Boolean(e[1]));
      const fieldErrors = Object.fromEntries(messages.map(([field, message]) => [field, [message]]));
      throw badRequest(messages[0]?.[1] ?? 'Your card details are incomplete.', fieldErrors);
    }
    await recordPayment(tx, row, 'initial', charge);
    if (charge.status === 'failed') return { paid: false, message: charge.message };
    const active = await writeSubscription(
      tx,
      operatorId,
      {
        status: 'active',
        currentPeriodEnd: addOneMonth(now),
        cancelAtPeriodEnd: false,
        pendingClientSecret: null,
        cardToken: charge.card.token,
        cardLast4: charge.card.last4,
        cardBrand: charge.card.brand,
      },
      row,
    );
    return { paid: true, row: active };
  });
  // Thrown after the commit, so the failed payment stays recorded.
  if (!outcome.paid) throw new HttpError(402, outcome.message);
  return outcome.row;
}

/** Cancel at period end (true) or undo it (false); only while the subscription is active. */
export async function setCancelAtPeriodEnd(
  db: Database,
  payments: PaymentProvider,
  operatorId: number,
  cancel: boolean,
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, operatorId);
    if (!row || row.status !== 'active') {
      throw conflict(
        cancel
          ? 'There is no active subscription to cancel.'
          : 'There is no active subscription to renew. Subscribe at /subscribe.',
      );
    }
    if (row.cancelAtPeriodEnd === cancel) return row;
    if (row.provider === payments.providerName) await atProvider(() => payments.setCancelAtPeriodEnd(row, cancel));
    return writeSubscription(tx, operatorId, { cancelAtPeriodEnd: cancel }, row);
  });
}

/**
 * Admin pause (the admin issue's endpoint calls this): the trucks are hidden and nothing is charged
 * until resumed. Stripe maps it to pause_collection. 404 without a subscription, 409 unless active.
 */
export async function pauseOperatorSubscription(
  db: Database,
  integrations: Pick<Integrations, 'payments'>,
  operatorId: number,
  inTransaction?: PauseHook,
): Promise<SubscriptionRow> {
  return changePause(db, integrations.payments, operatorId, 'active', 'paused', inTransaction);
}

/** Admin resume of a paused subscription: active again, trucks visible. 409 unless paused. */
export async function resumeOperatorSubscription(
  db: Database,
  integrations: Pick<Integrations, 'payments'>,
  operatorId: number,
  inTransaction?: PauseHook,
): Promise<SubscriptionRow> {
  return changePause(db, integrations.payments, operatorId, 'paused', 'active', inTransaction);
}

/** Runs in the pause/resume transaction after the change (the admin module writes its audit row). */
export type PauseHook = (tx: Tx, before: SubscriptionRow, after: SubscriptionRow) => Promise<void>;

async function changePause(
  db: Database,
  payments: PaymentProvider,
  operatorId: number,
  from: 'active' | 'paused',
  to: 'active' | 'paused',
  inTransaction?: PauseHook,
): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const row = await lockSubscription(tx, operatorId);
    if (!row) throw notFound('This operator has no subscription.');
    if (row.status !== from) throw conflict(`Only an ${from} subscription can be ${to === 'paused' ? 'paused' : 'resumed'}.`);
    if (row.provider === payments.providerName) {
      await atProvider(() => (to === 'paused' ? payments.pause(row) : payments.resume(row)));
    }
    const after = await writeSubscription(tx, operatorId, { status: to }, row);
    await inTransaction?.(tx, row, after);
    return after;
  });
}

/** Statuses whose provider subscription may still charge: cancelled at the provider before deletion. */
const LIVE_AT_PROVIDER = new Set<SubscriptionRow['status']>(['active', 'paused', 'past_due', 'incomplete']);

/**
 * Before an operator is deleted (inside that transaction): the subscription is cancelled at the
 * provider at once (Stripe: immediate cancel, no further invoices). The row itself goes with the
 * account (foreign key cascade). A provider failure is a 502 and the deletion is rolled back.
 */
export async function cancelSubscriptionForDeletion(
  tx: Tx,
  payments: PaymentProvider,
  operatorId: number,
): Promise<SubscriptionRow | undefined> {
  const row = await lockSubscription(tx, operatorId);
  if (row && LIVE_AT_PROVIDER.has(row.status) && row.provider === payments.providerName && row.providerSubscriptionId) {
    await atProvider(() => payments.cancelNow(row));
  }
  return row;
}

/**
 * The built-in provider's renewal of one subscription whose period has ended (the worker calls this
 * on rows it locked): canceled when its owner cancelled at period end; otherwise the card on file is
 * charged — paid: one more month; declined: past_due (trucks hidden until the operator pays again).
 */
export async function renewOfflineSubscription(
  tx: Tx,
  provider: TestPaymentProvider,
  row: SubscriptionRow,
  now: Date,
): Promise<SubscriptionRow> {
  if (row.cancelAtPeriodEnd) {
    return writeSubscription(tx, row.operatorId, { status: 'canceled', cancelAtPeriodEnd: false }, row);
  }
  const charge: TestCharge = row.cardToken
    ? provider.chargeSavedCard(row.cardToken, row.amountCents)
    : { status: 'failed', paymentId: `test_pi_none_${row.id}`, message: 'No card on file.' };
  await recordPayment(tx, row, 'renewal', charge);
  if (charge.status === 'failed') return writeSubscription(tx, row.operatorId, { status: 'past_due' }, row);
  // Renew from the old period end, so periods stay back to back; a long-missed one restarts today.
  const next = addOneMonth(row.currentPeriodEnd ?? now);
  return writeSubscription(tx, row.operatorId, { currentPeriodEnd: next > now ? next : addOneMonth(now) }, row);
}
