import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse, FoodTruck } from '@shared/contracts';
import { startTestServer, type TestServer } from '../../test/harness';

/**
 * A moved truck never keeps the street address of its old spot (issue 7: diners walked to the
 * wrong place). Moving without an address clears it; staying put keeps it; a sent address wins.
 */
let server: TestServer;
let owner: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.signUpSubscribedOperator();
});
afterAll(() => server.close());

type TruckRes = FoodTruck & ErrorResponse;
const CONGRESS = { latitude: 30.2672, longitude: -97.7431, address: '100 Congress Ave' };
const SOUTH_LAMAR = { latitude: 30.25, longitude: -97.77 };

async function truckAtCongress(): Promise<FoodTruck> {
  const res = await server.request<TruckRes>('POST', '/api/food-trucks', {
    token: owner.token,
    body: { name: 'Moving Tacos', cuisine: 'Mexican', ...CONGRESS },
  });
  expect(res.status).toBe(201);
  return res.body;
}
const call = (method: 'POST' | 'PATCH', url: string, body: Record<string, unknown>) =>
  server.request<TruckRes>(method, url, { token: owner.token, body });

describe('the address of a moved truck', () => {
  it('Open for Business at a new position without an address drops the old address', async () => {
    const truck = await truckAtCongress();
    const res = await call('POST', `/api/food-trucks/${truck.id}/open`, SOUTH_LAMAR);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SOUTH_LAMAR, isOpen: true, address: null });
  });

  it('opening where the truck already is keeps its address', async () => {
    const truck = await truckAtCongress();
    const res = await call('POST', `/api/food-trucks/${truck.id}/open`, {
      latitude: CONGRESS.latitude,
      longitude: CONGRESS.longitude,
    });
    expect(res.body).toMatchObject({ isOpen: true, address: CONGRESS.address });
  });

  it('opening with a new address stores it', async () => {
    const truck = await truckAtCongress();
    const res = await call('POST', `/api/food-trucks/${truck.id}/open`, { ...SOUTH_LAMAR, address: '1200 S Lamar' });
    expect(res.body).toMatchObject({ ...SOUTH_LAMAR, address: '1200 S Lamar' });
  });

  it('Update Location to a new position without an address drops the old one', async () => {
    const truck = await truckAtCongress();
    const res = await call('PATCH', `/api/food-trucks/${truck.id}/location`, SOUTH_LAMAR);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...SOUTH_LAMAR, address: null });
  });

  it('editing a truck with new coordinates and no address drops the old one; other edits keep it', async () => {
    const truck = await truckAtCongress();
    const renamed = await call('PATCH', `/api/food-trucks/${truck.id}`, { name: 'Still Here Tacos' });
    expect(renamed.body).toMatchObject({ name: 'Still Here Tacos', address: CONGRESS.address });
    const moved = await call('PATCH', `/api/food-trucks/${truck.id}`, SOUTH_LAMAR);
    expect(moved.body).toMatchObject({ ...SOUTH_LAMAR, address: null });
  });
});
