import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, FoodTruck, MenuItem } from '@shared/contracts';
import { menuItems, truckEvents } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let owner: AuthResponse;
let other: AuthResponse;
let customer: AuthResponse;
let admin: AuthResponse;
let truck: FoodTruck;

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, customer, admin] = await Promise.all([
    server.signUp('operator'),
    server.signUpSubscribedOperator(),
    server.signUp('customer'),
    server.signUpAdmin(),
  ]);
  const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
    token: owner.token,
    body: { name: 'Smoke Stack', cuisine: 'BBQ' },
  });
  truck = res.body;
});
afterAll(() => server.close());

type ItemRes = MenuItem & ErrorResponse;
const brisket = { name: 'Brisket Plate', price: 18.5, description: 'Half pound', category: 'Main Dishes' };

async function createItem(body: Record<string, unknown> = {}) {
  const res = await server.request<ItemRes>('POST', '/api/menu-items', {
    token: owner.token,
    body: { ...brisket, foodTruckId: truck.id, ...body },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
const storedItem = async (id: number) =>
  (await server.db.select().from(menuItems).where(eq(menuItems.id, id)))[0];
const eventCount = async () => (await server.db.select({ id: truckEvents.id }).from(truckEvents)).length;
const lastEvent = async () =>
  (await server.db.select().from(truckEvents).orderBy(desc(truckEvents.id)).limit(1))[0];

describe('POST /api/menu-items', () => {
  it('creates an item in dollars, stores cents, defaults available, and tells diners (truck "updated")', async () => {
    const res = await server.request<ItemRes>('POST', '/api/menu-items', {
      token: owner.token,
      body: { name: 'Sweet Tea', price: '3.10', foodTruckId: truck.id, category: '' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      foodTruckId: truck.id,
      name: 'Sweet Tea',
      description: null,
      price: 3.1,
      category: null,
      available: true,
      image: null,
      // Issue 28: nothing stated, not sold out.
      diets: {},
      allergens: {},
      soldOutToday: false,
      stockLeft: null,
    });
    expect((await storedItem(res.body.id))?.priceCents).toBe(310);
    expect(await lastEvent()).toMatchObject({ type: 'updated', truckId: truck.id });
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: undefined }, 'Name is required'],
    [{ price: 0 }, 'Price must be greater than 0'],
    [{ price: -3 }, 'Price must be greater than 0'],
    [{ price: 1.005 }, 'Price can have at most two decimal places'],
    [{ price: 'abc' }, 'Price must be a number, like 2.50'],
    [{ price: '2,5,0' }, 'Price must be a number, like 2.50'],
    [{ category: 'Soups' }, 'Please choose a menu category'],
  ])('answers 400 for %j with the spec message and creates nothing', async (patch, message) => {
    const before = (await server.db.select().from(menuItems)).length;
    const res = await server.request<ItemRes>('POST', '/api/menu-items', {
      token: owner.token,
      body: { ...brisket, foodTruckId: truck.id, ...patch },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await server.db.select().from(menuItems)).length).toBe(before);
  });

  it('accepts every one of the six categories', async () => {
    for (const category of ['Appetizers', 'Main Dishes', 'Sides', 'Desserts', 'Beverages', 'Specials']) {
      expect((await createItem({ category })).category).toBe(category);
    }
  });

  it.each([
    ['anonymous', 401, () => undefined],
    ['customer', 403, () => customer.token],
    ['other operator', 404, () => other.token],
    ['admin', 201, () => admin.token],
  ])("for another's truck: %s → %i", async (_who, status, token) => {
    const before = await eventCount();
    const res = await server.request<ItemRes>('POST', '/api/menu-items', {
      token: token(),
      body: { ...brisket, foodTruckId: truck.id },
    });
    expect(res.status).toBe(status);
    if (status !== 201) expect(await eventCount()).toBe(before);
  });

  it('answers 404 (not 500) for a truck id beyond the database integer range', async () => {
    const res = await server.request<ItemRes>('POST', '/api/menu-items', {
      token: owner.token,
      body: { ...brisket, foodTruckId: 99_999_999_999 },
    });
    expect(res.status).toBe(404);
  });

  it('answers 404 for a truck that does not exist', async () => {
    const res = await server.request<ItemRes>('POST', '/api/menu-items', {
      token: owner.token,
      body: { ...brisket, foodTruckId: 999_999 },
    });
    expect(res.status).toBe(404);
  });
});

describe('PUT, DELETE and image of /api/menu-items/:id', () => {
  it('updates all fields, or only availability', async () => {
    const item = await createItem();
    const full = await server.request<ItemRes>('PUT', `/api/menu-items/${item.id}`, {
      token: owner.token,
      body: {
        name: 'Brisket Sandwich',
        price: 12,
        description: 'On a bun',
        category: 'Specials',
        available: true,
      },
    });
    expect(full.status).toBe(200);
    expect(full.body).toMatchObject({
      name: 'Brisket Sandwich',
      price: 12,
      description: 'On a bun',
      category: 'Specials',
      available: true,
    });
    const toggle = await server.request<ItemRes>('PUT', `/api/menu-items/${item.id}`, {
      token: owner.token,
      body: { available: false },
    });
    expect(toggle.status).toBe(200);
    expect(toggle.body).toMatchObject({ name: 'Brisket Sandwich', price: 12, available: false });
    const bad = await server.request<ItemRes>('PUT', `/api/menu-items/${item.id}`, {
      token: owner.token,
      body: { price: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Price must be greater than 0');
    expect((await storedItem(item.id))?.priceCents).toBe(1200);
  });

  it('deletes an item with a message', async () => {
    const item = await createItem();
    const res = await server.request<{ message: string }>('DELETE', `/api/menu-items/${item.id}`, {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Menu item deleted');
    expect(await storedItem(item.id)).toBeUndefined();
    expect(
      (await server.request('DELETE', `/api/menu-items/${item.id}`, { token: owner.token })).status,
    ).toBe(404);
  });

  it('refuses an image that is not an uploaded file', async () => {
    const item = await createItem();
    const res = await server.request<ItemRes>('PUT', `/api/menu-items/${item.id}/image`, {
      token: owner.token,
      body: { imageURL: 'javascript:alert(1)' },
    });
    expect(res.status).toBe(400);
    expect((await storedItem(item.id))?.image).toBeNull();
  });

  const calls: [string, string, (id: number) => string, Record<string, unknown> | undefined][] = [
    ['edit', 'PUT', (id) => `/api/menu-items/${id}`, { name: 'Changed', price: 1 }],
    ['toggle', 'PUT', (id) => `/api/menu-items/${id}`, { available: false }],
    ['delete', 'DELETE', (id) => `/api/menu-items/${id}`, undefined],
  ];
  const callers: [string, number, () => string | undefined][] = [
    ['anonymous', 401, () => undefined],
    ['customer', 403, () => customer.token],
    ['other operator', 404, () => other.token],
    ['owner', 200, () => owner.token],
    ['admin', 200, () => admin.token],
  ];
  for (const [action, method, path, body] of calls) {
    it.each(callers)(`${action}: %s → %i`, async (_who, status, token) => {
      const item = await createItem();
      const res = await server.request<ErrorResponse>(method, path(item.id), { token: token(), body });
      expect(res.status).toBe(status);
      if (status !== 200)
        expect(await storedItem(item.id)).toMatchObject({
          name: brisket.name,
          priceCents: 1850,
          available: true,
        });
    });
  }
  it.each(callers)('image: %s → %i (400 past the guard for a non-object)', async (_who, status, token) => {
    const item = await createItem();
    const res = await server.request<ErrorResponse>('PUT', `/api/menu-items/${item.id}/image`, {
      token: token(),
      body: { imageURL: 'nope' },
    });
    expect(res.status).toBe(status === 200 ? 400 : status);
  });
});
