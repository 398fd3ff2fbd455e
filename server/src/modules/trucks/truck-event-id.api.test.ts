import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse } from '@shared/contracts';
import { TRUCK_EVENT_ID_HEADER } from '@shared/constants';
import { startTestServer, type TestServer } from '../../test/harness';
import { openEventStream } from '../../test/sse-client';
import { changeTruck, insertTruck } from '../../test/trucks';
import type { TruckRow } from './truck.repository';
import { lastTruckEventId } from './truck-events';

/**
 * Truck-Event-Id (issue 24, ADR 0139): every answer a screen keeps live says which truck events it
 * holds — 304s and cached lists too — so the screen's first event stream opens from there and a
 * change made between the list and the stream is replayed instead of lost.
 */
let server: TestServer;
let operator: AuthResponse;
let customer: AuthResponse;
let admin: AuthResponse;
let truck: TruckRow;

const AUSTIN = { lat: 30.2747, lng: -97.7404 };
const idOf = (res: { headers: Headers }) => res.headers.get(TRUCK_EVENT_ID_HEADER);

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signUpSubscribedOperator();
  customer = await server.signUp('customer');
  admin = await server.signUpAdmin();
});
afterAll(() => server.close());

/** Every answer that carries the id, as the screens ask for them. */
const liveAnswers = () => [
  { what: 'the diners’ list', path: '/api/food-trucks/active' },
  { what: 'the lean list', path: '/api/food-trucks/active?view=summary' },
  {
    what: 'a diner’s radius',
    path: `/api/food-trucks/active?view=summary&lat=${AUSTIN.lat}&lng=${AUSTIN.lng}&radiusMiles=20`,
  },
  { what: 'the full radius list', path: `/api/food-trucks/active?lat=${AUSTIN.lat}&lng=${AUSTIN.lng}` },
  { what: 'the signed-in list', path: '/api/food-trucks?view=summary', token: customer.token },
  { what: 'an operator’s active list', path: '/api/food-trucks/active?view=summary', token: operator.token },
  { what: 'the admin’s active list', path: '/api/food-trucks/active?view=summary', token: admin.token },
  { what: 'a truck', path: `/api/food-trucks/${truck.id}` },
  { what: 'favourites', path: '/api/favorites', token: customer.token },
  {
    what: 'an operator’s trucks',
    path: `/api/operators/${operator.user.id}/food-trucks`,
    token: operator.token,
  },
];

describe('Truck-Event-Id', () => {
  it('is 0 on a list read before any truck event', async () => {
    expect(await lastTruckEventId(server.db)).toBe(0);
    const res = await server.request('GET', '/api/food-trucks/active?view=summary');
    expect(res.status).toBe(200);
    expect(idOf(res)).toBe('0');
  });

  it('is the last truck event on every live answer, and on its 304', async () => {
    truck = await insertTruck(server.db, operator.user.id, {
      name: 'Event id truck',
      latitude: AUSTIN.lat,
      longitude: AUSTIN.lng,
      isOpen: true,
    });
    const fav = await server.request('POST', '/api/favorites', {
      token: customer.token,
      body: { foodTruckId: truck.id },
    });
    expect(fav.status).toBe(200);
    const { eventId } = await changeTruck(server.db, truck.id, { description: 'changed' });
    for (const { what, path, token } of liveAnswers()) {
      const res = await server.request('GET', path, { token });
      expect(res.status, what).toBe(200);
      expect(idOf(res), what).toBe(String(eventId));
      const etag = res.headers.get('etag');
      if (!etag) continue;
      const again = await server.request('GET', path, { token, headers: { 'if-none-match': etag } });
      expect(again.status, what).toBe(304);
      expect(idOf(again), `${what} (304)`).toBe(String(eventId));
    }
  });

  it('on a cached list is the id of the data it was built from, not a newer one: a vote ages the list, its answers keep the older id', async () => {
    const path = '/api/food-trucks/active?view=summary';
    const before = await server.request<{ id: number; rating: unknown }[]>('GET', path);
    const built = Number(idOf(before));
    const vote = await server.request('PUT', `/api/food-trucks/${truck.id}/rating`, {
      token: customer.token,
      body: { stars: 5 },
    });
    expect(vote.status).toBe(200);
    const voted = await lastTruckEventId(server.db);
    expect(voted).toBeGreaterThan(built);
    // The cached list does not hold the vote yet (it is rebuilt within RATING_LIST_DELAY_MS):
    // its id must not claim it does, or a stream opened from it would never send the vote.
    const cached = await server.request<{ id: number; rating: unknown }[]>('GET', path);
    expect(cached.body).toEqual(before.body);
    expect(idOf(cached)).toBe(String(built));
    const notModified = await server.request('GET', path, {
      headers: { 'if-none-match': before.headers.get('etag') ?? '' },
    });
    expect(notModified.status).toBe(304);
    expect(idOf(notModified)).toBe(String(built));
    // A list read from the database at once holds the vote, and says so.
    const fresh = await server.request('GET', `/api/food-trucks/${truck.id}`);
    expect(idOf(fresh)).toBe(String(voted));
  });

  it('is on the embed card, which opens its stream from it', async () => {
    const res = await fetch(`${server.url}/embed/trucks/${truck.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-event-id="${await lastTruckEventId(server.db)}"`);
  });

  it('opens a stream that sends every change made after the list, even before the stream was asked for', async () => {
    const list = await server.request('GET', '/api/food-trucks/active?view=summary');
    const from = idOf(list);
    // Changed between the list and the stream: the moment issue 24 lost.
    const { eventId: between } = await changeTruck(server.db, truck.id, { name: 'Renamed between' });
    const stream = await openEventStream(`${server.url}/api/events?lastEventId=${from}`);
    try {
      const frame = await stream.waitFor((f) => f.id === String(between));
      expect(JSON.parse(frame.data ?? '{}')).toMatchObject({
        type: 'updated',
        truck: { id: truck.id, name: 'Renamed between' },
      });
      const { eventId: after } = await changeTruck(server.db, truck.id, { name: 'Renamed after' });
      await stream.waitFor((f) => f.id === String(after));
      expect(stream.frames.some((f) => f.event === 'reset')).toBe(false);
    } finally {
      stream.close();
    }
  });

  it('is documented in OpenAPI on every live answer, 304 included', async () => {
    const doc = await server.request<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>
      >;
    }>('GET', '/api/docs/json');
    const documented = (path: string, status: string) =>
      doc.body.paths[path]?.get?.responses[status]?.headers?.[TRUCK_EVENT_ID_HEADER];
    for (const path of [
      '/api/food-trucks/active',
      '/api/food-trucks',
      '/api/food-trucks/{id}',
      '/api/favorites',
      '/api/operators/{operatorId}/food-trucks',
    ]) {
      expect(documented(path, '200'), path).toBeDefined();
    }
    expect(documented('/api/food-trucks/active', '304')).toBeDefined();
    expect(documented('/api/food-trucks/{id}/menu', '200')).toBeUndefined();
  });
});
