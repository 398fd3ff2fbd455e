import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AuthResponse, FoodTruck, NotificationPreferences, PushDevice, PushMessage, PushPublicKey } from '@shared/contracts';
import { pushOutbox, pushSubscriptions, smsOutbox } from '../../db/schema';
import { startFakePushService, type FakeDevice, type FakePushService } from '../../test/fake-push-service';
import { startTestServer, type TestServer } from '../../test/harness';
import { stopUnderWayNow } from '../../test/schedules';
import { pushOutboxWorker } from '../../workers/push-outbox';

const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
/** 1 km north of AUSTIN: inside the 2 km nearby-alert radius. */
const NEAR = { latitude: 30.2762, longitude: -97.7431 };
/** About 30 km away. */
const FAR = { latitude: 30.5, longitude: -97.9 };

describe('Web Push alerts (local push service)', () => {
  let server: TestServer;
  let push: FakePushService;
  let operator: AuthResponse;

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer({
      push: { allowLocalEndpoints: true },
      pushOutbox: { baseBackoffMs: 0, maxAttempts: 3 },
    });
    operator = await server.signUpSubscribedOperator();
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  const drain = () => pushOutboxWorker.run(server.workerContext);

  async function createTruck(name: string) {
    const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
      token: operator.token,
      body: { name, cuisine: 'Mexican', ...AUSTIN },
    });
    expect(res.status).toBe(201);
    return res.body;
  }
  const open = (id: number) => server.request('POST', `/api/food-trucks/${id}/open`, { token: operator.token, body: AUSTIN });
  const close = (id: number) => server.request('POST', `/api/food-trucks/${id}/close`, { token: operator.token });

  async function fanWithDevice(truckId: number, position: { latitude: number; longitude: number } | null = NEAR) {
    const fan = await server.signUp('customer');
    expect((await server.request('POST', '/api/favorites', { token: fan.token, body: { foodTruckId: truckId } })).status).toBe(200);
    const device = push.createDevice();
    const res = await server.request<PushDevice>('POST', '/api/push/subscriptions', {
      token: fan.token,
      headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' },
      body: { endpoint: device.endpoint, keys: device.keys, ...(position ?? {}) },
    });
    expect(res.status).toBe(201);
    return { fan, device, deviceId: res.body.id };
  }
  const messagesTo = (device: FakeDevice) => push.received.filter((r) => r.deviceId === device.id);

  it('a favourite opening nearby reaches the device once, encrypted, signed, and decrypts to the truck and its link', async () => {
    const truck = await createTruck('Push Tacos');
    const { device } = await fanWithDevice(truck.id);
    const key = await server.request<PushPublicKey>('GET', '/api/push/public-key', { token: (await server.signUp('customer')).token });

    expect((await open(truck.id)).status).toBe(200);
    await drain();
    await drain();

    expect(push.refused).toEqual([]);
    const got = messagesTo(device);
    expect(got).toHaveLength(1);
    const [first] = got;
    expect(first?.message).toEqual({
      kind: 'opened',
      truckId: truck.id,
      title: 'Favorite truck nearby!',
      body: 'Push Tacos is open 0.6 mi from you.',
      url: `/find-trucks?truck=${truck.id}`,
      tag: `truck-${truck.id}`,
    } satisfies PushMessage);
    expect(first?.vapidPublicKey).toBe(key.body.publicKey);
    expect(first?.claims.aud).toBe(push.url);
    expect(first?.urgency).toBe('high');
    expect(first?.ttl).toBe('3600');
    const [row] = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
  });

  it('the same event is queued once per device; a device far away, or whose customer turned the kind off, gets none', async () => {
    const truck = await createTruck('Once Only');
    const near = await fanWithDevice(truck.id);
    const far = await fanWithDevice(truck.id, FAR);
    const unplaced = await fanWithDevice(truck.id, null);
    const optedOut = await fanWithDevice(truck.id);
    const prefs = await server.request('PUT', '/api/auth/user/notification-preferences', {
      token: optedOut.fan.token,
      body: { push: { opened: false, schedule: true }, sms: { opened: true }, quietHours: null },
    });
    expect(prefs.status).toBe(200);

    await open(truck.id);
    await drain();
    expect(messagesTo(near.device)).toHaveLength(1);
    expect(messagesTo(far.device)).toHaveLength(0);
    // A device that never told its position is treated like SMS, which knows none (ADR 0160).
    expect(messagesTo(unplaced.device).map((m) => (m.message as PushMessage).body)).toEqual(['Once Only just opened.']);
    expect(messagesTo(optedOut.device)).toHaveLength(0);

    // Re-queueing the same event (a retried transaction) adds nothing: (subscription, event) is unique.
    const rows = await server.db.select().from(pushOutbox).where(eq(pushOutbox.foodTruckId, truck.id));
    expect(rows).toHaveLength(2);
    const [dupe] = rows;
    if (!dupe) throw new Error('no row');
    const again = await server.db
      .insert(pushOutbox)
      .values({ subscriptionId: dupe.subscriptionId, userId: dupe.userId, foodTruckId: truck.id, eventKey: dupe.eventKey, message: dupe.message })
      .onConflictDoNothing()
      .returning();
    expect(again).toHaveLength(0);

    // A close and a reopen is a new event.
    await close(truck.id);
    await open(truck.id);
    await drain();
    expect(messagesTo(near.device)).toHaveLength(2);
  });

  it('quiet hours hold every push and SMS back', async () => {
    const truck = await createTruck('Quiet Night');
    const { fan, device } = await fanWithDevice(truck.id);
    // Quiet from an hour ago to an hour from now, in UTC.
    const hour = new Date().getUTCHours();
    const at = (h: number) => `${String((h + 24) % 24).padStart(2, '0')}:00`;
    const res = await server.request<NotificationPreferences>('PUT', '/api/auth/user/notification-preferences', {
      token: fan.token,
      body: { push: { opened: true, schedule: true }, sms: { opened: true }, quietHours: { start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' } },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      push: { opened: true, schedule: true, orders: true },
      sms: { opened: true },
      quietHours: { start: at(hour - 1), end: at(hour + 1), timeZone: 'UTC' },
    });
    await open(truck.id);
    await drain();
    expect(messagesTo(device)).toHaveLength(0);
    // The SMS channel keeps the same quiet hours.
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.userId, fan.user.id))).toEqual([]);
  });

  it("a change to a favourite's stops for today pushes a link to the truck's page; another day's does not", async () => {
    const truck = await createTruck('Schedule Truck');
    const { device } = await fanWithDevice(truck.id);
    const place = { ...AUSTIN, address: '6th & Congress' };
    const { timeZone, stop, otherDay } = stopUnderWayNow(place);
    await server.request('PUT', `/api/food-trucks/${truck.id}/schedule/time-zone`, { token: operator.token, body: { timeZone } });
    expect((await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, { token: operator.token, body: otherDay })).status).toBe(201);
    await drain();
    expect(messagesTo(device)).toHaveLength(0);

    expect((await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, { token: operator.token, body: stop })).status).toBe(201);
    await drain();
    const got = messagesTo(device);
    expect(got).toHaveLength(1);
    expect(got[0]?.message).toEqual({
      kind: 'schedule',
      truckId: truck.id,
      title: "Schedule Truck changed today's stops",
      body: 'Today: all day at 6th & Congress',
      url: `/trucks/${truck.id}`,
      tag: `schedule-${truck.id}`,
    });
  });

  it('a 410 from the push service removes the device; a 500 is retried with back-off', async () => {
    const truck = await createTruck('Gone Device');
    const gone = await fanWithDevice(truck.id);
    const flaky = await fanWithDevice(truck.id);
    push.answer(gone.device.id, 410);
    push.answer(flaky.device.id, 500);
    await open(truck.id);
    await drain();
    const goneRows = await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.deviceId));
    expect(goneRows).toHaveLength(0);
    const list = await server.request<PushDevice[]>('GET', '/api/push/subscriptions', { token: gone.fan.token });
    expect(list.body).toEqual([]);

    const [pending] = await server.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, flaky.deviceId));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending?.lastError).toContain('500');
    push.answer(flaky.device.id, null);
    await server.db.update(pushOutbox).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(and(eq(pushOutbox.subscriptionId, flaky.deviceId)));
    await drain();
    const [sent] = await server.db.select().from(pushOutbox).where(eq(pushOutbox.subscriptionId, flaky.deviceId));
    expect(sent?.status).toBe('sent');
  });

  it('removing the subscription stops the messages', async () => {
    const truck = await createTruck('Removed');
    const { fan, device, deviceId } = await fanWithDevice(truck.id);
    expect((await server.request('DELETE', `/api/push/subscriptions/${deviceId}`, { token: fan.token })).status).toBe(204);
    await open(truck.id);
    await drain();
    expect(messagesTo(device)).toHaveLength(0);
  });
});

describe('push devices and preferences: who may call, and bad input', () => {
  let server: TestServer;
  let push: FakePushService;
  let customer: AuthResponse;
  let other: AuthResponse;
  let operator: AuthResponse;

  beforeAll(async () => {
    push = await startFakePushService();
    server = await startTestServer({ push: { allowLocalEndpoints: false } });
    [customer, other, operator] = await Promise.all([server.signUp('customer'), server.signUp('customer'), server.signUp('operator')]);
  });
  afterAll(async () => {
    await server.close();
    await push.close();
  });

  const subscribe = (token: string, endpoint: string) => {
    const device = push.createDevice();
    return server.request<PushDevice>('POST', '/api/push/subscriptions', {
      token,
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1' },
      body: { endpoint, keys: device.keys },
    });
  };

  it('lists, refreshes and removes only the caller\'s own devices', async () => {
    const endpoint = 'https://push.example.test/send/abc';
    const created = await subscribe(customer.token, endpoint);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ label: 'Safari on iPhone', service: 'push.example.test', lastSuccessAt: null });
    // The same endpoint again refreshes the one row.
    const again = await subscribe(customer.token, endpoint);
    expect(again.body.id).toBe(created.body.id);
    const mine = await server.request<PushDevice[]>('GET', '/api/push/subscriptions', { token: customer.token });
    expect(mine.body.map((d) => d.id)).toEqual([created.body.id]);
    expect(JSON.stringify(mine.body)).not.toContain('/send/abc');

    const theirs = await server.request<PushDevice[]>('GET', '/api/push/subscriptions', { token: other.token });
    expect(theirs.body).toEqual([]);
    expect((await server.request('DELETE', `/api/push/subscriptions/${created.body.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await server.request('PUT', `/api/push/subscriptions/${created.body.id}/position`, { token: other.token, body: AUSTIN })).status,
    ).toBe(404);
    expect((await server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, created.body.id)))[0]?.latitude).toBeNull();
    expect(
      (await server.request('PUT', `/api/push/subscriptions/${created.body.id}/position`, { token: customer.token, body: AUSTIN })).status,
    ).toBe(204);
    expect((await server.request('DELETE', `/api/push/subscriptions/${created.body.id}`, { token: customer.token })).status).toBe(204);
    expect((await server.request('DELETE', `/api/push/subscriptions/${created.body.id}`, { token: customer.token })).status).toBe(404);
  });

  it('refuses operators and anonymous callers', async () => {
    for (const [method, path] of [
      ['GET', '/api/push/public-key'],
      ['GET', '/api/push/subscriptions'],
      ['POST', '/api/push/subscriptions'],
      ['GET', '/api/auth/user/notification-preferences'],
    ] as const) {
      expect((await server.request(method, path)).status).toBe(401);
      expect((await server.request(method, path, { token: operator.token, ...(method === 'POST' ? { body: {} } : {}) })).status).toBe(403);
    }
  });

  it('answers bad input with 400 and stores nothing', async () => {
    const before = await server.db.select().from(pushSubscriptions);
    for (const endpoint of ['not a url', 'http://push.example.test/x', 'https://127.0.0.1/x', 'https://localhost/x']) {
      const res = await subscribe(customer.token, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body).toHaveProperty('message');
    }
    const badKeys = await server.request('POST', '/api/push/subscriptions', {
      token: customer.token,
      body: { endpoint: 'https://push.example.test/y', keys: { p256dh: 'not base64!', auth: '' } },
    });
    expect(badKeys.status).toBe(400);
    for (const body of [
      { push: { opened: true }, sms: { opened: true }, quietHours: null },
      { push: { opened: true, schedule: true }, sms: { opened: true }, quietHours: { start: '22:00', end: '22:00', timeZone: 'UTC' } },
      { push: { opened: true, schedule: true }, sms: { opened: true }, quietHours: { start: '25:00', end: '07:00', timeZone: 'UTC' } },
      { push: { opened: true, schedule: true }, sms: { opened: true }, quietHours: { start: '22:00', end: '07:00', timeZone: 'Mars/Base' } },
    ]) {
      expect((await server.request('PUT', '/api/auth/user/notification-preferences', { token: customer.token, body })).status).toBe(400);
    }
    expect(await server.db.select().from(pushSubscriptions)).toEqual(before);
    const prefs = await server.request<NotificationPreferences>('GET', '/api/auth/user/notification-preferences', { token: customer.token });
    expect(prefs.body).toEqual({ push: { opened: true, schedule: true, orders: true }, sms: { opened: true }, quietHours: null });
  });
});
