import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResponse, ErrorResponse, VoiceAnswer } from '@shared/contracts';
import { landmarks } from '../../db/schema';
import { HttpGeocoding } from '../../integrations/geocoding';
import { startFakeGeocoder, type FakeGeocoder } from '../../test/fake-geocoder';
import { startTestServer, type TestServer } from '../../test/harness';
import { stopUnderWayNow } from '../../test/schedules';
import { insertTruck } from '../../test/trucks';
import type { TruckRow } from '../trucks/truck.repository';

/**
 * Issue 25 over real HTTP: free phrasing and combined questions, answered from the trucks, menus
 * and schedules this test creates (typed questions go through the same understanding layer as
 * transcripts).
 */
type VoiceRes = VoiceAnswer & ErrorResponse;

let server: TestServer;
let operator: AuthResponse;
let customer: AuthResponse;
let pit: TruckRow;
let taqueria: TruckRow;
let farTacos: TruckRow;
let nightOwl: TruckRow;
let coffee: TruckRow;
/** The pit's and the Night Owl's time zone (their "today" and "tomorrow"). */
let zone: string;

/** The diner, downtown Austin. */
const here = { latitude: 30.265, longitude: -97.745 };

beforeAll(async () => {
  server = await startTestServer({ voice: { ratePerMinute: 1000 } });
  operator = await server.signUpSubscribedOperator();
  customer = await server.signUp('customer');
  // A landmark, as the demo data seeds the demo city's: named in questions, not a truck's address.
  await server.db.insert(landmarks).values({ name: 'the Capitol', aliases: ['Texas State Capitol'], latitude: 30.2747, longitude: -97.7404 });
  const truck = (
    name: string,
    cuisine: string,
    isOpen: boolean,
    latitude: number,
    longitude: number,
    address: string,
    description?: string,
  ) =>
    insertTruck(server.db, operator.user.id, {
      name,
      cuisine,
      isOpen,
      latitude,
      longitude,
      address,
      description,
    });
  pit = await truck(
    "Smoky Joe's Pit",
    'BBQ',
    true,
    30.2605,
    -97.7431,
    '500 E Cesar Chavez St, Austin, TX 78701',
  );
  // A block from the Texas State Capitol.
  taqueria = await truck(
    'Taqueria Arandas',
    'Mexican',
    true,
    30.2741,
    -97.7411,
    '1100 Congress Ave, Austin, TX 78701',
    'Tacos al pastor off the trompo.',
  );
  // The cheapest taco of all, 20 miles out: "near me" leaves it out.
  farTacos = await truck(
    'Round Rock Street Eats',
    'American',
    true,
    30.5083,
    -97.6789,
    '221 E Main St, Round Rock, TX 78664',
  );
  nightOwl = await truck(
    'Night Owl Smokehouse',
    'BBQ',
    false,
    30.2672,
    -97.7431,
    '600 Congress Ave, Austin, TX 78701',
  );
  coffee = await truck(
    'Bean There Cafe',
    'Coffee',
    true,
    30.2849,
    -97.7341,
    '2400 Speedway, Austin, TX 78712',
  );

  const items: Array<[TruckRow, string, number, string?]> = [
    [pit, 'Brisket Plate', 18.5],
    [pit, 'Brisket Taco', 4.25],
    [taqueria, 'Al Pastor Taco', 3.5],
    [taqueria, 'Bean Burrito', 6, 'Vegan: black beans, rice and salsa verde'],
    [farTacos, 'Street Taco', 1],
    [coffee, 'Cold Brew', 4],
  ];
  for (const [truck, name, price, description] of items) {
    const res = await server.request('POST', '/api/menu-items', {
      token: operator.token,
      body: { name, price, foodTruckId: truck.id, ...(description ? { description } : {}) },
    });
    expect(res.status).toBe(201);
  }
  // The pit's stop today runs all day (until midnight in its zone); the Night Owl's is on another day.
  const { timeZone, stop, otherDay } = stopUnderWayNow({
    latitude: 30.2605,
    longitude: -97.7431,
    address: 'Rainey & Cesar Chavez',
  });
  const schedule = (truck: TruckRow, path: string, body: unknown, method = 'POST') =>
    server.request(method, `/api/food-trucks/${truck.id}/schedule${path}`, { token: operator.token, body });
  zone = timeZone;
  for (const truck of [pit, nightOwl])
    expect((await schedule(truck, '/time-zone', { timeZone }, 'PUT')).status).toBe(200);
  expect((await schedule(pit, '/stops', stop)).status).toBe(201);
  expect(
    (
      await schedule(nightOwl, '/stops', {
        ...otherDay,
        address: 'Republic Square',
        latitude: 30.2676,
        longitude: -97.7471,
      })
    ).status,
  ).toBe(201);
}, 120_000);
afterAll(() => server.close());

const ask = (text: string, userLocation: typeof here | null = here) =>
  server.request<VoiceRes>('POST', '/api/voice-assistant', {
    body: { text, userLocation },
    token: customer.token,
  });

describe('combined questions, answered from the data (issue 25)', () => {
  it('"is there any barbecue open now": the open barbecue trucks only, not every open truck', async () => {
    const res = await ask('is there any barbecue open now');
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^One barbecue truck is open now: Smoky Joe's Pit, 0\.\d miles\.$/);
    expect(res.body.recommendedTruckIds).toEqual([pit.id]);
  });

  it('"which trucks are open after 8 pm": the stops that run past 8 PM today, in the truck\'s own zone', async () => {
    const res = await ask('which trucks are open after 8 pm');
    expect(res.body.text).toBe(
      "One food truck is scheduled to be open after 8 PM today: Smoky Joe's Pit until midnight at Rainey & Cesar Chavez.",
    );
    expect(res.body.recommendedTruckIds).toEqual([pit.id]);
    // A truck open now without posted hours is never guessed to be open late.
    expect(res.body.text).not.toContain('Taqueria');
  });

  it('"how much is the brisket": the prices on the menus, the one truck that has it named once', async () => {
    const res = await ask('how much is the brisket');
    expect(res.body.text).toBe("At Smoky Joe's Pit: Brisket Plate $18.50 and Brisket Taco $4.25.");
    expect(res.body.recommendedTruckIds).toEqual([pit.id]);
  });

  it('"what\'s the cheapest taco near me": the cheapest nearby, not the cheaper one 20 miles away', async () => {
    const res = await ask("what's the cheapest taco near me");
    expect(res.body.text).toMatch(
      /^The cheapest taco near you is Al Pastor Taco at Taqueria Arandas, \$3\.50, 0\.\d miles away at 1100 Congress Ave, Austin, TX 78701\.$/,
    );
    expect(res.body.recommendedTruckIds[0]).toBe(taqueria.id);
    expect(res.body.recommendedTruckIds).not.toContain(farTacos.id);
  });

  it('"how late is Smokestack open" style: the hours from the schedule, never invented', async () => {
    const late = await ask('how late is smoky joe open');
    expect(late.body.text).toBe("Smoky Joe's Pit is open until midnight today, at Rainey & Cesar Chavez.");
    const unposted = await ask('how late is taqueria arandas open');
    expect(unposted.body.text).toBe('Taqueria Arandas is open now, but has not posted its hours for today.');
  });
});

describe('a day, a place, a price, a course (ADR 0173)', () => {
  it('"who is at Republic Square tomorrow", "is X open on <weekday>": that day\'s stops, in the truck\'s zone', async () => {
    const at = await ask('who is at Republic Square tomorrow');
    expect(at.status).toBe(200);
    expect(at.body.text).toBe('Tomorrow near Republic Square: Night Owl Smokehouse from 11 AM to 2 PM.');
    expect(at.body.recommendedTruckIds).toEqual([nightOwl.id]);
    const tomorrow = DateTime.now().setZone(zone).plus({ days: 1 }).setLocale('en-US').weekdayLong!;
    const day = await ask(`is night owl smokehouse open on ${tomorrow}`);
    expect(day.body.text).toBe('Night Owl Smokehouse will be at Republic Square tomorrow from 11 AM to 2 PM.');
    const today = DateTime.now().setZone(zone).setLocale('en-US').weekdayLong!;
    const none = await ask(`who will be at republic square on ${today}`);
    expect(none.body.text).toMatch(new RegExp(`^No food truck has a stop near Republic Square on ${today}\\. The nearest is Smoky Joe's Pit at Rainey & Cesar Chavez, 0\\.\\d miles from Republic Square, all day\\.$`));
  });

  it('"anything under 5 bucks": the dishes at that price or less at open trucks nearby, never the one 20 miles out', async () => {
    const res = await ask('anything under 5 bucks');
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^For \$5\.00 or less near you: /);
    expect(res.body.text).toContain('Taqueria Arandas, 0.7 miles: Al Pastor Taco $3.50');
    expect(res.body.text).not.toContain('Brisket Plate');
    expect(res.body.recommendedTruckIds).not.toContain(farTacos.id);
    const none = await ask('tacos for less than two dollars');
    expect(none.body.text).toBe('No tacos for $2.00 or less near you right now. The cheapest is Al Pastor Taco at Taqueria Arandas, $3.50.');
  });

  it('"what drinks does Taqueria Arandas have": the dishes of that course on its menu', async () => {
    const created = await server.request('POST', '/api/menu-items', {
      token: operator.token,
      body: { name: 'Agua Fresca', price: 3, foodTruckId: taqueria.id, category: 'Beverages' },
    });
    expect(created.status).toBe(201);
    const res = await ask('what drinks does taqueria arandas have');
    expect(res.body.text).toBe('Drinks at Taqueria Arandas: Agua Fresca $3.00.');
    expect(res.body.recommendedTruckIds).toEqual([taqueria.id]);
    const sides = await ask('does taqueria arandas have any sides');
    expect(sides.body.text).toBe('Taqueria Arandas has no sides on its menu.');
  });
});

describe("ratings: what customers said, never made up", () => {
  it('"what\'s the best truck around here", "is X any good": the open trucks nearby by their customers\' rating', async () => {
    // Every rating is made here: the pit 5 and 4 stars, the taqueria 3; the coffee truck none.
    const rate = async (truck: TruckRow, stars: number) => {
      const diner = await server.signUp('customer');
      const res = await server.request('PUT', `/api/food-trucks/${truck.id}/rating`, { token: diner.token, body: { stars } });
      expect(res.status).toBe(200);
    };
    await rate(pit, 5);
    await rate(pit, 4);
    await rate(taqueria, 3);

    const best = await ask("what's the best truck around here");
    expect(best.status).toBe(200);
    expect(best.body.text).toMatch(/^The best-rated open food truck near you is Smoky Joe's Pit: rated 4\.5 out of 5 by 2 customers, [\d.]+ miles? away at /);
    expect(best.body.text).toContain('Also well rated: Taqueria Arandas, 3.0.');
    expect(best.body.recommendedTruckIds).toEqual([pit.id, taqueria.id]);

    // Every truck with a taco on its menu, within 10 miles: the pit's brisket taco counts, the street
    // taco 20 miles out does not.
    const tacos = await ask('which taco truck has the best reviews');
    expect(tacos.body.recommendedTruckIds).toEqual([pit.id, taqueria.id]);

    expect((await ask('is taqueria arandas any good')).body.text).toBe('Taqueria Arandas is rated 3.0 out of 5 by 1 customer.');
    expect((await ask('is bean there cafe any good')).body.text).toBe('Bean There Cafe has no ratings yet.');
    // No open coffee truck is rated: said so, and the nearest open one named, as "find me coffee" would.
    const coffeeBest = await ask("what's the best coffee around here");
    expect(coffeeBest.body.text).toMatch(/^No open coffee trucks near you have ratings yet\. The nearest open coffee truck is Bean There Cafe, /);
    expect(coffeeBest.body.recommendedTruckIds).toEqual([coffee.id]);
  });
});

describe('free phrasing (issue 25)', () => {
  it('finds a food in the menus and cuisines: coffee, tacos, vegan, a burrito', async () => {
    const coffeeRes = await ask('find me some coffee');
    expect(coffeeRes.body.text).toMatch(
      /^The nearest open coffee truck is Bean There Cafe, \d\.\d miles away at 2400 Speedway, Austin, TX 78712\.$/,
    );
    const tacos = await ask('I want tacos');
    // Tacos: the Mexican truck and every truck with a taco on its menu, nearest open first.
    expect(tacos.body.recommendedTruckIds).toEqual(
      expect.arrayContaining([taqueria.id, pit.id, farTacos.id]),
    );
    expect(tacos.body.recommendedTruckIds[0]).toBe(pit.id);
    const vegan = await ask('anything vegan around here?');
    // Vegan is on the Bean Burrito's description at the taqueria.
    expect(vegan.body.text).toMatch(/^The nearest open truck serving vegan is Taqueria Arandas, /);
    const burrito = await ask('the closest place for a burrito');
    expect(burrito.body.recommendedTruckIds[0]).toBe(taqueria.id);
  });

  it('"is there food near the capitol": distances from the place named, not from the diner', async () => {
    const res = await ask('is there food near the capitol', null);
    expect(res.body.text).toMatch(
      /^The nearest open food truck to the Capitol is Taqueria Arandas, \d+ feet from the Capitol at 1100 Congress Ave, Austin, TX 78701\.$/,
    );
    // A schedule's place is a place too: the Night Owl stops at Republic Square (another day).
    const square = await ask('any barbecue near republic square', null);
    expect(square.body.text).toMatch(
      /^The nearest open barbecue truck to Republic Square is Smoky Joe's Pit, \d\.\d miles from Republic Square/,
    );
  });

  it('"the closest truck to the capitol": "to" after "closest" names the place', async () => {
    const res = await ask('closest truck to the capitol', null);
    expect(res.body.text).toMatch(/^The nearest open food truck to the Capitol is Taqueria Arandas, /);
  });

  it('never invents a truck, a dish or a place: a polite re-ask with an example from the data', async () => {
    const dish = await ask('how much is the lobster');
    expect(dish.body.text).toBe("I couldn't find lobster on any menu.");
    expect(dish.body.recommendedTruckIds).toEqual([]);
    const place = await ask('is there food near the airport');
    expect(place.body.text).toMatch(
      /^I don't know where airport is\. Try a street or a place where trucks stop, for example: is there food near .+\?$/,
    );
    const joke = await ask('tell me a joke');
    // Typed, so read and not misheard: said so, with what it can answer (not "didn't catch that").
    expect(joke.body.text).toMatch(
      /^Sorry, I don't know how to answer that\. I can tell you which trucks are open, where they are, what they sell and when they're out: ask, for example, .+\?$/,
    );
    // The example is made of live data: a truck, a dish, a cuisine of an open truck, or "what's open".
    const example = joke.body.text.split('for example, ')[1] ?? '';
    const names = [pit, taqueria, farTacos, nightOwl, coffee].map((t) => t.name);
    expect(
      names.some((n) => example.includes(n)) ||
        /brisket plate|brisket taco|al pastor taco|bean burrito|street taco|cold brew|barbecue|mexican|american|coffee|what's open/.test(
          example,
        ),
    ).toBe(true);
    // An hours question about a truck that does not exist is not answered about another one.
    const missing = await ask('how late is the burger barn open');
    expect(missing.body.text).toMatch(
      /^I couldn't find a truck called burger barn\. Try, for example: how late is .+ open\?$/,
    );
    expect(missing.body.recommendedTruckIds).toEqual([]);
  });
});

describe('a place no truck, stop or landmark has: asked of the configured geocoder', () => {
  let fake: FakeGeocoder;
  let withGeocoder: TestServer;
  beforeAll(async () => {
    fake = await startFakeGeocoder();
    withGeocoder = await startTestServer(
      { voice: { ratePerMinute: 1000 } },
      {
        shareDatabaseWith: server,
        integrations: { geocoding: new HttpGeocoding({ kind: 'nominatim', url: fake.url, userAgent: 'FoodTruckFinder-test/1.0', minIntervalMs: 0 }) },
      },
    );
  });
  afterAll(async () => {
    await withGeocoder.close();
    await fake.close();
  });
  const askThere = (text: string) =>
    withGeocoder.request<VoiceRes>('POST', '/api/voice-assistant', { body: { text, userLocation: here }, token: customer.token });

  it('"is there food near the airport": the airport near the diner, named as the geocoder names it', async () => {
    const res = await askThere('is there food near the airport');
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^The nearest open food truck to Austin-Bergstrom International Airport is /);
    expect(res.body.recommendedTruckIds.length).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.params).toMatchObject({ q: 'airport' });
  });

  it('never a place an ocean away, and a geocoder that fails is the same "I don\'t know where" answer, not an error', async () => {
    const far = await askThere('is there food near the eiffel tower');
    expect(far.body.text).toMatch(/^I don't know where eiffel tower is\./);
    fake.mode = 'fail';
    try {
      // (Not the airport again: the provider answers a repeated question from its cache.)
      const failed = await askThere('is there food near the airport terminal');
      expect(failed.status).toBe(200);
      expect(failed.body.text).toMatch(/^I don't know where airport terminal is\./);
    } finally {
      fake.mode = 'ok';
    }
  });
});

describe('a truck\'s menu asked for in other words', () => {
  // Last in the file, closed and without a place: no other test's answer can name it.
  it('"what should I get at …": the truck\'s menu in its own order, mains before drinks; its phone number', async () => {
    const cart = await insertTruck(server.db, operator.user.id, { name: 'Tamalera Cart', cuisine: 'Mexican', isOpen: false, phone: '+15125550177' });
    for (const [name, category] of [['Agua Fresca', 'Beverages'], ['Red Pork Tamal', 'Main Dishes'], ['Arroz', 'Sides']]) {
      const res = await server.request('POST', '/api/menu-items', {
        token: operator.token,
        body: { name, price: 3, category, foodTruckId: cart.id },
      });
      expect(res.status).toBe(201);
    }
    for (const question of ['what should i get at tamalera cart', "what's good at tamalera cart"]) {
      const res = await ask(question);
      expect(res.body.text).toBe('Tamalera Cart has Red Pork Tamal $3.00, Arroz $3.00 and Agua Fresca $3.00.');
      expect(res.body.recommendedTruckIds).toEqual([cart.id]);
    }
    // Its number, as the truck page writes it.
    expect((await ask("what's tamalera cart's phone number")).body.text).toBe('You can call Tamalera Cart at 512-555-0177.');
  });
});

describe('ordering ahead, asked', () => {
  it('"can I order ahead at …": what the truck\'s ordering panel says now, read per question', async () => {
    // Its own operator, subscribed and with payouts connected in test mode: the truck takes orders.
    const owner = await server.signUpSubscribedOperator();
    const connected = await server.request('POST', '/api/operator/payouts/connect', { token: owner.token });
    expect(connected.status).toBe(200);
    const kitchen = await insertTruck(server.db, owner.user.id, { name: 'Pupusa Kitchen', cuisine: 'Salvadoran', isOpen: true, latitude: 30.4, longitude: -97.7 });
    const yes = await ask('can i order ahead at pupusa kitchen');
    expect(yes.body.text).toBe('Yes, you can order ahead from Pupusa Kitchen on its page. An order placed now is ready in about 10 minutes.');
    expect(yes.body.recommendedTruckIds).toEqual([kitchen.id]);
    // Paused by its operator: no truck event, and still answered as it is now.
    const paused = await server.request('PUT', `/api/food-trucks/${kitchen.id}/order-settings`, { token: owner.token, body: { pauseMinutes: 30 } });
    expect(paused.status).toBe(200);
    expect((await ask('does pupusa kitchen take online orders')).body.text).toMatch(/^No\. Pupusa Kitchen has paused orders until \d{1,2}:\d\d [AP]M\. Please check back then\.$/);
    // A truck whose operator has not connected payouts.
    const other = await insertTruck(server.db, operator.user.id, { name: 'Arepa Stand', cuisine: 'Venezuelan', isOpen: true, latitude: 30.4, longitude: -97.71 });
    const offline = await ask('can i preorder from arepa stand');
    expect(offline.body.text).toBe('No. Arepa Stand does not take orders online.');
    expect(offline.body.recommendedTruckIds).toEqual([other.id]);
  });

  it('"which truck has the shortest wait": the open trucks nearby taking orders, by the wait their panels give', async () => {
    // Its own town (Memphis), so no other test's truck is near: two operators with payouts connected.
    const memphis = { latitude: 35.1495, longitude: -90.049 };
    const takingOrders = async (name: string, latitude: number, prepMinutes: number) => {
      const owner = await server.signUpSubscribedOperator();
      expect((await server.request('POST', '/api/operator/payouts/connect', { token: owner.token })).status).toBe(200);
      const truck = await insertTruck(server.db, owner.user.id, { name, cuisine: 'Soul Food', isOpen: true, latitude, longitude: -90.049, address: `${name} Lot` });
      const set = await server.request('PUT', `/api/food-trucks/${truck.id}/order-settings`, { token: owner.token, body: { prepMinutes } });
      expect(set.status).toBe(200);
      return { owner, truck };
    };
    const near = await takingOrders('Beale Biscuits', 35.15, 25);
    const quick = await takingOrders('Catfish Corner', 35.16, 8);
    // Open and nearer, but takes no orders online: not among the answers.
    const walkUp = await insertTruck(server.db, operator.user.id, { name: 'Walk Up Wings', cuisine: 'Soul Food', isOpen: true, latitude: 35.1496, longitude: -90.049 });
    const res = await ask('which truck has the shortest wait', memphis);
    expect(res.status).toBe(200);
    expect(res.body.text).toMatch(/^Catfish Corner has the shortest wait: an order placed now is ready in about 8 minutes\. It is 0\.7 miles away at Catfish Corner Lot\. Also taking orders: Beale Biscuits, about 25 minutes\.$/);
    expect(res.body.recommendedTruckIds).toEqual([quick.truck.id, near.truck.id]);
    expect(res.body.recommendedTruckIds).not.toContain(walkUp.id);
    // The quicker one pauses its orders: answered as the panels are now (no truck event for it).
    const paused = await server.request('PUT', `/api/food-trucks/${quick.truck.id}/order-settings`, { token: quick.owner.token, body: { pauseMinutes: 30 } });
    expect(paused.status).toBe(200);
    const after = await ask('who takes online orders near me', memphis);
    expect(after.body.text).toBe(
      'Of the open food trucks, only Beale Biscuits takes orders ahead: an order placed now is ready in about 25 minutes. It is 180 feet away at Beale Biscuits Lot.',
    );
    expect(after.body.recommendedTruckIds).toEqual([near.truck.id]);
  });
});
