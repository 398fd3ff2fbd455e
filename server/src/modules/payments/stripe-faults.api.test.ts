import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, SubscriptionStatusResponse } from '@shared/contracts';
import { operatorSubscriptions, stripeWebhookEvents, subscriptionPayments, users } from '../../db/schema';
import { parseEnv, stripeConfig } from '../../env';
import { STRIPE_DEFAULTS } from '../../integrations/payments/stripe-payments';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Stripe failing or stalling (issue 13, Faults): the real `stripe` SDK against a local fake that
 * answers 500 or never answers, with a short time-out and one retry (STRIPE_TIMEOUT_MS,
 * STRIPE_MAX_NETWORK_RETRIES). Operators get a 502 JSON message, never a 500 or a hang; nothing is
 * half-written; webhooks that could not be applied are applied when Stripe redelivers them, once.
 */
let stripe: FakeStripe;
let server: TestServer;
beforeAll(async () => {
  stripe = await startFakeStripe({ timeoutMs: 1000, maxNetworkRetries: 1 });
  server = await startTestServer({}, { integrations: { payments: stripe.provider } });
});
afterEach(() => {
  stripe.mode = 'ok';
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

type Outcome = { received: true; outcome: string } & ErrorResponse;
const send = (payload: string) =>
  server.request<Outcome>('POST', '/api/stripe/webhook', {
    raw: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signature(payload) },
  });
const subscribe = (session: AuthResponse) =>
  server.request<{ clientSecret: string } & ErrorResponse>('POST', '/api/create-operator-subscription', { token: session.token });
const subscriptionOf = async (operatorId: number) =>
  (await server.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.operatorId, operatorId)))[0];
const accountOf = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0]!;
const paymentsOf = (operatorId: number) =>
  server.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.operatorId, operatorId));
const storedEvent = (eventId: string) => server.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, eventId));

/** The requests the SDK makes while `run` runs. */
async function requestsDuring<T>(run: () => Promise<T>): Promise<{ result: T; made: FakeStripe['requests'] }> {
  const before = stripe.requests.length;
  const result = await run();
  return { result, made: stripe.requests.slice(before) };
}

/** An operator whose Stripe subscription waits for its first payment. */
async function startedOperator() {
  const session = await server.signUp('operator');
  expect((await subscribe(session)).status).toBe(200);
  return { session, subscriptionId: (await accountOf(session.user.id)).stripeSubscriptionId! };
}

describe('Stripe failing or stalling (real stripe SDK against a fake Stripe)', () => {
  it('takes its time-out and retries from the environment, with bounded defaults', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_PRICE_ID: 'price', STRIPE_WEBHOOK_SECRET: 'whsec' };
    expect(stripeConfig(parseEnv({ ...keys, STRIPE_TIMEOUT_MS: '2500', STRIPE_MAX_NETWORK_RETRIES: '0' }))).toMatchObject({
      timeoutMs: 2500,
      maxNetworkRetries: 0,
    });
    expect(stripeConfig(parseEnv(keys))).toMatchObject({ timeoutMs: undefined, maxNetworkRetries: undefined });
    expect(STRIPE_DEFAULTS.timeoutMs * (STRIPE_DEFAULTS.maxNetworkRetries + 1)).toBeLessThan(20_000); // the shutdown bound
    expect(() => parseEnv({ ...keys, STRIPE_MAX_NETWORK_RETRIES: '-1' })).toThrow(/STRIPE_MAX_NETWORK_RETRIES/);
  });

  for (const mode of ['fail', 'stall'] as const) {
    it(`subscribing while Stripe ${mode === 'fail' ? 'answers 500' : 'never answers'}: 502 with a message, one retry under one idempotency key, nothing written`, async () => {
      const session = await server.signUp('operator');
      stripe.mode = mode;
      const { result: res, made } = await requestsDuring(() => subscribe(session));
      expect(res.status).toBe(502);
      expect(res.body.message).toBe('The payment provider could not be reached. Please try again.');
      // The first call (create the customer) was tried twice, as one request for Stripe.
      expect(made.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/customers']);
      expect(made[0]!.idempotencyKey).toBeTruthy();
      expect(made[1]!.idempotencyKey).toBe(made[0]!.idempotencyKey);
      // Nothing half-written: no subscription row, no Stripe ids on the account.
      expect(await subscriptionOf(session.user.id)).toBeUndefined();
      expect(await accountOf(session.user.id)).toMatchObject({ stripeCustomerId: null, stripeSubscriptionId: null });

      // Stripe is back: the same operator subscribes (no lock was left behind); still not active.
      stripe.mode = 'ok';
      const again = await subscribe(session);
      expect(again.status).toBe(200);
      expect(again.body.clientSecret).toMatch(/^pi_/);
      expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'incomplete' });
      const status = await server.request<SubscriptionStatusResponse>('GET', '/api/subscription-status', { token: session.token });
      expect(status.body.hasSubscription).toBe(false);
    });
  }

  it('Stripe made the customer but its answer was lost: the next attempt gets that customer back, not a second one', async () => {
    const session = await server.signUp('operator');
    stripe.mode = 'lose-answer';
    const customersBefore = stripe.customers.length;
    const { result: lost, made } = await requestsDuring(() => subscribe(session));
    expect(lost.status).toBe(502);
    // Stripe carried out the first request (then its retry was answered from the idempotency key).
    expect(made.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/customers']);
    expect(stripe.customers.length - customersBefore).toBe(1);
    const madeAtStripe = stripe.customers.at(-1);

    stripe.mode = 'ok';
    const again = await subscribe(session);
    expect(again.status).toBe(200);
    // The same customer: nothing left at Stripe that no operator owns.
    expect(stripe.customers.length - customersBefore).toBe(1);
    expect(await accountOf(session.user.id)).toMatchObject({ stripeCustomerId: madeAtStripe });
    expect(stripe.subscriptions.get((await accountOf(session.user.id)).stripeSubscriptionId!)?.customer).toBe(madeAtStripe);
  });

  it('cancelling while Stripe stalls: 502, and the subscription is unchanged here and at Stripe', async () => {
    const { session, subscriptionId } = await startedOperator();
    stripe.update(subscriptionId, { status: 'active' });
    expect((await send(stripe.event('invoice.paid', stripe.invoice(subscriptionId, { paid: true })).payload)).body.outcome).toBe('processed');

    stripe.mode = 'stall';
    const res = await server.request<ErrorResponse>('POST', '/api/subscription/cancel', { token: session.token });
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/payment provider/);
    expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
  });

  it('a webhook that arrives while Stripe fails or stalls is refused (502), stores nothing, and is applied once on redelivery', async () => {
    const { session, subscriptionId } = await startedOperator();
    stripe.update(subscriptionId, { status: 'active' });
    const event = stripe.event('invoice.paid', stripe.invoice(subscriptionId, { paid: true }));

    for (const mode of ['fail', 'stall'] as const) {
      stripe.mode = mode;
      const refused = await send(event.payload);
      expect(refused.status).toBe(502);
      expect(refused.body.message).toMatch(/payment provider/);
      // Not marked as seen, not applied: Stripe's next delivery must do it.
      expect(await storedEvent(event.id)).toEqual([]);
      expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'incomplete' });
      expect(await paymentsOf(session.user.id)).toEqual([]);
    }

    stripe.mode = 'ok';
    expect((await send(event.payload)).body).toEqual({ received: true, outcome: 'processed' });
    expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'active' });
    expect((await send(event.payload)).body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await paymentsOf(session.user.id)).toHaveLength(1);
  });

  it('the same event delivered several times at once is applied once', async () => {
    const { session, subscriptionId } = await startedOperator();
    stripe.update(subscriptionId, { status: 'active' });
    const event = stripe.event('invoice.paid', stripe.invoice(subscriptionId, { paid: true }));
    const answers = await Promise.all([send(event.payload), send(event.payload), send(event.payload)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.outcome).sort()).toEqual(['duplicate', 'duplicate', 'processed']);
    expect(await paymentsOf(session.user.id)).toHaveLength(1);
    expect(await storedEvent(event.id)).toHaveLength(1);
    expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'active' });
  });

  it('an event is only a prompt: while Stripe says the subscription is incomplete it is not made active', async () => {
    const { session, subscriptionId } = await startedOperator();
    // A signed invoice.paid, but Stripe's own subscription has not become active (yet).
    const event = stripe.event('invoice.paid', stripe.invoice(subscriptionId, { paid: true }));
    expect((await send(event.payload)).body.outcome).toBe('processed');
    expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'incomplete' });
    const status = await server.request<SubscriptionStatusResponse>('GET', '/api/subscription-status', { token: session.token });
    expect(status.body).toMatchObject({ hasSubscription: false, status: 'incomplete' });
  });
});
