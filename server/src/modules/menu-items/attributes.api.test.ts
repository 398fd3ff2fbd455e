import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, FoodTruck, MenuItem, TruckSummary } from '@shared/contracts';
import type { DietaryNeeds } from '@shared/utils/attributes';
import { foodTrucks, menuItems, truckEvents, users } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

/** Issue 28, over HTTP against a real database: features, item labels, sold out, filters, dietary needs. */

let server: TestServer;
let owner: AuthResponse;
let other: AuthResponse;
let customer: AuthResponse;
let truck: FoodTruck;
let plainTruck: FoodTruck;

type TruckRes = FoodTruck & ErrorResponse;
type ItemRes = MenuItem & ErrorResponse;

async function createTruck(token: string, body: Record<string, unknown>) {
  const res = await server.request<TruckRes>('POST', '/api/food-trucks', { token, body: { cuisine: 'BBQ', ...body } });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function createItem(truckId: number, body: Record<string, unknown>) {
  const res = await server.request<ItemRes>('POST', '/api/menu-items', {
    token: owner.token,
    body: { name: 'Dish', price: 5, foodTruckId: truckId, ...body },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const storedTruck = async (id: number) => (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, id)))[0];
const storedItem = async (id: number) => (await server.db.select().from(menuItems).where(eq(menuItems.id, id)))[0];

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, customer] = await Promise.all([
    server.signUpSubscribedOperator(),
    server.signUpSubscribedOperator(),
    server.signUp('customer'),
  ]);
  // Far from everything else the test database holds: the radius answers only these two.
  truck = await createTruck(owner.token, {
    name: 'Know Before Truck',
    latitude: 44.1,
    longitude: -120.1,
    features: { cards: true, stepFree: true, cash: false },
    accessNote: 'Ramp on request',
  });
  plainTruck = await createTruck(owner.token, { name: 'Says Nothing Truck', latitude: 44.11, longitude: -120.11 });
});
afterAll(() => server.close());

describe('truck features', () => {
  it('round-trip: created, read back, and absent keys stay "not stated"', async () => {
    const res = await server.request<FoodTruck>('GET', `/api/food-trucks/${truck.id}`);
    expect(res.body.features).toEqual({ cards: true, stepFree: true, cash: false });
    expect(res.body.accessNote).toBe('Ramp on request');
    const plain = await server.request<FoodTruck>('GET', `/api/food-trucks/${plainTruck.id}`);
    expect(plain.body.features).toEqual({});
    expect(plain.body.accessNote).toBeNull();
  });

  it('an update replaces the set; an empty note clears it; the summary list carries features', async () => {
    const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${plainTruck.id}`, {
      token: owner.token,
      body: { features: { cash: true, shade: false }, accessNote: '  ' },
    });
    expect(res.status).toBe(200);
    expect(res.body.features).toEqual({ cash: true, shade: false });
    expect(res.body.accessNote).toBeNull();
    const list = await server.request<TruckSummary[]>('GET', '/api/food-trucks/active?view=summary&lat=44.1&lng=-120.1&radiusMiles=5');
    expect(list.body.find((t) => t.id === plainTruck.id)?.features).toEqual({ cash: true, shade: false });
  });

  it.each([
    [{ features: { teleport: true } }, 'Unknown feature: teleport'],
    [{ features: { cards: 'yes' } }, undefined],
    [{ features: ['cards'] }, undefined],
    [{ accessNote: 'x'.repeat(201) }, 'Access note must be at most 200 characters'],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const before = await storedTruck(truck.id);
    const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    if (message) expect(JSON.stringify(res.body)).toContain(message);
    expect(await storedTruck(truck.id)).toEqual(before);
  });

  it("another operator's change is a 404 and changes nothing; anonymous is a 401", async () => {
    const before = await storedTruck(truck.id);
    const res = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, {
      token: other.token,
      body: { features: { cards: false } },
    });
    expect(res.status).toBe(404);
    const anonymous = await server.request<TruckRes>('PATCH', `/api/food-trucks/${truck.id}`, { body: { features: { cards: false } } });
    expect(anonymous.status).toBe(401);
    expect(await storedTruck(truck.id)).toEqual(before);
  });
});

describe('menu item labels and sold out', () => {
  let vegan: MenuItem;
  let brisket: MenuItem;

  beforeAll(async () => {
    vegan = await createItem(truck.id, { name: 'Quinoa Bowl', diets: { vegan: true }, allergens: { peanuts: 'free', sesame: 'mayContain' } });
    brisket = await createItem(truck.id, { name: 'Brisket', diets: { vegetarian: false }, allergens: { peanuts: 'contains' } });
  });

  it('round-trips diets and allergens, defaults to not stated and not sold out', async () => {
    expect(vegan).toMatchObject({ diets: { vegan: true }, allergens: { peanuts: 'free', sesame: 'mayContain' }, soldOutToday: false });
    const plain = await createItem(plainTruck.id, { name: 'Mystery Meat' });
    expect(plain).toMatchObject({ diets: {}, allergens: {}, soldOutToday: false });
    const menu = await server.request<MenuItem[]>('GET', `/api/food-trucks/${truck.id}/menu`);
    expect(menu.body.find((i) => i.id === vegan.id)).toMatchObject({ diets: { vegan: true }, allergens: { sesame: 'mayContain' } });
  });

  it("the truck's lists carry its items' distinct labels", async () => {
    const res = await server.request<FoodTruck>('GET', `/api/food-trucks/${truck.id}`);
    expect(res.body.menuLabels).toEqual(
      expect.arrayContaining([
        { diets: { vegan: true }, allergens: { peanuts: 'free', sesame: 'mayContain' } },
        { diets: { vegetarian: false }, allergens: { peanuts: 'contains' } },
      ]),
    );
  });

  it("a label change publishes the truck's 'updated' with its new menu labels (lists follow live)", async () => {
    const res = await server.request<ItemRes>('PUT', `/api/menu-items/${vegan.id}`, { token: owner.token, body: { diets: { vegan: true, halal: true } } });
    expect(res.status).toBe(200);
    const [event] = await server.db.select().from(truckEvents).orderBy(desc(truckEvents.id)).limit(1);
    expect(event).toMatchObject({ type: 'updated', truckId: truck.id });
    // Exactly this truck's two items (a one-table query once matched menu_items.id to the truck's id).
    expect((event?.payload as FoodTruck).menuLabels).toEqual(
      expect.arrayContaining([
        { diets: { vegan: true, halal: true }, allergens: { peanuts: 'free', sesame: 'mayContain' } },
        { diets: { vegetarian: false }, allergens: { peanuts: 'contains' } },
      ]),
    );
    expect((event?.payload as FoodTruck).menuLabels).toHaveLength(2);
    await server.request('PUT', `/api/menu-items/${vegan.id}`, { token: owner.token, body: { diets: { vegan: true } } });
  });

  it.each([
    [{ allergens: { peanuts: 'lots' } }],
    [{ allergens: { uranium: 'contains' } }],
    [{ diets: { vegan: 'maybe' } }],
    [{ diets: { carnivore: true } }],
    [{ soldOutToday: 'yes' }],
  ])('refuses %j with a 400 and changes nothing', async (body) => {
    const before = await storedItem(brisket.id);
    const res = await server.request<ItemRes>('PUT', `/api/menu-items/${brisket.id}`, { token: owner.token, body });
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(await storedItem(brisket.id)).toEqual(before);
  });

  it('sold out today: set until the truck’s next local midnight, then clears itself; back on sale at once', async () => {
    const res = await server.request<ItemRes>('PUT', `/api/menu-items/${brisket.id}`, { token: owner.token, body: { soldOutToday: true } });
    expect(res.status).toBe(200);
    expect(res.body.soldOutToday).toBe(true);
    const until = (await storedItem(brisket.id))?.soldOutUntil;
    expect(until).toBeInstanceOf(Date);
    // The next midnight in America/Chicago (the default zone): within a day, at 05:00 or 06:00 UTC.
    const ms = (until?.getTime() ?? 0) - Date.now();
    expect(ms).toBeGreaterThan(0);
    expect(ms).toBeLessThanOrEqual(24 * 3600 * 1000 + 3600 * 1000);
    expect([5, 6]).toContain(until?.getUTCHours());
    expect(until?.getUTCMinutes()).toBe(0);
    let menu = await server.request<MenuItem[]>('GET', `/api/food-trucks/${truck.id}/menu`);
    expect(menu.body.find((i) => i.id === brisket.id)?.soldOutToday).toBe(true);

    // Midnight passes (the stored instant is in the past): no job ran, the item is on sale again.
    await server.db.update(menuItems).set({ soldOutUntil: new Date(Date.now() - 1000) }).where(eq(menuItems.id, brisket.id));
    menu = await server.request<MenuItem[]>('GET', `/api/food-trucks/${truck.id}/menu`);
    expect(menu.body.find((i) => i.id === brisket.id)?.soldOutToday).toBe(false);

    await server.request('PUT', `/api/menu-items/${brisket.id}`, { token: owner.token, body: { soldOutToday: true } });
    const back = await server.request<ItemRes>('PUT', `/api/menu-items/${brisket.id}`, { token: owner.token, body: { soldOutToday: false } });
    expect(back.body.soldOutToday).toBe(false);
    expect((await storedItem(brisket.id))?.soldOutUntil).toBeNull();
  });

  it("another operator cannot mark an item sold out (404, nothing changed); a customer gets 403", async () => {
    const before = await storedItem(vegan.id);
    const res = await server.request<ItemRes>('PUT', `/api/menu-items/${vegan.id}`, { token: other.token, body: { soldOutToday: true } });
    expect(res.status).toBe(404);
    const byCustomer = await server.request<ItemRes>('PUT', `/api/menu-items/${vegan.id}`, { token: customer.token, body: { soldOutToday: true } });
    expect(byCustomer.status).toBe(403);
    expect(await storedItem(vegan.id)).toEqual(before);
  });
});

describe('GET /api/food-trucks/active?filters=', () => {
  const ids = async (query: string) => {
    const res = await server.request<TruckSummary[]>('GET', `/api/food-trucks/active?lat=44.1&lng=-120.1&radiusMiles=5&${query}`);
    expect(res.status).toBe(200);
    return res.body.map((t) => t.id).sort((a, b) => a - b);
  };

  it.each([
    ['', 'both'],
    ['filters=cards', 'truck'],
    ['filters=cash', 'plain'],
    ['filters=cards,step-free', 'truck'],
    ['filters=vegan', 'truck'],
    ['filters=vegan,no-peanuts', 'truck'],
    ['filters=no-peanuts,cash', 'none'],
    ['filters=halal', 'none'],
    ['filters=vegan,cards&view=summary', 'truck'],
  ])('%s → %s', async (query, expected) => {
    const all = [truck.id, plainTruck.id].sort((a, b) => a - b);
    const want = { both: all, truck: [truck.id], plain: [plainTruck.id], none: [] }[expected];
    expect(await ids(query)).toEqual(want);
  });

  it('filters the list without a position too', async () => {
    const res = await server.request<TruckSummary[]>('GET', '/api/food-trucks/active?view=summary&filters=cards,step-free,vegan');
    expect(res.body.map((t) => t.id)).toContain(truck.id);
    expect(res.body.map((t) => t.id)).not.toContain(plainTruck.id);
  });

  it('answers a change at once (the cached filtered list is rebuilt)', async () => {
    expect(await ids('filters=halal')).toEqual([]);
    await createItem(plainTruck.id, { name: 'Halal Cart Plate', diets: { halal: true } });
    expect(await ids('filters=halal')).toEqual([plainTruck.id]);
  });

  it('a vegan drink makes no truck "vegan options" beside its dishes; a drinks-only truck\'s drinks count', async () => {
    const near = 'lat=46.3&lng=-118.3&radiusMiles=5';
    const tacos = await createTruck(owner.token, { name: 'Drink Vegan Tacos', latitude: 46.3, longitude: -118.3 });
    await createItem(tacos.id, { name: 'Pork Taco', category: 'Main Dishes', diets: { vegan: false } });
    await createItem(tacos.id, { name: 'Horchata', category: 'Beverages', diets: { vegan: true } });
    const coffee = await createTruck(owner.token, { name: 'Oat Latte Cart', cuisine: 'Coffee', latitude: 46.301, longitude: -118.301 });
    await createItem(coffee.id, { name: 'Oat Latte', category: 'Beverages', diets: { vegan: true } });
    const res = await server.request<TruckSummary[]>('GET', `/api/food-trucks/active?${near}&filters=vegan`);
    expect(res.body.map((t) => t.id)).toEqual([coffee.id]);
    const all = await server.request<TruckSummary[]>('GET', `/api/food-trucks/active?${near}`);
    expect(all.body.find((t) => t.id === tacos.id)?.menuLabels).toEqual([{ diets: { vegan: false }, allergens: {} }]);
  });

  it('refuses an unknown filter with a 400 naming it', async () => {
    const res = await server.request<ErrorResponse>('GET', '/api/food-trucks/active?filters=cards,teleport');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Unknown filter: teleport');
  });
});

describe('dietary needs', () => {
  it('a customer saves and reads them back (each once, in list order)', async () => {
    const empty = await server.request<DietaryNeeds>('GET', '/api/auth/user/dietary-needs', { token: customer.token });
    expect(empty.body).toEqual({ diets: [], avoid: [] });
    const res = await server.request<DietaryNeeds>('PUT', '/api/auth/user/dietary-needs', {
      token: customer.token,
      body: { diets: ['vegan', 'vegan'], avoid: ['sesame', 'peanuts'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ diets: ['vegan'], avoid: ['sesame', 'peanuts'] });
    const back = await server.request<DietaryNeeds>('GET', '/api/auth/user/dietary-needs', { token: customer.token });
    expect(back.body).toEqual(res.body);
  });

  it.each([[{ diets: ['carnivore'], avoid: [] }], [{ diets: [] }], [{ diets: 'vegan', avoid: [] }]])(
    'refuses %j with a 400 and changes nothing',
    async (body) => {
      const before = (await server.db.select().from(users).where(eq(users.id, customer.user.id)))[0]?.dietaryNeeds;
      const res = await server.request<ErrorResponse>('PUT', '/api/auth/user/dietary-needs', { token: customer.token, body });
      expect(res.status).toBe(400);
      expect((await server.db.select().from(users).where(eq(users.id, customer.user.id)))[0]?.dietaryNeeds).toEqual(before);
    },
  );

  it('is for customers: operators 403, anonymous 401', async () => {
    expect((await server.request('GET', '/api/auth/user/dietary-needs', { token: owner.token })).status).toBe(403);
    expect((await server.request('GET', '/api/auth/user/dietary-needs')).status).toBe(401);
  });
});
