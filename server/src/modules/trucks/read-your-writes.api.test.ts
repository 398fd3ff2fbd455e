import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse, FoodTruck, TruckSummary } from '@shared/contracts';
import type { DatabaseHandle } from '../../db/client';
import { createTestDatabase } from '../../test/database';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * Read-your-writes of the diners' lists (ADR 0165). On PostgreSQL a truck change's NOTIFY reaches
 * the process after the commit, asynchronously: a list read right after the write's answer could
 * come from the cache and index built before it. Here every notification is held back until the
 * test lets it through, on either database, so the write's own answer is all the lists can know.
 */

let server: TestServer;
let owner: AuthResponse;
const held: Array<() => void> = [];
let holding = false;

/** The test database, with its notifications held back while `holding`. */
function holdingNotifications(handle: DatabaseHandle): DatabaseHandle {
  return {
    ...handle,
    listen: (channel, onNotify) =>
      handle.listen(channel, (payload) => (holding ? held.push(() => onNotify(payload)) : onNotify(payload))),
  };
}
function release() {
  holding = false;
  for (const deliver of held.splice(0)) deliver();
}

async function createTruck(name: string, latitude: number, longitude: number): Promise<FoodTruck> {
  const res = await server.request<FoodTruck & ErrorResponse>('POST', '/api/food-trucks', {
    token: owner.token,
    body: { name, cuisine: 'BBQ', latitude, longitude },
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function ids(query: string): Promise<number[]> {
  const res = await server.request<Array<FoodTruck | TruckSummary>>(
    'GET',
    `/api/food-trucks/active?${query}`,
  );
  expect(res.status).toBe(200);
  return res.body.map((t) => t.id).sort((a, b) => a - b);
}
// Every shape a diner's page asks for: whole list, summaries, near a place, filtered.
const QUERIES = [
  '',
  'view=summary',
  'lat=47.2&lng=-121.2&radiusMiles=5',
  'view=summary&lat=47.2&lng=-121.2&radiusMiles=5',
];

beforeAll(async () => {
  const { handle } = await createTestDatabase();
  server = await startTestServer({}, { database: holdingNotifications(handle) });
  owner = await server.signUpSubscribedOperator();
});
afterAll(() => server.close());

describe('the diners’ lists right after a write, before its notification arrives', () => {
  it('a new truck is in every list, a deleted one in none, and the late notifications change nothing', async () => {
    const kept = await createTruck('Kept Truck', 47.2, -121.2);
    for (const q of QUERIES) expect(await ids(q)).toContain(kept.id); // cached from here on

    holding = true;
    const added = await createTruck('Added Truck', 47.201, -121.201);
    for (const q of QUERIES) expect(await ids(q)).toContain(added.id);
    expect(
      (await server.request('DELETE', `/api/food-trucks/${kept.id}`, { token: owner.token })).status,
    ).toBe(200);
    for (const q of QUERIES) expect(await ids(q)).not.toContain(kept.id);
    expect(held.length).toBeGreaterThan(0);

    release();
    for (const q of QUERIES) {
      const list = await ids(q);
      expect(list).toContain(added.id);
      expect(list).not.toContain(kept.id);
    }
  });

  it('a filtered list follows a menu item added a moment ago', async () => {
    const truck = await createTruck('Halal Soon Truck', 47.202, -121.202);
    expect(await ids('filters=halal')).not.toContain(truck.id);
    expect(await ids('view=summary&filters=halal')).not.toContain(truck.id);

    holding = true;
    const item = await server.request('POST', '/api/menu-items', {
      token: owner.token,
      body: { name: 'Halal Plate', price: 9, foodTruckId: truck.id, diets: { halal: true } },
    });
    expect(item.status).toBe(201);
    expect(await ids('filters=halal')).toContain(truck.id);
    expect(await ids('view=summary&filters=halal')).toContain(truck.id);
    release();
  });

  it('a vote is not a change the lists owe at once: the cached list stays, as a vote’s notification leaves it', async () => {
    const truck = await createTruck('Voted Truck', 47.203, -121.203);
    const customer = await server.signUp('customer');
    const before = await server.request('GET', '/api/food-trucks/active?view=summary');

    holding = true;
    const vote = await server.request('PUT', `/api/food-trucks/${truck.id}/rating`, {
      token: customer.token,
      body: { stars: 4 },
    });
    expect(vote.status).toBe(200);
    const after = await server.request('GET', '/api/food-trucks/active?view=summary');
    expect(after.body).toEqual(before.body);
    expect(after.headers.get('truck-event-id')).toBe(before.headers.get('truck-event-id'));
    release();
  });
});
