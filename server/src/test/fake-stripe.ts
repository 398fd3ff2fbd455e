import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { StripePayments, type StripeConfig } from '../integrations/payments';

/**
 * A local stand-in for the few Stripe API calls we make (customers, subscriptions create/retrieve/
 * update/cancel; Connect accounts, account links and refunds for orders, issue 30), so the real
 * `stripe` SDK runs in tests without the network. It keeps each subscription's
 * state, which tests change as Stripe would (e.g. active after the first payment), and it builds
 * webhook requests signed with the SDK's own `generateTestHeaderString`.
 */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  pause_collection: { behavior: string; resumes_at: null } | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; current_period_start: number; current_period_end: number; price: { id: string } }[] };
  latest_invoice: string;
}

export interface FakeStripe {
  config: StripeConfig;
  provider: StripePayments;
  subscriptions: Map<string, FakeSubscription>;
  /** Connect Express accounts made (POST /v1/accounts), by id; tests enable charges as onboarding would. */
  accounts: Map<string, { id: string; object: 'account'; charges_enabled: boolean; metadata: Record<string, string> }>;
  /** Orders' PaymentIntents (POST /v1/payment_intents), by id; tests set `status` as the Payment Element would. */
  paymentIntents: Map<string, { id: string; object: 'payment_intent'; amount: number; currency: string; status: string; client_secret: string; last_payment_error: null | { message: string }; metadata: Record<string, string> }>;
  /** Every request the SDK made, as "METHOD /path" with its form fields and idempotency key. */
  requests: { method: string; path: string; form: URLSearchParams; idempotencyKey: string | undefined }[];
  /** Customers created (each `POST /v1/customers` that Stripe carried out, replays not counted). */
  customers: string[];
  /**
   * What the next requests meet: 'ok'; 'fail' (500 with a Stripe api_error, as in an outage; the
   * SDK retries it); 'stall' (read, never answered); 'lose-answer' (carried out — and its answer
   * kept for its idempotency key — but never sent: Stripe did it, the caller cannot know).
   */
  mode: 'ok' | 'fail' | 'stall' | 'lose-answer';
  /** Changes a subscription as Stripe would (status, period end...). */
  update(id: string, patch: Partial<Omit<FakeSubscription, 'items'>> & { periodEnd?: Date }): FakeSubscription;
  /** An invoice of the subscription as invoice.paid / invoice.payment_failed carry it. */
  invoice(subscriptionId: string, options: { paid: boolean; reason?: 'subscription_create' | 'subscription_cycle' }): object;
  /** A webhook event wrapping `object`. */
  event(type: string, object: object): { id: string; payload: string };
  /** Headers Stripe would send with `payload`, signed with `secret` (the configured one by default). */
  signature(payload: string, secret?: string): string;
  close(): Promise<void>;
}

const WEBHOOK_SECRET = 'whsec_test_fake_secret';
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeStripe(options: { timeoutMs?: number; maxNetworkRetries?: number } = {}): Promise<FakeStripe> {
  const subscriptions = new Map<string, FakeSubscription>();
  const accounts: FakeStripe['accounts'] = new Map();
  const paymentIntents: FakeStripe['paymentIntents'] = new Map();
  const requests: FakeStripe['requests'] = [];
  const customers: string[] = [];
  /** As Stripe: a POST repeated with an idempotency key gets the first answer again, not a second action. */
  const answered = new Map<string, { status: number; body: unknown }>();
  const state: Pick<FakeStripe, 'mode'> = { mode: 'ok' };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const form = req.method === 'GET' ? url.searchParams : await readForm(req);
      const key = req.headers['idempotency-key'];
      requests.push({ method: req.method ?? '', path: url.pathname, form, idempotencyKey: typeof key === 'string' ? key : undefined });
      const idempotencyKey = req.method === 'POST' && typeof key === 'string' ? key : undefined;
      const send = (status: number, body: unknown) => {
        if (idempotencyKey && status < 500) answered.set(idempotencyKey, { status, body });
        if (state.mode === 'lose-answer') return;
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(body));
      };
      if (state.mode === 'stall') return;
      if (state.mode === 'fail') return send(500, { error: { type: 'api_error', message: 'An unknown error occurred' } });
      const replay = idempotencyKey === undefined ? undefined : answered.get(idempotencyKey);
      if (replay) return send(replay.status, replay.body);
      const missing = () => send(404, { error: { type: 'invalid_request_error', message: 'No such subscription' } });
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const customer = { id: id('cus'), object: 'customer', email: form.get('email') };
        customers.push(customer.id);
        return send(200, customer);
      }
      if (req.method === 'POST' && url.pathname === '/v1/subscriptions') {
        const now = new Date();
        const sub: FakeSubscription = {
          id: id('sub'),
          object: 'subscription',
          customer: form.get('customer') ?? '',
          status: 'incomplete',
          cancel_at_period_end: false,
          pause_collection: null,
          metadata: { operatorId: form.get('metadata[operatorId]') ?? '' },
          items: {
            object: 'list',
            data: [
              {
                id: id('si'),
                object: 'subscription_item',
                current_period_start: unix(now),
                current_period_end: unix(now) + 30 * 86_400,
                price: { id: form.get('items[0][price]') ?? '' },
              },
            ],
          },
          latest_invoice: id('in'),
        };
        subscriptions.set(sub.id, sub);
        const invoice = {
          id: sub.latest_invoice,
          object: 'invoice',
          confirmation_secret: { client_secret: `${id('pi')}_secret_${id('s')}`, type: 'payment_intent' },
        };
        return send(200, { ...sub, latest_invoice: invoice });
      }
      if (req.method === 'POST' && url.pathname === '/v1/accounts') {
        const account = { id: id('acct'), object: 'account' as const, charges_enabled: false, metadata: { operatorId: form.get('metadata[operatorId]') ?? '' } };
        accounts.set(account.id, account);
        return send(200, account);
      }
      const accountMatch = /^\/v1\/accounts\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && accountMatch) {
        const account = accounts.get(accountMatch[1]!);
        return account ? send(200, account) : send(404, { error: { type: 'invalid_request_error', message: 'No such account' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/account_links') {
        return send(200, { object: 'account_link', url: `https://connect.stripe.test/setup/e/${form.get('account')}`, expires_at: unix(new Date()) + 300 });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payment_intents') {
        const intentId = id('pi');
        const intent = {
          id: intentId,
          object: 'payment_intent' as const,
          amount: Number(form.get('amount')),
          currency: form.get('currency') ?? 'usd',
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${id('s')}`,
          last_payment_error: null,
          metadata: { customerId: form.get('metadata[customerId]') ?? '', foodTruckId: form.get('metadata[foodTruckId]') ?? '' },
        };
        paymentIntents.set(intent.id, intent);
        return send(200, intent);
      }
      const cancelMatch = /^\/v1\/payment_intents\/([\w]+)\/cancel$/.exec(url.pathname);
      if (req.method === 'POST' && cancelMatch) {
        const intent = paymentIntents.get(cancelMatch[1]!);
        if (!intent) return send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
        // As Stripe: a succeeded or canceled PaymentIntent cannot be canceled.
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.` } });
        }
        intent.status = 'canceled';
        return send(200, intent);
      }
      const intentMatch = /^\/v1\/payment_intents\/([\w]+)$/.exec(url.pathname);
      if (req.method === 'GET' && intentMatch) {
        const intent = paymentIntents.get(intentMatch[1]!);
        return intent ? send(200, intent) : send(404, { error: { type: 'invalid_request_error', message: 'No such payment_intent' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') {
        return send(200, { id: id('re'), object: 'refund', amount: Number(form.get('amount')), payment_intent: form.get('payment_intent'), status: 'succeeded' });
      }
      const match = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
      if (match) {
        const sub = subscriptions.get(match[1]!);
        if (!sub) return missing();
        if (req.method === 'DELETE') {
          sub.status = 'canceled';
          return send(200, sub);
        }
        if (req.method === 'POST') {
          if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
          if (form.has('pause_collection')) sub.pause_collection = null;
          if (form.has('pause_collection[behavior]')) {
            sub.pause_collection = { behavior: form.get('pause_collection[behavior]') ?? 'void', resumes_at: null };
          }
        }
        return send(200, sub);
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL ${url.pathname}` } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const config: StripeConfig = {
    secretKey: 'sk_test_fake',
    publishableKey: 'pk_test_fake',
    priceId: 'price_test_monthly',
    webhookSecret: WEBHOOK_SECRET,
    api: { host: '127.0.0.1', port, protocol: 'http' },
    ...options,
  };
  const signer = new Stripe('sk_test_fake');

  return Object.assign(state, {
    config,
    provider: new StripePayments({ ...config }),
    subscriptions,
    accounts,
    paymentIntents,
    customers,
    requests,
    update(subscriptionId, { periodEnd, ...patch }) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`no fake subscription ${subscriptionId}`);
      Object.assign(sub, patch);
      if (periodEnd) for (const item of sub.items.data) item.current_period_end = unix(periodEnd);
      return sub;
    },
    invoice(subscriptionId, { paid, reason = 'subscription_create' }) {
      return {
        id: id('in'),
        object: 'invoice',
        amount_due: 2999,
        amount_paid: paid ? 2999 : 0,
        currency: 'usd',
        billing_reason: reason,
        status: paid ? 'paid' : 'open',
        customer: subscriptions.get(subscriptionId)?.customer ?? null,
        last_finalization_error: null,
        parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: subscriptionId, metadata: {} } },
      };
    },
    event(type, object) {
      const eventId = id('evt');
      const payload = JSON.stringify(
        {
          id: eventId,
          object: 'event',
          api_version: Stripe.API_VERSION,
          created: unix(new Date()),
          type,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          data: { object: structuredClone(object) },
        },
        null,
        2,
      );
      return { id: eventId, payload };
    },
    signature(payload, secret = WEBHOOK_SECRET) {
      return signer.webhooks.generateTestHeaderString({ payload, secret });
    },
    close() {
      // Stalled requests are held open: end them with the server.
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies Omit<FakeStripe, 'mode'>);
}
