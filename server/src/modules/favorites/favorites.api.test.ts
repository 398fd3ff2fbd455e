import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { AuthResponse, FoodTruck, MyRating } from '@shared/contracts';
import { foodTrucks, truckEvents, truckRatings, userFavorites } from '../../db/schema';
import { setSubscription } from '../../test/trucks';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
let owner: AuthResponse;
let customer: AuthResponse;
let otherCustomer: AuthResponse;
let otherOperator: AuthResponse;
let admin: AuthResponse;
let truck: FoodTruck;

async function createTruck(operator: AuthResponse, name: string) {
  const res = await server.request<FoodTruck>('POST', '/api/food-trucks', {
    token: operator.token,
    body: { name, cuisine: 'BBQ', latitude: 30.26, longitude: -97.74 },
  });
  if (res.status !== 201) throw new Error(`create failed ${res.status}`);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, customer, otherCustomer, otherOperator, admin] = await Promise.all([
    server.signUpSubscribedOperator(),
    server.signUp('customer'),
    server.signUp('customer'),
    server.signUpSubscribedOperator(),
    server.signUpAdmin(),
  ]);
  truck = await createTruck(owner, 'Smoky Joe');
});
afterAll(() => server.close());

const favRows = (userId: number, truckId: number) =>
  server.db
    .select()
    .from(userFavorites)
    .where(and(eq(userFavorites.userId, userId), eq(userFavorites.foodTruckId, truckId)));
const add = (session: AuthResponse | undefined, foodTruckId: unknown) =>
  server.request<{ isFavorite?: boolean; message?: string }>('POST', '/api/favorites', {
    token: session?.token,
    body: { foodTruckId },
  });

describe('favourites', () => {
  it('refuses visitors on every endpoint (401) and changes nothing', async () => {
    expect((await server.request('GET', '/api/favorites')).status).toBe(401);
    expect((await server.request('GET', `/api/favorites/check/${truck.id}`)).status).toBe(401);
    expect((await add(undefined, truck.id)).status).toBe(401);
    expect((await server.request('DELETE', `/api/favorites/${truck.id}`)).status).toBe(401);
    expect(await server.db.select().from(userFavorites)).toHaveLength(0);
  });

  it('adds, checks, lists and removes; adding twice and removing twice are not errors', async () => {
    expect((await add(customer, truck.id)).body).toEqual({ isFavorite: true });
    expect((await add(customer, truck.id)).body).toEqual({ isFavorite: true });
    expect(await favRows(customer.user.id, truck.id)).toHaveLength(1);
    const check = await server.request('GET', `/api/favorites/check/${truck.id}`, { token: customer.token });
    expect(check.body).toEqual({ isFavorite: true });
    const other = await server.request('GET', `/api/favorites/check/${truck.id}`, { token: otherCustomer.token });
    expect(other.body).toEqual({ isFavorite: false });
    const list = await server.request<FoodTruck[]>('GET', '/api/favorites', { token: customer.token });
    expect(list.body.map((t) => t.id)).toEqual([truck.id]);
    expect(list.body[0]).toMatchObject({ name: 'Smoky Joe', rating: null });
    expect((await server.request('GET', '/api/favorites', { token: otherCustomer.token })).body).toEqual([]);
    for (let i = 0; i < 2; i++) {
      const del = await server.request('DELETE', `/api/favorites/${truck.id}`, { token: customer.token });
      expect(del.body).toEqual({ isFavorite: false });
    }
    expect(await favRows(customer.user.id, truck.id)).toHaveLength(0);
  });

  it('keeps one row under concurrent adds', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => add(otherCustomer, truck.id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await favRows(otherCustomer.user.id, truck.id)).toHaveLength(1);
  });

  it("refuses the owner's own truck (403, the spec's text) and unknown trucks (404)", async () => {
    const own = await add(owner, truck.id);
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ message: "You can't favorite your own food truck!" });
    expect(await favRows(owner.user.id, truck.id)).toHaveLength(0);
    expect((await add(customer, 999_999)).status).toBe(404);
    expect((await add(customer, 'x')).status).toBe(400);
    // A check of a truck that does not exist is simply not a favourite.
    expect((await server.request('GET', '/api/favorites/check/abc', { token: customer.token })).body).toEqual({ isFavorite: false });
    // Another operator and an admin may keep favourites like diners.
    expect((await add(otherOperator, truck.id)).status).toBe(200);
    expect((await add(admin, truck.id)).status).toBe(200);
  });

  it('keeps but does not list a favourite whose truck is hidden from diners; a hidden truck cannot be added', async () => {
    const operator = await server.signUpSubscribedOperator();
    const hidden = await createTruck(operator, 'Paused Truck');
    expect((await add(customer, hidden.id)).status).toBe(200);
    await setSubscription(server.db, operator.user.id, 'paused');
    const list = await server.request<FoodTruck[]>('GET', '/api/favorites', { token: customer.token });
    expect(list.body.some((t) => t.id === hidden.id)).toBe(false);
    expect(await favRows(customer.user.id, hidden.id)).toHaveLength(1);
    expect((await add(otherCustomer, hidden.id)).status).toBe(404);
    await setSubscription(server.db, operator.user.id, 'active');
    const again = await server.request<FoodTruck[]>('GET', '/api/favorites', { token: customer.token });
    expect(again.body.some((t) => t.id === hidden.id)).toBe(true);
  });
});

describe('ratings', () => {
  const rate = (session: AuthResponse | undefined, id: number, body: unknown) =>
    server.request<MyRating & { message?: string }>('PUT', `/api/food-trucks/${id}/rating`, { token: session?.token, body });
  const totals = async (id: number) =>
    (await server.db.select({ sum: foodTrucks.ratingSum, count: foodTrucks.ratingCount }).from(foodTrucks).where(eq(foodTrucks.id, id)))[0];

  it('lets a customer set, change and remove a rating; the truck shape carries it, live as a rated event', async () => {
    const t = await createTruck(owner, 'Rated Truck');
    const first = await rate(customer, t.id, { stars: 4 });
    expect(first.body).toEqual({ stars: 4, rating: { average: 4, count: 1 } });
    const second = await rate(otherCustomer, t.id, { stars: 5 });
    expect(second.body.rating).toEqual({ average: 4.5, count: 2 });
    expect((await rate(customer, t.id, { stars: 2 })).body).toEqual({ stars: 2, rating: { average: 3.5, count: 2 } });
    const mine = await server.request('GET', `/api/food-trucks/${t.id}/rating`, { token: customer.token });
    expect(mine.body).toEqual({ stars: 2, rating: { average: 3.5, count: 2 } });
    const read = await server.request<FoodTruck>('GET', `/api/food-trucks/${t.id}`);
    expect(read.body.rating).toEqual({ average: 3.5, count: 2 });
    const [event] = await server.db.select().from(truckEvents).where(and(eq(truckEvents.truckId, t.id), eq(truckEvents.type, 'rated'))).orderBy(truckEvents.id).limit(1);
    expect(event).toBeDefined();
    const removed = await server.request('DELETE', `/api/food-trucks/${t.id}/rating`, { token: customer.token });
    expect(removed.body).toEqual({ stars: null, rating: { average: 5, count: 1 } });
    const again = await server.request('DELETE', `/api/food-trucks/${t.id}/rating`, { token: customer.token });
    expect(again.status).toBe(200);
    await server.request('DELETE', `/api/food-trucks/${t.id}/rating`, { token: otherCustomer.token });
    expect((await server.request<FoodTruck>('GET', `/api/food-trucks/${t.id}`)).body.rating).toBeNull();
    expect(await totals(t.id)).toEqual({ sum: 0, count: 0 });
  });

  it('rounds the average to one decimal', async () => {
    const t = await createTruck(owner, 'Third Truck');
    const voters = await Promise.all([0, 1, 2].map(() => server.signUp('customer')));
    await rate(voters[0], t.id, { stars: 5 });
    await rate(voters[1], t.id, { stars: 4 });
    const res = await rate(voters[2], t.id, { stars: 4 });
    expect(res.body.rating).toEqual({ average: 4.3, count: 3 });
  });

  it('keeps the totals exact under concurrent ratings', async () => {
    const t = await createTruck(owner, 'Busy Truck');
    const voters = await Promise.all(Array.from({ length: 12 }, () => server.signUp('customer')));
    const stars = voters.map((_, i) => (i % 5) + 1);
    const results = await Promise.all(voters.map((v, i) => rate(v, t.id, { stars: stars[i] })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    // Each voter also changes their vote at the same time as the others.
    await Promise.all(voters.map((v) => rate(v, t.id, { stars: 3 })));
    expect(await totals(t.id)).toEqual({ sum: 36, count: 12 });
    const rows = await server.db.select().from(truckRatings).where(eq(truckRatings.foodTruckId, t.id));
    expect(rows).toHaveLength(12);
    expect((await server.request<FoodTruck>('GET', `/api/food-trucks/${t.id}`)).body.rating).toEqual({ average: 3, count: 12 });
  });

  it('refuses visitors (401), operators and admins (403), bad stars (400) and unknown trucks (404), changing nothing', async () => {
    const t = await createTruck(owner, 'Guarded Truck');
    expect((await rate(undefined, t.id, { stars: 5 })).status).toBe(401);
    for (const session of [owner, otherOperator, admin]) {
      expect((await rate(session, t.id, { stars: 5 })).status).toBe(403);
      expect((await server.request('DELETE', `/api/food-trucks/${t.id}/rating`, { token: session.token })).status).toBe(403);
      expect((await server.request('GET', `/api/food-trucks/${t.id}/rating`, { token: session.token })).status).toBe(403);
    }
    for (const stars of [0, 6, 2.5, '5', null]) expect((await rate(customer, t.id, { stars })).status).toBe(400);
    expect((await rate(customer, 999_999, { stars: 5 })).status).toBe(404);
    expect((await rate(customer, 0, { stars: 5 })).status).toBe(404);
    expect(await totals(t.id)).toEqual({ sum: 0, count: 0 });
  });
});
