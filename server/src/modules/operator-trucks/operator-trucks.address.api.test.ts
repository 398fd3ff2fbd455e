import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse, FoodTruck } from '@shared/contracts';
import { startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';

/**
 * Where a moved truck is (issue 7, then issue 24): it never keeps the street address of an old spot
 * it left (diners walked to the wrong place), and a truck on the map never reads "Location not
 * available" either. A GPS fix at the same spot (within 200 m) keeps the address; a longer move, or
 * none at all, gives "Near <the nearest known place within 1 km>", else "Near <its coordinates>".
 * A sent address wins. Each test works in an area of its own, so known places never mix.
 */
let server: TestServer;
let owner: AuthResponse;
let unpaid: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  [owner, unpaid] = await Promise.all([server.signUpSubscribedOperator(), server.signUp('operator')]);
});
afterAll(() => server.close());

type TruckRes = FoodTruck & ErrorResponse;
const CONGRESS = { latitude: 30.2672, longitude: -97.7431, address: '100 Congress Ave' };
const SOUTH_LAMAR = { latitude: 30.25, longitude: -97.77 };
const OAK_HILL = { latitude: 30.2, longitude: -97.8 };
const MANCHACA = { latitude: 30.15, longitude: -97.85 };
const DRIPPING = { latitude: 30.1, longitude: -97.9 };
/** 50 m north of Congress: a GPS fix at the same spot. */
const CONGRESS_FIX = { latitude: 30.2676, longitude: -97.7431 };

async function truckAt(place: { latitude: number; longitude: number; address?: string } = CONGRESS): Promise<FoodTruck> {
  const res = await server.request<TruckRes>('POST', '/api/food-trucks', {
    token: owner.token,
    body: { name: 'Moving Tacos', cuisine: 'Mexican', ...place },
  });
  expect(res.status).toBe(201);
  return res.body;
}
const call = (method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>) =>
  server.request<TruckRes>(method, url, { token: owner.token, body });

describe('the address of a moved truck', () => {
  it("Open for Business by GPS far from the old spot: not the old address, and not 'not available'", async () => {
    const truck = await truckAt();
    const res = await call('POST', `/api/food-trucks/${truck.id}/open`, SOUTH_LAMAR);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SOUTH_LAMAR, isOpen: true, address: 'Near 30.250, -97.770' });
  });

  it('Open for Business by GPS at the same spot (a 50 m fix) keeps its address', async () => {
    const truck = await truckAt();
    const res = await call('POST', `/api/food-trucks/${truck.id}/open`, CONGRESS_FIX);
    expect(res.body).toMatchObject({ ...CONGRESS_FIX, isOpen: true, address: CONGRESS.address });
    const exact = await call('POST', `/api/food-trucks/${truck.id}/open`, { latitude: CONGRESS.latitude, longitude: CONGRESS.longitude });
    expect(exact.body).toMatchObject({ isOpen: true, address: CONGRESS.address });
  });

  it('opening with a new address stores it', async () => {
    const truck = await truckAt();
    const res = await call('POST', `/api/food-trucks/${truck.id}/open`, { ...OAK_HILL, address: '1200 S Lamar' });
    expect(res.body).toMatchObject({ ...OAK_HILL, address: '1200 S Lamar' });
  });

  it("names the nearest known place within 1 km: another listed truck's address or a scheduled stop, never a private or derived one", async () => {
    // An area of its own (Round Rock, TX).
    const here = { latitude: 30.5083, longitude: -97.6789 };
    const truck = await truckAt({ latitude: 30.6, longitude: -97.6, address: 'Far away' });
    // 300 m from `here`: a subscribed operator's truck. 100 m: an unpaid operator's base address
    // (diners cannot see it, so it is not named). 150 m: a truck whose address the server wrote.
    await insertTruck(server.db, owner.user.id, { name: 'Neighbour', latitude: 30.5110, longitude: -97.6789, address: 'Round Rock Donuts' });
    await insertTruck(server.db, unpaid.user.id, { name: 'Private', latitude: 30.5092, longitude: -97.6789, address: '12 Home St' });
    await insertTruck(server.db, owner.user.id, { name: 'Derived', latitude: 30.5096, longitude: -97.6789, address: 'Near 30.510, -97.679' });
    const moved = await call('PATCH', `/api/food-trucks/${truck.id}/location`, { ...here, isOpen: true });
    expect(moved.status).toBe(200);
    expect(moved.body.address).toBe('Near Round Rock Donuts');

    // A stop of its own schedule 80 m away is nearer.
    const stop = await call('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      kind: 'weekly',
      weekday: 3,
      startTime: '11:00',
      endTime: '14:00',
      latitude: 30.5090,
      longitude: -97.6789,
      address: 'Brushy Creek Park',
    });
    expect(stop.status).toBe(201);
    await call('PATCH', `/api/food-trucks/${truck.id}/location`, { latitude: 30.6, longitude: -97.6, address: 'Far away' });
    const again = await call('POST', `/api/food-trucks/${truck.id}/open`, here);
    expect(again.body.address).toBe('Near Brushy Creek Park');
  });

  it('Update Location to a new position without an address: a place near it', async () => {
    const truck = await truckAt();
    const res = await call('PATCH', `/api/food-trucks/${truck.id}/location`, MANCHACA);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...MANCHACA, address: 'Near 30.150, -97.850' });
  });

  it('editing a truck with new coordinates and no address: a place near them; other edits keep it; one with no position keeps none', async () => {
    const truck = await truckAt();
    const renamed = await call('PATCH', `/api/food-trucks/${truck.id}`, { name: 'Still Here Tacos' });
    expect(renamed.body).toMatchObject({ name: 'Still Here Tacos', address: CONGRESS.address });
    const moved = await call('PATCH', `/api/food-trucks/${truck.id}`, DRIPPING);
    expect(moved.body).toMatchObject({ ...DRIPPING, address: 'Near 30.100, -97.900' });
    const nowhere = await server.request<TruckRes>('POST', '/api/food-trucks', {
      token: owner.token,
      body: { name: 'Parked', cuisine: 'Mexican' },
    });
    expect(nowhere.body.address).toBeNull();
  });
});
