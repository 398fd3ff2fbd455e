import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse } from '@shared/contracts';
import { operatorSubscriptions, users } from '../../db/schema';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import { startTestServer, type TestServer } from '../../test/harness';

/** Stripe mode: the admin's pause, resume and delete reach Stripe (the real SDK, a local fake Stripe). */
let stripe: FakeStripe;
let server: TestServer;
let admin: AuthResponse;
beforeAll(async () => {
  stripe = await startFakeStripe();
  server = await startTestServer({}, { integrations: { payments: stripe.provider } });
  admin = await server.signUpAdmin();
});
afterAll(async () => {
  await server.close();
  await stripe.close();
});

/** An operator whose subscription is active at (fake) Stripe. */
async function stripeOperator() {
  const session = await server.signUp('operator');
  const started = await stripe.provider.startSubscription({
    operatorId: session.user.id,
    customerId: null,
    email: null,
    phone: session.user.phone,
    name: null,
  });
  stripe.update(started.subscriptionId, { status: 'active' });
  await server.db.insert(operatorSubscriptions).values({
    operatorId: session.user.id,
    status: 'active',
    provider: 'stripe',
    providerCustomerId: started.customerId,
    providerSubscriptionId: started.subscriptionId,
  });
  return { session, subscriptionId: started.subscriptionId };
}
const call = (method: string, path: string) =>
  server.request<ErrorResponse>(method, path, { token: admin.token });

describe('admin subscription actions in Stripe mode', () => {
  it('pauses with pause_collection and resumes by clearing it', async () => {
    const { session, subscriptionId } = await stripeOperator();
    expect((await call('POST', `/api/admin/operators/${session.user.id}/subscription/pause`)).status).toBe(
      200,
    );
    expect(stripe.subscriptions.get(subscriptionId)?.pause_collection).toMatchObject({ behavior: 'void' });
    expect((await call('POST', `/api/admin/operators/${session.user.id}/subscription/resume`)).status).toBe(
      200,
    );
    expect(stripe.subscriptions.get(subscriptionId)?.pause_collection).toBeNull();
  });

  it('cancels the subscription at Stripe immediately when the operator is deleted', async () => {
    const { session, subscriptionId } = await stripeOperator();
    const res = await call('DELETE', `/api/admin/operators/${session.user.id}`);
    expect(res.status).toBe(200);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe('canceled');
    expect(
      stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);
  });

  it('keeps the operator when Stripe cannot be reached (502, nothing deleted)', async () => {
    const { session } = await stripeOperator();
    await stripe.close();
    try {
      const res = await call('DELETE', `/api/admin/operators/${session.user.id}`);
      expect(res.status).toBe(502);
      expect((await server.db.select().from(users).where(eq(users.id, session.user.id))).length).toBe(1);
    } finally {
      stripe = await startFakeStripe();
    }
  });
});
