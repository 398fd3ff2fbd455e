import { describe, expect, it } from 'vitest';
import { ORDERING_REFUSALS } from '@shared/contracts';
import type { StopValues } from '../schedules/occurrences';
import { answerQuestion, dishesSaid, orderingAsked, spokenTime, written, type AnswerContext, type KnownTruck } from './voice-answers';

const truck = (id: number, name: string, cuisine: string): KnownTruck => ({
  id,
  name,
  cuisine,
  isOpen: false,
  latitude: 30.27,
  longitude: -97.74,
  address: null,
});
const stop = (id: number, truckId: number, weekday: number, start: number, end: number, address: string): StopValues => ({
  id,
  foodTruckId: truckId,
  kind: 'weekly',
  weekday,
  date: null,
  startMinute: start * 60,
  endMinute: end * 60,
  latitude: 30.27,
  longitude: -97.74,
  address,
  exceptions: [],
});

// Tuesday 2027-06-15, 12:30 in Chicago (CDT) — already Wednesday 02:30 in Tokyo.
const now = new Date('2027-06-15T12:30:00-05:00');
const rey = truck(1, 'Tacos El Rey', 'Mexican');
const loco = truck(2, 'Taco Loco', 'Mexican');
const sushi = truck(3, 'Tokyo Rolls', 'Asian');
const context: AnswerContext = {
  trucks: new Map([rey, loco, sushi].map((t) => [t.id, t])),
  itemsByTruck: new Map(),
  schedules: new Map([
    [1, { zone: 'America/Chicago', stops: [stop(10, 1, 2, 11, 14, 'the Capitol'), stop(11, 1, 3, 11, 14, '6th & Congress'), stop(12, 1, 3, 17, 20, 'Zilker Park')] }],
    [2, { zone: 'America/Chicago', stops: [stop(20, 2, 3, 12, 15, 'Rainey Street')] }],
    // Tokyo's Wednesday is "today" there already; its Thursday is "tomorrow" (weekday 4).
    [3, { zone: 'Asia/Tokyo', stops: [stop(30, 3, 4, 11.5, 13, 'Shibuya'), stop(31, 3, 5, 11, 14, 'Ginza')] }],
  ]),
  now,
  state: { truckIds: [], index: 0 },
};
const ask = (intent: Parameters<typeof answerQuestion>[0]) => answerQuestion(intent, context);

describe('schedule answers', () => {
  it('says times the way people do', () => {
    expect([spokenTime(660), spokenTime(840), spokenTime(690), spokenTime(720), spokenTime(0), spokenTime(1440)]).toEqual([
      '11 AM', '2 PM', '11:30 AM', 'noon', 'midnight', 'midnight',
    ]);
  });

  it("answers a truck's day with every stop, and a stop under way as 'now, until'", () => {
    expect(ask({ kind: 'schedule', when: 'tomorrow', truckIds: [1] }).text).toBe(
      'Tacos El Rey will be at 6th & Congress tomorrow from 11 AM to 2 PM, then at Zilker Park from 5 PM to 8 PM.',
    );
    // Closed: the schedule, not "at … now" (issue 24).
    expect(ask({ kind: 'schedule', when: 'today', truckIds: [1] }).text).toBe(
      'Tacos El Rey is usually at the Capitol until 2 PM, but has not opened yet.',
    );
    const at = (over: Partial<KnownTruck>) =>
      answerQuestion(
        { kind: 'schedule', when: 'today', truckIds: [1] },
        { ...context, trucks: new Map([[1, { ...rey, ...over }]]) },
      ).text;
    expect(at({ isOpen: true })).toBe('Tacos El Rey is at the Capitol now, until 2 PM.');
    expect(at({ isOpen: true, latitude: 30.4, longitude: -97.72, address: 'The Domain' })).toBe(
      'Tacos El Rey is open now, at The Domain, and scheduled at the Capitol until 2 PM.',
    );
    expect(ask({ kind: 'schedule', when: 'next', truckIds: [2] }).text).toBe(
      'Taco Loco will be at Rainey Street tomorrow from noon to 3 PM.',
    );
  });

  it('says a late-night stop ends at 2 AM, and that it is under way at 1 AM the next day', () => {
    expect(spokenTime(26 * 60)).toBe('2 AM');
    // Saturday 18:00–02:00 in Chicago (weekday 6); asked on Saturday noon and on Sunday at 01:00.
    const night = { zone: 'America/Chicago', stops: [stop(40, 1, 6, 18, 26, 'Rainey Street')] };
    const askAt = (when: 'today' | 'tomorrow' | 'next', at: string, over: Partial<KnownTruck> = {}) =>
      answerQuestion(
        { kind: 'schedule', when, truckIds: [1] },
        { ...context, now: new Date(at), trucks: new Map([[1, { ...rey, ...over }]]), schedules: new Map([[1, night]]) },
      ).text;
    expect(askAt('today', '2027-06-19T12:00:00-05:00')).toBe('Tacos El Rey will be at Rainey Street today from 6 PM to 2 AM.');
    expect(askAt('today', '2027-06-20T01:00:00-05:00')).toBe(
      'Tacos El Rey is usually at Rainey Street until 2 AM, but has not opened yet.',
    );
    expect(askAt('today', '2027-06-20T01:00:00-05:00', { isOpen: true })).toBe('Tacos El Rey is at Rainey Street now, until 2 AM.');
    expect(askAt('today', '2027-06-20T02:00:00-05:00')).toMatch(/^Tacos El Rey has no stops today\./);
  });

  it("counts today and tomorrow in the truck's own zone", () => {
    expect(ask({ kind: 'schedule', when: 'tomorrow', truckIds: [3] }).text).toBe(
      'Tokyo Rolls will be at Shibuya tomorrow from 11:30 AM to 1 PM.',
    );
    expect(ask({ kind: 'schedule', when: 'today', truckIds: [3] }).text).toBe(
      'Tokyo Rolls has no stops today. Its next stop is Shibuya tomorrow from 11:30 AM to 1 PM.',
    );
  });

  it('picks the earliest of a cuisine, recommends all, and names a later weekday', () => {
    const tacos = ask({ kind: 'schedule', when: 'tomorrow', cuisine: 'Mexican' });
    // Every truck out that day, each with its first stop.
    expect(tacos.text).toBe('Tomorrow: Tacos El Rey from 11 AM to 2 PM at 6th & Congress and Taco Loco from noon to 3 PM at Rainey Street.');
    expect(tacos.truckIds).toEqual([1, 2]);
    const later = answerQuestion(
      { kind: 'schedule', when: 'next', truckIds: [3] },
      { ...context, now: new Date('2027-06-17T14:00:00+09:00') },
    );
    expect(later.text).toBe('Tokyo Rolls will be at Ginza tomorrow from 11 AM to 2 PM.');
    const week = answerQuestion(
      { kind: 'schedule', when: 'next', truckIds: [3] },
      { ...context, now: new Date('2027-06-18T15:00:00+09:00') },
    );
    expect(week.text).toBe('Tokyo Rolls will be at Shibuya on Thursday from 11:30 AM to 1 PM.');
  });
});

describe('hours of a truck open now', () => {
  it('"when does Taco Loco close", open ahead of its stop today: that it is open comes first, then the stop', () => {
    const early: AnswerContext = {
      ...context,
      trucks: new Map([[2, { ...loco, isOpen: true }]]),
      schedules: new Map([[2, { zone: 'America/Chicago', stops: [stop(21, 2, 2, 17, 20, 'Rainey Street')] }]]),
    };
    expect(answerQuestion({ kind: 'hours', truckIds: [2] }, early).text).toBe(
      'Taco Loco is open now, but has not posted when it closes. It will be at Rainey Street today from 5 PM to 8 PM.',
    );
  });
});

describe('small talk', () => {
  it('"thank you" and "hello" are answered kindly, recommend nothing and use no free question', () => {
    const thanks = ask({ kind: 'small-talk', said: 'thanks' });
    expect(thanks).toMatchObject({ truckIds: [], understood: false });
    expect(thanks.text).toMatch(/^You're welcome! Ask me again any time, for example: .+\?$/);
    expect(ask({ kind: 'small-talk', said: 'hello' }).text).toMatch(/^Hi! Ask me about the food trucks near you, for example: .+\?$/);
  });
});

describe('unclaimed listings (issue 26)', () => {
  const listing = { ...truck(7, 'Mission Street Dogs', 'American'), latitude: 37.7592, longitude: -122.4188, address: '2400 MISSION ST', listing: { sourceName: 'SF open data' } };
  const franks = { ...truck(8, 'Frankly Mission Franks', 'American'), latitude: 37.7556, longitude: -122.4187, address: '2650 MISSION ST', listing: { sourceName: 'SF open data' } };
  const sf: AnswerContext = {
    ...context,
    trucks: new Map([listing, franks, rey].map((t) => [t.id, t])),
    position: { lat: 37.7599, lng: -122.4148 },
  };
  const hotDogs = { words: 'hot dogs', cuisines: [], itemIds: [], truckIds: [7, 8] };

  it('never says a listing is open, but says where the food usually is, nearest first', () => {
    const nearest = answerQuestion({ kind: 'nearest', food: hotDogs }, sf);
    expect(nearest.text).toMatch(
      /^There is no open truck serving hot dogs right now\. Mission Street Dogs is usually 0\.\d miles away at 2400 MISSION ST: an unclaimed listing from SF open data, not live\. 1 more listed\.$/,
    );
    expect(nearest.truckIds).toEqual([7, 8]);
    const open = answerQuestion({ kind: 'open-now', food: hotDogs }, sf);
    expect(open.text).toMatch(/^No truck serving hot dogs is open right now\. Mission Street Dogs is usually /);
  });

  it('says nothing of listings when the question names no food they serve', () => {
    expect(answerQuestion({ kind: 'nearest', food: { words: 'sushi', cuisines: ['Asian'], itemIds: [], truckIds: [] } }, sf).truckIds).toEqual([]);
  });
});

describe('nearest: the kind of food asked for, and who has it when none is open', () => {
  // Diner at 30.25, -97.75: the barbecue truck is next door, the vegetarian truck and the seafood truck further.
  const at = (t: KnownTruck, lat: number, over: Partial<KnownTruck> = {}): KnownTruck => ({ ...t, latitude: lat, longitude: -97.75, ...over });
  const bbq = at(truck(1, 'Smokestack BBQ', 'BBQ'), 30.251, { isOpen: true, address: '1100 S Congress Ave' });
  const green = at(truck(2, 'Green Machine', 'Vegetarian'), 30.31, { isOpen: true, address: '4200 N Lamar Blvd' });
  const catchTruck = at(truck(3, 'Gulf Coast Catch', 'Seafood'), 30.264, { address: '1600 Barton Springs Rd' });
  const fishTacos = at(truck(4, 'Taco Libre', 'Mexican'), 30.27, { isOpen: true, address: '1300 E 6th St' });
  const trucks = new Map([bbq, green, catchTruck, fishTacos].map((t) => [t.id, t]));
  const demo: AnswerContext = {
    ...context,
    trucks,
    // A vegan drink at the barbecue truck, fish tacos at the taco truck and at the seafood truck.
    itemsByTruck: new Map([
      [1, [{ id: 10, truckId: 1, name: 'Sweet Tea', priceCents: 300, available: true, diets: { vegan: true } }]],
      [3, [{ id: 30, truckId: 3, name: 'Fish Tacos', priceCents: 1200, available: true }]],
      [4, [{ id: 40, truckId: 4, name: 'Fish Taco', priceCents: 500, available: true }]],
    ]),
    // Seafood on Fridays (weekday 5) from 11 to 7; "now" is Tuesday 12:30.
    schedules: new Map([[3, { zone: 'America/Chicago', stops: [stop(30, 3, 5, 11, 19, '1600 Barton Springs Rd')] }]]),
    position: { lat: 30.25, lng: -97.75 },
  };
  const vegan = { words: 'vegan', cuisines: ['Vegetarian'], itemIds: [], truckIds: [], diets: ['vegan'] };

  it('"any vegan nearby": the vegetarian truck first, and the nearer truck with one vegan dish said too', () => {
    const reply = answerQuestion({ kind: 'nearest', food: vegan }, demo);
    expect(reply.text).toBe(
      'The nearest open vegetarian truck is Green Machine, 4.1 miles away at 4200 N Lamar Blvd. Smokestack BBQ, 360 feet away, also serves vegan.',
    );
    expect(reply.truckIds).toEqual([2, 1]);
  });

  it('"anything vegan open": trucks with vegan food, not "trucks serving vegan"', () => {
    expect(answerQuestion({ kind: 'open-now', food: vegan }, demo).text).toBe(
      '2 trucks with vegan food are open now: Smokestack BBQ, 360 feet and Green Machine, 4.1 miles.',
    );
  });

  it('"I want fish tacos": a dish, so every truck with it is as good, the nearest open first', () => {
    const reply = answerQuestion({ kind: 'nearest', food: { words: 'fish tacos', cuisines: ['Mexican'], itemIds: [30, 40], truckIds: [] } }, demo);
    expect(reply.truckIds[0]).toBe(4);
    expect(reply.text).toMatch(/^The nearest open truck serving fish tacos is Taco Libre, /);
    // Near a place, said so that the dish is not served "to" the place.
    const downtown = { name: 'downtown Austin', lat: 30.2682, lng: -97.7429 };
    const there = answerQuestion({ kind: 'nearest', food: { words: 'fish tacos', cuisines: ['Mexican'], itemIds: [30, 40], truckIds: [] }, place: downtown }, demo);
    expect(there.text).toMatch(/^The open truck serving fish tacos nearest to downtown Austin is Taco Libre, /);
  });

  it('"what trucks are at the Pavilion": when the nearest open truck is not there, who will be there next', () => {
    const pavilion = { name: 'the Pavilion', lat: 30.27, lng: -97.74 };
    expect(answerQuestion({ kind: 'nearest', place: pavilion }, demo).text).toBe(
      'The nearest open food truck to the Pavilion is Taco Libre, 0.6 miles from the Pavilion at 1300 E 6th St. Gulf Coast Catch will be near the Pavilion on Friday from 11 AM to 7 PM.',
    );
    // An open truck there: that is the answer, nothing more.
    const atTacoLibre = { name: 'the Pavilion', lat: 30.27, lng: -97.75 };
    expect(answerQuestion({ kind: 'nearest', place: atTacoLibre }, demo).text).not.toMatch(/will be/);
  });

  it('"a fish taco truck near me": the truck serves fish tacos, not "fish taco"', () => {
    const reply = answerQuestion({ kind: 'nearest', food: { words: 'fish taco', cuisines: ['Mexican'], itemIds: [30, 40], truckIds: [] } }, demo);
    expect(reply.text).toMatch(/^The nearest open truck serving fish tacos is Taco Libre, /);
  });

  it.each([
    ['taco', 'tacos'],
    ['hot dog', 'hot dogs'],
    ['sandwich', 'sandwiches'],
    ['breakfast burrito', 'breakfast burritos'],
    ['pizza', 'pizza'],
    ['tacos', 'tacos'],
    ['coffee', 'coffee'],
  ])('dishesSaid(%s) is %s', (words, said) => {
    expect(dishesSaid(words)).toBe(said);
  });

  it('"find me some seafood" with the seafood truck closed: who has it, closed, and when it is next out', () => {
    const reply = answerQuestion({ kind: 'nearest', food: { words: 'seafood', cuisines: ['Seafood'], itemIds: [], truckIds: [] } }, demo);
    expect(reply.text).toBe(
      'There is no open seafood truck right now. The nearest seafood truck is Gulf Coast Catch, closed now, 1 mile away at 1600 Barton Springs Rd. Gulf Coast Catch will be at 1600 Barton Springs Rd on Friday from 11 AM to 7 PM.',
    );
    expect(reply.truckIds).toEqual([3]);
    expect(reply.understood).toBe(true);
    // Without the diner's position: no "nearest", the same truck and its next stop.
    const anywhere = answerQuestion({ kind: 'nearest', food: { words: 'seafood', cuisines: ['Seafood'], itemIds: [], truckIds: [] } }, { ...demo, position: undefined });
    expect(anywhere.text).toMatch(/^There is no open seafood truck right now\. Gulf Coast Catch is closed now, at 1600 Barton Springs Rd\. Gulf Coast Catch will be at /);
  });

  it('"how far is Gulf Coast Catch": where a named truck is and how far, open or closed, and a closed one\'s next stop', () => {
    const closed = answerQuestion({ kind: 'where', truckIds: [3] }, demo);
    expect(closed.text).toBe(
      'Gulf Coast Catch is closed right now, 1 mile away at 1600 Barton Springs Rd. Its next stop is 1600 Barton Springs Rd on Friday from 11 AM to 7 PM.',
    );
    expect(closed.truckIds).toEqual([3]);
    expect(answerQuestion({ kind: 'where', truckIds: [1] }, demo).text).toBe('Smokestack BBQ is open now, 360 feet away at 1100 S Congress Ave.');
  });

  it('"how far is Smokestack" without the diner\'s position: where it is, and how to learn the distance', () => {
    const away = { ...demo, position: undefined };
    expect(answerQuestion({ kind: 'where', truckIds: [1], howFar: true }, away).text).toBe(
      'Smokestack BBQ is open now, at 1100 S Congress Ave. Share your location and I can tell you how far Smokestack BBQ is.',
    );
    // "Where is Smokestack" did not ask how far: no invitation.
    expect(answerQuestion({ kind: 'where', truckIds: [1] }, away).text).toBe('Smokestack BBQ is open now, at 1100 S Congress Ave.');
    // With a position the distance is the answer.
    expect(answerQuestion({ kind: 'where', truckIds: [1], howFar: true }, demo).text).toBe('Smokestack BBQ is open now, 360 feet away at 1100 S Congress Ave.');
  });

  it('"which is closer, Gulf Coast Catch or Smokestack": the nearer first, each with its distance and whether it is open', () => {
    const reply = answerQuestion({ kind: 'where', truckIds: [3, 1], closer: true }, demo);
    expect(reply.text).toBe(
      'Smokestack BBQ is closer: 360 feet away at 1100 S Congress Ave, open now. Gulf Coast Catch is 1 mile away, closed right now.',
    );
    expect(reply.truckIds).toEqual([1, 3]);
    // A follow-up is about the nearer one; "the other one" about the farther.
    expect(reply.state).toEqual({ truckIds: [1, 3], index: 0, closer: 1 });
    expect(answerQuestion({ kind: 'where', truckIds: [3, 1], closer: true }, { ...demo, position: undefined }).text).toBe(
      'Share your location and I can tell you which of Gulf Coast Catch and Smokestack BBQ is closer.',
    );
  });

  it('"does Taco Libre have fish tacos" when it has none: said of its menu, recommending nothing', () => {
    const reply = answerQuestion({ kind: 'price', food: { words: 'fish tacos', cuisines: [], itemIds: [30], truckIds: [] }, truckIds: [4], cheapest: false }, demo);
    expect(reply.text).toBe("I couldn't find fish tacos on Taco Libre's menu.");
    expect(reply.truckIds).toEqual([]);
  });

  it('"the best seafood around here" with the seafood truck closed: none open, said so, recommending nothing', () => {
    const seafood = { words: 'seafood', cuisines: ['Seafood'], itemIds: [], truckIds: [] };
    const reply = answerQuestion({ kind: 'best', food: seafood }, demo);
    expect(reply.text).toBe('There is no open seafood truck near you right now.');
    expect(reply.truckIds).toEqual([]);
    // Open but none rated: the nearest open one, said so.
    expect(answerQuestion({ kind: 'best' }, demo).text).toMatch(/^No open food trucks near you have ratings yet\. The nearest open food truck is Smokestack BBQ, /);
  });

  it('"the cheapest fish tacos" with only closed trucks having them: where they are, why not now, and when next out', () => {
    const cheapest = (itemIds: number[], over: Partial<AnswerContext> = {}) =>
      answerQuestion({ kind: 'price', food: { words: 'fish tacos', cuisines: [], itemIds, truckIds: [] }, cheapest: true }, { ...demo, ...over });
    const reply = cheapest([30]);
    expect(reply.text).toBe(
      'Fish Tacos at Gulf Coast Catch cost $12.00, but Gulf Coast Catch is closed right now. Its next stop is 1600 Barton Springs Rd on Friday from 11 AM to 7 PM.',
    );
    expect(reply.truckIds).toEqual([3]);
    // Two of them, the cheaper one sold out at an open truck.
    const soldOut = new Map(demo.itemsByTruck);
    soldOut.set(4, [{ id: 40, truckId: 4, name: 'Fish Taco', priceCents: 500, available: false }]);
    expect(cheapest([30, 40], { itemsByTruck: soldOut }).text).toBe(
      'The cheapest is Fish Taco at Taco Libre, $5.00, but it is not available right now.',
    );
    // A dish named in the plural is said so; "Hummus" is one.
    const churros = new Map(demo.itemsByTruck);
    churros.set(4, [{ id: 41, truckId: 4, name: 'Churros', priceCents: 400, available: false }]);
    expect(cheapest([41], { itemsByTruck: churros }).text).toBe('Churros at Taco Libre cost $4.00, but they are not available right now.');
    churros.set(4, [{ id: 42, truckId: 4, name: 'Hummus', priceCents: 600, available: false }]);
    expect(cheapest([42], { itemsByTruck: churros }).text).toBe('Hummus at Taco Libre costs $6.00, but it is not available right now.');
  });

  it('"anything open within half a mile": the trucks that near, or none with the nearest beyond', () => {
    // As distances are said: 360 feet (0.07 miles) is within a tenth of a mile, 0.2 miles is not.
    const near = answerQuestion({ kind: 'open-now', withinMiles: 0.1 }, demo);
    expect(near.text).toMatch(/^One food truck is open within 0\.1 miles now: Smokestack BBQ, 360 feet\.$/);
    const none = answerQuestion({ kind: 'open-now', withinMiles: 0.01 }, demo);
    expect(none.text).toMatch(/^No food truck is open within [\d.]+ (miles|feet) of you right now\. The nearest open one is Smokestack BBQ, 360 feet away/);
    expect(none.truckIds).toEqual([1]);
  });

  it('"do they have churros" when the only churros are off today: said so, not hidden behind "no truck"', () => {
    const churros = new Map(demo.itemsByTruck);
    churros.set(4, [{ id: 41, truckId: 4, name: 'Churros', priceCents: 400, available: false }]);
    const ask = { kind: 'nearest' as const, food: { words: 'churros', cuisines: [], itemIds: [41], truckIds: [] } };
    expect(answerQuestion(ask, { ...demo, itemsByTruck: churros }).text).toBe(
      'There is no open truck serving churros right now. Taco Libre has Churros on its menu, but not right now.',
    );
  });

  it('"what\'s Taco Libre\'s number": the phone as every screen writes it, or that none is listed', () => {
    const withPhone = new Map(demo.trucks);
    withPhone.set(4, { ...fishTacos, phone: '+15125550112' });
    const reply = answerQuestion({ kind: 'phone', truckIds: [4] }, { ...demo, trucks: withPhone });
    expect(reply.text).toBe('You can call Taco Libre at 512-555-0112.');
    expect(reply.truckIds).toEqual([4]);
    expect(answerQuestion({ kind: 'phone', truckIds: [3] }, demo).text).toBe('Gulf Coast Catch has not listed a phone number.');
  });

  it('"can I order ahead at Taco Libre": yes with the wait, or the ordering panel\'s own reason and, closed, its next stop', () => {
    const ask = (ordering: AnswerContext['ordering'], truckIds = [4]) => answerQuestion({ kind: 'order-ahead', truckIds }, { ...demo, ordering });
    const yes = ask(new Map([[4, { refusal: null, estimatedWaitMinutes: 15 }]]));
    expect(yes.text).toBe('Yes, you can order ahead from Taco Libre on its page. An order placed now is ready in about 15 minutes.');
    expect(yes.truckIds).toEqual([4]);
    expect(ask(new Map([[4, { refusal: ORDERING_REFUSALS.paused('Taco Libre', '12:40 PM'), estimatedWaitMinutes: 10 }]])).text).toBe(
      'No. Taco Libre has paused orders until 12:40 PM. Please check back then.',
    );
    // Nothing read for it: it does not take orders online, never a yes.
    expect(ask(new Map()).text).toBe('No. Taco Libre does not take orders online.');
    // Closed: and where it is next.
    expect(ask(new Map([[3, { refusal: ORDERING_REFUSALS.closed('Gulf Coast Catch'), estimatedWaitMinutes: 10 }]]), [3]).text).toBe(
      'No. Gulf Coast Catch is closed right now. Ordering opens when the truck does. Its next stop is 1600 Barton Springs Rd on Friday from 11 AM to 7 PM.',
    );
  });

  it('"who delivers", "does Taco Libre deliver": no delivery here, said first; ordering ahead for pickup is the answer', () => {
    const ordering = new Map([[4, { refusal: null, estimatedWaitMinutes: 15 }]]);
    const named = answerQuestion({ kind: 'order-ahead', truckIds: [4], delivery: true }, { ...demo, ordering });
    expect(named.text).toBe(
      "Taco Libre doesn't deliver through Food Truck Finder, but you can order ahead from it on its page and pick up. An order placed now is ready in about 15 minutes.",
    );
    expect(answerQuestion({ kind: 'order-ahead', truckIds: [4], delivery: true }, demo).text).toBe(
      "Taco Libre doesn't deliver through Food Truck Finder. Taco Libre does not take orders online.",
    );
    const nearby = answerQuestion({ kind: 'quickest', delivery: true }, { ...demo, ordering });
    expect(nearby.text).toBe(
      "Trucks don't deliver through Food Truck Finder, but you can order ahead and pick up. Of the open food trucks, only Taco Libre takes orders ahead: an order placed now is ready in about 15 minutes. It is 1.4 miles away at 1300 E 6th St.",
    );
    expect(nearby.truckIds).toEqual([4]);
  });

  it('"what\'s good for kids": what no truck states is said so, with what they do; no free question used', () => {
    const reply = answerQuestion({ kind: 'not-stated', what: 'kids' }, demo);
    expect(reply.text).toBe(
      "Trucks don't say whether they're good for kids. They do say whether they have seating, shade or a restroom nearby: ask, for example, which trucks have seating?",
    );
    expect(reply).toMatchObject({ truckIds: [], understood: false });
  });

  it('"which truck has the shortest wait": the open trucks taking orders, the shortest wait first, then the nearer', () => {
    // The open ones, nearest first, are the ones whose order panel is read; the closed seafood truck is not.
    expect(orderingAsked({ kind: 'quickest' }, demo)).toEqual([1, 4, 2]);
    expect(orderingAsked({ kind: 'quickest', food: vegan }, demo)).toEqual([1, 2]);
    expect(orderingAsked({ kind: 'order-ahead', truckIds: [3] }, demo)).toEqual([3]);
    expect(orderingAsked({ kind: 'open-now' }, demo)).toEqual([]);
    const ask = (ordering: AnswerContext['ordering'], food?: typeof vegan) =>
      answerQuestion({ kind: 'quickest', ...(food ? { food } : {}) }, { ...demo, ordering });
    const taking = (wait: number) => ({ refusal: null as string | null, estimatedWaitMinutes: wait });
    const three = ask(new Map([[1, taking(20)], [4, taking(10)], [2, taking(20)]]));
    expect(three.text).toBe(
      'Taco Libre has the shortest wait: an order placed now is ready in about 10 minutes. It is 1.4 miles away at 1300 E 6th St. Also taking orders: Smokestack BBQ, about 20 minutes and Green Machine, about 20 minutes.',
    );
    expect(three.truckIds).toEqual([4, 1, 2]);
    // Paused orders are no yes; one left taking orders is said to be the only one.
    const one = ask(new Map([[1, { refusal: ORDERING_REFUSALS.paused('Smokestack BBQ', '12:40 PM'), estimatedWaitMinutes: 10 }], [4, taking(1)]]));
    expect(one.text).toBe(
      'Of the open food trucks, only Taco Libre takes orders ahead: an order placed now is ready in about 1 minute. It is 1.4 miles away at 1300 E 6th St.',
    );
    expect(one.truckIds).toEqual([4]);
    // The same wait everywhere (the default prep time): none is said to be quicker; the nearest is named.
    const same = ask(new Map([[1, taking(10)], [4, taking(10)], [2, taking(10)]]));
    expect(same.text).toBe(
      'Smokestack BBQ, Taco Libre and Green Machine take orders ahead on their pages: at each, an order placed now is ready in about 10 minutes. The nearest is Smokestack BBQ, 360 feet away at 1100 S Congress Ave.',
    );
    expect(same.truckIds).toEqual([1, 4, 2]);
    // None takes orders: said so, and the nearest open trucks recommended instead.
    const none = ask(new Map(), vegan);
    expect(none.text).toBe(
      'None of the open trucks with vegan food take orders ahead right now. The nearest open one is Smokestack BBQ, 360 feet away at 1100 S Congress Ave.',
    );
    expect(none.truckIds).toEqual([1, 2]);
    // None open at all.
    const closed = new Map([...demo.trucks].map(([id, t]) => [id, { ...t, isOpen: false }]));
    expect(answerQuestion({ kind: 'quickest' }, { ...demo, trucks: closed }).text).toBe('No food truck is open right now.');
  });

  it('"does Taco Libre deliver": not known, said so, with what it can tell; no free question used', () => {
    const reply = answerQuestion({ kind: 'unknown-about-truck', truckIds: [4], what: 'deliver', menu: false }, demo);
    expect(reply.text).toBe("I don't know that about Taco Libre. I can tell you where it is, what it sells and when it's open.");
    expect(reply.understood).toBe(false);
    // "Does Taco Libre have horchata": its menu answers.
    const menu = answerQuestion({ kind: 'unknown-about-truck', truckIds: [4], what: 'horchata', menu: true }, demo);
    expect(menu).toMatchObject({ text: "I couldn't find horchata on Taco Libre's menu.", truckIds: [4], understood: true });
  });

  it('"is Gulf Coast Catch open": no, and when it is next out', () => {
    expect(answerQuestion({ kind: 'is-open', truckIds: [3] }, demo).text).toBe(
      'No, Gulf Coast Catch is closed right now. Its next stop is 1600 Barton Springs Rd on Friday from 11 AM to 7 PM.',
    );
  });

  it('"what\'s the cheapest thing at Gulf Coast Catch": its menu\'s cheapest available dish, and each dish at that price', () => {
    const menu = (items: Array<[number, string, number, boolean]>) =>
      new Map([[3, items.map(([id, name, priceCents, available]) => ({ id, truckId: 3, name, priceCents, available }))]]);
    const reply = (items: Array<[number, string, number, boolean]>) =>
      answerQuestion({ kind: 'menu', truckIds: [3], cheapest: true }, { ...demo, itemsByTruck: menu(items) }).text;
    expect(reply([[1, 'Fish Tacos', 1200, true], [2, 'Hush Puppies', 500, true], [3, 'Gumbo Cup', 400, false]])).toBe(
      'The cheapest at Gulf Coast Catch is Hush Puppies, $5.00.',
    );
    expect(reply([[1, 'Hush Puppies', 500, true], [2, 'Slaw', 500, true]])).toBe('The cheapest at Gulf Coast Catch is Hush Puppies and Slaw, $5.00.');
    expect(reply([])).toBe('Gulf Coast Catch has no menu items listed yet.');
  });

  it('"is there any seafood open now" still says none is open, recommending nothing: the question was about open trucks', () => {
    const reply = answerQuestion({ kind: 'open-now', food: { words: 'seafood', cuisines: ['Seafood'], itemIds: [], truckIds: [] } }, demo);
    // With when the first of them is out next (session 65: "is there indian food open today").
    expect(reply.text).toBe('No seafood truck is open right now. Gulf Coast Catch is next out on Friday from 11 AM to 7 PM at 1600 Barton Springs Rd.');
    expect(reply.truckIds).toEqual([]);
  });

  it('a food no truck has is still "none", never another truck', () => {
    const reply = answerQuestion({ kind: 'nearest', food: { words: 'sushi', cuisines: ['Asian'], itemIds: [], truckIds: [] } }, demo);
    expect(reply).toMatchObject({ text: 'No truck lists sushi. There is no open Asian truck right now.', truckIds: [] });
  });
});

describe('unsure: foods heard that no truck has together', () => {
  it('asks which one, naming both, with an example made of what was heard; recommends nothing and uses no free question', () => {
    const reply = answerQuestion({ kind: 'unsure', words: ['soul food', 'seafood'] }, context);
    expect(reply).toMatchObject({
      text: "Sorry, I didn't catch that. I heard both soul food and seafood: which did you mean? Please rephrase, for example: find me some seafood?",
      truckIds: [],
      understood: false,
    });
  });

  it('a food the recogniser doubts (ADR 0171): asks which, the likelier first, letters said one by one written as one word', () => {
    const reply = answerQuestion({ kind: 'unsure', words: ['pizza', 'b b q'], doubted: true }, context);
    expect(reply).toMatchObject({
      text: "Sorry, I'm not sure I heard that right: did you mean BBQ or pizza? Please ask again, for example: find me some BBQ?",
      truckIds: [],
      understood: false,
    });
    expect(written('a b c and b b q or tex mex')).toBe('ABC and BBQ or Tex-Mex');
    expect(written('korean barbecue near the thai place')).toBe('Korean barbecue near the Thai place');
    expect(written('i want a taco')).toBe('i want a taco');
    // Digits said one by one are written as digits: a ZIP code no truck is in is said back as typed.
    expect(written('seven eight seven five zero')).toBe('78750');
    expect(written('one or two tacos')).toBe('one or two tacos');
  });
});

describe('a day of the week, and who is at a place (issue 25)', () => {
  // Tuesday 12:30 in Chicago. The Capitol; Tacos El Rey stops there on Wednesdays, Taco Loco a mile away.
  const capitol = { name: 'the Capitol', lat: 30.2747, lng: -97.7404 };
  const near = (s: StopValues, lat: number, lng: number): StopValues => ({ ...s, latitude: lat, longitude: lng });
  const places: AnswerContext = {
    ...context,
    schedules: new Map([
      [1, { zone: 'America/Chicago', stops: [near(stop(10, 1, 3, 11, 14, '1100 Congress Ave'), 30.2745, -97.7405), near(stop(11, 1, 5, 17, 20, 'Zilker Park'), 30.2669, -97.7729)] }],
      [2, { zone: 'America/Chicago', stops: [near(stop(20, 2, 3, 12, 15, 'Rainey Street'), 30.2597, -97.7389), near(stop(21, 2, 3, 16, 18, 'the Capitol'), 30.2747, -97.7404)] }],
    ]),
  };
  const askAt = (intent: Parameters<typeof answerQuestion>[0]) => answerQuestion(intent, places);

  it('"is Taco Loco open on Friday": that day\'s stops, or none and the next one', () => {
    expect(askAt({ kind: 'schedule', when: 'wednesday', truckIds: [1] }).text).toBe(
      'Tacos El Rey will be at 1100 Congress Ave tomorrow from 11 AM to 2 PM.',
    );
    expect(askAt({ kind: 'schedule', when: 'friday', truckIds: [2] }).text).toBe(
      'Taco Loco has no stops on Friday. Its next stop is Rainey Street tomorrow from noon to 3 PM.',
    );
    // Today's weekday is today (Tuesday): its stops not over yet; it has none.
    expect(askAt({ kind: 'schedule', when: 'tuesday', truckIds: [1] }).text).toBe(
      'Tacos El Rey has no stops on Tuesday. Its next stop is 1100 Congress Ave tomorrow from 11 AM to 2 PM.',
    );
  });

  it('"who is at the Capitol on Wednesday": the stops within a short walk, soonest first, each truck once', () => {
    const reply = askAt({ kind: 'schedule', when: 'wednesday', place: capitol });
    expect(reply.text).toBe(
      'On Wednesday near the Capitol: Tacos El Rey from 11 AM to 2 PM at 1100 Congress Ave and Taco Loco from 4 PM to 6 PM.',
    );
    expect(reply.truckIds).toEqual([1, 2]);
    expect(askAt({ kind: 'schedule', when: 'next', place: capitol }).text).toBe(
      'Coming up near the Capitol: Tacos El Rey tomorrow from 11 AM to 2 PM at 1100 Congress Ave and Taco Loco tomorrow from 4 PM to 6 PM.',
    );
    expect(askAt({ kind: 'schedule', when: 'wednesday', place: capitol, cuisine: 'Asian' }).text).toBe(
      'No Asian truck has a stop near the Capitol on Wednesday.',
    );
  });

  it('none there that day: says so, and the nearest stop that day with how far it is from the place', () => {
    const reply = askAt({ kind: 'schedule', when: 'friday', place: capitol });
    expect(reply.text).toBe(
      'No food truck has a stop near the Capitol on Friday. The nearest is Tacos El Rey at Zilker Park, 2 miles from the Capitol, from 5 PM to 8 PM.',
    );
    expect(reply.truckIds).toEqual([1]);
    expect(askAt({ kind: 'schedule', when: 'thursday', place: capitol })).toMatchObject({
      text: 'No food truck has a stop near the Capitol on Thursday.',
      truckIds: [],
    });
  });
});

describe('dishes by price and course: "anything under 10 bucks", "what drinks does Smokestack have" (issue 25)', () => {
  const at = (t: KnownTruck, lat: number, over: Partial<KnownTruck> = {}): KnownTruck => ({ ...t, latitude: lat, longitude: -97.75, isOpen: true, ...over });
  const bbq = at(truck(1, 'Smokestack BBQ', 'BBQ'), 30.251);
  const tacos = at(truck(2, 'Taco Libre', 'Mexican'), 30.27);
  const far = at(truck(3, 'Far Tacos', 'Mexican'), 30.5);
  const closed = at(truck(4, 'Closed Tacos', 'Mexican'), 30.252, { isOpen: false });
  const item = (id: number, truckId: number, name: string, priceCents: number, more: object = {}) => ({ id, truckId, name, priceCents, available: true, ...more });
  const menus: AnswerContext = {
    ...context,
    trucks: new Map([bbq, tacos, far, closed].map((t) => [t.id, t])),
    itemsByTruck: new Map([
      [1, [item(10, 1, 'Brisket Plate', 1850), item(11, 1, 'Sweet Tea', 300, { diets: { vegan: true }, category: 'Beverages' }), item(12, 1, 'Mac & Cheese', 450, { category: 'Sides' }), item(13, 1, 'Banana Pudding', 500), item(14, 1, 'Slaw', 350, { available: false, category: 'Sides' })]],
      [2, [item(20, 2, 'Al Pastor Taco', 375), item(21, 2, 'Bean Burrito', 900), item(22, 2, 'Horchata', 350, { category: 'Beverages' })]],
      [3, [item(30, 3, 'Fish Taco', 200)]],
      [4, [item(40, 4, 'Carnitas Taco', 150)]],
    ]),
    position: { lat: 30.25, lng: -97.75 },
  };
  const tacoWords = { words: 'tacos', cuisines: ['Mexican'], itemIds: [20, 30, 40], truckIds: [] };
  const askUnder = (intent: Omit<Extract<Parameters<typeof answerQuestion>[0], { kind: 'dishes' }>, 'kind'>) =>
    answerQuestion({ kind: 'dishes', ...intent }, menus);

  it('the available dishes at the price or less at open trucks nearby, nearest truck first, cheapest dish first', () => {
    const reply = askUnder({ cents: 500 });
    expect(reply.text).toBe(
      'For $5.00 or less near you: Smokestack BBQ, 360 feet: Sweet Tea $3.00, Mac & Cheese $4.50 and Banana Pudding $5.00; Taco Libre, 1.4 miles: Horchata $3.50 and Al Pastor Taco $3.75.',
    );
    // Far Tacos is 17 miles away (beyond CHEAP_NEAR_MILES) and Closed Tacos is closed.
    expect(reply.truckIds).toEqual([1, 2]);
  });

  it('"the cheapest mexican food": the cheapest dish (not drink) of the cuisine\'s open trucks nearby; none open, said so', () => {
    const cheapestOf = (cuisine: string) =>
      answerQuestion({ kind: 'price', food: { words: cuisine.toLowerCase(), cuisines: [cuisine], itemIds: [], truckIds: [] }, cheapest: true }, menus);
    // Not Horchata ($3.50, a drink), Far Tacos' $2 taco (17 miles) nor Closed Tacos' $1.50 one.
    const reply = cheapestOf('Mexican');
    expect(reply.text).toMatch(/^The cheapest dish at a Mexican truck near you is Al Pastor Taco at Taco Libre, \$3\.75, 1\.4 miles away/);
    expect(reply.truckIds[0]).toBe(2);
    expect(cheapestOf('Indian')).toMatchObject({ text: 'No Indian truck is open right now.', truckIds: [] });
    // "cheap mexican food" with a dish that has the word in its name: still every dish of the cuisine.
    const named = answerQuestion(
      { kind: 'price', food: { words: 'mexican', cuisines: ['Mexican'], itemIds: [21], truckIds: [] }, cheapest: true },
      menus,
    );
    expect(named.text).toMatch(/^The cheapest dish at a Mexican truck near you is Al Pastor Taco at Taco Libre, \$3\.75/);
  });

  it('no price, food or course ("cheap eats near me"): the cheapest dishes of open trucks nearby', () => {
    expect(askUnder({}).text).toBe(
      'The cheapest dishes near you: Smokestack BBQ, 360 feet: Sweet Tea $3.00, Mac & Cheese $4.50, Banana Pudding $5.00 and 1 more; Taco Libre, 1.4 miles: Horchata $3.50, Al Pastor Taco $3.75 and Bean Burrito $9.00.',
    );
  });

  it('with a food, its dishes only; a named truck, its own dishes', () => {
    expect(askUnder({ cents: 400, food: tacoWords }).text).toBe('Tacos for $4.00 or less near you: Taco Libre, 1.4 miles: Al Pastor Taco $3.75.');
    const vegan = { words: 'vegan', cuisines: ['Vegetarian'], itemIds: [], truckIds: [], diets: ['vegan'] };
    expect(askUnder({ cents: 800, food: vegan }).text).toBe('Vegan for $8.00 or less near you: Smokestack BBQ, 360 feet: Sweet Tea $3.00.');
    expect(askUnder({ cents: 1000, truckIds: [1] }).text).toBe(
      'For $10.00 or less at Smokestack BBQ: Sweet Tea $3.00, Mac & Cheese $4.50 and Banana Pudding $5.00.',
    );
    expect(askUnder({ cents: 200, truckIds: [2] }).text).toBe('Taco Libre has no dishes for $2.00 or less right now. The cheapest is Horchata, $3.50.');
  });

  it('a course of the menu: a named truck\'s (available ones only), or at open trucks nearby; with a price too', () => {
    expect(askUnder({ category: 'Beverages', truckIds: [1] }).text).toBe('Drinks at Smokestack BBQ: Sweet Tea $3.00.');
    expect(askUnder({ category: 'Sides', truckIds: [2] }).text).toBe('Taco Libre has no sides on its menu.');
    // Slaw is Smokestack's other side, sold out today.
    expect(askUnder({ category: 'Sides', truckIds: [1], cents: 400 }).text).toBe(
      'Smokestack BBQ has no sides for $4.00 or less right now. The cheapest is Mac & Cheese, $4.50.',
    );
    const soldOut = answerQuestion({ kind: 'dishes', category: 'Sides', truckIds: [1] }, { ...menus, itemsByTruck: new Map([[1, [item(14, 1, 'Slaw', 350, { available: false, category: 'Sides' })]]]) });
    expect(soldOut.text).toBe('Smokestack BBQ has no sides available right now. Slaw is not available today.');
    const drinks = askUnder({ category: 'Beverages' });
    expect(drinks.text).toBe('Drinks near you: Smokestack BBQ, 360 feet: Sweet Tea $3.00; Taco Libre, 1.4 miles: Horchata $3.50.');
    expect(drinks.truckIds).toEqual([1, 2]);
    expect(askUnder({ category: 'Beverages', cents: 325 }).text).toBe('Drinks for $3.25 or less near you: Smokestack BBQ, 360 feet: Sweet Tea $3.00.');
    expect(askUnder({ category: 'Sides', cents: 300 }).text).toBe(
      'No sides for $3.00 or less near you right now. The cheapest is Mac & Cheese at Smokestack BBQ, $4.50.',
    );
  });

  it('nothing that cheap: says so, with the cheapest there is, never a closed truck', () => {
    const reply = askUnder({ cents: 250 });
    expect(reply.text).toBe('Nothing for $2.50 or less near you right now. The cheapest is Sweet Tea at Smokestack BBQ, $3.00.');
    expect(reply.truckIds).toEqual([1]);
    expect(askUnder({ cents: 300, food: { words: 'coffee', cuisines: ['Coffee'], itemIds: [], truckIds: [] } })).toMatchObject({
      text: 'No coffee for $3.00 or less at an open truck right now.',
      truckIds: [],
    });
  });

  it('"something spicy": a describing word is said as one, never "a truck serving spicy"', () => {
    // The Al Pastor Taco is the spicy dish; the Horchata is not.
    const spicy = { words: 'spicy', cuisines: [], itemIds: [20], truckIds: [2] };
    expect(answerQuestion({ kind: 'nearest', food: spicy }, menus).text).toMatch(/^The nearest open truck with something spicy is Taco Libre, 1\.4 miles away/);
    expect(answerQuestion({ kind: 'price', food: spicy, cheapest: true }, menus).text).toMatch(
      /^The cheapest spicy dish near you is Al Pastor Taco at Taco Libre, \$3\.75/,
    );
    expect(askUnder({ cents: 500, food: spicy }).text).toBe('Something spicy for $5.00 or less near you: Taco Libre, 1.4 miles: Al Pastor Taco $3.75.');
    expect(askUnder({ food: spicy, truckIds: [1] }).text).toBe('Smokestack BBQ has nothing spicy on its menu.');
    const healthy = { words: 'healthy', cuisines: [], itemIds: [], truckIds: [] };
    expect(answerQuestion({ kind: 'price', food: healthy, cheapest: false }, menus).text).toBe("I couldn't find anything healthy on any menu.");
    expect(answerQuestion({ kind: 'not-found', what: 'healthy' }, menus).text).toMatch(/^I couldn't find anything healthy at any truck right now\./);
    // A dish keeps its name: "tacos", not "something tacos".
    expect(askUnder({ food: tacoWords, truckIds: [1] }).text).toBe('Smokestack BBQ has no tacos on its menu.');
  });
});

describe('the time asked for, not this minute (session 64)', () => {
  // Tuesday 12:30 in Chicago: Tacos El Rey's Capitol stop is under way; two stops are still to come.
  const laterStops = new Map([
    [1, { zone: 'America/Chicago', stops: [stop(10, 1, 2, 11, 14, 'the Capitol'), stop(13, 1, 2, 18, 21, 'Rainey Street')] }],
    [2, { zone: 'America/Chicago', stops: [stop(21, 2, 2, 15, 17, 'South Congress')] }],
  ]);

  it('"what\'s open later today": the stops still to start today, the soonest first; none said so', () => {
    const later = answerQuestion({ kind: 'open-now', later: true }, { ...context, schedules: laterStops });
    expect(later).toMatchObject({
      text: 'Later today: Taco Loco from 3 PM to 5 PM at South Congress and Tacos El Rey from 6 PM to 9 PM at Rainey Street.',
      truckIds: [2, 1],
    });
    expect(ask({ kind: 'open-now', later: true })).toMatchObject({ text: 'No food truck has a stop later today.', truckIds: [] });
  });

  it('"tonight" with nothing scheduled says which trucks are open now', () => {
    const openNow = { ...context, trucks: new Map([[1, { ...rey, isOpen: true }], [2, loco]]) };
    expect(answerQuestion({ kind: 'open-now', after: 17 * 60 }, openNow)).toMatchObject({
      text: 'No food truck is scheduled to be open after 5 PM today. Open now: Tacos El Rey.',
      truckIds: [1],
    });
    expect(ask({ kind: 'open-now', after: 17 * 60 }).text).toBe('No food truck is scheduled to be open after 5 PM today.');
  });

  it('"where can I eat at noon": the stops under way then, today; none said so', () => {
    const atNoon = answerQuestion({ kind: 'open-now', at: 12 * 60 }, context);
    expect(atNoon).toMatchObject({ text: 'At noon today: Tacos El Rey from 11 AM to 2 PM at the Capitol.', truckIds: [1] });
    expect(ask({ kind: 'open-now', at: 16 * 60 }).text).toBe('No food truck is scheduled to be out at 4 PM today.');
  });

  const weekendStops = new Map([
    [1, { zone: 'America/Chicago', stops: [stop(14, 1, 6, 11, 14, 'the Capitol')] }],
    [2, { zone: 'America/Chicago', stops: [stop(22, 2, 7, 12, 15, 'Rainey Street'), stop(23, 2, 6, 17, 20, 'Zilker Park')] }],
  ]);

  it('"what\'s open this weekend": Saturday and Sunday in one answer; on a Sunday, Sunday only', () => {
    const weekend = answerQuestion({ kind: 'schedule', when: 'saturday', weekend: true }, { ...context, schedules: weekendStops });
    expect(weekend).toMatchObject({
      text: 'This weekend: on Saturday, Tacos El Rey from 11 AM to 2 PM and Taco Loco from 5 PM to 8 PM; on Sunday, Taco Loco from noon to 3 PM.',
      truckIds: [1, 2],
    });
    const sunday = answerQuestion(
      { kind: 'schedule', when: 'saturday', weekend: true },
      { ...context, schedules: weekendStops, now: new Date('2027-06-20T10:00:00-05:00') },
    );
    expect(sunday.text).toBe('This weekend: on Sunday, Taco Loco from noon to 3 PM.');
    expect(ask({ kind: 'schedule', when: 'saturday', weekend: true }).text).toBe('No food truck has stops this weekend.');
  });

  it('"what\'s open saturday evening", "saturday lunch": that part of the day\'s stops, each with its hours', () => {
    const withStops = { ...context, schedules: weekendStops };
    expect(answerQuestion({ kind: 'schedule', when: 'saturday', part: 'evening' }, withStops)).toMatchObject({
      text: 'On Saturday evening: Taco Loco from 5 PM to 8 PM at Zilker Park.',
      truckIds: [2],
    });
    expect(answerQuestion({ kind: 'schedule', when: 'saturday', part: 'lunch' }, withStops).text).toBe('On Saturday at lunch: Tacos El Rey from 11 AM to 2 PM at the Capitol.');
    expect(answerQuestion({ kind: 'schedule', when: 'tomorrow', part: 'evening' }, context).text).toBe(
      'Tomorrow evening: Tacos El Rey from 5 PM to 8 PM at Zilker Park.',
    );
    expect(answerQuestion({ kind: 'schedule', when: 'saturday', part: 'evening', truckIds: [1] }, withStops).text).toBe(
      'Tacos El Rey has no stops on Saturday evening. Its next stop is the Capitol on Saturday from 11 AM to 2 PM.',
    );
  });

  it('"is Taco Loco out this weekend": each day of its weekend, or its next stop', () => {
    const withStops = { ...context, schedules: weekendStops };
    expect(answerQuestion({ kind: 'schedule', when: 'saturday', weekend: true, truckIds: [2] }, withStops).text).toBe(
      'Taco Loco will be at Zilker Park on Saturday from 5 PM to 8 PM. It will be at Rainey Street on Sunday from noon to 3 PM.',
    );
    expect(ask({ kind: 'schedule', when: 'saturday', weekend: true, truckIds: [2] }).text).toBe(
      'Taco Loco has no stops this weekend. Its next stop is Rainey Street tomorrow from noon to 3 PM.',
    );
  });
});

describe('a dish no truck lists, and a dish some trucks list (session 64)', () => {
  const open = { ...context, trucks: new Map([rey, loco, sushi].map((t) => [t.id, { ...t, isOpen: true }])) };
  const food = (words: string, cuisines: string[], itemIds: number[] = []) => ({ words, cuisines, itemIds, truckIds: [] });

  it('"sushi", "thai", "pho" at a truck of the cuisine that lists none: said first, then the cuisine\'s truck', () => {
    const pho = answerQuestion({ kind: 'nearest', food: food('pho', ['Asian']) }, open);
    expect(pho.text).toMatch(/^No truck lists pho\. An open Asian truck is Tokyo Rolls,/);
    expect(pho.truckIds).toEqual([3]);
    expect(answerQuestion({ kind: 'open-now', food: food('thai', ['Asian']) }, open).text).toMatch(/^No truck lists Thai food\. One Asian truck is open now/);
    // The cuisine said by its name is what was asked for.
    expect(answerQuestion({ kind: 'nearest', food: food('asian', ['Asian']) }, open).text).toMatch(/^An open Asian truck is Tokyo Rolls/);
  });

  it('"tacos" listed by one truck: that truck, not every Mexican truck', () => {
    const menus = { ...open, itemsByTruck: new Map([[2, [{ id: 5, truckId: 2, name: 'Street Tacos', priceCents: 900, available: true }]]]) };
    const reply = answerQuestion({ kind: 'nearest', food: food('tacos', ['Mexican'], [5]) }, menus);
    expect(reply.truckIds).toEqual([2]);
    expect(reply.text).toMatch(/^An open Mexican truck is Taco Loco,/);
  });
});

describe('a truck at the very place named (session 64)', () => {
  it('is "right there", not "10 feet from 1300 E 6th St at 1300 E 6th St"', () => {
    const there = { ...context, position: { lat: 30.3, lng: -97.7 }, trucks: new Map([[1, { ...rey, isOpen: true, address: '1300 E 6th St' }]]) };
    const reply = answerQuestion({ kind: 'nearest', place: { name: '1300 E 6th St', lat: 30.27, lng: -97.74 } }, there);
    expect(reply.text).toBe('The nearest open food truck to 1300 E 6th St is Tacos El Rey, right there at 1300 E 6th St.');
    const near = answerQuestion({ kind: 'nearest', place: { name: 'the Capitol', lat: 30.2747, lng: -97.7404 } }, there);
    expect(near.text).toMatch(/^The nearest open food truck to the Capitol is Tacos El Rey, 0\.3 miles from the Capitol at 1300 E 6th St\.$/);
  });
});

describe('"which of those are open" (session 64)', () => {
  it('the last list\'s open trucks, or none of them, or a re-ask without a list', () => {
    const listed = { ...context, state: { truckIds: [1, 2, 3], index: 0 }, trucks: new Map([[1, rey], [2, { ...loco, isOpen: true }], [3, sushi]]) };
    expect(answerQuestion({ kind: 'follow-up', ask: 'open-of-list' }, listed)).toMatchObject({ text: 'Of those, open now: Taco Loco.', truckIds: [2] });
    expect(answerQuestion({ kind: 'follow-up', ask: 'open-of-list' }, { ...listed, trucks: new Map([[1, rey], [2, loco], [3, sushi]]) }).text).toBe(
      'None of them is open right now.',
    );
    expect(ask({ kind: 'follow-up', ask: 'open-of-list' })).toMatchObject({ understood: false, truckIds: [] });
  });
});

describe('in diners\' own words, probe 3 (session 65)', () => {
  const open = (t: KnownTruck, lat: number): KnownTruck => ({ ...t, latitude: lat, longitude: -97.75, isOpen: true });
  const bbq = open(truck(1, 'Smokestack BBQ', 'BBQ'), 30.251);
  const tacos = open(truck(2, 'Taco Libre', 'Mexican'), 30.27);
  const green = open(truck(3, 'Green Machine', 'Vegetarian'), 30.3);
  const item = (id: number, truckId: number, name: string, more: object = {}) => ({ id, truckId, name, priceCents: 500, available: true, ...more });
  const menus: AnswerContext = {
    ...context,
    trucks: new Map([bbq, tacos, green].map((t) => [t.id, t])),
    itemsByTruck: new Map([
      [1, [item(10, 1, 'Banana Pudding', { category: 'Desserts', diets: { vegetarian: true }, allergens: { peanuts: 'mayContain', dairy: 'contains' } }), item(11, 1, 'Pulled Pork Sandwich', { diets: { vegetarian: false } })]],
      [2, [item(20, 2, 'Elote', { diets: { vegetarian: true }, allergens: { dairy: 'contains', gluten: 'free' } }), item(21, 2, 'Churros', { category: 'Desserts' }), item(22, 2, 'Horchata', { diets: { vegan: true }, allergens: { dairy: 'free' } }), item(23, 2, 'Al Pastor Taco')]],
      [3, [item(30, 3, 'Falafel Wrap'), item(31, 3, 'Collard Greens', { description: 'Smoked turkey' }), item(32, 3, 'Pecan Pie Slice', { description: 'Texas pecans' }), item(33, 3, 'Tofu Scramble', { description: 'Vegan cheese, soy chorizo, peanut butter toast' })]],
    ]),
    position: { lat: 30.25, lng: -97.75 },
  };
  const labels = (itemIds: number[], diets: string[], allergens: { allergen: string; free: boolean }[] = [], meat = false) =>
    answerQuestion({ kind: 'dish-labels', itemIds, words: 'x', diets, allergens, meat } as Parameters<typeof answerQuestion>[0], menus).text;

  it('"are the collard greens vegetarian" with no label: what the menu\'s own words mention, never a label', () => {
    expect(labels([31], ['vegetarian'])).toBe("Green Machine hasn't said whether its Collard Greens are vegetarian, but its menu mentions turkey.");
    expect(labels([32], [], [{ allergen: 'treeNuts', free: true }])).toBe(
      "Green Machine hasn't said whether its Pecan Pie Slice contains tree nuts, but its menu mentions pecan. Labels are the truck’s own: with an allergy, check at the window.",
    );
    // "Vegan cheese", "soy chorizo" and "peanut butter" are not dairy, meat or dairy.
    expect(labels([33], ['vegan'])).toBe("Green Machine hasn't said whether its Tofu Scramble is vegan.");
    expect(labels([33], [], [{ allergen: 'dairy', free: false }])).toMatch(/^Green Machine hasn't said whether its Tofu Scramble contains dairy\. /);
    expect(labels([33], [], [{ allergen: 'soy', free: false }])).toMatch(/but its menu mentions tofu and soy\. /);
    // A label the truck set is the answer; the words are not read then.
    expect(labels([11], ['vegetarian'])).toBe('No, Smokestack BBQ says its Pulled Pork Sandwich is not vegetarian.');
  });

  it('"need a coffee" with no coffee truck open: the open trucks with a coffee drink on the menu, nearest first', () => {
    const roast = { ...truck(4, 'Rolling Roast', 'Coffee'), latitude: 30.26, longitude: -97.75 };
    const drinks: AnswerContext = {
      ...menus,
      trucks: new Map([...menus.trucks, [4, roast]]),
      itemsByTruck: new Map([...menus.itemsByTruck, [3, [item(34, 3, 'Cold Brew', { description: 'Slow-steeped', priceCents: 450 })]], [4, [item(40, 4, 'Latte')]]]),
    };
    const coffee = { words: 'coffee', cuisines: ['Coffee'], itemIds: [], truckIds: [] };
    // The coffee truck first, closed, with when it is next out; then who has a coffee now.
    const reply = answerQuestion({ kind: 'nearest', food: coffee }, drinks);
    expect(reply.text).toMatch(/^There is no open coffee truck right now\. The nearest coffee truck is Rolling Roast, closed now, .*\. Open now with coffee on the menu: Green Machine \(Cold Brew, \$4\.50\), 3\.5 miles\.$/);
    expect(reply.truckIds).toEqual([4, 3]);
    expect(answerQuestion({ kind: 'open-now', food: coffee }, drinks).text).toMatch(/^No coffee truck is open right now\..* Open now with coffee on the menu: Green Machine/);
    // A coffee truck open is the answer, as before.
    const open = { ...drinks, trucks: new Map([...drinks.trucks, [4, { ...roast, isOpen: true }]]) };
    expect(answerQuestion({ kind: 'nearest', food: coffee }, open).text).toMatch(/^The nearest open coffee truck is Rolling Roast/);
  });

  it('"tacos or bbq near me": the taco sellers and the barbecue trucks, nearest first', () => {
    const reply = answerQuestion({ kind: 'nearest', food: { words: 'tacos or barbecue', cuisines: ['Mexican', 'BBQ'], itemIds: [23], truckIds: [] } }, menus);
    expect(reply.truckIds).toEqual([1, 2]);
    expect(reply.text).toMatch(/^The nearest open truck serving tacos or barbecue is Smokestack BBQ/);
  });

  it('"what\'s cheaper, Taco Libre or Smokestack": the lower-priced menu first, dishes not drinks, each with its range', () => {
    const priced: AnswerContext = {
      ...menus,
      itemsByTruck: new Map([
        [1, [item(11, 1, 'Pulled Pork Sandwich', { priceCents: 1100 }), item(12, 1, 'Brisket', { priceCents: 1850 }), item(13, 1, 'Tea', { category: 'Beverages', priceCents: 100 })]],
        [2, [item(23, 2, 'Al Pastor Taco', { priceCents: 375 }), item(24, 2, 'Elote', { priceCents: 500 })]],
      ]),
    };
    expect(answerQuestion({ kind: 'where', truckIds: [1, 2], cheaper: true }, priced)).toMatchObject({
      text: "Taco Libre is cheaper: its dishes are $3.75 to $5.00; Smokestack BBQ's are $11.00 to $18.50.",
      truckIds: [2, 1],
      state: { truckIds: [2, 1], cheaper: 2 },
    });
    // "Compare Taco Libre and Smokestack": each as named, what it is, open or not, where, its prices
    // and two dishes; the cheaper and the closer kept for "directions to the cheaper one".
    const compared = answerQuestion({ kind: 'where', truckIds: [2, 1], compare: true }, priced);
    expect(compared.text).toBe(
      'Taco Libre is a Mexican truck, open now, 1.4 miles away near 30.270, -97.750; dishes $3.75 to $5.00, such as Al Pastor Taco and Elote. ' +
        'Smokestack BBQ is a barbecue truck, open now, 360 feet away near 30.251, -97.750; dishes $11.00 to $18.50, such as Pulled Pork Sandwich and Brisket.',
    );
    expect(compared.state).toEqual({ truckIds: [2, 1], index: 0, cheaper: 2, closer: 1 });
  });

  it('"something sweet under 6 bucks": the Desserts trucks and every menu\'s Desserts course', () => {
    const reply = answerQuestion({ kind: 'dishes', cents: 600, food: { words: 'sweet', cuisines: ['Desserts'], itemIds: [], truckIds: [] } }, menus);
    expect(reply.text).toMatch(/Banana Pudding \$5\.00/);
    expect(reply.truckIds).toContain(1);
  });

  it('"does the pulled pork have meat": vegetarian asked the other way round, so yes and no swap', () => {
    expect(labels([11], ['vegetarian'], [], true)).toBe('Yes, Smokestack BBQ says its Pulled Pork Sandwich is not vegetarian.');
    expect(labels([20], ['vegetarian'], [], true)).toBe('No, Taco Libre says its Elote is vegetarian.');
  });

  it('"is the elote vegetarian", "does the banana pudding have peanuts": the truck\'s own label, yes or no first', () => {
    expect(labels([20], ['vegetarian'])).toBe('Yes, Taco Libre says its Elote is vegetarian.');
    expect(labels([11], ['vegetarian'])).toBe('No, Smokestack BBQ says its Pulled Pork Sandwich is not vegetarian.');
    expect(labels([20], ['vegan'])).toBe("Taco Libre hasn't said whether its Elote is vegan.");
    expect(labels([10], [], [{ allergen: 'peanuts', free: false }])).toBe(
      'Smokestack BBQ says its Banana Pudding may contain peanuts. Labels are the truck’s own: with an allergy, check at the window.',
    );
    // "Is the horchata dairy free" and "is there dairy in the horchata" are opposite questions.
    expect(labels([22], [], [{ allergen: 'dairy', free: true }])).toMatch(/^Yes, Taco Libre says its Horchata is free of dairy\./);
    expect(labels([22], [], [{ allergen: 'dairy', free: false }])).toMatch(/^No, Taco Libre says its Horchata is free of dairy\./);
    // Stated "contains": no caution needed; a plural name is "they".
    expect(labels([20], [], [{ allergen: 'dairy', free: false }])).toBe('Yes, Taco Libre says its Elote contains dairy.');
    expect(labels([21], [], [{ allergen: 'egg', free: false }])).toMatch(/^Taco Libre hasn't said whether its Churros contain egg\./);
    expect(labels([20], ['vegetarian'], [{ allergen: 'peanuts', free: false }])).toMatch(
      /^Taco Libre says its Elote is vegetarian, and hasn't said whether it contains peanuts\./,
    );
  });

  it('"vegan dessert", "vegan tacos": dishes of that kind stated so, not a truck with a vegan drink', () => {
    const food = (words: string, cuisines: string[], itemIds: number[] = []) => ({ words, cuisines, itemIds, truckIds: [], diets: [words.split(' ')[0]!] });
    const dessert = answerQuestion({ kind: 'nearest', food: food('vegetarian dessert', ['Vegetarian', 'Desserts']) }, menus);
    // The Banana Pudding is on the Desserts course and stated vegetarian.
    expect(dessert).toMatchObject({ truckIds: [1] });
    expect(answerQuestion({ kind: 'nearest', food: food('vegan tacos', ['Vegetarian', 'Mexican'], [23]) }, menus)).toMatchObject({
      text: 'No truck has tacos marked vegan. Open with vegan dishes: Taco Libre and Green Machine.',
      truckIds: [2, 3],
    });
    expect(answerQuestion({ kind: 'nearest', food: food('vegan dessert', ['Vegetarian', 'Desserts']) }, menus).text).toMatch(
      /^No truck has desserts marked vegan\./,
    );
  });

  // Tuesday 12:30 in Chicago.
  const stops = new Map([
    [1, { zone: 'America/Chicago', stops: [stop(10, 1, 2, 11, 14, 'the Capitol'), stop(13, 1, 2, 18, 21, 'Rainey Street')] }],
    [2, { zone: 'America/Chicago', stops: [stop(21, 2, 2, 8, 10, 'South Congress'), stop(22, 2, 2, 12, 15, 'Zilker Park')] }],
  ]);
  const timed = { ...context, schedules: stops };

  it('"what\'s open in an hour": the stops under way then, with the clock; none, said so with who is open now', () => {
    expect(answerQuestion({ kind: 'open-now', inMinutes: 60 }, timed)).toMatchObject({
      text: 'In an hour, at 1:30 PM: Taco Loco from noon to 3 PM at Zilker Park and Tacos El Rey from 11 AM to 2 PM at the Capitol.',
      truckIds: [2, 1],
    });
    expect(answerQuestion({ kind: 'open-now', inMinutes: 30 }, timed).text).toMatch(/^In half an hour, at 1 PM: /);
    const openNow = { ...timed, trucks: new Map([[1, { ...rey, isOpen: true }], [2, loco]]) };
    expect(answerQuestion({ kind: 'open-now', inMinutes: 240 }, openNow).text).toBe(
      'No food truck is scheduled to be out in 4 hours, at 4:30 PM. Open now: Tacos El Rey.',
    );
  });

  it('"which one is open latest": today\'s stops not over, the last to end first', () => {
    expect(answerQuestion({ kind: 'open-now', latest: true }, timed)).toMatchObject({
      text: 'Open latest today: Tacos El Rey until 9 PM at Rainey Street and Taco Loco until 3 PM at Zilker Park.',
      truckIds: [1, 2],
    });
    expect(ask({ kind: 'open-now', latest: true }).text).toBe('Open latest today: Tacos El Rey until 2 PM at the Capitol.');
  });

  it('"tuesday morning" asked on a Tuesday afternoon is next Tuesday; "next tuesday" is a week ahead', () => {
    expect(answerQuestion({ kind: 'schedule', when: 'tuesday', part: 'morning' }, timed).text).toBe(
      'Next Tuesday morning: Taco Loco from 8 AM to 10 AM at South Congress.',
    );
    expect(answerQuestion({ kind: 'schedule', when: 'next tuesday' }, timed).text).toMatch(/^Next Tuesday: /);
    // Today's stops still to come answer a bare "tuesday".
    expect(answerQuestion({ kind: 'schedule', when: 'tuesday', part: 'evening' }, timed).text).toBe(
      'On Tuesday evening: Tacos El Rey from 6 PM to 9 PM at Rainey Street.',
    );
  });
});

describe('a time of another day, and a food on it (session 65)', () => {
  // Tuesday 12:30 in Chicago; Wednesday's stops.
  const wednesday = new Map([
    [1, { zone: 'America/Chicago', stops: [stop(10, 1, 3, 11, 14, 'the Capitol'), stop(11, 1, 3, 18, 26, 'Rainey Street')] }],
    [2, { zone: 'America/Chicago', stops: [stop(20, 2, 3, 17, 22, 'Zilker Park')] }],
  ]);
  const withStops = { ...context, schedules: wednesday };

  it('"food at 10 pm on wednesday": the stops out then; "late night on wednesday": the last to leave first', () => {
    expect(answerQuestion({ kind: 'schedule', when: 'wednesday', at: 21 * 60 }, withStops)).toMatchObject({
      text: 'On Wednesday at 9 PM: Taco Loco from 5 PM to 10 PM at Zilker Park and Tacos El Rey from 6 PM to 2 AM at Rainey Street.',
    });
    expect(answerQuestion({ kind: 'schedule', when: 'wednesday', after: 21 * 60 }, withStops).text).toBe(
      'On Wednesday after 9 PM: Tacos El Rey from 6 PM to 2 AM at Rainey Street and Taco Loco from 5 PM to 10 PM at Zilker Park.',
    );
    expect(answerQuestion({ kind: 'schedule', when: 'wednesday', at: 8 * 60 }, withStops).text).toBe('No food truck has stops on Wednesday at 8 AM.');
  });

  it('a food on a day: only its sellers\' stops, and said by the food when none', () => {
    const menus = { ...withStops, itemsByTruck: new Map([[2, [{ id: 20, truckId: 2, name: 'Elote', priceCents: 500, available: true }]]]) };
    const food = { words: 'elote', cuisines: [], itemIds: [20], truckIds: [] };
    expect(answerQuestion({ kind: 'schedule', when: 'wednesday', food }, menus)).toMatchObject({ truckIds: [2] });
    expect(answerQuestion({ kind: 'schedule', when: 'thursday', food }, menus).text).toBe('No truck serving elote has stops on Thursday.');
  });
});

describe('a truck as a whole, a dish\'s makings (session 65)', () => {
  const open = { ...rey, isOpen: true, description: 'Tacos al carbón since 1998', rating: { average: 4.6, count: 12 } };
  const menus: AnswerContext = {
    ...context,
    trucks: new Map([[1, open]]),
    itemsByTruck: new Map([[1, [
      { id: 10, truckId: 1, name: 'Al Pastor Taco', description: 'Pork, pineapple.', priceCents: 375, available: true },
      { id: 11, truckId: 1, name: 'Churros', priceCents: 400, available: true },
    ]]]),
  };
  it('"tell me about Tacos El Rey": where it is, its own words, its first dishes and its rating', () => {
    expect(answerQuestion({ kind: 'where', truckIds: [1], about: true }, menus).text).toMatch(
      /^Tacos El Rey is open now, .*\. Tacos al carbón since 1998\. On the menu: Al Pastor Taco \$3\.75 and Churros \$4\.00\. It is rated 4\.6/,
    );
  });
  it('"what comes on the …": the description, then the price; none given, said so', () => {
    const describe = (itemIds: number[], words: string) =>
      answerQuestion({ kind: 'price', food: { words, cuisines: [], itemIds, truckIds: [] }, cheapest: false, describe: true }, menus).text;
    expect(describe([10], 'al pastor taco')).toBe('Al Pastor Taco at Tacos El Rey: Pork, pineapple. It costs $3.75.');
    expect(describe([11], 'churros')).toBe("Tacos El Rey hasn't described its Churros; they cost $4.00.");
    const spicy = answerQuestion({ kind: 'price', food: { words: 'al pastor taco', cuisines: [], itemIds: [10], truckIds: [] }, cheapest: false, describe: true, spicy: true }, menus);
    expect(spicy.text).toBe("Tacos El Rey doesn't say Al Pastor Taco is spicy (“Pork, pineapple”); it costs $3.75.");
  });
});

describe('a truck\'s week, and the dishes that have an allergen (session 65)', () => {
  it('"what days is Tacos El Rey out": days with the same hours and place said together', () => {
    const weekly = new Map([
      [1, { zone: 'America/Chicago', stops: [1, 2, 3, 4, 5].map((d) => stop(50 + d, 1, d, 7, 10, 'the Capitol')).concat([stop(60, 1, 6, 18, 22, 'Rainey Street')]) }],
    ]);
    expect(answerQuestion({ kind: 'schedule', when: 'next', truckIds: [1], week: true }, { ...context, schedules: weekly }).text).toBe(
      'Tacos El Rey is out Monday to Friday from 7 AM to 10 AM at the Capitol; and Saturday from 6 PM to 10 PM at Rainey Street.',
    );
    // Each truck's days in its own zone.
    expect(ask({ kind: 'schedule', when: 'next', truckIds: [3], week: true }).text).toBe(
      'Tokyo Rolls is out Thursday from 11:30 AM to 1 PM at Shibuya; and Friday from 11 AM to 2 PM at Ginza.',
    );
    expect(answerQuestion({ kind: 'schedule', when: 'next', truckIds: [2], week: true }, { ...context, schedules: new Map() }).text).toBe(
      'Taco Loco has no stops in the week ahead.',
    );
  });

  it('"egg allergy, what should I avoid at Tacos El Rey": the dishes stated to have it are said', () => {
    const menus = {
      ...context,
      itemsByTruck: new Map([[1, [
        { id: 10, truckId: 1, name: 'Flan', priceCents: 400, available: true, allergens: { egg: 'contains' as const } },
        { id: 11, truckId: 1, name: 'Churros', priceCents: 400, available: true, allergens: { egg: 'mayContain' as const } },
      ]]]),
    };
    expect(answerQuestion({ kind: 'attributes', filters: ['no-egg'], truckIds: [1], openOnly: false }, menus).text).toBe(
      'Tacos El Rey: nothing on the menu is without egg; Flan contains egg and Churros may contain egg.',
    );
  });
});

describe('a food left out (session 65)', () => {
  const open = (t: KnownTruck, lat: number): KnownTruck => ({ ...t, latitude: lat, longitude: -97.75, isOpen: true });
  const menus: AnswerContext = {
    ...context,
    trucks: new Map([open(rey, 30.251), open(truck(4, 'Smokestack BBQ', 'BBQ'), 30.26)].map((t) => [t.id, t])),
    itemsByTruck: new Map([[1, [
      { id: 10, truckId: 1, name: 'Al Pastor Taco', description: 'Pork, pineapple', priceCents: 375, available: true },
      { id: 11, truckId: 1, name: 'Elote', priceCents: 500, available: true },
    ]]]),
    position: { lat: 30.25, lng: -97.75 },
  };
  it('"closest thing that\'s not tacos": that cuisine\'s trucks left out, and said so', () => {
    const reply = answerQuestion({ kind: 'nearest', not: { words: 'tacos', cuisines: ['Mexican'], itemIds: [10], truckIds: [] } }, menus);
    expect(reply.text).toMatch(/^Leaving out tacos, the nearest open food truck is Smokestack BBQ, /);
    expect(reply.truckIds).toEqual([4]);
  });
  it('"anything at Tacos El Rey without pork": the dishes with none of it in name or description', () => {
    const pork = { words: 'pork', cuisines: [], itemIds: [], truckIds: [] };
    expect(answerQuestion({ kind: 'menu', truckIds: [1], without: pork }, menus).text).toBe('At Tacos El Rey, without pork: Elote $5.00.');
    expect(answerQuestion({ kind: 'menu', truckIds: [1], without: { ...pork, words: 'fish' } }, menus).text).toBe(
      "Nothing on Tacos El Rey's menu lists fish: Al Pastor Taco $3.75 and Elote $5.00.",
    );
  });
});

describe('hours of a truck open away from the stop under way (session 65)', () => {
  it('says it is open where it is, without the stop\'s closing time as its own', () => {
    // Tuesday 12:30: Tacos El Rey's Capitol stop (11–14) is under way; the truck is open elsewhere.
    const away = { ...context, trucks: new Map([[1, { ...rey, isOpen: true, latitude: 30.4, longitude: -97.72, address: 'The Domain' }]]) };
    expect(answerQuestion({ kind: 'hours', truckIds: [1] }, away).text).toBe(
      'Tacos El Rey is open now, at The Domain, but has not posted when it closes. It is scheduled at the Capitol until 2 PM.',
    );
    const there = { ...context, trucks: new Map([[1, { ...rey, isOpen: true }]]) };
    expect(answerQuestion({ kind: 'hours', truckIds: [1] }, there).text).toBe('Tacos El Rey is open until 2 PM today, at the Capitol.');
  });

  it('"cheapest dessert": the Desserts course at any truck, not only a dessert truck\'s', () => {
    const at = (t: KnownTruck, lat: number): KnownTruck => ({ ...t, latitude: lat, longitude: -97.75, isOpen: true });
    const menus: AnswerContext = {
      ...context,
      trucks: new Map([at(truck(1, 'Smokestack BBQ', 'BBQ'), 30.251), at(truck(5, 'Sweet Spot Desserts', 'Desserts'), 30.26)].map((t) => [t.id, t])),
      itemsByTruck: new Map([
        [1, [{ id: 13, truckId: 1, name: 'Banana Pudding', priceCents: 500, available: true, category: 'Desserts' }, { id: 10, truckId: 1, name: 'Brisket Plate', priceCents: 300, available: true, category: 'Main Dishes' }]],
        [5, [{ id: 50, truckId: 5, name: 'Pecan Pie Slice', priceCents: 550, available: true, category: 'Desserts' }]],
      ]),
      position: { lat: 30.25, lng: -97.75 },
    };
    const reply = answerQuestion({ kind: 'price', food: { words: 'dessert', cuisines: ['Desserts'], itemIds: [], truckIds: [] }, cheapest: true }, menus);
    expect(reply.text).toMatch(/^The cheapest dessert near you is Banana Pudding at Smokestack BBQ, \$5\.00, /);
  });
});
