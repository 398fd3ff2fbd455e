import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, FoodTruck } from '@shared/contracts';
import { truckEventSchema, type EventStreamTicket } from '@shared/contracts/events';
import { buildApp, type App, type AppConfig } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { eventStreamTickets, foodTrucks, operatorSubscriptions, truckEvents, users } from '../../db/schema';
import { createTestDatabase } from '../../test/database';
import { createIntegrations } from '../../integrations';
import { startTestServer, type TestServer } from '../../test/harness';
import { openEventStream, type SseFrame, type SseStream } from '../../test/sse-client';
import { changeTruck, insertTruck, setSubscription } from '../../test/trucks';
import { truckColumns, type TruckRow } from '../trucks/truck.repository';
import { publishTruckEvent } from '../trucks/truck-events';
import { publishOperatorVisibility } from '../trucks/truck-visibility';

interface TruckEventData {
  type: 'opened' | 'closed' | 'moved' | 'updated' | 'removed';
  truck: FoodTruck;
}
const data = (frame: SseFrame) => JSON.parse(frame.data ?? '{}') as TruckEventData;
const isTruckEvent = (truckId: number, type?: TruckEventData['type']) => (frame: SseFrame) =>
  frame.event === 'truck' &&
  data(frame).truck.id === truckId &&
  (type === undefined || data(frame).type === type);
const truckFrames = (stream: SseStream) => stream.frames.filter((f) => f.event === 'truck');

let server: TestServer;
let operator: AuthResponse;
let unpaid: AuthResponse;
let customer: AuthResponse;
let admin: AuthResponse;
let truck: TruckRow;
let hidden: TruckRow;
const streams: SseStream[] = [];

async function stream(query = '', headers: Record<string, string> = {}): Promise<SseStream> {
  const s = await openEventStream(`${server.url}/api/events${query}`, headers);
  streams.push(s);
  // Registered with the hub once the first frame (retry) arrived.
  await s.waitFor((f) => f.retry !== undefined);
  return s;
}
const auth = (session: AuthResponse) => ({ authorization: `Bearer ${session.token}` });

beforeAll(async () => {
  server = await startTestServer({ eventStream: { heartbeatMs: 150 } });
  operator = await server.signUpSubscribedOperator();
  unpaid = await server.signUp('operator');
  customer = await server.signUp('customer');
  admin = await server.signUpAdmin();
  truck = await insertTruck(server.db, operator.user.id, {
    name: 'Taco Libre',
    latitude: 30.2637,
    longitude: -97.7266,
  });
  hidden = await insertTruck(server.db, unpaid.user.id, {
    name: 'Not Yet Paid',
    latitude: 30.25,
    longitude: -97.75,
  });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await server.close();
});

describe('GET /api/events', () => {
  it('is an event stream that starts with retry: 3000', async () => {
    const res = await fetch(`${server.url}/api/events`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    const reader = res.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toMatch(/^retry: 3000\n\n/);
    await reader?.cancel();
  });

  it('sends a change committed with publishTruckEvent, with the event id and the FoodTruck wire shape', async () => {
    const s = await stream();
    const { eventId } = await changeTruck(
      server.db,
      truck.id,
      { isOpen: true, address: '1300 E 6th St' },
      'opened',
    );
    const frame = await s.waitFor(isTruckEvent(truck.id, 'opened'));
    expect(frame.id).toBe(String(eventId));
    expect(data(frame)).toEqual({
      type: 'opened',
      truck: {
        id: truck.id,
        name: 'Taco Libre',
        description: null,
        cuisine: 'Mexican',
        operatorId: operator.user.id,
        latitude: 30.2637,
        longitude: -97.7266,
        address: '1300 E 6th St',
        isOpen: true,
        phone: null,
        image: null,
        gallery: [],
        menuDocuments: [],
        smsMessage: expect.any(String),
        lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        autoClosedAt: null,
        rating: null,
        listing: null,
        // What the truck states (issue 28): nothing yet.
        features: {},
        accessNote: null,
        menuLabels: [],
      },
    });
  });

  it('does not send a change whose transaction rolls back', async () => {
    const s = await stream();
    await expect(
      server.db.transaction(async (tx) => {
        await changeTruck(tx, truck.id, { name: 'Rolled Back' }, 'updated');
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await changeTruck(server.db, truck.id, { isOpen: false }, 'closed');
    await s.waitFor(isTruckEvent(truck.id, 'closed'));
    expect(truckFrames(s).map((f) => data(f).truck.name)).not.toContain('Rolled Back');
  });

  it('sends a heartbeat comment', async () => {
    const s = await stream();
    const beat = await s.waitFor((f) => f.comment === 'heartbeat', 3000);
    expect(beat.event).toBeUndefined();
  });

  it('replays every later event after Last-Event-ID, in order and without gaps or duplicates, then goes live', async () => {
    const first = await stream();
    const { eventId: seen } = await changeTruck(server.db, truck.id, { latitude: 30.264 }, 'moved');
    await first.waitFor((f) => f.id === String(seen));
    first.close();

    const missed: number[] = [];
    for (const lat of [30.265, 30.266, 30.267])
      missed.push((await changeTruck(server.db, truck.id, { latitude: lat }, 'moved')).eventId);
    await changeTruck(server.db, hidden.id, { name: 'Still hidden' }); // not visible to diners

    const resumed = await stream('', { 'last-event-id': String(seen) });
    await resumed.waitFor((f) => f.id === String(missed.at(-1)));
    const { eventId: live } = await changeTruck(server.db, truck.id, { latitude: 30.268 }, 'moved');
    await resumed.waitFor((f) => f.id === String(live));
    expect(truckFrames(resumed).map((f) => Number(f.id))).toEqual([...missed, live]);
    expect(truckFrames(resumed).map((f) => data(f).truck.latitude)).toEqual([30.265, 30.266, 30.267, 30.268]);

    const viaQuery = await stream(`?lastEventId=${seen}`);
    await viaQuery.waitFor((f) => f.id === String(live));
    expect(truckFrames(viaQuery).map((f) => Number(f.id))).toEqual([...missed, live]);
  });

  it('replays every event from 0 ("none yet": a list read from an empty table) while none was pruned', async () => {
    const [kept] = await server.db.select({ first: min(truckEvents.id) }).from(truckEvents);
    const s = await stream('', { ...auth(admin), 'last-event-id': '0' });
    await s.waitFor((f) => f.id === String(kept?.first));
    expect(s.frames.some((f) => f.event === 'reset')).toBe(false);
  });

  it.each(['999999999', 'abc', '-5', ''])(
    'answers reset for an unknown or malformed Last-Event-ID %j',
    async (id) => {
      const s = await stream('', { 'last-event-id': id });
      const reset = await s.waitFor((f) => f.event === 'reset');
      expect(reset.data).toBe('{}');
      // Still live afterwards.
      const { eventId } = await changeTruck(server.db, truck.id, { description: `after reset ${id}` });
      await s.waitFor((f) => f.id === String(eventId));
    },
  );

  it('answers reset when the last event was pruned', async () => {
    const [old] = await server.db
      .insert(truckEvents)
      .values({
        type: 'updated',
        truckId: truck.id,
        operatorId: operator.user.id,
        payload: {},
        createdAt: new Date(Date.now() - 3 * 86_400_000),
      })
      .returning({ id: truckEvents.id });
    await server.db.delete(truckEvents).where(eq(truckEvents.id, old?.id ?? 0));
    const s = await stream('', { 'last-event-id': String(old?.id) });
    await s.waitFor((f) => f.event === 'reset');
  });

  it('shows diners only subscribed operators’ trucks, an operator only their own, an admin everything', async () => {
    const anonymous = await stream();
    const asCustomer = await stream('', auth(customer));
    const asOwner = await stream('', auth(unpaid));
    const ticket = await server.request<EventStreamTicket>('POST', '/api/events/ticket', {
      token: unpaid.token,
    });
    expect(ticket.status).toBe(200);
    const asOwnerViaQuery = await stream(`?ticket=${encodeURIComponent(ticket.body.ticket)}`);
    const asOtherOperator = await stream('', auth(operator));
    const asAdmin = await stream('', auth(admin));

    const { eventId: hiddenChange } = await changeTruck(server.db, hidden.id, {
      description: 'unpaid change',
    });
    const { eventId: visibleChange } = await changeTruck(server.db, truck.id, { description: 'paid change' });

    for (const s of [anonymous, asCustomer, asOtherOperator, asAdmin])
      await s.waitFor((f) => f.id === String(visibleChange));
    for (const s of [asOwner, asOwnerViaQuery, asAdmin])
      await s.waitFor((f) => f.id === String(hiddenChange));
    for (const s of [anonymous, asCustomer, asOtherOperator])
      expect(s.frames.some((f) => f.id === String(hiddenChange))).toBe(false);
    for (const s of [asOwner, asOwnerViaQuery]) {
      await changeTruck(server.db, hidden.id, { description: 'sync' }).then(({ eventId }) =>
        s.waitFor((f) => f.id === String(eventId)),
      );
      expect(s.frames.some((f) => f.id === String(visibleChange))).toBe(false);
    }
  });

  it('tells diners "removed" when an operator’s trucks become invisible, and brings them back on resume', async () => {
    const anonymous = await stream();
    await server.db.transaction(async (tx) => {
      await setSubscription(tx, operator.user.id, 'paused');
      await publishOperatorVisibility(tx, operator.user.id, { visible: false });
    });
    const removed = await anonymous.waitFor(isTruckEvent(truck.id, 'removed'));
    expect(data(removed).truck).toEqual({ id: truck.id });

    // While paused, the operator's changes do not reach diners.
    await changeTruck(server.db, truck.id, { description: 'while paused' });
    await server.db.transaction(async (tx) => {
      await setSubscription(tx, operator.user.id, 'active');
      await publishOperatorVisibility(tx, operator.user.id, { visible: true });
    });
    const back = await anonymous.waitFor(isTruckEvent(truck.id, 'updated'));
    expect(data(back).truck.description).toBe('while paused');
    expect(truckFrames(anonymous).map((f) => data(f).type)).toEqual(['removed', 'updated']);
  });

  it('hands out stream tickets only to signed-in callers, and a ticket is not a bearer token', async () => {
    expect((await server.request('POST', '/api/events/ticket')).status).toBe(401);
    const res = await server.request<EventStreamTicket>('POST', '/api/events/ticket', {
      token: customer.token,
    });
    expect(res.body.expiresInSeconds).toBe(60);
    // The ticket does not authenticate API calls...
    expect((await server.request('GET', '/api/food-trucks', { token: res.body.ticket })).status).toBe(401);
    // ...and neither a bearer token nor garbage opens a stream as a ticket.
    for (const bad of [customer.token, 'garbage']) {
      const refused = await server.request<{ message: string }>('GET', `/api/events?ticket=${bad}`);
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe('Invalid or expired event stream ticket');
    }
  });

  it('sends frames that match the shared contract (truckEventSchema)', async () => {
    const s = await stream('', auth(admin));
    await changeTruck(server.db, truck.id, { address: 'contract check' }, 'updated');
    const frame = await s.waitFor((f) => f.event === 'truck' && data(f).truck.address === 'contract check');
    expect(truckEventSchema.safeParse(JSON.parse(frame.data ?? '')).success).toBe(true);
    for (const f of truckFrames(s))
      expect(truckEventSchema.safeParse(JSON.parse(f.data ?? '')).success).toBe(true);
  });

  it('answers 400, not 500, for a malformed query', async () => {
    const res = await server.request('GET', '/api/events?lastEventId=1&lastEventId=2');
    expect(res.status).toBe(400);
  });
});

describe('issue 7 (Medium): hidden trucks do not leak through the event stream', () => {
  const ticketFor = async (session: AuthResponse) =>
    (await server.request<EventStreamTicket>('POST', '/api/events/ticket', { token: session.token })).body
      .ticket;

  it('sends diners a bare { id } for a removed truck they never saw, live and on replay; its owner and admins get the details', async () => {
    const owner = await server.signUp('operator'); // no subscription: diners never see this truck
    const secret = await insertTruck(server.db, owner.user.id, {
      name: 'Secret Kitchen',
      phone: '+15125550123',
      address: '1 Hidden Way',
      latitude: 30.3,
      longitude: -97.7,
    });
    const anonymous = await stream();
    const asCustomer = await stream('', auth(customer));
    const asOwner = await stream('', auth(owner));
    const asAdmin = await stream('', auth(admin));
    const before = (await changeTruck(server.db, truck.id, { description: 'marker before removal' })).eventId;
    await anonymous.waitFor((f) => f.id === String(before));
    await server.db.transaction((tx) => publishOperatorVisibility(tx, owner.user.id, { visible: false }));
    for (const s of [anonymous, asCustomer]) {
      const frame = await s.waitFor(isTruckEvent(secret.id, 'removed'));
      expect(JSON.parse(frame.data ?? '')).toEqual({ type: 'removed', truck: { id: secret.id } });
      expect(frame.data).not.toMatch(/Secret Kitchen|5550123|Hidden Way|30\.3/);
    }
    for (const s of [asOwner, asAdmin]) {
      const frame = await s.waitFor(isTruckEvent(secret.id, 'removed'));
      expect(data(frame).truck).toMatchObject({
        id: secret.id,
        name: 'Secret Kitchen',
        address: '1 Hidden Way',
      });
    }
    // Replaying after Last-Event-ID gives diners no more than the live stream did.
    const replayed = await stream('', { 'last-event-id': String(before) });
    const again = await replayed.waitFor(isTruckEvent(secret.id, 'removed'));
    expect(JSON.parse(again.data ?? '')).toEqual({ type: 'removed', truck: { id: secret.id } });
    expect(replayed.frames.map((f) => f.data ?? '').join('')).not.toContain('Secret Kitchen');
  });

  it('opens a stream once per ticket: a second use is 401', async () => {
    const ticket = await ticketFor(unpaid);
    const first = await stream(`?ticket=${encodeURIComponent(ticket)}`);
    expect(first.frames[0]?.retry).toBe('3000');
    const second = await server.request<{ message: string }>(
      'GET',
      `/api/events?ticket=${encodeURIComponent(ticket)}`,
    );
    expect(second.status).toBe(401);
    expect(second.body.message).toBe('Invalid or expired event stream ticket');
  });

  it('refuses an expired ticket, and a ticket issued before a role change', async () => {
    const ticket = await ticketFor(customer);
    await server.db.update(eventStreamTickets).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await server.request('GET', `/api/events?ticket=${encodeURIComponent(ticket)}`)).status).toBe(
      401,
    );
    const changing = await server.signUp('customer');
    const beforeChange = await ticketFor(changing);
    await server.db.update(users).set({ role: 'operator' }).where(eq(users.id, changing.user.id));
    expect(
      (await server.request('GET', `/api/events?ticket=${encodeURIComponent(beforeChange)}`)).status,
    ).toBe(401);
  });

  it('ends an open stream when its viewer’s role changes (and leaves other viewers’ streams open)', async () => {
    const demoted = await server.signUpSubscribedOperator();
    const viaHeader = await stream('', auth(demoted));
    const viaTicket = await stream(`?ticket=${encodeURIComponent(await ticketFor(demoted))}`);
    const bystander = await stream('', auth(operator));
    await server.db.update(users).set({ role: 'customer' }).where(eq(users.id, demoted.user.id));
    await viaHeader.ended;
    await viaTicket.ended;
    // The old token no longer signs anything in: a reconnect gets the diners' view at most.
    expect((await server.request('POST', '/api/events/ticket', { token: demoted.token })).status).toBe(401);
    const { eventId } = await changeTruck(server.db, truck.id, { description: 'bystander still live' });
    await bystander.waitFor((f) => f.id === String(eventId));
  });
});

async function startApp(
  database: DatabaseHandle,
  overrides: Partial<AppConfig> = {},
): Promise<{ app: App; url: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ftf-events-'));
  const app = await buildApp({
    database,
    integrations: createIntegrations({ dataDir }),
    config: {
      nodeEnv: 'test',
      dataDir,
      jwtSecret: randomBytes(32).toString('hex'),
      demoData: false,
      authRateLimitPerMinute: 1000,
      publicUrl: 'http://127.0.0.1',
      ...overrides,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, url: `http://127.0.0.1:${address.port}`, dataDir };
}

describe('lifecycle', () => {
  // Pruning old events is a worker's now: workers/truck-events-prune.api.test.ts.
  it('app.close() ends open streams instead of hanging', async () => {
    const second = await startApp(server.database);
    const s = await openEventStream(`${second.url}/api/events`);
    await s.waitFor((f) => f.retry !== undefined);
    await second.app.close();
    await s.ended;
    rmSync(second.dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('several processes on one PostgreSQL', () => {
  it('replays a change that committed after a later one, to a client that resumed after the later one', async () => {
    const { handle, url, drop } = await createTestDatabase();
    const secondHandle = await openDatabase({ url, poolMax: 2 });
    const app = await startApp(handle);
    try {
      const [owner] = await handle.db
        .insert(users)
        .values({ phone: '+15125550198', passwordHash: 'x', role: 'operator' })
        .returning({ id: users.id });
      if (!owner) throw new Error('no owner');
      await handle.db.insert(operatorSubscriptions).values({ operatorId: owner.id, status: 'active' });
      const slow = await insertTruck(handle.db, owner.id, { name: 'Slow Commit', latitude: 30.27, longitude: -97.74 });
      const quick = await insertTruck(handle.db, owner.id, { name: 'Quick Commit', latitude: 30.26, longitude: -97.73 });

      const first = await openEventStream(`${app.url}/api/events`);
      await first.waitFor((f) => f.retry !== undefined);
      // A transaction that started publishing first and commits last…
      let release!: () => void;
      const mayCommit = new Promise<void>((resolve) => (release = resolve));
      let queued = false;
      const slowWrite = handle.db.transaction(async (tx) => {
        const [row] = await tx
          .update(foodTrucks)
          .set({ isOpen: true, lastUpdated: new Date() })
          .where(eq(foodTrucks.id, slow.id))
          .returning(truckColumns);
        await publishTruckEvent(tx, 'opened', row!);
        queued = true;
        await mayCommit;
      });
      await expect.poll(() => queued, { timeout: 10_000 }).toBe(true);
      // …while another commits meanwhile (not held up by it) and reaches the diner first.
      const { eventId: quickId } = await changeTruck(secondHandle.db, quick.id, { description: 'first to commit' });
      await first.waitFor((f) => f.id === String(quickId));
      first.close();

      release();
      await slowWrite;
      const resumed = await openEventStream(`${app.url}/api/events`, { 'last-event-id': String(quickId) });
      const opened = await resumed.waitFor(isTruckEvent(slow.id, 'opened'));
      expect(Number(opened.id)).toBeGreaterThan(quickId);
      expect(truckFrames(resumed).map((f) => f.id)).not.toContain(String(quickId));
      resumed.close();
    } finally {
      await app.app.close();
      await secondHandle.close();
      await drop();
      rmSync(app.dataDir, { recursive: true, force: true });
    }
  });

  it('a change committed through one instance reaches an event stream of the other', async () => {
    const { handle, url, drop } = await createTestDatabase();
    const secondHandle = await openDatabase({ url, poolMax: 2 });
    const a = await startApp(handle);
    const b = await startApp(secondHandle);
    try {
      const [owner] = await handle.db
        .insert(users)
        .values({ phone: '+15125550199', passwordHash: 'x', role: 'operator' })
        .returning({ id: users.id });
      if (!owner) throw new Error('no owner');
      await handle.db.insert(operatorSubscriptions).values({ operatorId: owner.id, status: 'active' });
      const row = await insertTruck(handle.db, owner.id, {
        name: 'Cross Process',
        latitude: 30.27,
        longitude: -97.74,
      });

      const before = await fetch(`${b.url}/api/food-trucks/active`);
      const etag = before.headers.get('etag') ?? '';
      const s = await openEventStream(`${b.url}/api/events`);
      await s.waitFor((f) => f.retry !== undefined);
      const { eventId } = await changeTruck(handle.db, row.id, { isOpen: true }, 'opened');
      const frame = await s.waitFor((f) => f.id === String(eventId));
      expect(data(frame)).toMatchObject({ type: 'opened', truck: { id: row.id, isOpen: true } });
      // The other instance's cached list was invalidated too.
      const after = await fetch(`${b.url}/api/food-trucks/active`, { headers: { 'if-none-match': etag } });
      expect(after.status).toBe(200);
      expect(((await after.json()) as FoodTruck[]).find((t) => t.id === row.id)?.isOpen).toBe(true);
      s.close();
    } finally {
      await a.app.close();
      await b.app.close();
      await secondHandle.close();
      await drop();
      rmSync(a.dataDir, { recursive: true, force: true });
      rmSync(b.dataDir, { recursive: true, force: true });
    }
  });
});
