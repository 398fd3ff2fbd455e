import { describe, expect, it } from 'vitest';
import { INTENT_NAMES, INTENT_PHRASINGS } from './intents';
import { DEMO_LANDMARKS } from '../../db/seed';
import { buildUnderstanding, findTime, sameWord, understand, withPlace, type Intent } from './understand';

/** Trucks, menus and stops like the demo's: every entity the questions name comes from here. */
const understanding = buildUnderstanding(
  [
    {
      id: 1,
      name: 'Smokestack BBQ',
      cuisine: 'BBQ',
      description: 'Central Texas brisket smoked 14 hours over post oak.',
      address: '1100 S Congress Ave, Austin, TX 78704',
      latitude: 30.2515,
      longitude: -97.7489,
    },
    {
      id: 2,
      name: 'Taco Libre',
      cuisine: 'Mexican',
      description: 'Street tacos on handmade corn tortillas.',
      address: '1300 E 6th St, Austin, TX 78702',
      latitude: 30.2637,
      longitude: -97.7266,
    },
    {
      id: 3,
      name: 'Rolling Roast Coffee',
      cuisine: 'Coffee',
      description: 'Single-origin espresso on wheels.',
      address: '1900 Aldrich St, Austin, TX 78723',
      latitude: 30.2987,
      longitude: -97.7058,
    },
    {
      id: 4,
      name: 'Green Machine',
      cuisine: 'Vegetarian',
      description: 'Plant-forward bowls and wraps.',
      address: '4200 N Lamar Blvd, Austin, TX 78756',
      latitude: 30.3108,
      longitude: -97.7403,
    },
    {
      id: 5,
      name: 'Sweet Spot Desserts',
      cuisine: 'Desserts',
      description: 'Ice cream sandwiches and pies.',
      address: '1701 S Lamar Blvd, Austin, TX 78704',
      latitude: 30.2521,
      longitude: -97.7666,
    },
    {
      id: 6,
      name: 'Seoul Food Wagon',
      cuisine: 'Asian',
      description: 'Korean bowls and fried chicken.',
      address: '2100 Guadalupe St, Austin, TX 78705',
      latitude: 30.2846,
      longitude: -97.7419,
    },
    {
      id: 7,
      name: 'Mezze on Main',
      cuisine: 'Mediterranean',
      description: 'Shawarma, mezze plates and fresh pita.',
      address: '11600 Rock Rose Ave, Austin, TX 78758',
      latitude: 30.4021,
      longitude: -97.7228,
    },
  ],
  [
    {
      id: 10,
      truckId: 1,
      name: 'Brisket Plate',
      description: 'Half a pound of brisket, pickles, white bread',
    },
    { id: 11, truckId: 1, name: 'Pulled Pork Sandwich' },
    { id: 20, truckId: 2, name: 'Al Pastor Taco' },
    { id: 21, truckId: 2, name: 'Bean Burrito', description: 'Vegan, with black beans and rice' },
    { id: 22, truckId: 2, name: 'Cold Brew Coffee' },
    { id: 30, truckId: 3, name: 'Oat Milk Latte' },
    { id: 60, truckId: 6, name: 'Bibimbap Bowl' },
  ],
  [{ address: 'Zilker Park, 2100 Barton Springs Rd, Austin, TX', latitude: 30.2669, longitude: -97.7729 }],
  DEMO_LANDMARKS.map((l) => ({ name: l.name, aliases: l.aliases, latitude: l.lat, longitude: l.lng })),
);

/** What a question must be read as: its kind, and the entities that decide the answer. */
type Expected = {
  kind: Intent['kind'];
  truck?: number;
  cuisine?: string;
  item?: number;
  place?: string;
  after?: number;
  cheapest?: boolean;
  howFar?: boolean;
  /** A schedule question's day. */
  when?: string;
  /** A price ceiling, in cents. */
  cents?: number;
  /** A course of the menu. */
  category?: string;
  /** What a follow-up asks of the last answer. */
  ask?: string;
};

function matches(intent: Intent, expected: Expected): boolean {
  if (intent.kind !== expected.kind) return false;
  const record = intent as Record<string, unknown>;
  const food = record.food as { cuisines: string[]; itemIds: number[] } | undefined;
  const truckIds = record.truckIds as number[] | undefined;
  const place = record.place as { name: string } | undefined;
  if (expected.truck !== undefined && !truckIds?.includes(expected.truck)) return false;
  if (
    expected.cuisine !== undefined &&
    !(food?.cuisines.includes(expected.cuisine) || record.cuisine === expected.cuisine)
  )
    return false;
  if (expected.item !== undefined && !food?.itemIds.includes(expected.item)) return false;
  if (expected.place !== undefined && place?.name !== expected.place) return false;
  if (expected.after !== undefined && record.after !== expected.after) return false;
  if (expected.cheapest !== undefined && record.cheapest !== expected.cheapest) return false;
  if (expected.howFar !== undefined && (record.howFar ?? false) !== expected.howFar) return false;
  if (expected.when !== undefined && record.when !== expected.when) return false;
  if (expected.cents !== undefined && record.cents !== expected.cents) return false;
  if (expected.category !== undefined && record.category !== expected.category) return false;
  if (expected.ask !== undefined && record.ask !== expected.ask) return false;
  return true;
}

/** Tuned on: every example of issue 25, and several phrasings per intent. */
const TUNED: Array<[string, Expected]> = [
  // nearest: a food, a place, filler, any word order
  ['find me some coffee', { kind: 'nearest', cuisine: 'Coffee', item: 22 }],
  ['I want tacos', { kind: 'nearest', cuisine: 'Mexican', item: 20 }],
  ['anything vegan around here?', { kind: 'nearest', cuisine: 'Vegetarian', item: 21 }],
  ['is there food near the capitol', { kind: 'nearest', place: 'the Capitol' }],
  ['the closest place for a burrito', { kind: 'nearest', item: 21 }],
  ['where is the nearest barbecue truck', { kind: 'nearest', cuisine: 'BBQ' }],
  ['Where can I get a brisket plate?', { kind: 'nearest', item: 10 }],
  ['um so like where can i find a latte', { kind: 'nearest', item: 30 }],
  ["I'm craving fried chicken", { kind: 'nearest', truck: undefined, cuisine: undefined }],
  ['any good spot for tacos', { kind: 'nearest', cuisine: 'Mexican' }],
  ['food near zilker park please', { kind: 'nearest', place: 'Zilker Park' }],
  ['bbq near south congress', { kind: 'nearest', cuisine: 'BBQ', place: 'South Congress' }],
  // Addresses as people say them: street words in full, ordinals in words, no house number.
  ['anything to eat near congress avenue', { kind: 'nearest', place: '1100 S Congress Ave' }],
  ['tacos near east sixth street', { kind: 'nearest', cuisine: 'Mexican', place: '1300 E 6th St' }],
  ['coffee near aldrich street', { kind: 'nearest', cuisine: 'Coffee', place: '1900 Aldrich St' }],
  ['what is open near 1900 Aldrich St', { kind: 'open-now', place: '1900 Aldrich St' }],
  // open now, alone and combined
  ["what's open right now", { kind: 'open-now' }],
  ['which trucks are open now', { kind: 'open-now' }],
  ['is there any barbecue open now', { kind: 'open-now', cuisine: 'BBQ' }],
  ['anything open near the capitol', { kind: 'open-now', place: 'the Capitol' }],
  ['what food trucks are serving right now', { kind: 'open-now' }],
  // open after a time
  ['which trucks are open after 8 pm', { kind: 'open-now', after: 20 * 60 }],
  ['is anything open after nine tonight', { kind: 'open-now', after: 21 * 60 }],
  ['any tacos open past 8:30pm', { kind: 'open-now', cuisine: 'Mexican', after: 20 * 60 + 30 }],
  // a truck
  ['is Smokestack BBQ open?', { kind: 'is-open', truck: 1 }],
  ['is smoke stack open right now', { kind: 'is-open', truck: 1 }],
  ['taco libre open today?', { kind: 'is-open', truck: 2 }],
  ['how late is Smokestack open', { kind: 'hours', truck: 1 }],
  ['when does taco libre close', { kind: 'hours', truck: 2 }],
  ['what are the hours of green machine', { kind: 'hours', truck: 4 }],
  ["what's on the menu at Taco Libre", { kind: 'menu', truck: 2 }],
  ['what does rolling roast sell', { kind: 'menu', truck: 3 }],
  ['show me the menu of seoul food wagon', { kind: 'menu', truck: 6 }],
  // prices
  ['how much is the brisket', { kind: 'price', item: 10, cheapest: false }],
  ['how much does the bean burrito cost at taco libre', { kind: 'price', item: 21, truck: 2 }],
  ["what's the price of a latte", { kind: 'price', item: 30 }],
  ["what's the cheapest taco near me", { kind: 'price', item: 20, cheapest: true }],
  ['cheapest coffee around here', { kind: 'price', item: 22, cheapest: true }],
  // favourites, schedules, follow-ups
  ["where's my favourite truck today", { kind: 'favorites' }],
  ['are any of my favorites open', { kind: 'favorites' }],
  ['where will smokestack be tomorrow', { kind: 'schedule', truck: 1 }],
  ['when is taco libre open next', { kind: 'schedule', truck: 2 }],
  ['when does taco libre open next', { kind: 'schedule', truck: 2 }],
  ['when is the taco truck open next', { kind: 'schedule', cuisine: 'Mexican' }],
  ['when is on the menu at taco libre', { kind: 'menu', truck: 2 }],
  ["what's the cheapest thing at taco libre", { kind: 'menu', truck: 2, cheapest: true }],
  ['how far is green machine', { kind: 'where', truck: 4, howFar: true }],
  ['give me directions to smokestack', { kind: 'where', truck: 1, howFar: false }],
  ["where's seoul food wagon right now", { kind: 'where', truck: 6 }],
  ["i'm starving what's close", { kind: 'nearest' }],
  ['show me all the trucks', { kind: 'open-now' }],
  ['where can i get lunch', { kind: 'nearest' }],
  ["what's open for dinner tonight", { kind: 'open-now' }],
  ['is there a coffee truck open this morning', { kind: 'open-now', cuisine: 'Coffee' }],
  ['green machine', { kind: 'where', truck: 4 }],
  ['is smokestack any good', { kind: 'rating', truck: 1 }],
  ['what are the reviews for taco libre', { kind: 'rating', truck: 2 }],
  ["what's the best truck around here", { kind: 'best' }],
  ['which truck has the best reviews', { kind: 'best' }],
  ['what is the highest rated coffee truck near me', { kind: 'best', cuisine: 'Coffee' }],
  ['where will the taco truck be today', { kind: 'schedule', cuisine: 'Mexican' }],
  ["what's on their menu", { kind: 'follow-up' }],
  ['how far is it', { kind: 'follow-up' }],
  ['and the next one', { kind: 'follow-up' }],
  ['how late are they open', { kind: 'follow-up', ask: 'hours' }],
  ['what time do they close', { kind: 'follow-up', ask: 'hours' }],
  // an hours question with nothing else in it is about the truck just talked about
  ['how late', { kind: 'follow-up', ask: 'hours' }],
  ['til when?', { kind: 'follow-up', ask: 'hours' }],
  ['ok closing time', { kind: 'follow-up', ask: 'hours' }],
  ["what's the closest one", { kind: 'follow-up', ask: 'closest' }],
  ['which one is nearest', { kind: 'follow-up', ask: 'closest' }],
  ['which one is closer', { kind: 'follow-up', ask: 'closest' }],
  ['which of those is open', { kind: 'follow-up', ask: 'open-of-list' }],
  ['are any of them open right now', { kind: 'follow-up', ask: 'open-of-list' }],
  ['what time does smokestack close', { kind: 'hours', truck: 1 }],
  // a day of the week, and who is at a place then
  ['is taco libre open on sunday', { kind: 'schedule', truck: 2, when: 'sunday' }],
  ['where will smokestack be on friday', { kind: 'schedule', truck: 1, when: 'friday' }],
  ['when does smokestack close on friday', { kind: 'schedule', truck: 1, when: 'friday' }],
  ['where will the taco truck be this saturday', { kind: 'schedule', cuisine: 'Mexican', when: 'saturday' }],
  ["what's open on saturday", { kind: 'schedule', when: 'saturday' }],
  ["what's open tomorrow", { kind: 'schedule', when: 'tomorrow' }],
  ['who is at the capitol tomorrow', { kind: 'schedule', place: 'the Capitol', when: 'tomorrow' }],
  ['what trucks will be at zilker park on saturday', { kind: 'schedule', place: 'Zilker Park', when: 'saturday' }],
  ['who will be at 1100 S Congress Ave tomorrow', { kind: 'schedule', place: '1100 S Congress Ave', when: 'tomorrow' }],
  ['any tacos near the capitol on monday', { kind: 'schedule', place: 'the Capitol', cuisine: 'Mexican', when: 'monday' }],
  // a district said on its own
  ['anything downtown', { kind: 'nearest', place: 'downtown Austin' }],
  ['tacos downtown', { kind: 'nearest', place: 'downtown Austin', cuisine: 'Mexican' }],
  ["who's downtown tomorrow", { kind: 'schedule', place: 'downtown Austin', when: 'tomorrow' }],
  ['what is open downtown', { kind: 'open-now', place: 'downtown Austin' }],
  // a price ceiling
  ['anything under 10 bucks', { kind: 'dishes', cents: 1000 }],
  ['what can i get for under ten dollars', { kind: 'dishes', cents: 1000 }],
  ['any vegan options under 8 dollars', { kind: 'dishes', cents: 800, cuisine: 'Vegetarian' }],
  ['tacos for less than $4.50', { kind: 'dishes', cents: 450, cuisine: 'Mexican' }],
  ['what can i get at taco libre for no more than twelve dollars', { kind: 'dishes', cents: 1200, truck: 2 }],
  ['coffee near the capitol under five bucks', { kind: 'dishes', cents: 500, cuisine: 'Coffee', place: 'the Capitol' }],
  ['anything within 5 minutes', { kind: 'unknown' }],
  // "for" or "with" an amount: money only with its unit
  ['what can i get for five dollars', { kind: 'dishes', cents: 500 }],
  ['lunch with 8 bucks', { kind: 'dishes', cents: 800 }],
  ['tacos for two people', { kind: 'nearest', cuisine: 'Mexican' }],
  // a craving said as a mood, not a place called "mood for curry"
  ["i'm in the mood for tacos", { kind: 'nearest', cuisine: 'Mexican' }],
  // what diners said in their own words (session 64's probe)
  ['which trucks have places to sit', { kind: 'attributes' }],
  ["i have a nut allergy what's safe to eat", { kind: 'attributes' }],
  ['can i place an order for pickup', { kind: 'quickest' }],
  ['do any trucks sell beer', { kind: 'not-found' }],
  ["what's the most expensive thing at smokestack", { kind: 'menu', truck: 1 }],
  // "actually", "really": words that ask nothing more, never a food looked for
  ['hungry. closest truck thats actually open?', { kind: 'nearest' }],
  // a yes-or-no question turned round still asks whether it is open
  ['is smokestack not open', { kind: 'is-open', truck: 1 }],
  ['isnt smokestack open yet', { kind: 'is-open', truck: 1 }],
  // late at night, no time said: open after 9 PM
  ['late night food', { kind: 'open-now', after: 1260 }],
  ['is anything open late tonight', { kind: 'open-now', after: 1260 }],
  ['late night tacos near the capitol', { kind: 'open-now', after: 1260, cuisine: 'Mexican', place: 'the Capitol' }],
  ['how late is smokestack open', { kind: 'hours', truck: 1 }],
  // cheap, with no food or truck: the cheapest dishes around ("eats" is no food)
  ['cheap eats near me', { kind: 'dishes' }],
  ["what's cheap around the capitol", { kind: 'dishes', place: 'the Capitol' }],
  // a course of the menu
  ['what drinks does smokestack have', { kind: 'dishes', category: 'Beverages', truck: 1 }],
  ['which trucks have drinks', { kind: 'dishes', category: 'Beverages' }],
  ['anything to drink near the capitol', { kind: 'dishes', category: 'Beverages', place: 'the Capitol' }],
  ['does taco libre have any desserts', { kind: 'dishes', category: 'Desserts', truck: 2 }],
  ['what sides are under 5 dollars at smokestack', { kind: 'dishes', category: 'Sides', cents: 500, truck: 1 }],
  ['what desserts are there', { kind: 'nearest', cuisine: 'Desserts' }],
  // not answerable: said so, never guessed
  ['tell me a joke', { kind: 'unknown' }],
  ['I want zebra steaks', { kind: 'not-found' }],
  ['is there food near the airport', { kind: 'unknown-place' }],
];

/**
 * Held out: written before the layer was run on them, never tuned on. The test reports the score
 * and keeps it from falling; it does not require each one.
 */
const HELD_OUT: Array<[string, Expected]> = [
  ['hey where do i get an espresso', { kind: 'nearest', cuisine: 'Coffee' }],
  ['tacos near me', { kind: 'nearest', cuisine: 'Mexican' }],
  ['got any vegetarian food nearby', { kind: 'nearest', cuisine: 'Vegetarian' }],
  ['show me something sweet', { kind: 'nearest', cuisine: 'Desserts' }],
  ['i need caffeine', { kind: 'nearest', cuisine: 'Coffee' }],
  ['who has burritos', { kind: 'nearest', item: 21 }],
  ['which taco trucks are open', { kind: 'open-now', cuisine: 'Mexican' }],
  ['anything open right now near zilker', { kind: 'open-now', place: 'Zilker Park' }],
  ['are there trucks open after 10 pm', { kind: 'open-now', after: 22 * 60 }],
  ['is smokestack still open', { kind: 'is-open', truck: 1 }],
  ['until when is green machine open', { kind: 'hours', truck: 4 }],
  ['what time does rolling roast coffee close', { kind: 'hours', truck: 3 }],
  ['what do they have at mezze on main', { kind: 'menu', truck: 7 }],
  ['price of the pulled pork sandwich', { kind: 'price', item: 11 }],
  ['what does a bibimbap bowl cost', { kind: 'price', item: 60 }],
  ['where can i find the cheapest coffee', { kind: 'price', item: 22, cheapest: true }],
  ['are my favourite trucks open', { kind: 'favorites' }],
  ['where is taco libre going to be tomorrow', { kind: 'schedule', truck: 2 }],
  ['seoul food open?', { kind: 'is-open', truck: 6 }],
  ['is there korean food close to the capitol', { kind: 'nearest', cuisine: 'Asian', place: 'the Capitol' }],
];

describe('understand: "what\'s good" asks for the best trucks (session 51)', () => {
  it.each([
    ["what's good here", {}],
    ['anything good around here', {}],
    ['anything good near the capitol', { place: 'the Capitol' }],
  ])('%s', (question, expected) => {
    expect(matches(understand(question, understanding), { kind: 'best', ...expected })).toBe(true);
  });

  it('of a named truck, it is still its rating', () => {
    expect(matches(understand('is smokestack any good', understanding), { kind: 'rating', truck: 1 })).toBe(true);
  });

  it('"does the brisket have meat", "is there meat in the elote": whether the dish is vegetarian, asked the other way round', () => {
    const menus = buildUnderstanding(
      [{ id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ', description: null, address: null, latitude: 30.25, longitude: -97.75 }],
      [
        { id: 10, truckId: 1, name: 'Sliced Brisket Plate', description: null },
        { id: 11, truckId: 1, name: 'Collard Greens', description: 'Smoked turkey' },
      ],
      [],
    );
    for (const question of ['does the brisket have meat', 'is there meat in the collard greens', 'do the collard greens have any meat'])
      expect(understand(question, menus)).toMatchObject({ kind: 'dish-labels', diets: ['vegetarian'], meat: true });
    // Not a dish's question: which trucks have meat.
    expect(understand('which trucks have meat', menus)).not.toMatchObject({ kind: 'dish-labels' });
  });

  it('a ZIP code is the middle of the known addresses in it; one with none is an unknown place', () => {
    expect(understand('food near 78704', understanding)).toMatchObject({ kind: 'nearest', place: { name: '78704' } });
    expect(understand('anything open in 78702', understanding)).toMatchObject({ kind: 'open-now', place: { name: '78702' } });
    // The same digits in another order are another ZIP code.
    expect(understand('food near 78740', understanding)).toMatchObject({ kind: 'unknown-place' });
  });

  it('probe 8: two trucks compared by price or "which one", "whats at X", "tmrw", the closest one\'s hours', () => {
    expect(understand('whats cheaper, taco libre or smokestack', understanding)).toMatchObject({ kind: 'where', cheaper: true });
    expect(understand('smokestack vs taco libre which one', understanding)).toMatchObject({ kind: 'where', closer: true });
    // Two trucks named: neither name is read as a food ("taco").
    expect(understand('taco libre or smokestack for lunch tmrw', understanding)).toMatchObject({ kind: 'schedule', when: 'tomorrow', part: 'lunch' });
    expect(understand('whats at smokestack bbq', understanding)).toEqual({ kind: 'menu', truckIds: [1] });
    expect(understand('how late is the closest one open', understanding)).toEqual({ kind: 'follow-up', ask: 'hours' });
    expect(understand('when is it open next', understanding).kind).not.toBe('follow-up');
  });

  it('two trucks named with "closer" or "nearer" are compared by distance', () => {
    for (const [question, ids] of [
      ['which is closer, taco libre or smokestack', [1, 2]],
      ['is smokestack or green machine nearer to me', [1, 4]],
      ['smokestack vs taco libre which is closer to me', [1, 2]],
    ] as const) {
      const intent = understand(question, understanding);
      expect(intent).toMatchObject({ kind: 'where', closer: true });
      expect(intent.kind === 'where' && [...intent.truckIds].sort()).toEqual(ids);
    }
    // One truck named: where it is, as before.
    expect(understand('is smokestack closer', understanding)).toMatchObject({ kind: 'where', truckIds: [1] });
  });

  it('probe 9: how far the diner will go ("within about a mile", "walking distance", "within 2 miles of X"), the special, "something open"', () => {
    expect(understand("something within about a mile that's open", understanding)).toMatchObject({ kind: 'open-now', withinMiles: 1 });
    expect(understand('tacos within half a mile', understanding)).toMatchObject({ kind: 'nearest', withinMiles: 0.5 });
    expect(understand('bbq within walking distance', understanding)).toMatchObject({ kind: 'nearest', withinMiles: 1 });
    expect(understand('anything open within 2 miles of the capitol', understanding)).toMatchObject({ kind: 'open-now', withinMiles: 2, place: { name: 'the Capitol' } });
    // A time asked keeps its own answer.
    expect(understand('anything open after 8 within a mile', understanding)).not.toHaveProperty('withinMiles');
    expect(understand("what's the special at smokestack", understanding)).toMatchObject({ kind: 'dishes', category: 'Specials', truckIds: [1] });
    expect(understand('something open', understanding)).toMatchObject({ kind: 'open-now' });
    // Probe 10: "a schedule" is its week, never a dish on its menu.
    expect(understand('does smokestack have a schedule', understanding)).toEqual({ kind: 'schedule', when: 'next', truckIds: [1], week: true });
  });

  it('probe 9: two trucks compared as a whole, in the order said; "what\'s X" is the truck as a whole', () => {
    for (const question of ['compare taco libre and smokestack', 'whats the difference between taco libre and smokestack', 'taco libre vs smokestack', 'which is better taco libre or smokestack']) {
      expect(understand(question, understanding)).toEqual({ kind: 'where', truckIds: [2, 1], compare: true });
    }
    expect(understand('compare smokestack and taco libre', understanding)).toEqual({ kind: 'where', truckIds: [1, 2], compare: true });
    expect(understand("what's smokestack", understanding)).toEqual({ kind: 'where', truckIds: [1], about: true });
    expect(understand('what is the taco libre', understanding)).toEqual({ kind: 'where', truckIds: [2], about: true });
    expect(understand('how late is the closer one open', understanding)).toEqual({ kind: 'follow-up', ask: 'hours' });
  });
});

describe('understand: where a food comes from, said before it', () => {
  it('"korean bbq" is the Asian trucks, not the barbecue truck besides (no truck has both)', () => {
    const intent = understand('korean bbq near me', understanding);
    expect(intent).toMatchObject({ kind: 'nearest', food: { words: 'korean', cuisines: ['Asian'] } });
  });

  it('beside a dish its trucks have, it is that dish ("korean fried chicken"); with "or", two foods', () => {
    expect(understand('korean fried chicken near me', understanding)).toMatchObject({ kind: 'nearest', food: { words: 'korean fried chicken' } });
    const either = understand('korean or bbq', understanding);
    expect(either.kind === 'nearest' && either.food?.cuisines.sort()).toEqual(['Asian', 'BBQ']);
  });
});

describe('understand: a food said on its own, a describing word, a snack', () => {
  it.each([
    ['soup', 'soup'],
    ['a smoothie please', 'smoothie'],
    ['is there anything crispy', 'crispy'],
  ])('"%s" is a food no truck has (%s), said back, not "I didn\'t catch that"', (question, what) => {
    expect(understand(question, understanding)).toEqual({ kind: 'not-found', what });
  });

  it.each(['tell me a joke'])('"%s" is still not understood', (question) => {
    expect(understand(question, understanding).kind).toBe('unknown');
  });

  it.each(['what is the weather like', 'whats the weather gonna be saturday', 'is it gonna rain'])('"%s" is the weather, which trucks do not say', (question) => {
    expect(understand(question, understanding)).toEqual({ kind: 'not-stated', what: 'weather' });
  });

  it.each(['how long is the line at smokestack rn', 'is there a wait at smokestack'])('"%s": the line is not known, an order ahead\'s wait is', (question) => {
    expect(understand(question, understanding)).toMatchObject({ kind: 'order-ahead', truckIds: [1], wait: true });
  });

  it.each([
    ['thank you', 'thanks'],
    ['Ok, thanks so much!', 'thanks'],
    ['hello there', 'hello'],
    ['Good morning', 'hello'],
    // Session 65: what the assistant is for is said, not "I don't know how to answer that".
    ['help', 'help'],
    ['What can you do?', 'help'],
    ['thanks thats helpful', 'thanks'],
  ] as const)('"%s" is small talk (%s), not a question about trucks', (question, said) => {
    expect(understand(question, understanding)).toEqual({ kind: 'small-talk', said });
  });

  it('a question after the greeting is the question', () => {
    expect(understand('hi, where is taco libre', understanding)).toMatchObject({ kind: 'where', truckIds: [2] });
  });

  it.each(['i need a snack', 'something hot to eat', 'something quick'])('"%s" asks for the nearest open truck', (question) => {
    expect(understand(question, understanding)).toMatchObject({ kind: 'nearest', food: undefined, place: undefined });
  });

  it.each(['food', 'food trucks please'])('"%s" on its own asks for the nearest open truck', (question) => {
    expect(understand(question, understanding)).toMatchObject({ kind: 'nearest', food: undefined, place: undefined });
  });

  it('"best tacos in town" is about anywhere near, not a place called "town"', () => {
    expect(understand('best tacos in town', understanding)).toMatchObject({ kind: 'best', food: { words: 'tacos' }, place: undefined });
  });

  it('"what time does the coffee truck open": a truck said by its food is that food\'s stops; "the burger barn" is not here', () => {
    expect(understand('what time does the coffee truck open', understanding)).toMatchObject({ kind: 'schedule', cuisine: 'Coffee' });
    expect(understand('how late is the burger barn open', understanding)).toEqual({ kind: 'unknown-truck', name: 'burger barn' });
  });

  it('contractions typed without the apostrophe ("whats open", "im hungry") read as with it', () => {
    expect(understand('whats open', understanding)).toMatchObject({ kind: 'open-now' });
    expect(understand('im hungry', understanding)).toMatchObject({ kind: 'nearest' });
    expect(understand('wheres smokestack', understanding)).toMatchObject({ kind: 'where', truckIds: [1] });
  });

  it('"where should i eat" asks for the nearest open truck', () => {
    expect(understand('where should i eat', understanding)).toMatchObject({ kind: 'nearest', food: undefined });
  });

  it.each([
    ['what should i eat tonight', { kind: 'open-now', after: 17 * 60 }],
    ["what'll be open tonight", { kind: 'open-now', after: 17 * 60 }],
    ['any tacos this evening', { kind: 'open-now', after: 17 * 60, food: { words: 'tacos' } }],
    ['late night food', { kind: 'open-now', after: 21 * 60 }],
    ['where can i eat at noon', { kind: 'open-now', at: 12 * 60 }],
    ["what's open at 1 pm", { kind: 'open-now', at: 13 * 60 }],
    ['anything around six thirty', { kind: 'open-now', at: 18 * 60 + 30 }],
    ['which trucks are open until nine', { kind: 'open-now', after: 21 * 60 }],
    ['anything open thursday evening', { kind: 'schedule', when: 'thursday', part: 'evening' }],
    ['tuesday lunch options', { kind: 'schedule', when: 'tuesday', part: 'lunch' }],
    ['where can i get breakfast tomorrow morning', { kind: 'schedule', when: 'tomorrow', part: 'morning' }],
    ['is smokestack bbq out friday night', { kind: 'schedule', when: 'friday', part: 'evening', truckIds: [1] }],
    ['what is open on saturday', { kind: 'schedule', when: 'saturday' }],
    ["what's open later today", { kind: 'open-now', later: true }],
    ['anything open this afternoon', { kind: 'open-now', later: true }],
    ['whats open this weekend', { kind: 'schedule', when: 'saturday', weekend: true }],
    ['is smokestack bbq open this weekend', { kind: 'schedule', when: 'saturday', weekend: true, truckIds: [1] }],
    ['is rolling roast coffee open tonight', { kind: 'schedule', when: 'today', truckIds: [3] }],
    ['is night owl open on friday', { kind: 'schedule', when: 'friday' }],
    ['how late is taco libre open tonight', { kind: 'hours', truckIds: [2] }],
    ['is taco libre open', { kind: 'is-open', truckIds: [2] }],
  ])('"%s": the time asked for, not this minute', (question, intent) => {
    expect(understand(question, understanding)).toMatchObject(intent);
  });

  it.each(['somewhere i can bring my dog', 'where can i eat outside with my dog', 'can i bring our puppy', 'dog friendly trucks'])(
    '"%s" asks for pet-friendly trucks',
    (question) => {
      expect(understand(question, understanding)).toMatchObject({ kind: 'attributes', filters: ['pet-friendly'] });
    },
  );

  it('"hot dogs" and "hush puppies" stay food', () => {
    expect(understand('hot dogs near me', understanding).kind).not.toBe('attributes');
    // No truck here sells them: looked for as a food all the same.
    expect(understand('where can i get hush puppies', understanding)).toEqual({ kind: 'not-found', what: 'hush puppies' });
  });

  it.each([
    ["what's good for kids", 'kids'],
    ['which trucks are good for kids', 'kids'],
    ['family friendly trucks', 'kids'],
    ['any trucks with wifi', 'wifi'],
    ['where can i park near a truck', 'parking'],
    // Whatever dish or truck is named, and "a table" is not seating.
    ['how many calories in the pulled pork sandwich', 'calories'],
    ['nutrition info for taco libre', 'calories'],
    ['can you book me a table', 'reservations'],
    ['reserve a table at smokestack', 'reservations'],
  ])('"%s" asks what no truck states (%s): said so, not searched for as a food or ranked by rating', (question, what) => {
    expect(understand(question, understanding)).toEqual({ kind: 'not-stated', what });
  });

  it('"where can I get tacos for the kids": the tacos are the question', () => {
    expect(understand('where can i get tacos for the kids', understanding)).toMatchObject({ kind: 'nearest', food: { words: 'tacos' } });
  });

  it('"who delivers near me": ordering ahead is what there is; "does taco libre deliver" asks it of that truck', () => {
    expect(understand('who delivers near me', understanding)).toMatchObject({ kind: 'quickest', delivery: true });
    expect(understand('does taco libre deliver', understanding)).toEqual({ kind: 'order-ahead', truckIds: [2], delivery: true });
    expect(understand('is there delivery for bbq', understanding)).toMatchObject({ kind: 'quickest', delivery: true, food: { cuisines: ['BBQ'] } });
  });

  it('a name said together is the truck, and an earlier word of it the dish: "how much is a taco at taco libre"', () => {
    const intent = understand('how much is a taco at taco libre', understanding);
    expect(intent).toMatchObject({ kind: 'price', truckIds: [2], food: { words: 'taco' } });
  });

  it('"the closest truck to the capitol": "to" after "closest" or "nearest" names a place; "to me" does not', () => {
    expect(understand('closest truck to the capitol', understanding)).toMatchObject({ kind: 'nearest', place: { name: 'the Capitol' } });
    expect(understand("what's the nearest taco truck to the capitol", understanding)).toMatchObject({ kind: 'nearest', place: { name: 'the Capitol' } });
    expect(understand('closest truck to me', understanding)).toMatchObject({ kind: 'nearest', place: undefined });
  });

  it.each(['where can i sit down and eat', 'any trucks with picnic tables'])('"%s" asks for trucks with seating', (question) => {
    expect(understand(question, understanding)).toMatchObject({ kind: 'attributes', filters: ['seating'] });
  });

  it.each(["what's good at taco libre", 'what should i get at taco libre', 'best thing at taco libre'])('"%s" asks for its menu', (question) => {
    expect(understand(question, understanding)).toMatchObject({ kind: 'menu', truckIds: [2] });
  });

  it('"any trucks on south lamar": "on" names a place the data knows, and nothing else ("on the menu", "on saturday")', () => {
    expect(understand('any trucks on south lamar', understanding)).toMatchObject({ kind: 'nearest', place: { name: expect.stringMatching(/lamar/i) } });
    expect(understand("what's on the menu at taco libre", understanding)).toMatchObject({ kind: 'menu', truckIds: [2] });
    expect(understand('anything open on my way', understanding)).toMatchObject({ kind: 'open-now', place: undefined });
  });

  it.each([
    ["what's taco libre's number", 2],
    ['call smokestack', 1],
    ['do you have the phone number for taco libre', 2],
  ])('"%s" asks for its phone number', (question, truck) => {
    expect(understand(question, understanding)).toEqual({ kind: 'phone', truckIds: [truck] });
  });

  it.each([
    ['can i order ahead at taco libre', 2],
    ['does smokestack take online orders', 1],
    ['can i preorder from taco libre', 2],
    ['can i order tacos for pickup from taco libre', 2],
  ])('"%s" asks whether it takes orders ahead', (question, truck) => {
    expect(understand(question, understanding)).toEqual({ kind: 'order-ahead', truckIds: [truck] });
  });

  it.each([
    ['which truck has the shortest wait', undefined],
    ['where can i get tacos the fastest', 'Mexican'],
    ['who takes online orders near me', undefined],
    ['what trucks can i order ahead from', undefined],
    ['quickest food around here', undefined],
  ])('"%s" asks for the open trucks taking orders, the shortest wait first', (question, cuisine) => {
    const intent = understand(question, understanding);
    expect(intent).toMatchObject({ kind: 'quickest' });
    expect(intent.kind === 'quickest' ? intent.food?.cuisines : undefined).toEqual(cuisine && [cuisine]);
  });

  it('"does smokestack take online orders" stays about that truck; "what can I order near me" is not about waiting', () => {
    expect(understand('does smokestack take online orders', understanding)).toMatchObject({ kind: 'order-ahead' });
    expect(understand('what can i order near me', understanding).kind).not.toBe('quickest');
  });

  it('"what can I order at taco libre" asks for its menu', () => {
    expect(understand('what can i order at taco libre', understanding)).toMatchObject({ kind: 'menu', truckIds: [2] });
  });

  it('"does taco libre do catering": a typed question about a named truck that nothing answers is said so; a transcript\'s stray word is not', () => {
    expect(understand('does taco libre do catering', understanding)).toEqual({ kind: 'unknown-about-truck', truckIds: [2], what: 'catering', menu: false });
    expect(understand('is smokestack kid friendly', understanding)).toMatchObject({ kind: 'unknown-about-truck', truckIds: [1] });
    expect(understand('does green machine have wifi', understanding)).toMatchObject({ kind: 'unknown-about-truck', truckIds: [4] });
    expect(understand('does taco libre do catering', understanding, { heard: true }).kind).not.toBe('unknown-about-truck');
    // What we hold still answers.
    expect(understand('is taco libre open tomorrow', understanding).kind).toBe('schedule');
    expect(understand('does taco libre have a burrito', understanding).kind).toBe('price');
    // A word nothing knows after "have": asked of its menu.
    expect(understand('does taco libre have horchata', understanding)).toMatchObject({ kind: 'unknown-about-truck', what: 'horchata', menu: true });
    expect(understand('is taco libre still open', understanding).kind).toBe('is-open');
  });

  it('"i\'m thirsty" asks for drinks', () => {
    expect(understand("i'm thirsty", understanding)).toMatchObject({ kind: 'dishes', category: 'Beverages' });
  });

  it('"how many trucks are open" lists the open trucks', () => {
    expect(understand('how many trucks are open', understanding)).toMatchObject({ kind: 'open-now' });
  });

  it('"pizza by the slice" is pizza, not a place called "slice"', () => {
    const intent = understand('pizza by the slice', understanding);
    expect(intent).toMatchObject({ kind: 'nearest', food: { words: 'pizza' }, place: undefined });
  });
});

describe('understand: the phrasings it is tuned on (every example of issue 25 among them)', () => {
  it.each(TUNED)('%s', (question, expected) => {
    const intent = understand(question, understanding);
    expect(matches(intent, expected), JSON.stringify(intent)).toBe(true);
  });

  it('covers every intent with several phrasings', () => {
    for (const name of INTENT_NAMES) expect(INTENT_PHRASINGS[name].length).toBeGreaterThanOrEqual(3);
  });
});

describe('understand: held-out phrasings', () => {
  it('reads at least 80 % of them right (the score is printed)', () => {
    const wrong = HELD_OUT.filter(
      ([question, expected]) => !matches(understand(question, understanding), expected),
    );
    const score = (HELD_OUT.length - wrong.length) / HELD_OUT.length;
    console.log(
      `held-out understanding: ${HELD_OUT.length - wrong.length}/${HELD_OUT.length} (${Math.round(score * 100)} %)` +
        (wrong.length
          ? `; wrong: ${wrong.map(([q]) => `"${q}" -> ${JSON.stringify(understand(q, understanding))}`).join('; ')}`
          : ''),
    );
    expect(score).toBeGreaterThanOrEqual(0.8);
  });
});

describe('the parts', () => {
  it('compares words by stem and, for long words, by a small edit distance, never form words', () => {
    expect(sameWord('tacos', 'taco')).toBe(true);
    expect(sameWord('brisquet', 'brisket')).toBe(true);
    expect(sameWord('smokestak', 'smokestack')).toBe(true);
    expect(sameWord('open', 'oven')).toBe(false);
    expect(sameWord('bean', 'bear')).toBe(false);
  });

  it('reads times in the evening unless said otherwise', () => {
    expect(findTime('open after eight p m')?.minute).toBe(20 * 60);
    expect(findTime('open after nine thirty')?.minute).toBe(21 * 60 + 30);
    expect(findTime('open after eight in the morning')?.minute).toBe(8 * 60);
    expect(findTime('open at noon')?.minute).toBe(12 * 60);
    expect(findTime('what is open now')).toBeUndefined();
  });

  it('finds nothing in an empty question, and never a truck that is not in the data', () => {
    expect(understand('', understanding)).toEqual({ kind: 'unknown', heard: '' });
    const intent = understand('is burger bus open', understanding);
    expect('truckIds' in intent ? intent.truckIds : []).not.toContain(undefined);
    expect(intent.kind === 'is-open' || intent.kind === 'hours').toBe(false);
  });
});

describe("a longer name's first words", () => {
  // "rolling" and "roast" are food words here (a cinnamon roll, a roast beef sandwich): alone,
  // neither names the truck.
  const lexicon = buildUnderstanding(
    [
      { id: 1, name: 'Rolling Roast Coffee', cuisine: 'Coffee' },
      { id: 2, name: 'Southern Comfort Kitchen', cuisine: 'Southern' },
      { id: 3, name: 'Deli Bus', cuisine: 'American' },
    ],
    [
      { id: 10, truckId: 1, name: 'Cinnamon Roll' },
      { id: 20, truckId: 3, name: 'Roast Beef Sandwich' },
    ],
  );
  it.each([
    ['what does rolling roast have', 'menu', 1],
    ['how far is rolling roast', 'where', 1],
    ['is southern comfort open', 'is-open', 2],
  ])('"%s" names the truck (%s)', (question, kind, truck) => {
    expect(understand(question, lexicon)).toMatchObject({ kind, truckIds: [truck] });
  });
  it('said apart, or one of them, they are still food', () => {
    expect(understand('who has roast beef', lexicon)).toMatchObject({ kind: 'nearest', food: { itemIds: [20] } });
    expect(understand('find me a cinnamon roll', lexicon)).toMatchObject({ kind: 'nearest', food: { itemIds: [10] } });
  });
});

describe('food words: as said before near misses, and several words narrowing together', () => {
  // A greens dish at a southern truck, two sandwiches: "greek" is one edit from "greens", and
  // "ice cream" is a cuisine word as well as the first words of a dish.
  const lexicon = buildUnderstanding(
    [
      { id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ' },
      { id: 2, name: 'Mezze on Main', cuisine: 'Mediterranean' },
      { id: 3, name: 'Southern Comfort Kitchen', cuisine: 'Southern' },
      { id: 4, name: 'Sweet Spot Desserts', cuisine: 'Desserts', description: 'Ice cream sandwiches and pies.' },
    ],
    [
      { id: 10, truckId: 1, name: 'Brisket Plate' },
      { id: 11, truckId: 1, name: 'Pulled Pork Sandwich' },
      { id: 20, truckId: 2, name: 'Falafel Wrap' },
      { id: 30, truckId: 3, name: 'Collard Greens' },
      { id: 40, truckId: 4, name: 'Ice Cream Sandwich' },
      { id: 12, truckId: 1, name: 'Sweet Tea' },
      { id: 31, truckId: 3, name: 'Sweet Potato Fries' },
    ],
  );
  const foodOf = (question: string) => {
    const intent = understand(question, lexicon) as Record<string, unknown>;
    return { kind: intent.kind, food: intent.food as { words: string; cuisines: string[]; itemIds: number[] } | undefined, cuisine: intent.cuisine };
  };

  it.each([
    ['show me the closest greek truck', 'nearest'],
    ['is there any greek food open now', 'open-now'],
    ['which greek trucks are open after 8 pm', 'open-now'],
  ])('"%s" (%s): greek is the Mediterranean cuisine, never the greens a word away', (question, kind) => {
    expect(foodOf(question)).toMatchObject({ kind, food: { cuisines: ['Mediterranean'], itemIds: [] } });
  });

  it('reads the cuisine of a schedule question as said, too', () => {
    expect(foodOf('where will the greek truck be tomorrow')).toMatchObject({ kind: 'schedule', cuisine: 'Mediterranean' });
    // "Open next" without "when" or a truck is no schedule question (a noisy "who serves greek food open next").
    expect(foodOf('who serves greek food open next')).not.toMatchObject({ kind: 'schedule' });
  });

  it('still takes a word nothing has as said for a near miss of a dish (a recogniser\'s "brisquet")', () => {
    expect(foodOf('how much is the brisquet')).toMatchObject({ kind: 'price', food: { itemIds: [10] } });
    expect(foodOf('where can i get collard greens')).toMatchObject({ kind: 'nearest', food: { itemIds: [30] } });
  });

  it.each([
    ['how much is the ice cream sandwich', 'price'],
    ['cheapest ice cream sandwich around here', 'price'],
    ['where can i get an ice cream sandwich', 'nearest'],
  ])('"%s" (%s): a cuisine said in two words narrows like any food word, to the one dish', (question, kind) => {
    expect(foodOf(question)).toMatchObject({ kind, food: { cuisines: ['Desserts'], itemIds: [40] } });
  });

  it('"something sweet" is dessert, never the sweet tea; "sweet tea" is the tea', () => {
    expect(foodOf("i'm looking for something sweet")).toMatchObject({ kind: 'nearest', food: { cuisines: ['Desserts'], itemIds: [] } });
    expect(foodOf('anything sweet open now')).toMatchObject({ kind: 'open-now', food: { cuisines: ['Desserts'], itemIds: [] } });
    expect(foodOf('where can i get sweet tea')).toMatchObject({ kind: 'nearest', food: { cuisines: [], itemIds: [12] } });
    const fries = foodOf('how much are the sweet potato fries');
    expect(fries).toMatchObject({ kind: 'price', food: { itemIds: [31] } });
    expect(fries.food?.cuisines).not.toContain('Desserts');
  });

  it('asks for the kind of food when the two words are all there is', () => {
    expect(foodOf('i could go for some ice cream')).toMatchObject({ kind: 'nearest', food: { cuisines: ['Desserts'], itemIds: [40] } });
    expect(foodOf('any sandwich nearby')?.food?.itemIds.sort()).toEqual([11, 40]);
  });

  it('words no one dish has together are the dishes each phrase names, not every dish with any one word', () => {
    // Not the ice cream sandwich (it has "sandwich"), nor every plate: what was asked for is two dishes.
    expect(foodOf('how much are the brisket plate and the pork sandwich')?.food?.itemIds.sort()).toEqual([10, 11]);
  });

  it('says two things asked for with "or" or "and" back with "or" (the trucks that have either)', () => {
    expect(foodOf('how much are the brisket plate and the pork sandwich').food).toMatchObject({ words: 'brisket plate or pork sandwich' });
    expect(foodOf('falafel or ice cream near me').food).toMatchObject({ words: 'falafel or ice cream' });
    expect(foodOf('where can i get collard greens').food).toMatchObject({ words: 'collard greens' });
  });
});

describe('a named truck is the subject; foods heard that no truck has together are asked again', () => {
  const lexicon = buildUnderstanding(
    [
      { id: 1, name: 'Taco Libre', cuisine: 'Mexican' },
      { id: 2, name: 'Gulf Coast Catch', cuisine: 'Seafood' },
      { id: 3, name: 'Southern Comfort Kitchen', cuisine: 'Southern' },
      { id: 4, name: 'Masala Wheels', cuisine: 'Indian' },
      { id: 5, name: 'Seoul Food Wagon', cuisine: 'Asian', description: 'Korean bowls and fried chicken.' },
    ],
    [
      { id: 10, truckId: 1, name: 'Bean Burrito' },
      { id: 20, truckId: 2, name: 'Fish Tacos' },
      { id: 30, truckId: 3, name: 'Hush Puppies' },
      { id: 40, truckId: 4, name: 'Butter Chicken' },
      { id: 50, truckId: 5, name: 'Korean Fried Chicken' },
    ],
  );

  it.each([
    ['does taco libre have burritos', 1, 10],
    ['can i get hush puppies at southern comfort kitchen', 3, 30],
    ['is there butter chicken at masala wheels', 4, 40],
    // A dish the truck does not have: still that truck (the answer says it is not on its menu).
    ['does gulf coast catch make a bean burrito', 2, 10],
  ])('"%s": whether that truck has it, never the other trucks that do', (question, truck, item) => {
    expect(understand(question, lexicon)).toMatchObject({ kind: 'price', truckIds: [truck], food: { itemIds: [item] }, cheapest: false });
  });

  it('takes the truck whose name was said exactly over one whose name is a letter or two away', () => {
    const near = buildUnderstanding(
      [
        { id: 1, name: 'Crepe Mahinauluhonu', cuisine: 'Fusion' },
        { id: 2, name: 'Crepe Mahinanaluhonu', cuisine: 'Fusion' },
      ],
      [],
    );
    expect(understand('is crepe mahinauluhonu open', near)).toMatchObject({ kind: 'is-open', truckIds: [1] });
    expect(understand('is crepe mahinanaluhonu open', near)).toMatchObject({ kind: 'is-open', truckIds: [2] });
    // Neither said exactly: both are near, so both stay candidates.
    expect(understand('is crepe mahinaluhonu open', near)).toMatchObject({ kind: 'is-open', truckIds: [1, 2] });
  });

  it('keeps the questions about a truck alone as they were', () => {
    expect(understand('is taco libre open', lexicon)).toMatchObject({ kind: 'is-open', truckIds: [1] });
    expect(understand('what does taco libre have', lexicon)).toMatchObject({ kind: 'menu', truckIds: [1] });
    expect(understand('is gulf coast catch still open for fish tacos', lexicon)).toMatchObject({ kind: 'is-open', truckIds: [2] });
  });

  it('reads "what does <truck>" with its verb lost as a question about the menu, not whether it is open', () => {
    expect(understand('what does taco libre', lexicon, { heard: true })).toMatchObject({ kind: 'menu', truckIds: [1] });
    expect(understand('what does taco libre um', lexicon, { heard: true })).toMatchObject({ kind: 'menu', truckIds: [1] });
    // Its hours are still that question; its name alone asks where it is.
    expect(understand('what time does taco libre open', lexicon)).toMatchObject({ kind: 'hours', truckIds: [1] });
    expect(understand('what does taco libre close', lexicon)).toMatchObject({ kind: 'hours' });
    expect(understand('taco libre', lexicon)).toMatchObject({ kind: 'where', truckIds: [1] });
  });

  it.each([
    ['i grab soul food some seafood', ['soul food', 'seafood']],
    ['are there a chinese to closest curry truck', ['chinese', 'curry']],
    ['is there any tacos open now hush puppies', ['tacos', 'hush puppies']],
    ['how much is the butter chicken for an burrito', ['butter chicken', 'burrito']],
    ['where will the seafood truck be tomorrow curry', ['seafood', 'curry']],
  ])('heard "%s": asked again, naming both', (question, words) => {
    expect(understand(question, lexicon, { heard: true })).toEqual({ kind: 'unsure', words });
  });

  it('answers the same words typed (a diner may want either), and foods one truck has together heard or typed', () => {
    expect(understand('i grab soul food some seafood', lexicon)).toMatchObject({ kind: 'nearest', food: { cuisines: ['Southern', 'Seafood'] } });
    // Fish and tacos: the seafood truck has both (its fish tacos); Korean and fried chicken: Seoul Food Wagon.
    expect(understand('where can i get fish tacos', lexicon, { heard: true })).toMatchObject({ kind: 'nearest', food: { itemIds: [20] } });
    expect(understand('how much is the korean fried chicken', lexicon, { heard: true })).toMatchObject({ kind: 'price', food: { itemIds: [50] } });
  });
});

describe('withPlace: a place the geocoder found for words no known place has', () => {
  it('turns "near the airport" from an unknown place into a place the answer can use', () => {
    expect(understand('is there food near the airport', understanding)).toMatchObject({ kind: 'unknown-place', place: 'airport' });
    const airport = { name: 'Austin-Bergstrom International Airport', lat: 30.1975, lng: -97.6664 };
    expect(understand('is there food near the airport', withPlace(understanding, 'airport', airport))).toEqual({
      kind: 'nearest',
      food: undefined,
      place: airport,
    });
  });
});

describe('understand: the words behind those kinds (session 64)', () => {
  it('a nut allergy is both kinds of nut; places to sit is seating; the dearest dish is asked for', () => {
    expect(understand("i have a nut allergy what's safe to eat", understanding)).toMatchObject({ kind: 'attributes', filters: ['no-peanuts', 'no-tree-nuts'] });
    expect(understand('allergic to peanuts, anything near me', understanding)).toMatchObject({ kind: 'attributes', filters: ['no-peanuts'] });
    expect(understand('which trucks have places to sit', understanding)).toMatchObject({ kind: 'attributes', filters: ['seating'] });
    expect(understand("what's the most expensive thing at smokestack", understanding)).toMatchObject({ kind: 'menu', truckIds: [1], priciest: true });
    expect(understand('do any trucks sell beer', understanding)).toEqual({ kind: 'not-found', what: 'beer' });
    // A number is a count or a time, not a dish: "three" is not the demo's "Three-cheese" mac.
    const numbered = buildUnderstanding(
      [{ id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ', latitude: 30.28, longitude: -97.74 }],
      [
        { id: 12, truckId: 1, name: 'Mac & Cheese', description: 'Three-cheese, baked' },
        { id: 13, truckId: 1, name: 'Ice Cream Sandwich', description: 'Two cookies, vanilla bean' },
      ],
      [],
      [],
    );
    expect(understand('give me three options for lunch', numbered)).toMatchObject({ kind: 'open-now', food: undefined });
    expect(understand('i need lunch before 2', numbered)).toMatchObject({ kind: 'open-now', food: undefined });
    expect(understand('three cheese mac', numbered)).toMatchObject({ food: { itemIds: [12] } });
  });

  it('an allergy or an intolerance is the dishes stated free of it; lunchtime is noon; "the address" follows up', () => {
    expect(understand("i'm lactose intolerant, any ideas", understanding)).toMatchObject({ kind: 'attributes', filters: ['no-dairy'] });
    expect(understand('i have a sesame allergy', understanding)).toMatchObject({ kind: 'attributes', filters: ['no-sesame'] });
    expect(understand('allergic to shellfish', understanding)).toMatchObject({ kind: 'attributes', filters: ['no-shellfish'] });
    expect(understand('anything open at lunchtime today', understanding)).toMatchObject({ kind: 'open-now', at: 12 * 60 });
    expect(understand("what's the address", understanding)).toMatchObject({ kind: 'follow-up', ask: 'where' });
    expect(understand('where exactly', understanding)).toMatchObject({ kind: 'follow-up', ask: 'where' });
    const shakes = buildUnderstanding(
      [{ id: 12, name: 'Burger Bus', cuisine: 'American', latitude: 30.28, longitude: -97.74 }],
      [{ id: 120, truckId: 12, name: 'Chocolate Shake' }, { id: 121, truckId: 12, name: 'Chili Dog', description: 'An all-beef hot dog' }],
      [],
      [],
    );
    expect(understand('where can i get a milkshake', shakes)).toMatchObject({ kind: 'nearest', food: { itemIds: [120] } });
    expect(understand('any hotdogs', shakes)).toMatchObject({ food: { itemIds: [121] } });
  });

  it('a dish named with every word is the dish: not a truck described with one of them, nor a dish with them in its description', () => {
    const described = buildUnderstanding(
      [
        { id: 6, name: 'Seoul Food Wagon', cuisine: 'Asian', description: 'Korean fried chicken and bulgogi', latitude: 30.28, longitude: -97.74 },
        { id: 10, name: 'Masala Wheels', cuisine: 'Indian', latitude: 30.3, longitude: -97.73 },
        { id: 11, name: 'Southern Comfort Kitchen', cuisine: 'Southern', latitude: 30.26, longitude: -97.72 },
      ],
      [
        { id: 60, truckId: 6, name: 'Korean Fried Chicken' },
        { id: 100, truckId: 10, name: 'Butter Chicken' },
        { id: 110, truckId: 11, name: 'Chicken & Waffles', description: 'With honey butter' },
      ],
      [],
      [],
    );
    expect(understand("who's got butter chicken", described)).toMatchObject({ kind: 'nearest', food: { itemIds: [100], truckIds: [] } });
    expect(understand('fried chicken', described)).toMatchObject({ food: { itemIds: [60], truckIds: [6] } });
  });
});

describe('understand: probe 3\'s misses (session 65)', () => {
  const menus = buildUnderstanding(
    [
      { id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ', latitude: 30.25, longitude: -97.75 },
      { id: 2, name: 'Taco Libre', cuisine: 'Mexican', latitude: 30.26, longitude: -97.73 },
      { id: 6, name: 'Seoul Food Wagon', cuisine: 'Asian', latitude: 30.28, longitude: -97.74 },
      { id: 12, name: 'Burger Bus', cuisine: 'American', latitude: 30.26, longitude: -97.75 },
    ],
    [
      { id: 13, truckId: 1, name: 'Banana Pudding', description: 'Vanilla wafers, fresh bananas' },
      { id: 20, truckId: 2, name: 'Elote', description: 'Grilled corn, cotija, chile' },
      { id: 21, truckId: 2, name: 'Horchata', description: 'Cinnamon rice milk' },
      { id: 22, truckId: 2, name: 'Al Pastor Taco' },
      { id: 60, truckId: 6, name: 'Bulgogi Bowl' },
    ],
    [],
    [],
  );

  it('a yes-or-no question about a dish\'s diet or allergen is about that dish, either way round', () => {
    expect(understand('is the elote vegetarian', menus)).toEqual({ kind: 'dish-labels', itemIds: [20], words: 'elote', diets: ['vegetarian'], allergens: [] });
    expect(understand('does the banana pudding have peanuts', menus)).toMatchObject({ kind: 'dish-labels', itemIds: [13], allergens: [{ allergen: 'peanuts', free: false }] });
    // "Milk" is the horchata's own description word, yet here it asks about dairy.
    expect(understand('is there dairy in the horchata', menus)).toMatchObject({ kind: 'dish-labels', itemIds: [21], allergens: [{ allergen: 'dairy', free: false }] });
    expect(understand('does the horchata have milk', menus)).toMatchObject({ kind: 'dish-labels', itemIds: [21], allergens: [{ allergen: 'dairy', free: false }] });
    expect(understand('is the horchata dairy free', menus)).toMatchObject({ kind: 'dish-labels', allergens: [{ allergen: 'dairy', free: true }] });
    expect(understand('does the banana pudding have nuts', menus)).toMatchObject({
      allergens: [{ allergen: 'peanuts', free: false }, { allergen: 'treeNuts', free: false }],
    });
    expect(understand("is taco libre's elote gluten free", menus)).toMatchObject({ kind: 'dish-labels', itemIds: [20], diets: ['glutenFree'] });
    // A kind of dish asked for, or a list: not a question about one dish.
    expect(understand('vegan tacos near me', menus).kind).toBe('nearest');
    expect(understand('does any truck have vegan tacos', menus).kind).not.toBe('dish-labels');
    expect(understand('which trucks have vegetarian food', menus).kind).not.toBe('dish-labels');
  });

  it('a truck\'s name typed with a slip is that truck; a recording\'s is not stretched so', () => {
    expect(understand('is taco libray open', menus)).toMatchObject({ kind: 'is-open', truckIds: [2] });
    expect(understand('seol food wagon hours', menus)).toMatchObject({ truckIds: [6] });
    expect(understand('where is smokstack bbq', menus)).toMatchObject({ kind: 'where', truckIds: [1] });
    expect(understand('is taco libray open', menus, { heard: true })).not.toMatchObject({ truckIds: [2] });
    // Three letters off is another name, not a slip.
    expect(understand('how late is the burger barn open', menus)).toMatchObject({ kind: 'unknown-truck' });
  });

  it('"in an hour", "in 20 minutes", "two hours from now"; "open latest"; "next monday"', () => {
    expect(understand("what's open in an hour", menus)).toMatchObject({ kind: 'open-now', inMinutes: 60 });
    expect(understand('anything open in half an hour', menus)).toMatchObject({ kind: 'open-now', inMinutes: 30 });
    expect(understand('tacos in 20 minutes', menus)).toMatchObject({ kind: 'open-now', inMinutes: 20, food: { itemIds: [22] } });
    expect(understand('what will be open two hours from now', menus)).toMatchObject({ kind: 'open-now', inMinutes: 120 });
    expect(understand('which one is open latest', menus)).toMatchObject({ kind: 'open-now', latest: true });
    expect(understand('who closes last tonight', menus)).toMatchObject({ kind: 'open-now', latest: true });
    expect(understand('next monday morning', menus)).toMatchObject({ kind: 'schedule', when: 'next monday', part: 'morning' });
    expect(understand('what about friday next week', menus)).toMatchObject({ kind: 'schedule', when: 'next friday' });
    expect(understand('monday morning', menus)).toMatchObject({ kind: 'schedule', when: 'monday', part: 'morning' });
  });
});

describe('understand: probe 4\'s misses (session 65)', () => {
  it('a time with a food, a time of another day, a meal with a part of the day, a food on another day', () => {
    expect(understand('dessert after 8 tonight?', understanding)).toMatchObject({ kind: 'open-now', after: 20 * 60, food: { cuisines: ['Desserts'] } });
    expect(understand('where can i get food at 10 pm on friday', understanding)).toMatchObject({ kind: 'schedule', when: 'friday', at: 22 * 60 });
    expect(understand('is there anywhere doing late night food on friday', understanding)).toMatchObject({ kind: 'schedule', when: 'friday', after: 21 * 60 });
    expect(understand('whats open next tuesday at noon', understanding)).toMatchObject({ kind: 'schedule', when: 'next tuesday', at: 12 * 60 });
    const breakfast = understand('whats open saturday morning for breakfast', understanding);
    expect(breakfast).toMatchObject({ kind: 'schedule', when: 'saturday', part: 'morning' });
    expect(breakfast).not.toHaveProperty('food');
    expect(understand('tacos on saturday', understanding)).toMatchObject({ kind: 'schedule', when: 'saturday', cuisine: 'Mexican' });
    expect(understand('tacos or coffee on saturday', understanding)).toMatchObject({ kind: 'schedule', when: 'saturday', food: { words: 'tacos or coffee' } });
  });

  it('an allergy said first, then "is the … safe"; a tree nut allergy is not a peanut one', () => {
    expect(understand('i have a peanut allergy is the brisket plate safe', understanding)).toMatchObject({
      kind: 'dish-labels',
      itemIds: [10],
      allergens: [{ allergen: 'peanuts', free: true }],
    });
    expect(understand('i have a tree nut allergy', understanding)).toMatchObject({ kind: 'attributes', filters: ['no-tree-nuts'] });
  });

  it('a place ends where the rest of the sentence starts; "when\'s the next time" is not the list\'s next', () => {
    expect(understand('im near zilker park and want tacos', understanding)).toMatchObject({ kind: 'nearest', place: { name: 'Zilker Park' }, food: { itemIds: [20] } });
    expect(understand('near zilker park looking for coffee', understanding)).toMatchObject({ place: { name: 'Zilker Park' } });
    expect(understand("when's the next time", understanding)).not.toMatchObject({ kind: 'follow-up', ask: 'next' });
    expect(understand('and the next one', understanding)).toMatchObject({ kind: 'follow-up', ask: 'next' });
  });
});

describe('understand: a truck as a whole, a dish\'s makings (session 65)', () => {
  it('"tell me about X" is where it is and what it is; "what\'s in the …" is the dish, not a place', () => {
    expect(understand('tell me about smokestack bbq', understanding)).toEqual({ kind: 'where', truckIds: [1], about: true });
    expect(understand("what's taco libre like", understanding)).toMatchObject({ kind: 'where', truckIds: [2], about: true });
    expect(understand('whats in the bean burrito', understanding)).toMatchObject({ kind: 'price', describe: true, food: { itemIds: [21] } });
    expect(understand('what does the brisket plate come with', understanding)).toMatchObject({ kind: 'price', describe: true, food: { itemIds: [10] } });
    expect(understand('how much is the brisket plate', understanding)).not.toHaveProperty('describe');
    // "Spicy" asks about the dish; it is not a second food to look for.
    expect(understand('is the brisket plate spicy', understanding)).toMatchObject({ kind: 'price', describe: true, spicy: true, food: { itemIds: [10] } });
  });
});

describe('understand: probe 5\'s misses (session 65)', () => {
  it('texting shorthand, a misspelt diet, a short weekday, a morning hour, a trip, a week', () => {
    expect(understand('r the brisket plates veg', understanding)).toMatchObject({ kind: 'dish-labels', itemIds: [10], diets: ['vegetarian'] });
    expect(understand('anything vegitarian at green machine', understanding)).toMatchObject({ kind: 'attributes', truckIds: [4], filters: ['vegetarian'] });
    expect(understand('whats around fri at 1pm', understanding)).toMatchObject({ kind: 'schedule', when: 'friday', at: 13 * 60 });
    expect(understand('anything next tues', understanding)).toMatchObject({ kind: 'schedule', when: 'next tuesday' });
    expect(understand('need food at 6:30 tomorrow morning', understanding)).toMatchObject({ kind: 'schedule', when: 'tomorrow', at: 6.5 * 60 });
    expect(understand('need food at 6:30 tomorrow', understanding)).toMatchObject({ at: 18.5 * 60 });
    expect(understand('how long to drive to mezze on main', understanding)).toEqual({ kind: 'where', truckIds: [7], howFar: true });
    expect(understand('what days is rolling roast out', understanding)).toEqual({ kind: 'schedule', when: 'next', truckIds: [3], week: true });
    expect(understand('is taco libre out next week', understanding)).toMatchObject({ kind: 'schedule', truckIds: [2], week: true });
    expect(understand('any coffee this week', understanding)).toMatchObject({ food: { words: 'coffee' } });
    expect(understand('are dogs ok at taco libre', understanding)).toMatchObject({ kind: 'attributes', truckIds: [2], filters: ['pet-friendly'] });
  });
});

describe('understand: a food left out (session 65)', () => {
  it('"not tacos", "anything but bbq": the rest is asked, the food left out kept beside it', () => {
    expect(understand('whats open closest to me thats not tacos', understanding)).toMatchObject({ not: { cuisines: ['Mexican'] } });
    expect(understand('anything but bbq near me', understanding)).toMatchObject({ kind: 'nearest', not: { cuisines: ['BBQ'] } });
    expect(understand('anything at taco libre without burritos', understanding)).toMatchObject({ kind: 'menu', truckIds: [2], without: { itemIds: [21] } });
    // An allergen after "without" stays what a truck states.
    expect(understand('anything without peanuts', understanding)).toMatchObject({ kind: 'attributes', filters: ['no-peanuts'] });
    expect(understand('is taco libre open', understanding)).not.toHaveProperty('not');
  });
});

describe('understand: probe 6 (session 65)', () => {
  it('an allergen with "is it ok" asks whether the dish is free of it, however "allergy" is spelt', () => {
    expect(understand('sesame alergy, is the brisket plate ok', understanding)).toMatchObject({
      kind: 'dish-labels',
      allergens: [{ allergen: 'sesame', free: true }],
    });
    expect(understand('is there sesame in the brisket plate', understanding)).toMatchObject({ allergens: [{ allergen: 'sesame', free: false }] });
  });
  it('"til when" is its hours today; "how r u", "are u a bot" are small talk', () => {
    expect(understand('til when is taco libre open', understanding)).toEqual({ kind: 'hours', truckIds: [2] });
    expect(understand('how r u today', understanding)).toEqual({ kind: 'small-talk', said: 'hello' });
    expect(understand('are u a bot', understanding)).toEqual({ kind: 'small-talk', said: 'help' });
  });
});

describe('understand: probe 6, the rest (session 65)', () => {
  it('"whats X about", "what kinda food is X"; a named truck open at a time is its hours', () => {
    expect(understand('whats taco libre about', understanding)).toMatchObject({ kind: 'where', about: true });
    expect(understand('what kinda food is mezze on main', understanding)).toMatchObject({ kind: 'where', truckIds: [7], about: true });
    expect(understand('is green machine still gonna be open at 5', understanding)).toEqual({ kind: 'hours', truckIds: [4] });
  });
});
