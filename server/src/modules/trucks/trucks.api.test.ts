import { EXAMPLE_LISTING, EXAMPLE_MENU, EXAMPLE_SCHEDULE, EXAMPLE_TRUCK } from './public-api-examples';
import { foodTruckSchema, type TruckSearchResult } from '@shared/contracts/trucks';
import { occurrencesSchema } from '@shared/contracts/schedules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse, FoodTruck, MenuItem } from '@shared/contracts';
import { haversineMiles } from '@shared/utils/geo';
import { foodTrucks, menuItems } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/harness';
import { changeTruck, insertTruck, setSubscription } from '../../test/trucks';
import { sql } from 'drizzle-orm';
import { explain } from '../../test/explain';
import { truckColumns, type TruckRow } from './truck.repository';
import { publishTruckEvent } from './truck-events';
import { visibleTrucksQuery } from './trucks.service';
import { publishOperatorVisibility } from './truck-visibility';
import { writeSubscription } from '../subscriptions/subscription-lifecycle.service';

/** Real places around Austin, TX; straight-line miles from the Texas State Capitol. */
const CAPITOL = { lat: 30.2747, lng: -97.7404 };
const PLACES = {
  capitol: { ...CAPITOL, miles: 0 },
  zilker: { lat: 30.2669, lng: -97.7729, miles: 2.01 },
  airport: { lat: 30.1975, lng: -97.6664, miles: 6.93 },
  roundRock: { lat: 30.5083, lng: -97.6789, miles: 16.55 },
  georgetown: { lat: 30.6372, lng: -97.6778, miles: 25.32 },
  sanMarcos: { lat: 29.8833, lng: -97.9414, miles: 29.59 },
  alamo: { lat: 29.426, lng: -98.4861, miles: 73.73 },
} as const;
type Place = keyof typeof PLACES;

let server: TestServer;
let operator: AuthResponse;
let other: AuthResponse;
let unpaid: AuthResponse;
let customer: AuthResponse;
let admin: AuthResponse;
const trucks = {} as Record<Place, TruckRow>;
let hiddenTruck: TruckRow;

const list = (query = '', options: { token?: string; headers?: Record<string, string> } = {}) =>
  server.request<FoodTruck[] & ErrorResponse>('GET', `/api/food-trucks/active${query}`, options);
const names = (body: FoodTruck[]) => body.map((t) => t.name);

beforeAll(async () => {
  server = await startTestServer();
  operator = await server.signUpSubscribedOperator();
  other = await server.signUpSubscribedOperator();
  unpaid = await server.signUp('operator');
  customer = await server.signUp('customer');
  admin = await server.signUpAdmin();
  for (const [place, p] of Object.entries(PLACES) as [Place, (typeof PLACES)[Place]][]) {
    const owner = place === 'alamo' ? other : operator;
    trucks[place] = await insertTruck(server.db, owner.user.id, {
      name: `Truck at ${place}`,
      latitude: p.lat,
      longitude: p.lng,
      isOpen: place === 'capitol' || place === 'airport',
      address: `${place}, TX`,
    });
  }
  await insertTruck(server.db, operator.user.id, { name: 'Truck without a spot' });
  hiddenTruck = await insertTruck(server.db, unpaid.user.id, {
    name: 'Unpaid truck',
    latitude: CAPITOL.lat,
    longitude: CAPITOL.lng,
  });
});
afterAll(() => server.close());

describe('GET /api/food-trucks/active', () => {
  it('lists every truck of subscribed operators, open and closed, with the FoodTruck fields', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(names(res.body)).toEqual([
      ...Object.keys(PLACES).map((p) => `Truck at ${p}`),
      'Truck without a spot',
    ]);
    const capitol = res.body.find((t) => t.id === trucks.capitol.id);
    expect(capitol).toEqual({
      id: trucks.capitol.id,
      name: 'Truck at capitol',
      description: null,
      cuisine: 'Mexican',
      operatorId: operator.user.id,
      latitude: CAPITOL.lat,
      longitude: CAPITOL.lng,
      address: 'capitol, TX',
      isOpen: true,
      phone: null,
      image: null,
      gallery: [],
      menuDocuments: [],
      smsMessage: expect.any(String),
      lastUpdated: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      autoClosedAt: null,
      rating: null,
      listing: null,
      // Issue 28: nothing stated; its items' labels (none stated either).
      features: {},
      accessNote: null,
      menuLabels: expect.any(Array),
    });
    expect(res.body.some((t) => t.isOpen === false)).toBe(true);
    expect(res.body.every((t) => t.distanceMiles === undefined)).toBe(true);
  });

  it('hides the trucks of operators without an active subscription', async () => {
    const res = await list();
    expect(names(res.body)).not.toContain('Unpaid truck');
  });

  it('within the default 20 miles of a position: nearest first, with great-circle distanceMiles', async () => {
    const res = await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual([
      'Truck at capitol',
      'Truck at zilker',
      'Truck at airport',
      'Truck at roundRock',
    ]);
    for (const truck of res.body) {
      const place = PLACES[truck.name.replace('Truck at ', '') as Place];
      expect(truck.distanceMiles).toBeCloseTo(place.miles, 1);
      expect(truck.distanceMiles).toBeCloseTo(haversineMiles(CAPITOL, place), 2);
    }
  });

  it('honours radiusMiles, excludes trucks without coordinates, and includes a truck exactly inside the edge', async () => {
    expect(names((await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=7`)).body)).toEqual([
      'Truck at capitol',
      'Truck at zilker',
      'Truck at airport',
    ]);
    expect(names((await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=6.9`)).body)).toEqual([
      'Truck at capitol',
      'Truck at zilker',
    ]);
    const wide = await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=100`);
    expect(names(wide.body)).toEqual(
      ['capitol', 'zilker', 'airport', 'roundRock', 'georgetown', 'sanMarcos', 'alamo'].map(
        (p) => `Truck at ${p}`,
      ),
    );
    expect(names(wide.body)).not.toContain('Truck without a spot');
    expect(wide.body.at(-1)?.distanceMiles).toBeCloseTo(73.73, 1);
  });

  it('measures from the given position (San Antonio: the Alamo truck first)', async () => {
    const res = await list(`?lat=${PLACES.alamo.lat}&lng=${PLACES.alamo.lng}&radiusMiles=50`);
    expect(names(res.body)).toEqual(['Truck at sanMarcos', 'Truck at alamo'].reverse());
    expect(res.body[0]?.distanceMiles).toBe(0);
  });

  it('view=summary: the same trucks in the same order, with only the fields a card and a marker need', async () => {
    const query = `?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=100`;
    const [full, summary] = await Promise.all([list(query), list(`${query}&view=summary`)]);
    expect(summary.status).toBe(200);
    expect(summary.body.map((t) => t.id)).toEqual(full.body.map((t) => t.id));
    const [first] = summary.body;
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'address',
      'cuisine',
      'distanceMiles',
      'features',
      'id',
      'image',
      'isOpen',
      'lastUpdated',
      'latitude',
      'listing',
      'longitude',
      'menuLabels',
      'name',
      'operatorId',
      'phone',
      'rating',
    ]);
    const { description, gallery, menuDocuments, smsMessage, autoClosedAt, accessNote, ...rest } =
      full.body[0]!;
    void [description, gallery, menuDocuments, smsMessage, autoClosedAt, accessNote];
    expect(first).toEqual(rest);
    expect(Buffer.byteLength(JSON.stringify(summary.body))).toBeLessThan(
      Buffer.byteLength(JSON.stringify(full.body)),
    );
    // Each view has its own cached body and ETag.
    const etag = summary.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/".+"$/);
    expect(etag).not.toBe(full.headers.get('etag'));
    const again = await list(`${query}&view=summary`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    // The unfiltered summary list too, and an operator's own list.
    expect((await list('?view=summary')).body.map((t) => t.id)).toEqual((await list()).body.map((t) => t.id));
    const own = await list('?view=summary', { token: operator.token });
    expect(own.body.some((t) => t.id === hiddenTruck.id)).toBe(false);
    expect(own.body.every((t) => t.operatorId === operator.user.id && !('description' in t))).toBe(true);
  });

  it('view=summary is answered from memory in each process and follows every change made through another (ADR 0120)', async () => {
    // A second process of the same deployment: its summaries come from its own in-memory index.
    const second = await startTestServer({}, { shareDatabaseWith: server });
    const fresh = await server.signUpSubscribedOperator();
    const near = `?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=10`;
    const summaryOf = (t: FoodTruck) => {
      const { description, gallery, menuDocuments, smsMessage, autoClosedAt, accessNote, ...rest } = t;
      void [description, gallery, menuDocuments, smsMessage, autoClosedAt, accessNote];
      return rest;
    };
    /** The second process's summaries equal the database's full answer, field for field. */
    const agrees = async () => {
      const [fromMemory, fromDatabase, allFromMemory, allFromDatabase] = await Promise.all([
        second.request<FoodTruck[]>('GET', `/api/food-trucks/active${near}&view=summary`),
        list(near),
        second.request<FoodTruck[]>('GET', '/api/food-trucks/active?view=summary'),
        list(),
      ]);
      return (
        JSON.stringify(fromMemory.body) === JSON.stringify(fromDatabase.body.map(summaryOf)) &&
        JSON.stringify(allFromMemory.body) === JSON.stringify(allFromDatabase.body.map(summaryOf))
      );
    };
    try {
      expect(await agrees()).toBe(true);
      const mover = await insertTruck(server.db, fresh.user.id, {
        name: 'Index Mover',
        latitude: PLACES.airport.lat,
        longitude: PLACES.airport.lng,
      });
      /**
       * Until the second process shows the change (`shows`, on its lists within the circle and
       * everywhere) and agrees with the database: the two agreeing alone passed on PostgreSQL
       * before the change had reached either (the first process's cached list is dropped by the
       * same notification), and the check after it then failed.
       */
      const follows = (shows: (inCircle: FoodTruck | undefined, anywhere: FoodTruck | undefined) => boolean) =>
        expect
          .poll(async () => {
            const [inCircle, anywhere] = await Promise.all([
              second.request<FoodTruck[]>('GET', `/api/food-trucks/active${near}&view=summary`),
              second.request<FoodTruck[]>('GET', '/api/food-trucks/active?view=summary'),
            ]);
            const find = (trucks: FoodTruck[]) => trucks.find((t) => t.id === mover.id);
            return shows(find(inCircle.body), find(anywhere.body)) && (await agrees());
          })
          .toBe(true);
      await follows((inCircle) => Math.abs((inCircle?.distanceMiles ?? NaN) - PLACES.airport.miles) < 0.05);
      // Moved out of the circle, opened, renamed; then hidden (subscription paused) and deleted.
      await changeTruck(
        server.db,
        mover.id,
        { latitude: PLACES.georgetown.lat, longitude: PLACES.georgetown.lng, name: 'Index Mover II' },
        'moved',
      );
      await follows((inCircle, anywhere) => !inCircle && anywhere?.name === 'Index Mover II');
      await changeTruck(server.db, mover.id, { isOpen: true }, 'opened');
      await follows((_, anywhere) => anywhere?.isOpen === true);
      await server.db.transaction(async (tx) => {
        await setSubscription(tx, fresh.user.id, 'paused');
        await publishOperatorVisibility(tx, fresh.user.id, { visible: false });
      });
      await follows((_, anywhere) => !anywhere);
      await server.db.transaction(async (tx) => {
        await setSubscription(tx, fresh.user.id, 'active');
        await publishOperatorVisibility(tx, fresh.user.id, { visible: true });
      });
      await follows((_, anywhere) => anywhere !== undefined);
      // Deleted as the operator endpoint does it: the row goes and a 'removed' event is published.
      await server.db.transaction(async (tx) => {
        const [removed] = await tx
          .delete(foodTrucks)
          .where(sql`${foodTrucks.id} = ${mover.id}`)
          .returning(truckColumns);
        if (removed) await publishTruckEvent(tx, 'removed', removed);
      });
      await follows((_, anywhere) => !anywhere);
    } finally {
      await second.close();
    }
  });

  it.each([
    ['?view=everything', 'view'],
    ['?lat=abc&lng=-97.7', 'lat'],
    ['?lat=30.2&lng=abc', 'lng'],
    ['?lat=30.2', 'lat'],
    ['?lng=-97.7', 'lat'],
    ['?lat=30.2&lng=-97.7&radiusMiles=-1', 'radiusMiles'],
    ['?lat=30.2&lng=-97.7&radiusMiles=0', 'radiusMiles'],
    ['?lat=30.2&lng=-97.7&radiusMiles=abc', 'radiusMiles'],
    ['?lat=91&lng=-97.7', 'lat'],
    ['?lat=30.2&lng=-181', 'lng'],
    ['?lat=30.2&lng=-97.7&radiusMiles=1e9', 'radiusMiles'],
    ['?lat=1&lat=2&lng=3', 'lat'],
    ['?lat=Infinity&lng=3', 'lat'],
  ])('answers 400 JSON for %s', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
    expect(Object.keys(res.body.fieldErrors ?? {})).toContain(field);
  });

  it.each([
    ['?lat=abc&lng=-97.7', 'lat must be a number'],
    ['?lat=91&lng=-97.7', 'lat must be between -90 and 90'],
    ['?lat=30.2&lng=-181', 'lng must be between -180 and 180'],
    ['?lat=30.2&lng=-97.7&radiusMiles=1e9', 'radiusMiles must be at most 12,500'],
  ])('says what is wrong with %s', async (query, message) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('sends an ETag and answers a matching If-None-Match with an empty 304', async () => {
    const first = await list();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await list('', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.get('etag')).toBe(etag);
    expect((await list('', { headers: { 'if-none-match': `"other", ${etag}` } })).status).toBe(304);
    expect((await list('', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);

    const near = await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}`);
    const nearEtag = near.headers.get('etag') ?? '';
    expect(nearEtag).not.toBe(etag);
    expect(
      (await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}`, { headers: { 'if-none-match': nearEtag } }))
        .status,
    ).toBe(304);
  });

  it('a truck change produces a new body and ETag at once (the cached bodies are invalidated)', async () => {
    const near = `?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=5`;
    const before = await list();
    const beforeNear = await list(near);
    const etag = before.headers.get('etag') ?? '';
    const nearEtag = beforeNear.headers.get('etag') ?? '';
    expect((await list(near, { headers: { 'if-none-match': nearEtag } })).status).toBe(304);
    await changeTruck(server.db, trucks.zilker.id, { isOpen: true }, 'opened');
    await expect.poll(async () => (await list('', { headers: { 'if-none-match': etag } })).status).toBe(200);
    await expect
      .poll(async () => (await list(near, { headers: { 'if-none-match': nearEtag } })).status)
      .toBe(200);
    const after = await list();
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(after.body.find((t) => t.id === trucks.zilker.id)?.isOpen).toBe(true);
    expect((await list(near)).body.find((t) => t.id === trucks.zilker.id)?.isOpen).toBe(true);
  });

  it('revalidates a polled list from memory: no database work while nothing changed', async () => {
    const near = `?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}`;
    const etags = [(await list()).headers.get('etag') ?? '', (await list(near)).headers.get('etag') ?? ''];
    const original = server.db.select.bind(server.db);
    let selects = 0;
    server.db.select = ((...args: Parameters<typeof original>) => {
      selects += 1;
      return original(...args);
    }) as typeof original;
    try {
      expect((await list('', { headers: { 'if-none-match': etags[0] ?? '' } })).status).toBe(304);
      expect((await list(near, { headers: { 'if-none-match': etags[1] ?? '' } })).status).toBe(304);
      expect((await list(near)).status).toBe(200);
    } finally {
      server.db.select = original;
    }
    expect(selects).toBe(0);
  });

  it('serves the cached body gzip or brotli encoded per Accept-Encoding, with the same ETag', async () => {
    const plain = await fetch(`${server.url}/api/food-trucks/active`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const text = await plain.text();
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['gzip', 'br'] as const) {
      const res = await fetch(`${server.url}/api/food-trucks/active`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(res.headers.get('etag')).toBe(plain.headers.get('etag'));
      // fetch decodes the body; it must be the same JSON.
      expect(await res.text()).toBe(text);
    }
  });

  it('an operator whose subscription is paused disappears at once; resuming brings the trucks back', async () => {
    await server.db.transaction(async (tx) => {
      await setSubscription(tx, other.user.id, 'paused');
      await publishOperatorVisibility(tx, other.user.id, { visible: false });
    });
    await expect.poll(async () => names((await list()).body).includes('Truck at alamo')).toBe(false);
    expect((await server.request('GET', `/api/food-trucks/${trucks.alamo.id}`)).status).toBe(404);
    // The owner still sees their own truck.
    const own = await list('', { token: other.token });
    expect(names(own.body)).toEqual(['Truck at alamo']);
    expect(
      (await server.request('GET', `/api/food-trucks/${trucks.alamo.id}`, { token: other.token })).status,
    ).toBe(200);

    await server.db.transaction(async (tx) => {
      await setSubscription(tx, other.user.id, 'canceled');
      await publishOperatorVisibility(tx, other.user.id, { visible: false });
    });
    expect(names((await list()).body)).not.toContain('Truck at alamo');

    await server.db.transaction(async (tx) => {
      await setSubscription(tx, other.user.id, 'active');
      await publishOperatorVisibility(tx, other.user.id, { visible: true });
    });
    await expect.poll(async () => names((await list()).body).includes('Truck at alamo')).toBe(true);
  });

  it('a subscription written by the lifecycle refreshes the cached list through its truck events alone (no full reload)', async () => {
    const late = await server.signUp('operator');
    // Written directly (no event): nothing is pending that could refresh the cache by itself.
    await server.db
      .insert(foodTrucks)
      .values({ name: 'Late Subscriber', cuisine: 'BBQ', operatorId: late.user.id });
    expect(names((await list()).body)).not.toContain('Late Subscriber');
    expect(names((await list('?view=summary')).body)).not.toContain('Late Subscriber');
    // The status change publishes the operator's trucks once, in its own transaction.
    await server.db.transaction((tx) => writeSubscription(tx, late.user.id, { status: 'active' }));
    await expect.poll(async () => names((await list()).body).includes('Late Subscriber')).toBe(true);
    await expect
      .poll(async () => names((await list('?view=summary')).body).includes('Late Subscriber'))
      .toBe(true);
  });

  it('a signed-in operator gets only their own trucks, subscribed or not, also near a position', async () => {
    const own = await list('', { token: unpaid.token });
    expect(own.status).toBe(200);
    expect(names(own.body)).toEqual(['Unpaid truck']);
    const near = await list(`?lat=${CAPITOL.lat}&lng=${CAPITOL.lng}&radiusMiles=1`, { token: unpaid.token });
    expect(names(near.body)).toEqual(['Unpaid truck']);
    expect(near.body[0]?.distanceMiles).toBe(0);
    const mine = await list('', { token: operator.token });
    expect(mine.body.every((t) => t.operatorId === operator.user.id)).toBe(true);
    expect(mine.headers.get('etag')).not.toBe((await list()).headers.get('etag'));
  });

  it('customers and admins get the diners list', async () => {
    const anonymous = await list();
    for (const session of [customer, admin]) {
      const res = await list('', { token: session.token });
      expect(res.status).toBe(200);
      expect(res.body).toEqual(anonymous.body);
    }
  });

  it('treats an invalid token as anonymous', async () => {
    const res = await list('', { token: 'not-a-token' });
    expect(res.status).toBe(200);
    expect(names(res.body)).not.toContain('Unpaid truck');
  });
});

describe('GET /api/food-trucks', () => {
  it('answers 401 without a token', async () => {
    const res = await server.request<ErrorResponse>('GET', '/api/food-trucks');
    expect(res.status).toBe(401);
    expect(res.body.message).toEqual(expect.any(String));
  });

  it('gives signed-in customers the diners list and operators their own trucks', async () => {
    const res = await server.request<FoodTruck[]>('GET', '/api/food-trucks', { token: customer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual((await list()).body);
    const own = await server.request<FoodTruck[]>('GET', '/api/food-trucks', { token: unpaid.token });
    expect(names(own.body)).toEqual(['Unpaid truck']);
  });
});

describe('GET /api/food-trucks/:id', () => {
  it('returns a visible truck', async () => {
    const res = await server.request<FoodTruck>('GET', `/api/food-trucks/${trucks.capitol.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: trucks.capitol.id,
      name: 'Truck at capitol',
      latitude: CAPITOL.lat,
    });
    expect(res.body).not.toHaveProperty('distanceMiles');
  });

  it.each(['999999', 'abc', '-1', '0', '1.5', '99999999999999999999', '1e3', '%20'])(
    'answers 404 JSON for id %s',
    async (id) => {
      const res = await server.request<ErrorResponse>('GET', `/api/food-trucks/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Food truck not found');
    },
  );

  it('hides an unsubscribed operator’s truck from diners but not from its owner or an admin', async () => {
    expect((await server.request('GET', `/api/food-trucks/${hiddenTruck.id}`)).status).toBe(404);
    expect(
      (await server.request('GET', `/api/food-trucks/${hiddenTruck.id}`, { token: customer.token })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/food-trucks/${hiddenTruck.id}`, { token: operator.token })).status,
    ).toBe(404);
    expect(
      (await server.request('GET', `/api/food-trucks/${hiddenTruck.id}`, { token: unpaid.token })).status,
    ).toBe(200);
    expect(
      (await server.request('GET', `/api/food-trucks/${hiddenTruck.id}`, { token: admin.token })).status,
    ).toBe(200);
  });
});

describe('GET /api/food-trucks/:id/menu', () => {
  beforeAll(async () => {
    await server.db.insert(menuItems).values([
      {
        foodTruckId: trucks.capitol.id,
        name: 'Churros',
        priceCents: 400,
        category: 'Desserts',
        available: false,
      },
      { foodTruckId: trucks.capitol.id, name: 'Taco al Pastor', priceCents: 375, category: 'Main Dishes' },
      { foodTruckId: trucks.capitol.id, name: 'Horchata', priceCents: 350, category: 'Beverages' },
      { foodTruckId: trucks.capitol.id, name: 'barbacoa Taco', priceCents: 425, category: 'Main Dishes' },
      { foodTruckId: trucks.capitol.id, name: 'Mystery Box', priceCents: 1000, category: null },
      { foodTruckId: trucks.capitol.id, name: 'Queso', priceCents: 650, category: 'Appetizers' },
      {
        foodTruckId: trucks.capitol.id,
        name: 'Old Special',
        priceCents: 999,
        category: 'Specials',
        available: false,
      },
      { foodTruckId: hiddenTruck.id, name: 'Secret', priceCents: 100 },
    ]);
  });

  it('lists available items first, then by category order (uncategorised last), then name; price in dollars', async () => {
    const res = await server.request<MenuItem[]>('GET', `/api/food-trucks/${trucks.capitol.id}/menu`);
    expect(res.status).toBe(200);
    expect(res.body.map((i) => i.name)).toEqual([
      'Queso',
      'barbacoa Taco',
      'Taco al Pastor',
      'Horchata',
      'Mystery Box',
      'Churros',
      'Old Special',
    ]);
    expect(res.body.find((i) => i.name === 'Taco al Pastor')).toEqual({
      id: expect.any(Number),
      foodTruckId: trucks.capitol.id,
      name: 'Taco al Pastor',
      description: null,
      price: 3.75,
      category: 'Main Dishes',
      available: true,
      image: null,
      diets: {},
      allergens: {},
      soldOutToday: false,
      stockLeft: null,
    });
  });

  it('returns an empty list for a truck without items', async () => {
    const res = await server.request<MenuItem[]>('GET', `/api/food-trucks/${trucks.zilker.id}/menu`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('applies the same visibility and 404 rules as the truck', async () => {
    expect(
      (await server.request<ErrorResponse>('GET', `/api/food-trucks/${hiddenTruck.id}/menu`)).status,
    ).toBe(404);
    const owner = await server.request<MenuItem[]>('GET', `/api/food-trucks/${hiddenTruck.id}/menu`, {
      token: unpaid.token,
    });
    expect(owner.body.map((i) => i.name)).toEqual(['Secret']);
    for (const id of ['abc', '-1', '1.5', '99999999999', '424242']) {
      const res = await server.request<ErrorResponse>('GET', `/api/food-trucks/${id}/menu`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Food truck not found');
    }
  });
});

describe('GET /api/food-trucks/search', () => {
  const searchResult = (q: string) =>
    server.request<TruckSearchResult & ErrorResponse>('GET', `/api/food-trucks/search?q=${encodeURIComponent(q)}`);
  /** The ids found, as `body` (the rest of the answer is tested below). */
  const search = async (q: string) => {
    const res = await searchResult(q);
    expect(res.status).toBe(200);
    return { ...res, body: res.body.ids };
  };

  it('finds trucks by their description and menu items, case-insensitively, only among those diners may see', async () => {
    const smokestack = await insertTruck(server.db, operator.user.id, {
      name: 'Smokestack BBQ',
      description: 'Central Texas brisket smoked 14 hours over post oak.',
    });
    const elsewhere = await insertTruck(server.db, other.user.id, { name: 'Corner Cart' });
    const hidden = await insertTruck(server.db, unpaid.user.id, {
      name: 'Unpaid pit',
      description: 'Brisket too',
    });
    expect((await search('BRISKET')).body).toEqual([smokestack.id]);
    expect((await search('brisket')).body).not.toContain(hidden.id);

    // A menu item added through the API is found at once (its truck event re-reads the truck).
    expect((await search('elote')).body).toEqual([]);
    const added = await server.request('POST', '/api/menu-items', {
      token: other.token,
      body: {
        foodTruckId: elsewhere.id,
        name: 'Elote Cup',
        price: 5,
        description: 'Street corn, cotija, lime',
      },
    });
    expect(added.status).toBe(201);
    expect((await search('Elote')).body).toEqual([elsewhere.id]);
    expect((await search('cotija')).body).toEqual([elsewhere.id]);
  });

  it('in diners\' own words: a plural finds the singular, "barbecue" the BBQ trucks, a name typed a letter wrong the truck', async () => {
    const pit = await insertTruck(server.db, operator.user.id, { name: 'Pitmaster Quillon', cuisine: 'BBQ', description: 'Oaxacan tlayuda on weekends' });
    expect((await search('barbecue')).body).toContain(pit.id);
    expect((await search('tlayudas')).body).toEqual([pit.id]);
    expect((await search('Pitmaster Quilon')).body).toEqual([pit.id]);
    expect((await search('quilon')).body).toEqual([pit.id]);
    expect((await search('pitmastre')).body).toEqual([pit.id]);
    // A cuisine's everyday name typed wrong finds the cuisine, alone and beside another word.
    expect((await search('barbaque')).body).toContain(pit.id);
    expect((await search('barbaque quillon')).body).toEqual([pit.id]);
    // Several words found apart, in any field and order; one of them typed wrong.
    expect((await search('tlayuda quillon')).body).toEqual([pit.id]);
    expect((await search('quilon tlayudas')).body).toEqual([pit.id]);
    // No truck is both: the one that holds a word, marked partial.
    const apart = (await searchResult('quillon sushi')).body;
    expect(apart.partial).toBe(true);
    expect(apart.ids).toContain(pit.id);
    expect((await search('the quillon truck')).body).toEqual([pit.id]);
    // A dish is not its cuisine: "pizza" is not every Italian truck.
    const pasta = await insertTruck(server.db, operator.user.id, { name: 'Vagabond Noodler', cuisine: 'Italian' });
    expect((await search('pizza')).body).not.toContain(pasta.id);
  });

  it('punctuation, apostrophes and accents typed or not find the same words', async () => {
    const catch_ = await insertTruck(server.db, other.user.id, { name: 'Bayou Pelican', cuisine: 'Seafood', description: 'Shrimp po’boys and crème brûlée' });
    for (const query of ["po'boy", 'poboy', 'po’boy', 'PO-BOY!!!', 'creme brulee', 'bayou-pelican', 'shrimp, po boy.']) {
      expect((await search(query)).body, query).toContain(catch_.id);
    }
    expect((await search('!!!')).body).toEqual([]);
  });

  it('a street said in full finds its address, a dish spelled as one word the dish', async () => {
    const street = await insertTruck(server.db, other.user.id, {
      name: 'Patty Wagon',
      cuisine: 'American',
      address: '2200 S Lamar Blvd, Austin, TX 78704',
      description: 'Smash burgers',
    });
    const sixth = await insertTruck(server.db, other.user.id, { name: 'Sixth Dogs', address: '500 E 6th St, Austin, TX 78701' });
    expect((await search('south lamar')).body).toContain(street.id);
    expect((await search('south lamar boulevard')).body).toContain(street.id);
    expect((await search('burgers on south lamar')).body).toEqual([street.id]);
    expect((await search('hamburger')).body).toContain(street.id);
    expect((await search('sixth street')).body).toContain(sixth.id);
    expect((await search('sixth street')).body).not.toContain(street.id);
  });

  it('a search no truck holds whole lists the trucks holding the most of its words, marked partial', async () => {
    const kalbi = await insertTruck(server.db, other.user.id, { name: 'Kalbi Corner', cuisine: 'Asian', description: 'Galbi ribs' });
    const jerk = await insertTruck(server.db, other.user.id, { name: 'Jerk Hut', cuisine: 'Caribbean' });
    expect((await searchResult('kalbi jerk')).body).toEqual({ ids: [kalbi.id, jerk.id].sort((a, b) => a - b), partial: true, dishes: {} });
    expect((await searchResult('kalbi galbi jerk')).body).toMatchObject({ ids: [kalbi.id], partial: true });
    expect((await searchResult('kalbi galbi')).body).toMatchObject({ ids: [kalbi.id], partial: false });
  });

  it("names the dishes on sale it found on each menu, by the menu's own names, sold-out ones left out", async () => {
    const truck = await insertTruck(server.db, other.user.id, { name: 'Agua Cart', cuisine: 'Mexican' });
    for (const body of [
      { name: 'Horchata Grande', price: 4, description: 'Cinnamon rice milk', diets: { vegan: true } },
      { name: 'Tamarindo', price: 3, available: false, description: 'Tamarind cooler' },
    ]) {
      expect((await server.request('POST', '/api/menu-items', { token: other.token, body: { ...body, foodTruckId: truck.id } })).status).toBe(201);
    }
    expect((await searchResult('cinnamon')).body.dishes[truck.id]).toEqual(['Horchata Grande']);
    expect((await searchResult('tamarind')).body.dishes[truck.id]).toBeUndefined();
  });

  it('a diet\'s name finds the trucks with a menu item labelled so, as the filter chips do, alone or with a dish', async () => {
    const truck = await insertTruck(server.db, other.user.id, { name: 'Zocalo Comal', cuisine: 'Mexican' });
    const plain = await insertTruck(server.db, other.user.id, { name: 'Comal Two', cuisine: 'Mexican' });
    const addItem = async (foodTruckId: number, body: Record<string, unknown>) =>
      expect(
        (await server.request('POST', '/api/menu-items', { token: other.token, body: { foodTruckId, price: 4, ...body } })).status,
      ).toBe(201);
    await addItem(truck.id, { name: 'Hibiscus Agua Fresca', diets: { vegan: true } });
    await addItem(truck.id, { name: 'Nopal Taco', allergens: { gluten: 'free' } });
    await addItem(plain.id, { name: 'Carnitas Taco', diets: { vegan: false, vegetarian: false } });
    expect((await search('vegan')).body).toContain(truck.id);
    expect((await search('vegan')).body).not.toContain(plain.id);
    // Vegan counts as vegetarian; free of gluten as gluten-free (shared/utils/attributes.ts).
    expect((await search('Vegetarian')).body).toContain(truck.id);
    expect((await search('gluten free')).body).toContain(truck.id);
    expect((await search('gluten-free')).body).toContain(truck.id);
    // A diet's name typed a letter wrong finds the same menus.
    expect((await search('vegen')).body).toContain(truck.id);
    expect((await search('vegen')).body).not.toContain(plain.id);
    expect((await search('gluten free')).body).not.toContain(plain.id);
    // With a dish: each word in one truck, the diet from its menu.
    expect((await search('vegan comal')).body).toEqual([truck.id]);
    expect((await search('gluten free tacos comal')).body).toEqual([truck.id]);
    expect((await search('halal')).body).not.toContain(truck.id);
  });

  it('refuses an empty search with a 400 message', async () => {
    const res = await searchResult(' ');
    expect(res.status).toBe(400);
    expect(res.body.message).toEqual(expect.any(String));
  });
});

describe("a truck's phone in the diners' summaries", () => {
  it('comes with each summary, for the call links of cards and popups', async () => {
    const truck = await insertTruck(server.db, operator.user.id, { name: 'Callable', phone: '+15125550123' });
    const res = await list('?view=summary');
    expect(res.body.find((t) => t.id === truck.id)).toMatchObject({ phone: '+15125550123' });
  });
});

describe('the radius query', () => {
  it('is answered by the GiST point index (food_trucks_point_idx)', async () => {
    // A handful of rows would always be scanned sequentially; forbid that to see the index is usable.
    const plan = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return explain(tx, visibleTrucksQuery(tx, null, { lat: CAPITOL.lat, lng: CAPITOL.lng }));
    });
    expect(plan.join('\n')).toMatch(/food_trucks_point_idx/);
  });
});

describe('OpenAPI', () => {
  it('documents the diner routes', async () => {
    const res = await server.request<{ paths: Record<string, unknown> }>('GET', '/api/docs/json');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/food-trucks/active',
        '/api/food-trucks',
        '/api/food-trucks/{id}',
        '/api/food-trucks/{id}/menu',
        '/api/events',
      ]),
    );
  });

  it('shows an example answer for each public read of trucks, menus and schedules (issue 14)', async () => {
    type Doc = {
      paths: Record<
        string,
        { get?: { responses?: Record<string, { content?: Record<string, { example?: unknown }> }> } }
      >;
    };
    const doc = (await server.request<Doc>('GET', '/api/docs/json')).body;
    const example = (path: string) =>
      doc.paths[path]?.get?.responses?.['200']?.content?.['application/json']?.example;
    expect(example('/api/food-trucks/{id}')).toEqual(EXAMPLE_TRUCK);
    expect(example('/api/food-trucks/active')).toEqual([EXAMPLE_TRUCK, EXAMPLE_LISTING]);
    expect(example('/api/food-trucks/{id}/menu')).toEqual(EXAMPLE_MENU);
    expect(example('/api/food-trucks/{id}/schedule')).toEqual(EXAMPLE_SCHEDULE);
    // Each example is a valid answer: the route's own response schema accepts it.
    expect(foodTruckSchema.safeParse(EXAMPLE_TRUCK).success).toBe(true);
    expect(foodTruckSchema.safeParse(EXAMPLE_LISTING).success).toBe(true);
    expect(occurrencesSchema.safeParse(EXAMPLE_SCHEDULE).success).toBe(true);
  });
});
