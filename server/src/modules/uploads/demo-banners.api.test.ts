import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import type { FoodTruck } from '@shared/contracts';
import { DEMO_TRUCKS, seedDemoData } from '../../db/seed';
import { foodTrucks } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await seedDemoData(server.db, { storage: server.integrations.storage });
});
afterAll(() => server.close());

it('gives every demo truck a generated banner, stored as an object with variants', async () => {
  const trucks = await server.db.select({ id: foodTrucks.id, image: foodTrucks.image }).from(foodTrucks);
  expect(trucks).toHaveLength(DEMO_TRUCKS.length);
  const [first] = trucks;
  for (const t of trucks) expect(t.image).toMatch(/^\/objects\/[\w-]{22}$/);
  const res = await fetch(`${server.url}${first?.image ?? ''}?variant=card`);
  expect(res.status).toBe(200);
  expect(await sharp(Buffer.from(await res.arrayBuffer())).metadata()).toMatchObject({
    format: 'webp',
    width: 640,
    height: 400,
  });
  const full = await fetch(`${server.url}${first?.image ?? ''}`);
  expect(full.headers.get('content-type')).toBe('image/jpeg');
  // The operator can save the truck unchanged: its existing banner is accepted as is.
  const login = await server.request<{ token: string }>('POST', '/api/auth/login', {
    body: { username: 'demo_operator', password: 'demo-operator-1' },
  });
  const edit = await server.request<FoodTruck>('PATCH', `/api/food-trucks/${first?.id}`, {
    token: login.body.token,
    body: { image: first?.image, name: 'Renamed' },
  });
  expect(edit.status).toBe(200);
  expect(edit.body.image).toBe(first?.image);
});
