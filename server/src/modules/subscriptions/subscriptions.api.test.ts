import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, SubscriptionStatusResponse } from '@shared/contracts';
import { operatorSubscriptions, subscriptionPayments, truckEvents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';
import { subscriptionRenewals } from '../../workers/subscription-renewals';
import { pauseOperatorSubscription, resumeOperatorSubscription } from './subscription-lifecycle.service';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Status = SubscriptionStatusResponse & ErrorResponse;
const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

const subscriptionOf = async (operatorId: number) =>
  (await server.db.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.operatorId, operatorId)))[0];
const paymentsOf = (operatorId: number) =>
  server.db.select().from(subscriptionPayments).where(eq(subscriptionPayments.operatorId, operatorId)).orderBy(subscriptionPayments.id);
const activeNames = async () =>
  ((await server.request<{ name: string }[]>('GET', '/api/food-trucks/active')).body ?? []).map((t) => t.name);
const AUSTIN = { latitude: 30.27, longitude: -97.74 };
const lastEventOf = async (truckId: number) =>
  (await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, truckId)).orderBy(desc(truckEvents.id)).limit(1))[0];

async function start(session: AuthResponse) {
  const res = await server.request<{ clientSecret: string } & ErrorResponse>('POST', '/api/create-operator-subscription', {
    token: session.token,
  });
  expect(res.status).toBe(200);
  return res.body.clientSecret;
}
const confirm = (session: AuthResponse, clientSecret: string, card: Partial<typeof GOOD_CARD> = {}) =>
  server.request<Status>('POST', '/api/payments/test/confirm', {
    token: session.token,
    body: { clientSecret, ...GOOD_CARD, ...card },
  });

/** An operator who subscribed over the API with the given card (4242 by default). */
async function subscribedOperator(card: Partial<typeof GOOD_CARD> = {}) {
  const session = await server.signUp('operator');
  const res = await confirm(session, await start(session), card);
  expect(res.status).toBe(200);
  return session;
}

describe('test mode, from registration to a hidden truck', () => {
  it('register → 402 on open → declined → paid → visible → cancel → period end → hidden', async () => {
    const operator = await server.signUp('operator');
    const truck = await insertTruck(server.db, operator.user.id, { name: 'Journey Truck', latitude: 30.27, longitude: -97.74 });

    const before = await server.request<Status>('GET', '/api/subscription-status', { token: operator.token });
    expect(before.body).toEqual({ hasSubscription: false, isOperator: true, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false });
    const open = await server.request<ErrorResponse>('POST', `/api/food-trucks/${truck.id}/open`, { token: operator.token, body: AUSTIN });
    expect(open.status).toBe(402);
    expect(open.body.message).toContain('/subscribe');

    const secret = await start(operator);
    expect(secret).toMatch(/^test_pi_\w+_secret_\w+$/);
    // Asking again while the payment is pending hands out the same subscription.
    expect(await start(operator)).toBe(secret);
    expect((await subscriptionOf(operator.user.id))?.status).toBe('incomplete');

    // Malformed cards: 400 per field, nothing charged or recorded.
    const invalid = await confirm(operator, secret, { cardNumber: '4242 4242 4242 4241', expiry: '01/20', cvc: '1' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toEqual({
      cardNumber: ['Your card number is invalid.'],
      expiry: ["Your card's expiration year is in the past."],
      cvc: ["Your card's security code is incomplete."],
    });
    expect(await paymentsOf(operator.user.id)).toHaveLength(0);

    const declined = await confirm(operator, secret, { cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    const poor = await confirm(operator, secret, { cardNumber: '4000000000009995' });
    expect(poor.status).toBe(402);
    expect(poor.body.message).toBe('Your card has insufficient funds.');
    expect((await subscriptionOf(operator.user.id))?.status).toBe('incomplete');
    expect((await paymentsOf(operator.user.id)).map((p) => [p.status, p.kind, p.failureMessage])).toEqual([
      ['failed', 'initial', 'Your card was declined.'],
      ['failed', 'initial', 'Your card has insufficient funds.'],
    ]);
    expect(await activeNames()).not.toContain('Journey Truck');

    const paidAt = Date.now();
    const paid = await confirm(operator, secret);
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ hasSubscription: true, status: 'active', cancelAtPeriodEnd: false });
    const periodEnd = new Date(paid.body.currentPeriodEnd as unknown as string);
    const days = (periodEnd.getTime() - paidAt) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31.1);

    const row = await subscriptionOf(operator.user.id);
    expect(row).toMatchObject({ cardLast4: '4242', cardBrand: 'visa', cardToken: 'tok_visa', pendingClientSecret: null, provider: 'offline' });
    // No card number anywhere: only its last four digits.
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    const payments = await paymentsOf(operator.user.id);
    expect(payments.at(-1)).toMatchObject({ status: 'succeeded', kind: 'initial', amountCents: 2999, currency: 'usd', provider: 'offline' });
    expect(payments.at(-1)?.providerPaymentId).toMatch(/^test_pi_/);
    expect(JSON.stringify(payments)).not.toContain('4242424242424242');

    // The truck appears for diners at once (published in the payment's transaction), and can open.
    expect((await lastEventOf(truck.id))?.type).toBe('updated');
    await expect.poll(activeNames).toContain('Journey Truck');
    expect((await server.request('POST', `/api/food-trucks/${truck.id}/open`, { token: operator.token, body: AUSTIN })).status).toBe(200);

    // The secret is spent; a second subscription while active is refused.
    expect((await confirm(operator, secret)).status).toBe(404);
    expect((await server.request('POST', '/api/create-operator-subscription', { token: operator.token })).status).toBe(409);

    // Cancel anytime = at period end; undo; cancel again.
    const cancelled = await server.request<Status>('POST', '/api/subscription/cancel', { token: operator.token });
    expect(cancelled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, hasSubscription: true });
    const resumed = await server.request<Status>('POST', '/api/subscription/resume-renewal', { token: operator.token });
    expect(resumed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
    await server.request('POST', '/api/subscription/cancel', { token: operator.token });

    // Before the period ends nothing happens; after it, the subscription ends and the truck goes.
    await subscriptionRenewals.run(server.workerContext, new Date(periodEnd.getTime() - 60_000));
    expect((await subscriptionOf(operator.user.id))?.status).toBe('active');
    await subscriptionRenewals.run(server.workerContext, new Date(periodEnd.getTime() + 1000));
    expect(await subscriptionOf(operator.user.id)).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await lastEventOf(truck.id))?.type).toBe('removed');
    await expect.poll(activeNames).not.toContain('Journey Truck');
    expect((await server.request('GET', `/api/food-trucks/${truck.id}`)).status).toBe(404);
    // No charge for a cancelled subscription.
    expect((await paymentsOf(operator.user.id)).filter((p) => p.kind === 'renewal')).toHaveLength(0);
    const after = await server.request<Status>('GET', '/api/subscription-status', { token: operator.token });
    expect(after.body).toMatchObject({ hasSubscription: false, status: 'canceled' });
    // Subscribing again starts a new pending subscription.
    expect(await start(operator)).not.toBe(secret);
  });
});

describe('renewals of the built-in provider', () => {
  it('charges the card on file at period end and moves the period one month on', async () => {
    const operator = await subscribedOperator({ cardNumber: '5555 5555 5555 4444' });
    const end = (await subscriptionOf(operator.user.id))!.currentPeriodEnd!;
    const handled = await subscriptionRenewals.run(server.workerContext, new Date(end.getTime() + 1000));
    expect(handled).toBeGreaterThanOrEqual(1);
    const row = await subscriptionOf(operator.user.id);
    expect(row?.status).toBe('active');
    expect(row?.currentPeriodEnd?.getTime()).toBeGreaterThan(end.getTime() + 27 * 86_400_000);
    expect((await paymentsOf(operator.user.id)).map((p) => [p.kind, p.status])).toEqual([
      ['initial', 'succeeded'],
      ['renewal', 'succeeded'],
    ]);
    // The same moment again renews nothing twice.
    await subscriptionRenewals.run(server.workerContext, new Date(end.getTime() + 1000));
    expect(await paymentsOf(operator.user.id)).toHaveLength(2);
  });

  it('a declined card on file makes the subscription past_due and hides the trucks; paying again restores them', async () => {
    const operator = await subscribedOperator();
    const truck = await insertTruck(server.db, operator.user.id, { name: 'Renewal Fails Truck' });
    await expect.poll(activeNames).toContain('Renewal Fails Truck');
    // The card on file now declines (Stripe's decline test card).
    await server.db
      .update(operatorSubscriptions)
      .set({ cardToken: 'tok_chargeDeclined', cardLast4: '0002' })
      .where(eq(operatorSubscriptions.operatorId, operator.user.id));
    const end = (await subscriptionOf(operator.user.id))!.currentPeriodEnd!;
    await subscriptionRenewals.run(server.workerContext, new Date(end.getTime() + 1000));
    expect((await subscriptionOf(operator.user.id))?.status).toBe('past_due');
    expect((await paymentsOf(operator.user.id)).at(-1)).toMatchObject({
      kind: 'renewal',
      status: 'failed',
      failureMessage: 'Your card was declined.',
    });
    expect((await lastEventOf(truck.id))?.type).toBe('removed');
    await expect.poll(activeNames).not.toContain('Renewal Fails Truck');
    const status = await server.request<Status>('GET', '/api/subscription-status', { token: operator.token });
    expect(status.body).toMatchObject({ hasSubscription: false, status: 'past_due' });

    const paid = await confirm(operator, await start(operator));
    expect(paid.body.status).toBe('active');
    await expect.poll(activeNames).toContain('Renewal Fails Truck');
  });
});

describe('admin pause and resume (service level; the admin endpoints come with the admin issue)', () => {
  it('pauses an active subscription (hidden) and resumes it (visible); wrong states are refused', async () => {
    const operator = await subscribedOperator();
    const truck = await insertTruck(server.db, operator.user.id, { name: 'Paused Truck' });
    await expect.poll(activeNames).toContain('Paused Truck');

    expect((await pauseOperatorSubscription(server.db, server.integrations, operator.user.id)).status).toBe('paused');
    expect((await lastEventOf(truck.id))?.type).toBe('removed');
    await expect.poll(activeNames).not.toContain('Paused Truck');
    await expect(pauseOperatorSubscription(server.db, server.integrations, operator.user.id)).rejects.toMatchObject({ statusCode: 409 });
    // Paused: the operator can neither start another subscription nor cancel.
    expect((await server.request('POST', '/api/create-operator-subscription', { token: operator.token })).status).toBe(409);
    expect((await server.request('POST', '/api/subscription/cancel', { token: operator.token })).status).toBe(409);
    // Paused subscriptions are not charged at period end.
    const end = (await subscriptionOf(operator.user.id))!.currentPeriodEnd!;
    await subscriptionRenewals.run(server.workerContext, new Date(end.getTime() + 1000));
    expect(await paymentsOf(operator.user.id)).toHaveLength(1);

    expect((await resumeOperatorSubscription(server.db, server.integrations, operator.user.id)).status).toBe('active');
    expect((await lastEventOf(truck.id))?.type).toBe('updated');
    await expect.poll(activeNames).toContain('Paused Truck');
    await expect(resumeOperatorSubscription(server.db, server.integrations, operator.user.id)).rejects.toMatchObject({ statusCode: 409 });

    const never = await server.signUp('operator');
    await expect(pauseOperatorSubscription(server.db, server.integrations, never.user.id)).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('who may call what', () => {
  let customer: AuthResponse;
  let admin: AuthResponse;
  let operator: AuthResponse;
  let other: AuthResponse;
  let otherSecret: string;
  beforeAll(async () => {
    [customer, admin, operator, other] = await Promise.all([
      server.signUp('customer'),
      server.signUpAdmin(),
      server.signUp('operator'),
      server.signUp('operator'),
    ]);
    otherSecret = await start(other);
  });

  const snapshot = async () => ({
    subscriptions: await server.db.select().from(operatorSubscriptions).orderBy(operatorSubscriptions.id),
    payments: await server.db.select().from(subscriptionPayments).orderBy(subscriptionPayments.id),
  });

  it('answers 401 without a token on every endpoint, changing nothing', async () => {
    const before = await snapshot();
    for (const [method, path] of [
      ['GET', '/api/subscription-status'],
      ['POST', '/api/create-operator-subscription'],
      ['POST', '/api/subscription/cancel'],
      ['POST', '/api/subscription/resume-renewal'],
      ['POST', '/api/payments/test/confirm'],
    ] as const) {
      const res = await server.request<ErrorResponse>(method, path, { body: method === 'POST' ? { clientSecret: otherSecret, ...GOOD_CARD } : undefined });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body.message).toBeTruthy();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('tells customers and admins they are not operators, and refuses them every change with 403', async () => {
    for (const session of [customer, admin]) {
      const status = await server.request<Status>('GET', '/api/subscription-status', { token: session.token });
      expect(status.body).toEqual({ hasSubscription: false, isOperator: false, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false });
      const before = await snapshot();
      for (const path of [
        '/api/create-operator-subscription',
        '/api/subscription/cancel',
        '/api/subscription/resume-renewal',
        '/api/payments/test/confirm',
      ]) {
        const res = await server.request('POST', path, { token: session.token, body: { clientSecret: otherSecret, ...GOOD_CARD } });
        expect(res.status, `${session.user.role} ${path}`).toBe(403);
      }
      expect(await snapshot()).toEqual(before);
    }
  });

  it("refuses another operator's payment session with 404 and charges nothing", async () => {
    const before = await snapshot();
    const res = await confirm(operator, otherSecret);
    expect(res.status).toBe(404);
    expect(await snapshot()).toEqual(before);
    expect((await subscriptionOf(other.user.id))?.status).toBe('incomplete');
  });

  it('refuses cancel and resume without an active subscription (409), and bad bodies (400), changing nothing', async () => {
    const before = await snapshot();
    expect((await server.request('POST', '/api/subscription/cancel', { token: operator.token })).status).toBe(409);
    expect((await server.request('POST', '/api/subscription/resume-renewal', { token: other.token })).status).toBe(409);
    for (const body of [{}, { clientSecret: otherSecret }, { clientSecret: 5, cardNumber: [], expiry: 1, cvc: null }, 'nonsense']) {
      const res = await server.request<ErrorResponse>('POST', '/api/payments/test/confirm', { token: other.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('has no Stripe webhook, and no Stripe origins in the CSP, in test mode', async () => {
    const csp = (await server.request('GET', '/api/app-config')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('stripe.com');
    const res = await server.request('POST', '/api/stripe/webhook', { body: { id: 'evt_1' }, headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(res.status).toBe(404);
  });
});
