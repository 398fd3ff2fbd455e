import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import type { AuthResponse, ErrorResponse } from '@shared/contracts';
import { userFavorites } from '../../db/schema';
import { signUpCast, startTestServer, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';

let server: TestServer;
let owner: AuthResponse, unpaid: AuthResponse, customer: AuthResponse;

beforeAll(async () => {
  server = await startTestServer();
  ({ owner, unpaid, customer } = await signUpCast(server));
});
afterAll(() => server.close());

const PLACE = { latitude: 30.2686, longitude: -97.7452, address: '6th & Congress' };

async function truckWithWeeklyStop(session: AuthResponse, name: string, weekday = 2) {
  const truck = await insertTruck(server.db, session.user.id, { name });
  const res = await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
    token: session.token,
    body: { kind: 'weekly', weekday, startTime: '11:00', endTime: '14:00', ...PLACE },
  });
  expect(res.status).toBe(201);
  return truck;
}

/** The feed's events, parsed back with a calendar parser (as a calendar app would). */
async function eventsOf(path: string): Promise<VEvent[]> {
  const res = await fetch(server.url + path);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  const parsed = ical.sync.parseICS(await res.text());
  return Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
}

describe('truck calendar', () => {
  it('lists each stop as an event at its real instant, with the place and its coordinates', async () => {
    const truck = await truckWithWeeklyStop(owner, 'Feed Truck');
    const events = await eventsOf(`/api/food-trucks/${truck.id}/calendar.ics`);
    expect(events.length).toBeGreaterThanOrEqual(8); // nine weeks, one Tuesday each
    for (const e of events) {
      expect(e.summary).toBe('Feed Truck at 6th & Congress');
      expect(e.location).toBe('6th & Congress');
      expect(e.geo).toEqual({ lat: PLACE.latitude, lon: PLACE.longitude });
      // 11:00–14:00 in Chicago: 17:00Z in winter, 16:00Z in summer.
      const local = new Date(e.start).toLocaleString('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      });
      expect(local).toBe('Tue 11:00');
      expect(e.end).toBeInstanceOf(Date);
      expect(new Date(e.end ?? 0).getTime() - new Date(e.start).getTime()).toBe(3 * 3_600_000);
    }
    expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
  });

  it('ends a late-night stop on Sunday 02:00 local time (DTEND the next day)', async () => {
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Night Owl Feed' });
    const res = await server.request('POST', `/api/food-trucks/${truck.id}/schedule/stops`, {
      token: owner.token,
      body: { kind: 'weekly', weekday: 6, startTime: '18:00', endTime: '02:00', ...PLACE },
    });
    expect(res.status).toBe(201);
    const events = await eventsOf(`/api/food-trucks/${truck.id}/calendar.ics`);
    expect(events.length).toBeGreaterThanOrEqual(8);
    const inChicago = (d: Date | string | undefined) =>
      new Date(d ?? 0).toLocaleString('en-US', {
        timeZone: 'America/Chicago',
        weekday: 'short',
        hour: '2-digit',
        minute: '2-digit',
        hour12: false,
      });
    for (const e of events) {
      expect(inChicago(e.start)).toBe('Sat 18:00');
      expect(inChicago(e.end)).toBe('Sun 02:00');
    }
  });

  it('is 404 for a truck diners may not see', async () => {
    const hidden = await truckWithWeeklyStop(unpaid, 'Hidden Feed Truck');
    const res = await server.request<ErrorResponse>('GET', `/api/food-trucks/${hidden.id}/calendar.ics`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Food truck not found');
  });
});

describe("favourites' secret feed", () => {
  it('serves the favourites’ stops at a secret address until it is revoked, then 404', async () => {
    const truck = await truckWithWeeklyStop(owner, 'Fav Feed Truck', 4);
    const hidden = await truckWithWeeklyStop(unpaid, 'Hidden Fav Truck', 5);
    const other = await truckWithWeeklyStop(owner, 'Not A Favourite', 3);
    const fav = await server.request('POST', '/api/favorites', {
      token: customer.token,
      body: { foodTruckId: truck.id },
    });
    expect(fav.status).toBe(200);
    // A favourite whose operator stopped paying stays stored but is left out of the feed.
    await server.db.insert(userFavorites).values({ userId: customer.user.id, foodTruckId: hidden.id });

    expect(
      (await server.request('GET', '/api/favorites/calendar-feed', { token: customer.token })).status,
    ).toBe(404);
    expect((await server.request('POST', '/api/favorites/calendar-feed')).status).toBe(401);
    const created = await server.request<{ url: string }>('POST', '/api/favorites/calendar-feed', {
      token: customer.token,
    });
    expect(created.status).toBe(200);
    const { url } = created.body;
    expect(url).toMatch(new RegExp(`^${server.url}/api/calendar/favorites/[A-Za-z0-9_-]{32}\\.ics$`));
    const path = url.slice(server.url.length);
    const read = await server.request<{ url: string }>('GET', '/api/favorites/calendar-feed', {
      token: customer.token,
    });
    expect(read.body.url).toBe(url);

    const summaries = new Set((await eventsOf(path)).map((e) => e.summary));
    expect([...summaries]).toEqual(['Fav Feed Truck at 6th & Congress']);
    expect(summaries.has(`${other.name} at 6th & Congress`)).toBe(false);

    // A new address replaces the old one.
    const renewed = await server.request<{ url: string }>('POST', '/api/favorites/calendar-feed', {
      token: customer.token,
    });
    expect(renewed.body.url).not.toBe(url);
    expect((await server.request('GET', path)).status).toBe(404);

    const revoked = await server.request('DELETE', '/api/favorites/calendar-feed', { token: customer.token });
    expect(revoked.status).toBe(200);
    expect((await server.request('GET', renewed.body.url.slice(server.url.length))).status).toBe(404);
  });

  it('answers 404 for guessed and malformed addresses', async () => {
    for (const file of ['x.ics', `${'a'.repeat(32)}.ics`, `${'a'.repeat(32)}.txt`, '..%2F..%2Fetc']) {
      const res = await server.request<ErrorResponse>('GET', `/api/calendar/favorites/${file}`);
      expect(res.status, file).toBe(404);
    }
  });
});
