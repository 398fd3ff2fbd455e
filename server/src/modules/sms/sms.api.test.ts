import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import type { AuthResponse, FoodTruck, SmsInboundResult } from '@shared/contracts';
import { assertInboundSmsVerifiable } from '../../app';
import { smsOutbox, users } from '../../db/schema';
import { OfflineSms, TwilioSms, type SmsMessage, type SmsProvider } from '../../integrations/sms';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio';
import { startTestServer, type TestServer } from '../../test/harness';
import { drainSmsOutbox, SMS_OUTBOX_DEFAULTS, type SmsOutboxOptions } from './sms-outbox.service';
import { OFFLINE_INBOUND_REFUSED } from './sms.routes';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

/** A provider that records each send, and fails while `failing` is set. */
class RecordingSms implements SmsProvider {
  readonly name = 'offline';
  sent: SmsMessage[] = [];
  failing = false;
  async send(message: SmsMessage) {
    if (this.failing) throw new Error('provider outage');
    this.sent.push(message);
    return { providerMessageId: `rec-${message.id}-${this.sent.length}` };
  }
  async findSent() {
    return null;
  }
  verifyInbound() {
    return true;
  }
}

async function createOpenableTruck(server: TestServer, operator: AuthResponse, name = 'Taco Loco') {
  const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
    token: operator.token,
    body: { name, cuisine: 'Mexican', ...AUSTIN },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status}`);
  return res.body;
}

const open = (server: TestServer, operator: AuthResponse, id: number) =>
  server.request<FoodTruck>('POST', `/api/food-trucks/${id}/open`, { token: operator.token, body: AUSTIN });
const close = (server: TestServer, operator: AuthResponse, id: number) =>
  server.request<FoodTruck>('POST', `/api/food-trucks/${id}/close`, { token: operator.token });
const favorite = async (server: TestServer, session: AuthResponse, truckId: number) => {
  const res = await server.request('POST', '/api/favorites', { token: session.token, body: { foodTruckId: truckId } });
  expect(res.status).toBe(200);
};
const rowsFor = (server: TestServer, truckId: number) =>
  server.db.select().from(smsOutbox).where(eq(smsOutbox.foodTruckId, truckId)).orderBy(asc(smsOutbox.id));
/** What a backoff or a lease would wait for has passed (no timed waits in tests). */
const makeDue = (server: TestServer, truckId: number) =>
  server.db
    .update(smsOutbox)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(and(eq(smsOutbox.foodTruckId, truckId), eq(smsOutbox.status, 'pending')));

describe('opening a favourite truck queues SMS (offline provider)', () => {
  let server: TestServer;
  let operator: AuthResponse;
  let fan: AuthResponse;
  let optedOut: AuthResponse;
  let notAFan: AuthResponse;
  let otherOperator: AuthResponse;
  const provider = new RecordingSms();

  beforeAll(async () => {
    server = await startTestServer({}, { integrations: { sms: provider } });
    [operator, fan, optedOut, notAFan, otherOperator] = await Promise.all([
      server.signUpSubscribedOperator(),
      server.signUp('customer'),
      server.signUp('customer'),
      server.signUp('customer'),
      server.signUpSubscribedOperator(),
    ]);
    await server.db.update(users).set({ smsOptOut: true }).where(eq(users.id, optedOut.user.id));
  });
  afterAll(() => server.close());

  it('writes exactly one message per eligible customer, none for opted-out, non-favourite or operator accounts', async () => {
    const truck = await createOpenableTruck(server, operator);
    await favorite(server, fan, truck.id);
    await favorite(server, optedOut, truck.id);
    await favorite(server, otherOperator, truck.id); // an operator's favourite: operators get no SMS
    // (Customers always have a phone: users_phone_required_check; the query also skips none.)
    expect((await open(server, operator, truck.id)).status).toBe(200);

    const rows = await rowsFor(server, truck.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: fan.user.id, toPhone: fan.user.phone, status: 'pending', attempts: 0 });
    expect(rows[0]?.body).toBe(
      `🚚 We're now open for business! Come grab some delicious food!\nTaco Loco\n${server.config.publicUrl}/find-trucks?truck=${truck.id}\nReply STOP to opt out.`,
    );
    expect(rows.some((r) => r.userId === notAFan.user.id)).toBe(false);
  });

  it('sends none again on a close and reopen within 12 hours', async () => {
    const truck = await createOpenableTruck(server, operator, 'Twice Open');
    await favorite(server, fan, truck.id);
    await open(server, operator, truck.id);
    await close(server, operator, truck.id);
    await open(server, operator, truck.id);
    expect(await rowsFor(server, truck.id)).toHaveLength(1);
    // An update of an open truck (moved) is not an opening either.
    await server.request('PATCH', `/api/food-trucks/${truck.id}/location`, {
      token: operator.token,
      body: { latitude: 30.27, longitude: -97.74, isOpen: true },
    });
    expect(await rowsFor(server, truck.id)).toHaveLength(1);
  });

  it('the worker sends each message once and marks it sent', async () => {
    const truck = await createOpenableTruck(server, operator, 'Worker Truck');
    await favorite(server, fan, truck.id);
    await open(server, operator, truck.id);
    const before = provider.sent.length;
    await drainSmsOutbox(server.db, provider);
    await drainSmsOutbox(server.db, provider);
    const [row] = await rowsFor(server, truck.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, provider: 'offline', lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(provider.sent.slice(before).filter((m) => m.id === row?.id)).toHaveLength(1);
  });

  it('skips a customer who opted out after the message was queued', async () => {
    const late = await server.signUp('customer');
    const truck = await createOpenableTruck(server, operator, 'Late Opt Out');
    await favorite(server, late, truck.id);
    await open(server, operator, truck.id);
    await server.db.update(users).set({ smsOptOut: true }).where(eq(users.id, late.user.id));
    const before = provider.sent.length;
    await drainSmsOutbox(server.db, provider);
    const [row] = await rowsFor(server, truck.id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'Recipient opted out before sending' });
    expect(provider.sent.slice(before).some((m) => m.id === row?.id)).toBe(false);
  });

  it('retries a failing provider with growing backoff, then marks the message failed', async () => {
    const options: SmsOutboxOptions = { ...SMS_OUTBOX_DEFAULTS, maxAttempts: 3, baseBackoffMs: 10_000 };
    const truck = await createOpenableTruck(server, operator, 'Outage Truck');
    await favorite(server, fan, truck.id);
    await open(server, operator, truck.id);
    provider.failing = true;
    try {
      const delays: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        await drainSmsOutbox(server.db, provider, options);
        const [row] = await rowsFor(server, truck.id);
        expect(row?.attempts).toBe(attempt);
        expect(row?.lastError).toBe('provider outage');
        if (attempt < 3) {
          expect(row?.status).toBe('pending');
          delays.push((row?.nextAttemptAt.getTime() ?? 0) - (row?.updatedAt.getTime() ?? 0));
          await makeDue(server, truck.id);
        } else {
          expect(row?.status).toBe('failed');
        }
      }
      // 10 s then 20 s (exponential), measured from the database's own timestamps.
      expect(delays[0]).toBeGreaterThanOrEqual(9_000);
      expect(delays[1]).toBeGreaterThanOrEqual(19_000);
      await drainSmsOutbox(server.db, provider, options);
      expect((await rowsFor(server, truck.id))[0]?.attempts).toBe(3);
    } finally {
      provider.failing = false;
    }
  });

  it('several workers draining at once send each message once', async () => {
    const fans = await Promise.all(Array.from({ length: 8 }, () => server.signUp('customer')));
    const truck = await createOpenableTruck(server, operator, 'Popular Truck');
    for (const f of fans) await favorite(server, f, truck.id);
    await open(server, operator, truck.id);
    const before = provider.sent.length;
    const small = { ...SMS_OUTBOX_DEFAULTS, batchSize: 2 };
    await Promise.all([0, 1, 2].map(() => drainSmsOutbox(server.db, provider, small)));
    const rows = await rowsFor(server, truck.id);
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const sentIds = provider.sent.slice(before).map((m) => m.id);
    expect(sentIds.sort()).toEqual(rows.map((r) => r.id).sort());
  });
});

describe('Twilio provider (local fake of its API)', () => {
  let server: TestServer;
  let fake: FakeTwilio;
  let operator: AuthResponse;
  let customer: AuthResponse;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    server = await startTestServer({}, { integrations: { sms: fake.provider } });
    [operator, customer] = await Promise.all([server.signUpSubscribedOperator(), server.signUp('customer')]);
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  it('sends through the SDK and stores the message SID', async () => {
    const truck = await createOpenableTruck(server, operator, 'Twilio Truck');
    await favorite(server, customer, truck.id);
    await open(server, operator, truck.id);
    await drainSmsOutbox(server.db, fake.provider);
    const [row] = await rowsFor(server, truck.id);
    const sent = fake.messages.find((m) => m.body.includes('Twilio Truck'));
    expect(sent).toMatchObject({ to: customer.user.phone, from: fake.config.from });
    expect(row).toMatchObject({ status: 'sent', provider: 'twilio', providerMessageId: sent?.sid });
  });

  it('a worker killed mid-batch sends nothing twice, and nothing is lost', async () => {
    const fans = await Promise.all(Array.from({ length: 4 }, () => server.signUp('customer')));
    const truck = await createOpenableTruck(server, operator, 'Crash Truck');
    for (const f of fans) await favorite(server, f, truck.id);
    await open(server, operator, truck.id);
    const before = fake.messages.length;
    // The first worker claims all four, sends two, and dies during the third call (after Twilio
    // accepted it): its promise never settles while the fake holds the answer.
    fake.hangAt = before + 3;
    void drainSmsOutbox(server.db, fake.provider).catch(() => {});
    await expect.poll(() => fake.messages.length, { timeout: 20_000 }).toBe(before + 3);
    fake.hangAt = undefined;
    // Its lease runs out; another process takes over.
    await makeDue(server, truck.id);
    await drainSmsOutbox(server.db, fake.provider);
    const rows = await rowsFor(server, truck.id);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const mine = fake.messages.slice(before);
    expect(mine).toHaveLength(4);
    expect(new Set(mine.map((m) => m.to)).size).toBe(4);
    // The interrupted one was found at Twilio (not sent again) and keeps its SID.
    expect(new Set(rows.map((r) => r.providerMessageId)).size).toBe(4);
  });

  describe('STOP and START replies (POST /api/sms/inbound)', () => {
    const inbound = (params: Record<string, string>, signature?: string) =>
      server.request('POST', '/api/sms/inbound', {
        raw: new URLSearchParams(params).toString(),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(signature ? { 'x-twilio-signature': signature } : {}),
        },
      });
    const sign = (params: Record<string, string>, token = fake.config.authToken) =>
      twilio.getExpectedTwilioSignature(token, `${server.config.publicUrl}/api/sms/inbound`, params);
    const optedOut = async () =>
      (await server.db.select({ o: users.smsOptOut }).from(users).where(eq(users.id, customer.user.id)))[0]?.o;

    it('STOP with a valid signature opts out, START opts back in', async () => {
      const stop = { From: customer.user.phone ?? '', Body: ' stop ', MessageSid: 'SM1' };
      expect((await inbound(stop, sign(stop))).status).toBe(204);
      expect(await optedOut()).toBe(true);
      const start = { From: customer.user.phone ?? '', Body: 'START', MessageSid: 'SM2' };
      expect((await inbound(start, sign(start))).status).toBe(204);
      expect(await optedOut()).toBe(false);
    });

    it('refuses an invalid or missing signature and changes nothing', async () => {
      const stop = { From: customer.user.phone ?? '', Body: 'STOP', MessageSid: 'SM3' };
      const bad = await inbound(stop, sign(stop, 'not-the-auth-token'));
      expect(bad.status).toBe(403);
      expect(bad.body).toEqual({ message: 'Invalid Twilio signature' });
      expect((await inbound(stop)).status).toBe(403);
      // Signed for other fields than those sent.
      expect((await inbound({ ...stop, Body: 'STOPALL' }, sign(stop))).status).toBe(403);
      expect(await optedOut()).toBe(false);
    });

    it('ignores other texts and unknown numbers', async () => {
      const hello = { From: customer.user.phone ?? '', Body: 'hello' };
      expect((await inbound(hello, sign(hello))).status).toBe(204);
      const stranger = { From: '+15550000000', Body: 'STOP' };
      expect((await inbound(stranger, sign(stranger))).status).toBe(204);
      expect(await optedOut()).toBe(false);
    });
  });
});

describe('replies without Twilio: the offline provider takes none from the network (issue 32)', () => {
  let server: TestServer;
  let customer: AuthResponse;
  const optedOut = async () =>
    (await server.db.select({ o: users.smsOptOut }).from(users).where(eq(users.id, customer.user.id)))[0]?.o;
  const forged = (body: string) =>
    server.request<{ message: string }>('POST', '/api/sms/inbound', {
      raw: `From=${encodeURIComponent(customer.user.phone ?? '')}&Body=${body}`,
      // What any web page's <form method=post> sends, cross-site, with no signature.
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });

  beforeAll(async () => {
    server = await startTestServer(); // no Twilio: the offline provider
    customer = await server.signUp('customer');
  });
  afterAll(() => server.close());

  it('refuses a forged STOP or START from the network (403) and changes nothing', async () => {
    const stop = await forged('STOP');
    expect(stop.status).toBe(403);
    expect(stop.body).toEqual({ message: OFFLINE_INBOUND_REFUSED });
    expect(await optedOut()).toBe(false);
    await server.db.update(users).set({ smsOptOut: true }).where(eq(users.id, customer.user.id));
    expect((await forged('START')).status).toBe(403);
    expect(await optedOut()).toBe(true);
    await server.db.update(users).set({ smsOptOut: false }).where(eq(users.id, customer.user.id));
  });

  it('applies a reply an admin posts, and refuses anyone else', async () => {
    const admin = await server.signUpAdmin();
    const post = (token: string | undefined, body: string) =>
      server.request<SmsInboundResult>('POST', '/api/admin/sms/inbound', {
        token,
        body: { from: customer.user.phone, body },
      });
    expect((await post(undefined, 'STOP')).status).toBe(401);
    expect((await post(customer.token, 'STOP')).status).toBe(403);
    expect(await optedOut()).toBe(false);
    expect(await post(admin.token, ' stop ')).toMatchObject({ status: 200, body: { optOut: true, matched: 1 } });
    expect(await optedOut()).toBe(true);
    expect(await post(admin.token, 'hello')).toMatchObject({ status: 200, body: { optOut: null, matched: 0 } });
    expect(await post(admin.token, 'START')).toMatchObject({ status: 200, body: { optOut: false, matched: 1 } });
    expect(await optedOut()).toBe(false);
  });

  it('production refuses to start with a provider that accepts an unsigned reply', () => {
    const production = { nodeEnv: 'production' as const, publicUrl: 'https://trucks.example' };
    expect(() => assertInboundSmsVerifiable(production, { sms: new RecordingSms() })).toThrow(
      "The SMS provider 'offline' accepts unsigned inbound messages: refusing to start in production",
    );
    // The shipped providers: offline accepts nothing, Twilio only what it signed.
    expect(() => assertInboundSmsVerifiable(production, { sms: new OfflineSms(() => {}) })).not.toThrow();
    expect(() =>
      assertInboundSmsVerifiable(production, { sms: new TwilioSms({ accountSid: 'AC1', authToken: 't', from: '+15550000001' }) }),
    ).not.toThrow();
  });
});

describe('Twilio failing: errors, stalls, answers that never come (local fake, short time-out)', () => {
  let server: TestServer;
  let fake: FakeTwilio;
  let operator: AuthResponse;

  beforeAll(async () => {
    fake = await startFakeTwilio({ timeoutMs: 300 });
    server = await startTestServer({}, { integrations: { sms: fake.provider } });
    operator = await server.signUpSubscribedOperator();
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  /** A truck with one fan, opened: one outbox row for that fan. */
  async function queued(name: string) {
    const fan = await server.signUp('customer');
    const truck = await createOpenableTruck(server, operator, name);
    await favorite(server, fan, truck.id);
    await open(server, operator, truck.id);
    return { fan, truck, sentTo: () => fake.messages.filter((m) => m.to === fan.user.phone) };
  }
  const drain = () => drainSmsOutbox(server.db, fake.provider);

  it('500s: the attempt fails, is retried after a back-off, and the message goes once Twilio recovers', async () => {
    const { truck, sentTo } = await queued('Error Truck');
    fake.mode = 'fail';
    await drain();
    const [failed] = await rowsFor(server, truck.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).not.toMatch(/^Outcome unknown/);
    expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(failed?.updatedAt.getTime() ?? 0);
    fake.mode = 'ok';
    await drain();
    // Not due yet: the back-off holds it.
    expect(sentTo()).toHaveLength(0);
    await makeDue(server, truck.id);
    await drain();
    expect((await rowsFor(server, truck.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(sentTo()).toHaveLength(1);
  });

  it('a send Twilio took but never answered times out; the retry finds it there instead of sending it again', async () => {
    const { truck, sentTo } = await queued('Silent Truck');
    fake.mode = 'accept-and-hang';
    await drain();
    const [unknown] = await rowsFor(server, truck.id);
    expect(unknown).toMatchObject({ status: 'pending', attempts: 1 });
    expect(unknown?.lastError).toMatch(/^Outcome unknown: No answer from Twilio/);
    expect(sentTo()).toHaveLength(1);
    fake.mode = 'ok';
    await makeDue(server, truck.id);
    await drain();
    const [row] = await rowsFor(server, truck.id);
    expect(row).toMatchObject({ status: 'sent', providerMessageId: sentTo()[0]?.sid });
    expect(sentTo()).toHaveLength(1);
  });

  it('a Twilio that stalls altogether: each call times out, nothing is resent blindly, and the message goes once when it answers', async () => {
    const { truck, sentTo } = await queued('Stalled Truck');
    fake.mode = 'stall';
    await drain();
    await makeDue(server, truck.id);
    // The check for the earlier attempt stalls too: still unknown, still not resent.
    await drain();
    const [stalled] = await rowsFor(server, truck.id);
    expect(stalled).toMatchObject({ status: 'pending', attempts: 2 });
    expect(stalled?.lastError).toMatch(/^Outcome unknown: Could not check an earlier attempt/);
    fake.mode = 'ok';
    await makeDue(server, truck.id);
    await drain();
    expect((await rowsFor(server, truck.id))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(sentTo()).toHaveLength(1);
  });
});

describe('SMS preferences (GET/PUT /api/auth/user/sms-preferences)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('lets a customer turn SMS off and on; other roles and visitors are refused', async () => {
    const [customer, operator, admin] = await Promise.all([
      server.signUp('customer'),
      server.signUp('operator'),
      server.signUpAdmin(),
    ]);
    const url = '/api/auth/user/sms-preferences';
    expect((await server.request('GET', url, { token: customer.token })).body).toEqual({ smsAlerts: true });
    expect((await server.request('PUT', url, { token: customer.token, body: { smsAlerts: false } })).body).toEqual({ smsAlerts: false });
    expect((await server.request('GET', url, { token: customer.token })).body).toEqual({ smsAlerts: false });
    expect((await server.request('PUT', url, { token: customer.token, body: { smsAlerts: 'no' } })).status).toBe(400);
    expect((await server.request('GET', url)).status).toBe(401);
    expect((await server.request('PUT', url, { body: { smsAlerts: true } })).status).toBe(401);
    for (const other of [operator, admin]) {
      expect((await server.request('GET', url, { token: other.token })).status).toBe(403);
      expect((await server.request('PUT', url, { token: other.token, body: { smsAlerts: false } })).status).toBe(403);
    }
    const [row] = await server.db.select({ o: users.smsOptOut }).from(users).where(eq(users.id, operator.user.id));
    expect(row?.o).toBe(false);
  });
});
