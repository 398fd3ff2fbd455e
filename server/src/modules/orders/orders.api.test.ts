import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ORDERING_REFUSALS, type AdminOrder, type AdminRefund, type AuthResponse, type MenuItem, type Order, type PayoutAccount, type TruckOrderCount, type TruckOrdering } from '@shared/contracts';
import { DateTime } from 'luxon';
import { auditLog, foodTrucks, menuItems, orderRefunds, orders, pushOutbox, pushSubscriptions, smsOutbox, truckScheduleStops } from '../../db/schema';
import { zoneAwayFromMidnight } from '../../test/schedules';
import { startTestServer, signUpCast, type TestCast, type TestServer } from '../../test/harness';
import { openEventStream, type SseStream } from '../../test/sse-client';
import { insertListing } from '../../test/listings';
import { insertTruck, setSubscription } from '../../test/trucks';
import { dbFingerprint } from '../../test/db-fingerprint';
import { unansweredOrders } from '../../workers/unanswered-orders';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';

let server: TestServer;
let cast: TestCast;
const streams: SseStream[] = [];

beforeAll(async () => {
  server = await startTestServer();
  cast = await signUpCast(server);
  const connected = await server.request('POST', '/api/operator/payouts/connect', { token: cast.owner.token });
  expect(connected.body).toMatchObject({ connected: true, testMode: true, onboardingUrl: null });
});
afterEach(() => {
  for (const s of streams.splice(0)) s.close();
});
afterAll(() => server.close());

const PAYS = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };
const DECLINED = { cardNumber: '4000 0000 0000 0002', expiry: '12/40', cvc: '123' };
type Res = Order & { message?: string; fieldErrors?: Record<string, string[]> };

/** An open truck of `owner` (subscribed, payouts connected) with a taco at $3.50 and a limited special. */
async function openTruck(owner: AuthResponse = cast.owner, stockLeft: number | null = 5) {
  const truck = await insertTruck(server.db, owner.user.id, { name: `Order Truck ${randomUUID().slice(0, 6)}`, isOpen: true, latitude: 30.26, longitude: -97.74 });
  const [taco, special] = await server.db
    .insert(menuItems)
    .values([
      { foodTruckId: truck.id, name: 'Taco', priceCents: 350 },
      { foodTruckId: truck.id, name: 'Brisket plate', priceCents: 1499, stockLeft },
    ])
    .returning();
  if (!taco || !special) throw new Error('no items');
  return { truck, taco, special };
}

function order(who: AuthResponse | undefined, body: Record<string, unknown>, key: string | null = randomUUID()) {
  return server.request<Res>('POST', '/api/orders', { token: who?.token, body: { pickup: 'asap', card: PAYS, ...body }, headers: key ? { 'idempotency-key': key } : {} });
}

const countOrders = async (truckId: number) => (await server.db.select({ n: count() }).from(orders).where(eq(orders.foodTruckId, truckId)))[0]?.n ?? 0;
const stockOf = async (itemId: number) => (await server.db.select({ s: menuItems.stockLeft }).from(menuItems).where(eq(menuItems.id, itemId)))[0]?.s;

describe('ordering and paying', () => {
  it('prices, totals and the estimate come from the server, in cents', async () => {
    const { truck, taco, special } = await openTruck();
    const ordering = await server.request<TruckOrdering>('GET', `/api/food-trucks/${truck.id}/ordering`);
    expect(ordering.body).toMatchObject({ accepting: true, reason: null, estimatedWaitMinutes: 10, paymentMode: 'test' });
    const res = await order(cast.customer, {
      foodTruckId: truck.id,
      items: [
        { menuItemId: taco.id, quantity: 3, price: 0.01 },
        { menuItemId: special.id, quantity: 1 },
      ],
      note: '  no onions ',
      subtotalCents: 1,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'received',
      truckName: truck.name,
      subtotalCents: 3 * 350 + 1499,
      totalCents: 3 * 350 + 1499,
      note: 'no onions',
      cardLast4: '4242',
      cardBrand: 'visa',
      refund: null,
      pickupAt: null,
    });
    expect(res.body.lines).toEqual([
      { menuItemId: taco.id, name: 'Taco', unitCents: 350, quantity: 3 },
      { menuItemId: special.id, name: 'Brisket plate', unitCents: 1499, quantity: 1 },
    ]);
    const wait = (new Date(res.body.estimatedReadyAt).getTime() - Date.now()) / 60_000;
    expect(wait).toBeGreaterThan(8);
    expect(wait).toBeLessThan(11);
    expect(await stockOf(special.id)).toBe(4);
  });

  it('a declined card answers 402 and changes nothing', async () => {
    const { truck, special } = await openTruck();
    const before = await dbFingerprint(server.db);
    const res = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 2 }], card: DECLINED });
    expect(res.status).toBe(402);
    expect(res.body.message).toBe('Your card was declined.');
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const { truck, taco } = await openTruck();
    const elsewhere = await openTruck(cast.other);
    const before = await dbFingerprint(server.db);
    const cases: Array<[Record<string, unknown>, string | null]> = [
      [{ foodTruckId: truck.id, items: [] }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 0 }] }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }, { menuItemId: taco.id, quantity: 1 }] }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }], pickup: 'tomorrow' }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }], pickup: new Date(Date.now() + 60_000).toISOString() }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }], card: { ...PAYS, cardNumber: '4242' } }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }], note: 'x\u0000' }, randomUUID()],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] }, null],
      [{ foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] }, 'short'],
    ];
    for (const [body, key] of cases) {
      const res = await order(cast.customer, body, key);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    // Another truck's item is not on this menu.
    const foreign = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: elsewhere.taco.id, quantity: 1 }] });
    expect(foreign.status).toBe(400);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });

  it('only diners order; operators, admins and anonymous callers cannot', async () => {
    const { truck, taco } = await openTruck();
    const items = [{ menuItemId: taco.id, quantity: 1 }];
    expect((await order(undefined, { foodTruckId: truck.id, items })).status).toBe(401);
    expect((await order(cast.owner, { foodTruckId: truck.id, items })).status).toBe(403);
    expect((await order(cast.admin, { foodTruckId: truck.id, items })).status).toBe(403);
    expect(await countOrders(truck.id)).toBe(0);
  });

  it('closed, paused, unsubscribed and payout-less trucks and sold-out items cannot be ordered', async () => {
    const { truck, taco, special } = await openTruck();
    const items = [{ menuItemId: taco.id, quantity: 1 }];
    await server.db.update(menuItems).set({ soldOutUntil: new Date(Date.now() + 3_600_000) }).where(eq(menuItems.id, special.id));
    const soldOut = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 1 }] });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe('Brisket plate is sold out.');

    const paused = await server.request('PUT', `/api/food-trucks/${truck.id}/order-settings`, { token: cast.owner.token, body: { pauseMinutes: 20 } });
    expect(paused.status).toBe(200);
    const whilePaused = await order(cast.customer, { foodTruckId: truck.id, items });
    expect(whilePaused.status).toBe(409);
    // The pause ends 20 minutes from now, told in the truck's own time zone (no UTC for diners).
    expect(whilePaused.body.message).toMatch(new RegExp(`^${truck.name} has paused orders until \\d{1,2}:\\d{2} [AP]M\\. Please check back then\\.$`));
    const pausedPanel = (await server.request<TruckOrdering>('GET', `/api/food-trucks/${truck.id}/ordering`)).body;
    expect(pausedPanel).toMatchObject({ accepting: false, reason: whilePaused.body.message });
    await server.request('PUT', `/api/food-trucks/${truck.id}/order-settings`, { token: cast.owner.token, body: { pauseMinutes: 0 } });

    const closedTruck = await insertTruck(server.db, cast.owner.user.id, { name: 'Closed one' });
    const [item] = await server.db.insert(menuItems).values({ foodTruckId: closedTruck.id, name: 'Taco', priceCents: 300 }).returning();
    const closed = await order(cast.customer, { foodTruckId: closedTruck.id, items: [{ menuItemId: item!.id, quantity: 1 }] });
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(ORDERING_REFUSALS.closed('Closed one'));
    // The panel every ordering surface reads says the same, so none offers a button that fails.
    const closedPanel = await server.request<TruckOrdering>('GET', `/api/food-trucks/${closedTruck.id}/ordering`);
    expect(closedPanel.body).toMatchObject({ accepting: false, reason: ORDERING_REFUSALS.closed('Closed one') });

    const noPayouts = await openTruck(cast.other);
    const notOnline = await order(cast.customer, { foodTruckId: noPayouts.truck.id, items: [{ menuItemId: noPayouts.taco.id, quantity: 1 }] });
    expect(notOnline.status).toBe(409);
    expect(notOnline.body.message).toBe(ORDERING_REFUSALS.offline(noPayouts.truck.name));
    expect((await server.request<TruckOrdering>('GET', `/api/food-trucks/${noPayouts.truck.id}/ordering`)).body.reason).toBe(notOnline.body.message);

    const paying = await server.signUpSubscribedOperator();
    await server.request('POST', '/api/operator/payouts/connect', { token: paying.token });
    const lapsed = await openTruck(paying);
    await setSubscription(server.db, paying.user.id, 'paused');
    const res = await order(cast.customer, { foodTruckId: lapsed.truck.id, items: [{ menuItemId: lapsed.taco.id, quantity: 1 }] });
    expect([404, 409]).toContain(res.status);
    expect(await countOrders(lapsed.truck.id)).toBe(0);
    // Diners no longer see the lapsed operator's truck: no panel either.
    expect((await server.request('GET', `/api/food-trucks/${lapsed.truck.id}/ordering`)).status).toBe(404);
    // A listing that operator claimed stays on diners' maps (ADR 0158): its panel says why, politely.
    const listing = await insertListing(server.db, null);
    await server.db.update(foodTrucks).set({ operatorId: paying.user.id, listing: null }).where(eq(foodTrucks.id, listing.id));
    const claimedPanel = await server.request<TruckOrdering>('GET', `/api/food-trucks/${listing.id}/ordering`);
    expect(claimedPanel.status).toBe(200);
    expect(claimedPanel.body).toMatchObject({ accepting: false, reason: ORDERING_REFUSALS.notTaking(listing.name) });
    expect(await countOrders(truck.id)).toBe(0);
  });

  it('pickup slots end with the stop under way, or with the truck\'s day', async () => {
    const { truck, taco } = await openTruck();
    const timeZone = zoneAwayFromMidnight();
    const local = DateTime.now().setZone(timeZone);
    const endMinute = local.hour * 60 + local.minute + 90;
    await server.db.update(foodTrucks).set({ timeZone }).where(eq(foodTrucks.id, truck.id));
    const dayEnds = local.plus({ days: 1 }).startOf('day').toJSDate().getTime();
    const before = await server.request<TruckOrdering>('GET', `/api/food-trucks/${truck.id}/ordering`);
    expect(new Date(before.body.latestPickupAt).getTime()).toBe(dayEnds);
    await server.db.insert(truckScheduleStops).values({
      foodTruckId: truck.id,
      kind: 'once',
      date: local.toISODate()!,
      startMinute: 0,
      endMinute,
      latitude: 30.26,
      longitude: -97.74,
      address: 'Congress Ave',
    });
    const stopEnds = local.startOf('day').plus({ minutes: endMinute }).toJSDate().getTime();
    const during = await server.request<TruckOrdering>('GET', `/api/food-trucks/${truck.id}/ordering`);
    expect(new Date(during.body.latestPickupAt).getTime()).toBe(stopEnds);
    const items = [{ menuItemId: taco.id, quantity: 1 }];
    const late = await order(cast.customer, { foodTruckId: truck.id, items, pickup: new Date(stopEnds + 15 * 60_000).toISOString() });
    expect(late.status).toBe(400);
    expect(late.body.fieldErrors?.pickup?.[0]).toMatch(/while the truck is there today/);
    const inTime = await order(cast.customer, { foodTruckId: truck.id, items, pickup: new Date(stopEnds - 30 * 60_000).toISOString() });
    expect(inTime.status).toBe(201);
    expect(inTime.body.pickupAt).toBe(new Date(stopEnds - 30 * 60_000).toISOString());
    expect(inTime.body.estimatedReadyAt).toBe(inTime.body.pickupAt);
  });

  it('the throttle pushes the estimated ready time back by 15 minutes per full window', async () => {
    const { truck, taco } = await openTruck();
    await server.request('PUT', `/api/food-trucks/${truck.id}/order-settings`, { token: cast.owner.token, body: { maxOrdersPer15Min: 2, prepMinutes: 5 } });
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      waits.push((await server.request<TruckOrdering>('GET', `/api/food-trucks/${truck.id}/ordering`)).body.estimatedWaitMinutes);
      expect((await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] })).status).toBe(201);
    }
    expect(waits).toEqual([5, 5, 20]);
  });

  it('refuses a preparation time or throttle out of range with the form\'s own message, and changes nothing', async () => {
    const { truck } = await openTruck();
    const put = (body: Record<string, unknown>) =>
      server.request<Res>('PUT', `/api/food-trucks/${truck.id}/order-settings`, { token: cast.owner.token, body });
    expect((await put({ prepMinutes: 12 })).status).toBe(200);
    const zero = await put({ prepMinutes: 0, maxOrdersPer15Min: 3 });
    expect(zero.status).toBe(400);
    expect(zero.body.fieldErrors?.prepMinutes).toEqual(['Preparation takes at least 1 minute']);
    const half = await put({ prepMinutes: 7.5 });
    expect(half.body.fieldErrors?.prepMinutes).toEqual(['Enter the preparation time in whole minutes']);
    const many = await put({ maxOrdersPer15Min: 501 });
    expect(many.body.fieldErrors?.maxOrdersPer15Min).toEqual(['At most 500 orders per 15 minutes']);
    // Nothing of the refused requests was saved.
    expect((await server.request<TruckOrdering>('GET', `/api/food-trucks/${truck.id}/ordering`)).body.estimatedWaitMinutes).toBe(12);
    const settings = await server.request<{ maxOrdersPer15Min: number | null }>('GET', `/api/food-trucks/${truck.id}/order-settings`, { token: cast.owner.token });
    expect(settings.body.maxOrdersPer15Min).toBeNull();
  });
});

describe('idempotency', () => {
  it('the same key returns the same order (200), never a second one', async () => {
    const { truck, taco } = await openTruck();
    const key = randomUUID();
    const body = { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 2 }] };
    const first = await order(cast.customer, body, key);
    const again = await order(cast.customer, body, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    const other = await order(cast.customer, { ...body, items: [{ menuItemId: taco.id, quantity: 3 }] }, key);
    expect(other.status).toBe(409);
    expect(await countOrders(truck.id)).toBe(1);
  });

  it('a double click (concurrent requests with one key) makes one order and one charge', async () => {
    const { truck, special } = await openTruck();
    const key = randomUUID();
    const body = { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 1 }] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(cast.customer, body, key)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await countOrders(truck.id)).toBe(1);
    expect(await stockOf(special.id)).toBe(4);
  });

  it('keys are per diner: the same key from another diner is another order', async () => {
    const { truck, taco } = await openTruck();
    const key = randomUUID();
    const body = { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] };
    const someoneElse = await server.signUp('customer');
    expect((await order(cast.customer, body, key)).status).toBe(201);
    expect((await order(someoneElse, body, key)).status).toBe(201);
    expect(await countOrders(truck.id)).toBe(2);
  });
});

describe('the last portion', () => {
  it('cannot be sold twice under concurrent orders', async () => {
    const { truck, special } = await openTruck(cast.owner, 1);
    const diners = await Promise.all(Array.from({ length: 8 }, () => server.signUp('customer')));
    const answers = await Promise.all(diners.map((d) => order(d, { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 1 }] })));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await stockOf(special.id)).toBe(0);
    expect(await countOrders(truck.id)).toBe(1);
    const menu = await server.request<MenuItem[]>('GET', `/api/food-trucks/${truck.id}/menu`);
    expect(menu.body.find((m) => m.id === special.id)).toMatchObject({ soldOutToday: true, stockLeft: 0 });
  });

  it('an order for more portions than are left is refused', async () => {
    const { truck, special } = await openTruck(cast.owner, 2);
    const res = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 3 }] });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Not enough Brisket plate left for your order.');
    expect(await stockOf(special.id)).toBe(2);
  });
});

describe('the kitchen queue', () => {
  it('one tap per status; "ready" texts the diner through the SMS outbox', async () => {
    const { truck, taco } = await openTruck();
    const placed = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    const queue = await server.request<Order[]>('GET', `/api/food-trucks/${truck.id}/orders`, { token: cast.owner.token });
    expect(queue.body.map((o) => o.id)).toEqual([placed.body.id]);
    const tap = (status: string, who = cast.owner) => server.request<Res>('PATCH', `/api/orders/${placed.body.id}/status`, { token: who.token, body: { status } });
    expect((await tap('picked_up')).status).toBe(409);
    expect((await tap('preparing')).body.status).toBe('preparing');
    expect((await tap('ready')).body.status).toBe('ready');
    const texts = await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.userId, cast.customer.user.id), eq(smsOutbox.foodTruckId, truck.id)));
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain(`Your order ${placed.body.id} from ${truck.name} is ready for pickup.`);
    expect(texts[0]?.toPhone).toBe(cast.customer.user.phone);
    expect((await tap('ready')).status).toBe(200);
    expect(await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.userId, cast.customer.user.id), eq(smsOutbox.foodTruckId, truck.id)))).toHaveLength(1);
    expect((await tap('picked_up')).body.status).toBe('picked_up');
    expect((await tap('preparing')).status).toBe(409);
  });

  it('the diner sees only their own orders; an operator only their own trucks', async () => {
    const { truck, taco } = await openTruck();
    const placed = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    const id = placed.body.id;
    const stranger = await server.signUp('customer');
    expect((await server.request('GET', `/api/orders/${id}`, { token: cast.customer.token })).status).toBe(200);
    expect((await server.request('GET', `/api/orders/${id}`, { token: cast.owner.token })).status).toBe(200);
    expect((await server.request('GET', `/api/orders/${id}`, { token: cast.admin.token })).status).toBe(200);
    expect((await server.request('GET', `/api/orders/${id}`, { token: stranger.token })).status).toBe(404);
    expect((await server.request('GET', `/api/orders/${id}`, { token: cast.other.token })).status).toBe(404);
    expect((await server.request('GET', `/api/orders/${id}`)).status).toBe(401);
    expect((await server.request<Order[]>('GET', '/api/orders', { token: stranger.token })).body).toEqual([]);
    expect((await server.request<Order[]>('GET', '/api/orders', { token: cast.customer.token })).body.map((o) => o.id)).toContain(id);
    expect((await server.request('GET', `/api/food-trucks/${truck.id}/orders`, { token: cast.other.token })).status).toBe(404);
    expect((await server.request('GET', `/api/food-trucks/${truck.id}/orders`, { token: cast.customer.token })).status).toBe(403);
    const before = await dbFingerprint(server.db);
    expect((await server.request('PATCH', `/api/orders/${id}/status`, { token: cast.other.token, body: { status: 'ready' } })).status).toBe(404);
    expect((await server.request('PATCH', `/api/orders/${id}/status`, { token: cast.customer.token, body: { status: 'ready' } })).status).toBe(403);
    expect((await server.request('POST', `/api/orders/${id}/refuse`, { token: cast.other.token, body: {} })).status).toBe(404);
    expect((await server.request('POST', `/api/orders/${id}/cancel`, { token: stranger.token })).status).toBe(404);
    expect((await server.request('PUT', `/api/food-trucks/${truck.id}/order-settings`, { token: cast.other.token, body: { pauseMinutes: 5 } })).status).toBe(404);
    expect(await dbFingerprint(server.db)).toEqual(before);
  });
});

describe("the dashboard's order counts", () => {
  it("counts each of the operator's trucks' orders waiting and in progress, and nobody else's", async () => {
    const owner = await server.signUpSubscribedOperator();
    expect((await server.request('POST', '/api/operator/payouts/connect', { token: owner.token })).status).toBe(200);
    const counts = (who: AuthResponse) => server.request<TruckOrderCount[]>('GET', '/api/operator/orders/counts', { token: who.token });
    expect((await counts(owner)).body).toEqual([]);
    const busy = await openTruck(owner);
    const quiet = await openTruck(owner);
    const place = async (truck: { truck: { id: number }; taco: { id: number } }) =>
      (await order(cast.customer, { foodTruckId: truck.truck.id, items: [{ menuItemId: truck.taco.id, quantity: 1 }] })).body.id;
    const [first, second, third] = [await place(busy), await place(busy), await place(busy)];
    const other = await place(quiet);
    const tap = (id: number | undefined, status: string) => server.request('PATCH', `/api/orders/${id}/status`, { token: owner.token, body: { status } });
    expect((await tap(first, 'preparing')).status).toBe(200);
    expect((await tap(second, 'ready')).status).toBe(200);
    expect((await tap(other, 'ready')).status).toBe(200);
    expect((await tap(other, 'picked_up')).status).toBe(200);
    expect((await counts(owner)).body).toEqual([{ foodTruckId: busy.truck.id, received: 1, active: 3 }]);
    // A refused order is no longer in progress.
    expect((await server.request('POST', `/api/orders/${third}/refuse`, { token: owner.token, body: {} })).status).toBe(200);
    expect((await counts(owner)).body).toEqual([{ foodTruckId: busy.truck.id, received: 0, active: 2 }]);
    // Another operator's, and anyone but an operator: nothing of these trucks.
    expect((await counts(cast.other)).body.map((c) => c.foodTruckId)).not.toContain(busy.truck.id);
    expect((await counts(cast.customer)).status).toBe(403);
    expect((await counts(cast.admin)).status).toBe(403);
    expect((await server.request('GET', '/api/operator/orders/counts')).status).toBe(401);
  });
});

describe('refunds', () => {
  it('a refusal refunds in full exactly once, even when sent several times at once', async () => {
    const { truck, special } = await openTruck();
    const placed = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 2 }] });
    expect(await stockOf(special.id)).toBe(3);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => server.request<Res>('POST', `/api/orders/${placed.body.id}/refuse`, { token: cast.owner.token, body: { reason: 'Out of brisket' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    const refused = answers.find((a) => a.status === 200)!.body;
    expect(refused).toMatchObject({ status: 'refused', refusalReason: 'Out of brisket', refund: { amountCents: 2998, reason: 'refused' } });
    const refunds = await server.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, placed.body.id));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.providerRefundId).toMatch(/^test_re_/);
    expect(await stockOf(special.id)).toBe(5);
    expect((await server.request('PATCH', `/api/orders/${placed.body.id}/status`, { token: cast.owner.token, body: { status: 'ready' } })).status).toBe(409);
  });

  it('the diner cancels until the truck starts; then the window decides', async () => {
    const { truck, taco } = await openTruck();
    const first = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    const cancelled = await server.request<Res>('POST', `/api/orders/${first.body.id}/cancel`, { token: cast.customer.token });
    expect(cancelled.body).toMatchObject({ status: 'cancelled', refund: { amountCents: 350, reason: 'cancelled' } });
    expect((await server.request('POST', `/api/orders/${first.body.id}/cancel`, { token: cast.customer.token })).status).toBe(409);
    const second = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    await server.request('PATCH', `/api/orders/${second.body.id}/status`, { token: cast.owner.token, body: { status: 'preparing' } });
    const late = await server.request<Res>('POST', `/api/orders/${second.body.id}/cancel`, { token: cast.customer.token });
    expect(late.status).toBe(409);
    expect(await server.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, second.body.id))).toHaveLength(0);
  });

  it('admins list orders and refunds, and an admin refund is audit-logged', async () => {
    const { truck, taco } = await openTruck();
    const placed = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 2 }] });
    expect((await server.request('GET', '/api/admin/orders', { token: cast.owner.token })).status).toBe(403);
    const refunded = await server.request<Res>('POST', `/api/admin/orders/${placed.body.id}/refund`, { token: cast.admin.token });
    expect(refunded.body).toMatchObject({ status: 'refused', refund: { amountCents: 700, reason: 'admin' } });
    expect((await server.request('POST', `/api/admin/orders/${placed.body.id}/refund`, { token: cast.admin.token })).status).toBe(409);
    const audit = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'refund_order'), eq(auditLog.targetId, placed.body.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ adminId: cast.admin.user.id, targetTable: 'orders', newValues: { status: 'refused', refundCents: 700 } });
    const list = await server.request<AdminOrder[]>('GET', '/api/admin/orders', { token: cast.admin.token });
    expect(list.body.find((o) => o.id === placed.body.id)).toMatchObject({ customerId: cast.customer.user.id, provider: 'offline' });
    const refunds = await server.request<AdminRefund[]>('GET', '/api/admin/refunds', { token: cast.admin.token });
    expect(refunds.body.find((r) => r.orderId === placed.body.id)).toMatchObject({ amountCents: 700, currency: 'usd', reason: 'admin', refusalReason: null, truckName: truck.name });
  });
});

describe('an order nobody accepts (ADR 0191)', () => {
  it('is refused and refunded in full 15 minutes after its ready time, once; an accepted one is left alone', async () => {
    const { truck, taco, special } = await openTruck();
    const unanswered = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: special.id, quantity: 2 }, { menuItemId: taco.id, quantity: 1 }] });
    const accepted = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    expect([unanswered.status, accepted.status]).toEqual([201, 201]);
    expect(await stockOf(special.id)).toBe(3);
    const tapped = await server.request<Res>('PATCH', `/api/orders/${accepted.body.id}/status`, { token: cast.owner.token, body: { status: 'preparing' } });
    expect(tapped.body.status).toBe('preparing');
    const readyAt = new Date(unanswered.body.estimatedReadyAt).getTime();
    const MINUTE = 60_000;

    // 14 minutes after its ready time: still the truck's to accept.
    await unansweredOrders.run(server.workerContext, new Date(readyAt + 14 * MINUTE));
    expect((await server.request<Res>('GET', `/api/orders/${unanswered.body.id}`, { token: cast.customer.token })).body.status).toBe('received');

    // 16 minutes after: refused with its reason, refunded in full, its portions back on sale.
    expect(await unansweredOrders.run(server.workerContext, new Date(readyAt + 16 * MINUTE))).toBeGreaterThanOrEqual(1);
    const seen = await server.request<Res>('GET', `/api/orders/${unanswered.body.id}`, { token: cast.customer.token });
    expect(seen.body).toMatchObject({ status: 'refused', refusalReason: 'Not accepted in time', refund: { amountCents: unanswered.body.totalCents } });
    expect(await stockOf(special.id)).toBe(5);
    const refunds = await server.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, unanswered.body.id));
    expect(refunds.map((r) => r.reason)).toEqual(['unanswered']);
    // The accepted order is the truck's; a second round changes nothing.
    expect((await server.request<Res>('GET', `/api/orders/${accepted.body.id}`, { token: cast.customer.token })).body.status).toBe('preparing');
    await unansweredOrders.run(server.workerContext, new Date(readyAt + 20 * MINUTE));
    expect(await server.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, unanswered.body.id))).toHaveLength(1);
  });
});

describe('telling the diner (ADR 0192)', () => {
  /** A diner with one push device; with `orderPushes` false they turned order pushes off. */
  async function dinerWithDevice(orderPushes = true) {
    const diner = await server.signUp('customer');
    await server.db.insert(pushSubscriptions).values({
      userId: diner.user.id,
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      p256dh: 'BPubKey',
      auth: 'AuthSecret',
      label: 'Chrome on Android',
    });
    if (!orderPushes) {
      const prefs = await server.request('PUT', '/api/auth/user/notification-preferences', {
        token: diner.token,
        body: { push: { opened: true, schedule: true, orders: false }, sms: { opened: true }, quietHours: null },
      });
      expect(prefs.status).toBe(200);
    }
    return diner;
  }
  /** What was queued for the diner about this truck: texts (their number and words) and pushes. */
  async function noticesTo(diner: AuthResponse, truckId: number) {
    const mine = (t: typeof smsOutbox | typeof pushOutbox) => and(eq(t.userId, diner.user.id), eq(t.foodTruckId, truckId));
    const texts = await server.db.select().from(smsOutbox).where(mine(smsOutbox));
    const pushes = await server.db.select().from(pushOutbox).where(mine(pushOutbox));
    expect(texts.every((t) => t.toPhone === diner.user.phone)).toBe(true);
    return { texts: texts.map((t) => t.body), pushes: pushes.map((p) => p.message) };
  }
  const link = (id: number) => `${server.url}/orders/${id}`;

  it("the truck's refusal texts and pushes the diner once, with its reason and the refund", async () => {
    const { truck, taco } = await openTruck();
    const diner = await dinerWithDevice();
    const placed = await order(diner, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 2 }] });
    const refused = await server.request<Res>('POST', `/api/orders/${placed.body.id}/refuse`, { token: cast.owner.token, body: { reason: 'Sold out of tortillas' } });
    expect(refused.status).toBe(200);
    expect((await server.request('POST', `/api/orders/${placed.body.id}/refuse`, { token: cast.owner.token, body: { reason: 'again' } })).status).toBe(409);
    const id = placed.body.id;
    expect(await noticesTo(diner, truck.id)).toEqual({
      texts: [`${truck.name} could not take your order ${id}: Sold out of tortillas. $7.00 is refunded in full to your card.\n${link(id)}`],
      pushes: [
        {
          kind: 'order-refused',
          truckId: truck.id,
          title: `Order ${id} refunded`,
          body: `${truck.name} could not take it: Sold out of tortillas. $7.00 is refunded in full to your card.`,
          url: `/orders/${id}`,
          tag: `order-${id}`,
        },
      ],
    });
  });

  it("an admin's refund and the unanswered-orders worker tell the diner too; their own cancel does not", async () => {
    const { truck, taco } = await openTruck();
    const diner = await dinerWithDevice();
    const byAdmin = await order(diner, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    expect((await server.request('POST', `/api/admin/orders/${byAdmin.body.id}/refund`, { token: cast.admin.token })).status).toBe(200);
    const cancelled = await order(diner, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    expect((await server.request('POST', `/api/orders/${cancelled.body.id}/cancel`, { token: diner.token })).status).toBe(200);
    const unanswered = await order(diner, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 3 }] });
    await unansweredOrders.run(server.workerContext, new Date(new Date(unanswered.body.estimatedReadyAt).getTime() + 16 * 60_000));

    const { texts, pushes } = await noticesTo(diner, truck.id);
    expect(texts.sort()).toEqual(
      [
        `${truck.name} could not take your order ${byAdmin.body.id}. $3.50 is refunded in full to your card.\n${link(byAdmin.body.id)}`,
        `${truck.name} could not take your order ${unanswered.body.id}: Not accepted in time. $10.50 is refunded in full to your card.\n${link(unanswered.body.id)}`,
      ].sort(),
    );
    expect(pushes.map((p) => [p.kind, p.url, p.body]).sort()).toEqual(
      [
        ['order-refused', `/orders/${byAdmin.body.id}`, `${truck.name} could not take it. $3.50 is refunded in full to your card.`],
        ['order-refused', `/orders/${unanswered.body.id}`, `${truck.name} could not take it: Not accepted in time. $10.50 is refunded in full to your card.`],
      ].sort(),
    );
  });

  it('"ready" is pushed as well as texted; a diner who turned order pushes off gets the texts only', async () => {
    const { truck, taco } = await openTruck();
    const pushed = await dinerWithDevice();
    const quiet = await dinerWithDevice(false);
    const ready = await order(pushed, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    expect((await server.request<Res>('PATCH', `/api/orders/${ready.body.id}/status`, { token: cast.owner.token, body: { status: 'ready' } })).body.status).toBe('ready');
    expect((await noticesTo(pushed, truck.id)).pushes).toEqual([
      { kind: 'order-ready', truckId: truck.id, title: `Order ${ready.body.id} is ready`, body: `Pick it up at ${truck.name}.`, url: `/orders/${ready.body.id}`, tag: `order-${ready.body.id}` },
    ]);

    const first = await order(quiet, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    const second = await order(quiet, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    await server.request('PATCH', `/api/orders/${first.body.id}/status`, { token: cast.owner.token, body: { status: 'ready' } });
    await server.request('POST', `/api/orders/${second.body.id}/refuse`, { token: cast.owner.token, body: {} });
    const toQuiet = await noticesTo(quiet, truck.id);
    expect(toQuiet.pushes).toEqual([]);
    expect(toQuiet.texts.map((t) => t.split('\n')[0]).sort()).toEqual(
      [`Your order ${first.body.id} from ${truck.name} is ready for pickup.`, `${truck.name} could not take your order ${second.body.id}. $3.50 is refunded in full to your card.`].sort(),
    );
  });
});

describe('deleting what an order in progress belongs to', () => {
  it('a truck, its operator or its diner is not deleted (409, nothing changes) until the order is finished or refunded', async () => {
    const owner = await server.signUpSubscribedOperator();
    expect((await server.request('POST', '/api/operator/payouts/connect', { token: owner.token })).status).toBe(200);
    const diner = await server.signUp('customer');
    const { truck, taco } = await openTruck(owner);
    const placed = await order(diner, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    expect(placed.body.status).toBe('received');
    const attempts = [
      ['DELETE', `/api/food-trucks/${truck.id}`, owner.token, 'This truck has orders in progress.'],
      ['DELETE', `/api/admin/operators/${owner.user.id}`, cast.admin.token, "This operator's trucks have orders in progress."],
      ['DELETE', `/api/admin/customers/${diner.user.id}`, cast.admin.token, 'This customer has orders in progress.'],
    ] as const;
    const before = await dbFingerprint(server.db);
    for (const [method, url, token, message] of attempts) {
      const refused = await server.request<{ message: string }>(method, url, { token });
      expect(refused.status, url).toBe(409);
      expect(refused.body.message, url).toContain(message);
    }
    expect(await dbFingerprint(server.db)).toEqual(before);
    // Ready and picked up, it is no longer in progress: the diner's account may go, then the truck.
    for (const status of ['preparing', 'ready', 'picked_up'])
      expect((await server.request('PATCH', `/api/orders/${placed.body.id}/status`, { token: owner.token, body: { status } })).status).toBe(200);
    expect((await server.request('DELETE', `/api/admin/customers/${diner.user.id}`, { token: cast.admin.token })).status).toBe(200);
    expect((await server.request('DELETE', `/api/food-trucks/${truck.id}`, { token: owner.token })).status).toBe(200);
  });
});

describe('live', () => {
  async function streamOf(who: AuthResponse) {
    const ticket = await server.request<{ ticket: string }>('POST', '/api/events/ticket', { token: who.token });
    const s = await openEventStream(`${server.url}/api/events?ticket=${encodeURIComponent(ticket.body.ticket)}`);
    streams.push(s);
    await s.waitFor((f) => f.retry !== undefined);
    return s;
  }

  it('the diner and the operator get the order as it changes; nobody else does', async () => {
    const { truck, taco } = await openTruck();
    const [diner, kitchen, stranger, rival] = await Promise.all([streamOf(cast.customer), streamOf(cast.owner), streamOf(await server.signUp('customer')), streamOf(cast.other)]);
    const placed = await order(cast.customer, { foodTruckId: truck.id, items: [{ menuItemId: taco.id, quantity: 1 }] });
    const isOrder = (status: string) => (f: { event?: string; data?: string }) =>
      f.event === 'order' && (JSON.parse(f.data ?? '{}') as { order: Order }).order.id === placed.body.id && (JSON.parse(f.data ?? '{}') as { order: Order }).order.status === status;
    await kitchen.waitFor(isOrder('received'), 2000);
    await server.request('PATCH', `/api/orders/${placed.body.id}/status`, { token: cast.owner.token, body: { status: 'ready' } });
    const frame = await diner.waitFor(isOrder('ready'), 1000);
    expect(frame.id).toBeUndefined();
    await kitchen.waitFor(isOrder('ready'), 1000);
    expect(stranger.frames.some((f) => f.event === 'order')).toBe(false);
    expect(rival.frames.some((f) => f.event === 'order')).toBe(false);
  });
});

describe('Stripe mode', () => {
  let stripe: FakeStripe;
  let stripeServer: TestServer;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    stripeServer = await startTestServer({ orderPlatformFeeBps: 250 }, { integrations: { payments: stripe.provider } });
  });
  afterAll(async () => {
    await stripeServer.close();
    await stripe.close();
  });
  /** A subscribed operator whose Connect account Stripe lets take charges (onboarding done). */
  async function payableOperator() {
    const operator = await stripeServer.signUpSubscribedOperator();
    await stripeServer.request('POST', '/api/operator/payouts/connect', { token: operator.token });
    for (const a of stripe.accounts.values()) a.charges_enabled = true;
    await stripeServer.request('POST', '/api/operator/payouts/connect', { token: operator.token });
    return operator;
  }

  it('"Connect payouts" makes one Connect Express account and hands out its onboarding link until charges are enabled', async () => {
    const operator = await stripeServer.signUpSubscribedOperator();
    const connect = () => stripeServer.request<PayoutAccount>('POST', '/api/operator/payouts/connect', { token: operator.token });
    const first = await connect();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ connected: false, testMode: false });
    expect(first.body.onboardingUrl).toMatch(/^https:\/\/connect\.stripe\.test\/setup\/e\/acct_/);
    const again = await connect();
    expect(again.body.connected).toBe(false);
    expect(stripe.accounts.size).toBe(1);
    const created = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/accounts');
    expect(created?.form.get('type')).toBe('express');
    expect(created?.idempotencyKey).toBe(`payout-account-of-operator-${operator.user.id}`);
    // Onboarding finished at Stripe: the next connect finds the account can be paid.
    for (const account of stripe.accounts.values()) account.charges_enabled = true;
    expect((await connect()).body).toMatchObject({ connected: true, onboardingUrl: null });
    expect((await stripeServer.request<PayoutAccount>('GET', '/api/operator/payouts', { token: operator.token })).body.connected).toBe(true);
  });

  it('a refund of a destination charge takes the transfer and the fee back, once per order', async () => {
    const { refundId } = await stripe.provider.refundOrderPayment({ paymentId: 'pi_123', amountCents: 700, idempotencyKey: 'order-refund-9' });
    expect(refundId).toMatch(/^re_/);
    const again = await stripe.provider.refundOrderPayment({ paymentId: 'pi_123', amountCents: 700, idempotencyKey: 'order-refund-9' });
    expect(again.refundId).toBe(refundId);
    const sent = stripe.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent[0]?.form.get('reverse_transfer')).toBe('true');
    expect(sent[0]?.form.get('refund_application_fee')).toBe('true');
    expect(sent[0]?.form.get('amount')).toBe('700');
  });

  it('Stripe unreachable: connecting payouts is a 502 with a message, and nothing is stored', async () => {
    const operator = await stripeServer.signUpSubscribedOperator();
    const before = await dbFingerprint(stripeServer.db);
    stripe.mode = 'fail';
    try {
      const res = await stripeServer.request<Res>('POST', '/api/operator/payouts/connect', { token: operator.token });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/payment provider could not be reached/);
    } finally {
      stripe.mode = 'ok';
    }
    expect(await dbFingerprint(stripeServer.db)).toEqual(before);
  });

  it('an order is a destination charge to the truck\'s Connect account, paid through the Payment Element, once', async () => {
    const operator = await stripeServer.signUpSubscribedOperator();
    const account = (await stripeServer.request<PayoutAccount>('POST', '/api/operator/payouts/connect', { token: operator.token })).body;
    expect(account.connected).toBe(false);
    for (const a of stripe.accounts.values()) a.charges_enabled = true;
    await stripeServer.request('POST', '/api/operator/payouts/connect', { token: operator.token });
    const customer = await stripeServer.signUp('customer');
    const truck = await insertTruck(stripeServer.db, operator.user.id, { name: 'Stripe Tacos', isOpen: true, latitude: 30.26, longitude: -97.74 });
    const [taco] = await stripeServer.db.insert(menuItems).values({ foodTruckId: truck.id, name: 'Taco', priceCents: 400, stockLeft: 1 }).returning();
    const key = randomUUID();
    const body = { foodTruckId: truck.id, items: [{ menuItemId: taco!.id, quantity: 1 }], pickup: 'asap' };
    type Placed = Res & { paymentClientSecret: string | null };
    const placed = await stripeServer.request<Placed>('POST', '/api/orders', { token: customer.token, headers: { 'idempotency-key': key }, body });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ status: 'awaiting_payment', totalCents: 400, cardLast4: null });
    expect(placed.body.paymentClientSecret).toMatch(/^pi_\w+_secret_/);
    // A double click: the same order and the same PaymentIntent.
    const again = await stripeServer.request<Placed>('POST', '/api/orders', { token: customer.token, headers: { 'idempotency-key': key }, body });
    expect(again.status).toBe(200);
    expect(again.body.paymentClientSecret).toBe(placed.body.paymentClientSecret);
    expect(stripe.paymentIntents.size).toBe(1);
    const created = stripe.requests.find((r) => r.path === '/v1/payment_intents' && r.method === 'POST');
    expect(created?.form.get('amount')).toBe('400');
    expect(created?.form.get('transfer_data[destination]')).toMatch(/^acct_/);
    expect(created?.form.get('application_fee_amount')).toBe('10'); // ORDER_PLATFORM_FEE_BPS 250 of 400 cents
    expect(created?.idempotencyKey).toBe(`order-${customer.user.id}-${key}`);
    // The last portion is held for this order; the truck does not see an unpaid order.
    expect((await stripeServer.request<Order[]>('GET', `/api/food-trucks/${truck.id}/orders`, { token: operator.token })).body).toEqual([]);
    const confirm = () => stripeServer.request<Res>('POST', `/api/orders/${placed.body.id}/confirm-payment`, { token: customer.token });
    expect((await confirm()).body.status).toBe('awaiting_payment');
    const intent = [...stripe.paymentIntents.values()][0]!;
    intent.status = 'requires_payment_method';
    intent.last_payment_error = { message: 'Your card was declined.' };
    expect((await confirm()).status).toBe(402);
    intent.status = 'succeeded';
    intent.last_payment_error = null;
    expect((await confirm()).body.status).toBe('received');
    expect((await confirm()).body.status).toBe('received');
    expect((await stripeServer.request<Order[]>('GET', `/api/food-trucks/${truck.id}/orders`, { token: operator.token })).body.map((o) => o.id)).toEqual([placed.body.id]);
    // Someone else's order cannot be confirmed (or read) by another diner.
    const stranger = await stripeServer.signUp('customer');
    expect((await stripeServer.request('POST', `/api/orders/${placed.body.id}/confirm-payment`, { token: stranger.token })).status).toBe(404);
    // A refusal refunds the destination charge.
    const refused = await stripeServer.request<Res>('POST', `/api/orders/${placed.body.id}/refuse`, { token: operator.token, body: {} });
    expect(refused.body).toMatchObject({ status: 'refused', refund: { amountCents: 400 } });
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intent.id)).toHaveLength(1);
  });

  it('payment_intent.succeeded (the webhook) makes an awaiting order received, once; a redelivery changes nothing', async () => {
    const operator = await payableOperator();
    const customer = await stripeServer.signUp('customer');
    const truck = await insertTruck(stripeServer.db, operator.user.id, { name: 'Webhook Tacos', isOpen: true, latitude: 30.26, longitude: -97.74 });
    const [taco] = await stripeServer.db.insert(menuItems).values({ foodTruckId: truck.id, name: 'Taco', priceCents: 300 }).returning();
    const placed = await stripeServer.request<Res>('POST', '/api/orders', {
      token: customer.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { foodTruckId: truck.id, items: [{ menuItemId: taco!.id, quantity: 2 }], pickup: 'asap' },
    });
    const [row] = await stripeServer.db.select().from(orders).where(eq(orders.id, placed.body.id));
    const intent = stripe.paymentIntents.get(row!.providerPaymentId)!;
    intent.status = 'succeeded';
    const event = stripe.event('payment_intent.succeeded', intent);
    const deliver = () =>
      stripeServer.request('POST', '/api/stripe/webhook', { raw: event.payload, headers: { 'content-type': 'application/json', 'stripe-signature': stripe.signature(event.payload) } });
    expect((await deliver()).status).toBe(200);
    expect((await stripeServer.db.select().from(orders).where(eq(orders.id, placed.body.id)))[0]?.status).toBe('received');
    await stripeServer.request('PATCH', `/api/orders/${placed.body.id}/status`, { token: operator.token, body: { status: 'preparing' } });
    expect((await deliver()).status).toBe(200);
    expect((await stripeServer.db.select().from(orders).where(eq(orders.id, placed.body.id)))[0]?.status).toBe('preparing');
  });

  it('the diner cancels their order while it awaits payment: nothing charged, portions back, never in the queue; nobody else may', async () => {
    const operator = await payableOperator();
    const truck = await insertTruck(stripeServer.db, operator.user.id, { name: 'Unpaid Plates', isOpen: true, latitude: 30.26, longitude: -97.74 });
    const [plate] = await stripeServer.db.insert(menuItems).values({ foodTruckId: truck.id, name: 'Plate', priceCents: 1200, stockLeft: 2 }).returning();
    const stock = async () => (await stripeServer.db.select({ s: menuItems.stockLeft }).from(menuItems).where(eq(menuItems.id, plate!.id)))[0]?.s;
    const diner = await stripeServer.signUp('customer');
    const place = async () => {
      const res = await stripeServer.request<Res>('POST', '/api/orders', {
        token: diner.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { foodTruckId: truck.id, items: [{ menuItemId: plate!.id, quantity: 1 }], pickup: 'asap' },
      });
      expect(res.body.status).toBe('awaiting_payment');
      const [row] = await stripeServer.db.select().from(orders).where(eq(orders.id, res.body.id));
      return { order: res.body, intent: stripe.paymentIntents.get(row!.providerPaymentId)! };
    };
    const cancel = (who: AuthResponse | undefined, id: number) => stripeServer.request<Res>('POST', `/api/orders/${id}/cancel`, { token: who?.token });
    const refundsOf = (intentId: string) => stripe.requests.filter((r) => r.path === '/v1/refunds' && r.form.get('payment_intent') === intentId);

    const { order, intent } = await place();
    expect(await stock()).toBe(1);
    // Only the diner who ordered: another diner is told it does not exist; other roles are refused.
    const stranger = await stripeServer.signUp('customer');
    const beforeStranger = await dbFingerprint(stripeServer.db);
    expect((await cancel(stranger, order.id)).status).toBe(404);
    expect((await cancel(operator, order.id)).status).toBe(403);
    expect((await cancel(undefined, order.id)).status).toBe(401);
    expect((await cancel(diner, 999_999)).status).toBe(404);
    expect(await dbFingerprint(stripeServer.db)).toEqual(beforeStranger);
    expect(intent.status).toBe('requires_payment_method');

    const cancelled = await cancel(diner, order.id);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ id: order.id, status: 'cancelled', refund: null });
    // Nothing charged: the PaymentIntent can no longer be paid, and no refund was asked for.
    expect(intent.status).toBe('canceled');
    expect(refundsOf(intent.id)).toHaveLength(0);
    expect(await stripeServer.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toHaveLength(0);
    expect((await stripeServer.db.select().from(orders).where(eq(orders.id, order.id)))[0]).toMatchObject({ status: 'cancelled', paymentClientSecret: null });
    expect(await stock()).toBe(2);
    expect((await stripeServer.request<Order[]>('GET', `/api/food-trucks/${truck.id}/orders`, { token: operator.token })).body).toEqual([]);
    // Once: again is a conflict, and asking whether it was paid finds it cancelled.
    const again = await cancel(diner, order.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already cancelled.');
    expect((await stripeServer.request<Res>('POST', `/api/orders/${order.id}/confirm-payment`, { token: diner.token })).body.status).toBe('cancelled');

    // The payment went through just before the cancel reached Stripe: cancelled as a paid order, refunded once.
    const paid = await place();
    paid.intent.status = 'succeeded';
    const late = await cancel(diner, paid.order.id);
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ status: 'cancelled', refund: { amountCents: 1200, reason: 'cancelled' } });
    expect(refundsOf(paid.intent.id)).toHaveLength(1);
    expect(await stock()).toBe(2);

    // Started by the truck: no longer the diner's to cancel.
    const started = await place();
    started.intent.status = 'succeeded';
    await stripeServer.request('POST', `/api/orders/${started.order.id}/confirm-payment`, { token: diner.token });
    await stripeServer.request('PATCH', `/api/orders/${started.order.id}/status`, { token: operator.token, body: { status: 'preparing' } });
    const refused = await cancel(diner, started.order.id);
    expect(refused.status).toBe(409);
    expect(refundsOf(started.intent.id)).toHaveLength(0);
  });

  it('deleting a truck or an account cancels its orders still awaiting payment at Stripe; one paid meanwhile blocks the delete', async () => {
    const operator = await payableOperator();
    const diner = await stripeServer.signUp('customer');
    const place = async (truckId: number, itemId: number) => {
      const res = await stripeServer.request<Res>('POST', '/api/orders', {
        token: diner.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { foodTruckId: truckId, items: [{ menuItemId: itemId, quantity: 1 }], pickup: 'asap' },
      });
      expect(res.body.status).toBe('awaiting_payment');
      const [row] = await stripeServer.db.select().from(orders).where(eq(orders.id, res.body.id));
      return stripe.paymentIntents.get(row!.providerPaymentId)!;
    };
    const truckWithItem = async (name: string) => {
      const truck = await insertTruck(stripeServer.db, operator.user.id, { name, isOpen: true, latitude: 30.26, longitude: -97.74 });
      const [item] = await stripeServer.db.insert(menuItems).values({ foodTruckId: truck.id, name: 'Bowl', priceCents: 900 }).returning();
      return { truck, item: item! };
    };

    // Paid just before the delete reached Stripe (its webhook not yet here): in progress, 409, nothing deleted.
    const { truck: paidTruck, item: paidItem } = await truckWithItem('Paid Meanwhile Bowls');
    const paid = await place(paidTruck.id, paidItem.id);
    paid.status = 'succeeded';
    const before = await dbFingerprint(stripeServer.db);
    const refused = await stripeServer.request<Res>('DELETE', `/api/food-trucks/${paidTruck.id}`, { token: operator.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('This truck has orders in progress.');
    expect(await dbFingerprint(stripeServer.db)).toEqual(before);

    // Not paid: its payment is cancelled, so it can never be taken for an order that is gone.
    const { truck, item } = await truckWithItem('Abandoned Cart Bowls');
    const unpaid = await place(truck.id, item.id);
    expect((await stripeServer.request('DELETE', `/api/food-trucks/${truck.id}`, { token: operator.token })).status).toBe(200);
    expect(unpaid.status).toBe('canceled');

    // The same for a diner's account deleted by an admin (the paid order is on another truck: 409 first).
    const admin = await stripeServer.signUpAdmin();
    expect((await stripeServer.request('DELETE', `/api/admin/customers/${diner.user.id}`, { token: admin.token })).status).toBe(409);
    // The paid order, once its payment is confirmed, is refused (and refunded) by the truck.
    const [paidRow] = await stripeServer.db.select().from(orders).where(eq(orders.providerPaymentId, paid.id));
    expect((await stripeServer.request<Res>('POST', `/api/orders/${paidRow!.id}/confirm-payment`, { token: diner.token })).body.status).toBe('received');
    expect((await stripeServer.request('POST', `/api/orders/${paidRow!.id}/refuse`, { token: operator.token, body: {} })).status).toBe(200);
    const { truck: other, item: otherItem } = await truckWithItem('Second Cart Bowls');
    const pending = await place(other.id, otherItem.id);
    expect((await stripeServer.request('DELETE', `/api/admin/customers/${diner.user.id}`, { token: admin.token })).status).toBe(200);
    expect(pending.status).toBe('canceled');
  });

  it('an unpaid order gives its portions back after 30 minutes, at the next order', async () => {
    const operator = await payableOperator();
    const truck = await insertTruck(stripeServer.db, operator.user.id, { name: 'Last Plate', isOpen: true, latitude: 30.26, longitude: -97.74 });
    const [plate] = await stripeServer.db.insert(menuItems).values({ foodTruckId: truck.id, name: 'Plate', priceCents: 1200, stockLeft: 1 }).returning();
    const body = { foodTruckId: truck.id, items: [{ menuItemId: plate!.id, quantity: 1 }], pickup: 'asap' };
    const [first, second] = [await stripeServer.signUp('customer'), await stripeServer.signUp('customer')];
    const held = await stripeServer.request<Res>('POST', '/api/orders', { token: first.token, headers: { 'idempotency-key': randomUUID() }, body });
    expect(held.status).toBe(201);
    expect((await stripeServer.request<Res>('POST', '/api/orders', { token: second.token, headers: { 'idempotency-key': randomUUID() }, body })).status).toBe(409);
    await stripeServer.db.update(orders).set({ createdAt: new Date(Date.now() - 31 * 60_000) }).where(eq(orders.id, held.body.id));
    const later = await stripeServer.request<Res>('POST', '/api/orders', { token: second.token, headers: { 'idempotency-key': randomUUID() }, body });
    expect(later.status).toBe(201);
    expect((await stripeServer.db.select().from(orders).where(eq(orders.id, held.body.id)))[0]).toMatchObject({ status: 'cancelled', paymentClientSecret: null });
  });
});
