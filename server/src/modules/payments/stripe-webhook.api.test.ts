import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, SubscriptionStatusResponse } from '@shared/contracts';
import { operatorSubscriptions, stripeWebhookEvents, subscriptionPayments, truckEvents, users } from '../../db/schema';
import { TestPayments } from '../../integrations/payments';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';
import { pauseOperatorSubscription, resumeOperatorSubscription } from '../subscriptions/subscription-lifecycle.service';

/**
 * Stripe mode with the real `stripe` SDK against a local fake Stripe (no network), and webhook
 * requests signed exactly as Stripe signs them (the SDK's generateTestHeaderString).
 */
let stripe: FakeStripe;
let server: TestServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({}, { integrations: { payments: stripe.provider } });
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

type Outcome = { received: true; outcome: string } & ErrorResponse;
const send = (payload: string, signature = stripe.signature(payload)) =>
  server.request<Outcome>('POST', '/api/stripe/webhook', {
    raw: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
const subscriptionOf = async (operatorId: number) =>
  (await server.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.operatorId, operatorId)))[0];
const accountOf = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0]!;
const paymentsOf = (operatorId: number) =>
  server.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.operatorId, operatorId));
const activeNames = async () =>
  ((await server.request<{ name: string }[]>('GET', '/api/food-trucks/active')).body ?? []).map((t) => t.name);
const lastEventOf = async (truckId: number) =>
  (await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, truckId)).orderBy(desc(truckEvents.id)).limit(1))[0];

/** An operator who started a Stripe subscription (incomplete at Stripe, as after the create call). */
async function startedOperator(): Promise<{ session: AuthResponse; subscriptionId: string; clientSecret: string }> {
  const session = await server.signUp('operator');
  const res = await server.request<{ clientSecret: string }>('POST', '/api/create-operator-subscription', { token: session.token });
  expect(res.status).toBe(200);
  const subscriptionId = (await accountOf(session.user.id)).stripeSubscriptionId!;
  return { session, subscriptionId, clientSecret: res.body.clientSecret };
}

/** Stripe has taken the first payment: the subscription is active there and invoice.paid is sent. */
async function paidOperator() {
  const started = await startedOperator();
  stripe.update(started.subscriptionId, { status: 'active' });
  const { payload } = stripe.event('invoice.paid', stripe.invoice(started.subscriptionId, { paid: true }));
  expect((await send(payload)).body.outcome).toBe('processed');
  return started;
}

describe('Stripe mode', () => {
  it('tells the client its mode and publishable key', async () => {
    const res = await server.request<{ payments: unknown }>('GET', '/api/app-config');
    expect(res.body.payments).toEqual({ mode: 'stripe', publishableKey: 'pk_test_fake' });
    // The CSP allows Stripe's origins only in this mode.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(server.integrations.payments.cspSources.scriptSrc).toEqual(['https://js.stripe.com']);
    expect(new TestPayments().cspSources).toEqual({ scriptSrc: [], connectSrc: [], frameSrc: [] });
  });

  it('creates a customer and a default_incomplete subscription, stores the ids, and reuses the pending one', async () => {
    const creates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').length;
    const before = creates();
    const { session, subscriptionId, clientSecret } = await startedOperator();
    expect(clientSecret).toMatch(/^pi_\w+_secret_/);
    const request = stripe.requests.filter((r) => r.path === '/v1/subscriptions').at(-1)!;
    expect(request.form.get('payment_behavior')).toBe('default_incomplete');
    expect(request.form.get('items[0][price]')).toBe('price_test_monthly');
    expect(request.form.get('metadata[operatorId]')).toBe(String(session.user.id));
    const account = await accountOf(session.user.id);
    expect(account.stripeCustomerId).toMatch(/^cus_/);
    expect(subscriptionId).toMatch(/^sub_/);
    expect(await subscriptionOf(session.user.id)).toMatchObject({ status: 'incomplete', provider: 'stripe', providerSubscriptionId: subscriptionId });

    const again = await server.request<{ clientSecret: string }>('POST', '/api/create-operator-subscription', { token: session.token });
    expect(again.body.clientSecret).toBe(clientSecret);
    expect(creates()).toBe(before + 1);
    // Test-mode confirmation does not exist in Stripe mode.
    const confirm = await server.request('POST', '/api/payments/test/confirm', {
      token: session.token,
      body: { clientSecret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' },
    });
    expect(confirm.status).toBe(404);
  });

  it('invoice.paid activates the subscription, records the payment and shows the trucks; a replay is processed once', async () => {
    const { session, subscriptionId } = await startedOperator();
    const truck = await insertTruck(server.db, session.user.id, { name: 'Stripe Paid Truck' });
    const periodEnd = new Date(Date.now() + 30 * 86_400_000);
    stripe.update(subscriptionId, { status: 'active', periodEnd });
    const event = stripe.event('invoice.paid', stripe.invoice(subscriptionId, { paid: true }));

    const res = await send(event.payload);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ received: true, outcome: 'processed' });
    const row = await subscriptionOf(session.user.id);
    expect(row).toMatchObject({ status: 'active', pendingClientSecret: null, cancelAtPeriodEnd: false });
    expect(Math.abs(row!.currentPeriodEnd!.getTime() - periodEnd.getTime())).toBeLessThan(1000);
    expect(await paymentsOf(session.user.id)).toMatchObject([
      { status: 'succeeded', kind: 'initial', amountCents: 2999, currency: 'usd', provider: 'stripe' },
    ]);
    expect((await lastEventOf(truck.id))?.type).toBe('updated');
    await expect.poll(activeNames).toContain('Stripe Paid Truck');
    const status = await server.request<SubscriptionStatusResponse>('GET', '/api/subscription-status', { token: session.token });
    expect(status.body).toMatchObject({ hasSubscription: true, status: 'active' });
    expect((await server.request('POST', '/api/create-operator-subscription', { token: session.token })).status).toBe(409);

    // Stripe redelivers the same event: acknowledged, nothing applied twice.
    const replay = await send(event.payload);
    expect(replay.body).toEqual({ received: true, outcome: 'duplicate' });
    expect(await paymentsOf(session.user.id)).toHaveLength(1);
    const stored = await server.db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, event.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const { session, subscriptionId } = await startedOperator();
    stripe.update(subscriptionId, { status: 'active' });
    const event = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscriptionId)!);
    const eventsBefore = (await server.db.select().from(stripeWebhookEvents)).length;

    const wrongSecret = await send(event.payload, stripe.signature(event.payload, 'whsec_someone_else'));
    expect(wrongSecret.status).toBe(400);
    expect(wrongSecret.body.message).toMatch(/signature/i);
    // Signed, then changed in transit.
    const tampered = await send(event.payload.replace('"livemode": false', '"livemode": true'), stripe.signature(event.payload));
    expect(tampered.status).toBe(400);
    const unsigned = await server.request('POST', '/api/stripe/webhook', {
      raw: event.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.status).toBe(400);

    expect((await subscriptionOf(session.user.id))?.status).toBe('incomplete');
    expect((await server.db.select().from(stripeWebhookEvents)).length).toBe(eventsBefore);
  });

  it('resolves out-of-order events by re-reading the subscription: updated before created', async () => {
    const { session, subscriptionId } = await startedOperator();
    const createdEvent = stripe.event('customer.subscription.created', stripe.subscriptions.get(subscriptionId)!); // status incomplete
    stripe.update(subscriptionId, { status: 'active' });
    const updatedEvent = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscriptionId)!);

    expect((await send(updatedEvent.payload)).body.outcome).toBe('processed');
    expect((await subscriptionOf(session.user.id))?.status).toBe('active');
    // The older event arrives last; its stale payload (incomplete) does not win.
    expect((await send(createdEvent.payload)).body.outcome).toBe('processed');
    expect((await subscriptionOf(session.user.id))?.status).toBe('active');
  });

  it('cancel and resume-renewal go to Stripe; deleted at period end cancels and hides the trucks', async () => {
    const { session, subscriptionId } = await paidOperator();
    const truck = await insertTruck(server.db, session.user.id, { name: 'Stripe Cancel Truck' });
    await expect.poll(activeNames).toContain('Stripe Cancel Truck');

    const cancel = await server.request<SubscriptionStatusResponse>('POST', '/api/subscription/cancel', { token: session.token });
    expect(cancel.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(true);
    const resume = await server.request<SubscriptionStatusResponse>('POST', '/api/subscription/resume-renewal', { token: session.token });
    expect(resume.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    expect(stripe.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);

    await server.request('POST', '/api/subscription/cancel', { token: session.token });
    // The period ends: Stripe deletes the subscription and says so.
    stripe.update(subscriptionId, { status: 'canceled' });
    const deleted = stripe.event('customer.subscription.deleted', stripe.subscriptions.get(subscriptionId)!);
    expect((await send(deleted.payload)).body.outcome).toBe('processed');
    expect((await subscriptionOf(session.user.id))?.status).toBe('canceled');
    expect((await lastEventOf(truck.id))?.type).toBe('removed');
    await expect.poll(activeNames).not.toContain('Stripe Cancel Truck');
  });

  it('invoice.payment_failed on renewal makes the subscription past_due and records the failure', async () => {
    const { session, subscriptionId } = await paidOperator();
    stripe.update(subscriptionId, { status: 'past_due' });
    const failed = stripe.event('invoice.payment_failed', stripe.invoice(subscriptionId, { paid: false, reason: 'subscription_cycle' }));
    expect((await send(failed.payload)).body.outcome).toBe('processed');
    expect((await subscriptionOf(session.user.id))?.status).toBe('past_due');
    expect((await paymentsOf(session.user.id)).map((p) => [p.kind, p.status])).toEqual([
      ['initial', 'succeeded'],
      ['renewal', 'failed'],
    ]);
  });

  it('admin pause and resume map to pause_collection', async () => {
    const { session, subscriptionId } = await paidOperator();
    expect((await pauseOperatorSubscription(server.db, server.integrations, session.user.id)).status).toBe('paused');
    expect(stripe.subscriptions.get(subscriptionId)?.pause_collection).toMatchObject({ behavior: 'void' });
    // Stripe's own update event agrees (active at Stripe, collection paused → paused here).
    const updated = stripe.event('customer.subscription.updated', stripe.subscriptions.get(subscriptionId)!);
    await send(updated.payload);
    expect((await subscriptionOf(session.user.id))?.status).toBe('paused');

    expect((await resumeOperatorSubscription(server.db, server.integrations, session.user.id)).status).toBe('active');
    expect(stripe.subscriptions.get(subscriptionId)?.pause_collection).toBeNull();
  });

  it('ignores events of unknown subscriptions and of types we do not handle', async () => {
    const stranger = stripe.event('customer.subscription.updated', {
      ...stripe.subscriptions.values().next().value!,
      id: 'sub_unknown',
      metadata: {},
    });
    expect((await send(stranger.payload)).body.outcome).toBe('ignored');
    const other = stripe.event('customer.created', { id: 'cus_x', object: 'customer' });
    expect((await send(other.payload)).body.outcome).toBe('ignored');
  });
});
