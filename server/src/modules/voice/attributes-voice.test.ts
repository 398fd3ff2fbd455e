import { describe, expect, it } from 'vitest';
import type { ItemLabels } from '@shared/utils/attributes';
import { ATTRIBUTE_PHRASINGS } from './intents';
import { buildUnderstanding, understand } from './understand';
import { answerQuestion, type AnswerContext, type KnownItem, type KnownTruck } from './voice-answers';

/** Issue 28: the voice answers what trucks state — and says "not stated" rather than guessing. */

const base = { latitude: 30.27, longitude: -97.74, address: null };
const smokestack: KnownTruck = { ...base, id: 1, name: 'Smokestack BBQ', cuisine: 'BBQ', isOpen: true, features: { cards: true, cash: true, stepFree: true } };
const tacos: KnownTruck = {
  ...base,
  id: 2,
  name: 'Taco Libre',
  cuisine: 'Mexican',
  isOpen: true,
  latitude: 30.3,
  features: { cards: false, cash: true, stepFree: false },
  accessNote: 'Two steps up; we bring orders down to you',
};
const green: KnownTruck = { ...base, id: 3, name: 'Green Machine', cuisine: 'Vegetarian', isOpen: false, latitude: 30.28, features: { cards: true } };
const burgers: KnownTruck = { ...base, id: 4, name: 'Burger Bus', cuisine: 'American', isOpen: true, latitude: 30.4 };

const item = (id: number, truckId: number, name: string, labels: Partial<ItemLabels> = {}): KnownItem => ({
  id,
  truckId,
  name,
  priceCents: 500,
  available: true,
  diets: labels.diets ?? {},
  allergens: labels.allergens ?? {},
});
const items = [
  item(10, 1, 'Brisket Plate', { diets: { vegetarian: false }, allergens: { gluten: 'contains' } }),
  item(11, 1, 'Sweet Tea', { diets: { vegan: true, glutenFree: true } }),
  item(20, 2, 'Al Pastor Taco', { diets: { vegetarian: false } }),
  item(21, 2, 'Horchata', { diets: { vegan: true } }),
  item(30, 3, 'Quinoa Bowl', { diets: { vegan: true } }),
  item(40, 4, 'Smash Burger'),
];
// What the lists carry (truck.repository menuLabels): the distinct labels of available items.
for (const truck of [smokestack, tacos, green, burgers]) {
  truck.menuLabels = items.filter((i) => i.truckId === truck.id).map((i) => ({ diets: i.diets ?? {}, allergens: i.allergens ?? {} }));
}

const trucks = [smokestack, tacos, green, burgers];
const understanding = buildUnderstanding(trucks, items);
const context: AnswerContext = {
  trucks: new Map(trucks.map((t) => [t.id, t])),
  itemsByTruck: new Map(trucks.map((t) => [t.id, items.filter((i) => i.truckId === t.id)])),
  schedules: new Map(),
  now: new Date('2027-06-15T12:30:00-05:00'),
  position: { lat: 30.27, lng: -97.74 },
  state: { truckIds: [], index: 0 },
};
const ask = (question: string) => answerQuestion(understand(question, understanding), context);

describe('the four questions of issue 28', () => {
  it('who takes cards near me: only trucks that said yes, nearest first', () => {
    const intent = understand('who takes cards near me', understanding);
    expect(intent).toMatchObject({ kind: 'attributes', filters: ['cards'] });
    const reply = ask('who takes cards near me');
    expect(reply.truckIds).toEqual([1, 3]);
    expect(reply.text).toMatch(/^Trucks that take cards: Smokestack BBQ, open, .* and Green Machine, closed now, /);
    expect(reply.text).not.toContain('Taco Libre');
    expect(reply.text).not.toContain('Burger Bus');
  });

  it('is there vegan food open now: open trucks with an item labelled vegan (or the cuisine)', () => {
    const reply = ask('is there vegan food open now');
    expect(reply.truckIds).toEqual(expect.arrayContaining([1, 2]));
    expect(reply.truckIds).not.toContain(3); // Green Machine is closed
    expect(reply.truckIds).not.toContain(4); // Burger Bus states nothing
    expect(reply.text).toMatch(/open/);
  });

  it('does Smokestack have anything gluten-free: the items labelled so', () => {
    expect(understand('does Smokestack have anything gluten-free', understanding)).toMatchObject({
      kind: 'attributes',
      filters: ['gluten-free'],
      truckIds: [1],
    });
    expect(ask('does Smokestack have anything gluten-free').text).toBe('Smokestack BBQ: Sweet Tea is marked gluten-free.');
    // Burger Bus's menu says nothing: not stated, never "no".
    expect(ask('does burger bus have anything gluten free').text).toBe('Burger Bus: the menu does not say which dishes are gluten-free.');
    // Every Taco Libre item... says nothing about gluten either.
    expect(ask('does taco libre have anything halal').text).toBe('Taco Libre: the menu does not say which dishes are halal.');
  });

  it('is the taco truck wheelchair accessible: yes, no or not stated, in a sentence, with the note', () => {
    expect(understand('is the taco truck wheelchair accessible', understanding)).toMatchObject({ kind: 'attributes', filters: ['step-free'] });
    expect(ask('is the taco truck wheelchair accessible').text).toBe(
      'No, Taco Libre has no step-free path to the counter (Two steps up; we bring orders down to you).',
    );
    expect(ask('is smokestack wheelchair accessible').text).toBe('Yes, Smokestack BBQ has a step-free path to the counter.');
    expect(ask('is burger bus wheelchair accessible').text).toBe("Burger Bus hasn't said whether it has a step-free path to the counter.");
  });

  it('a named truck asked about several things: one sentence, each as it stated it or that it has not; its menu after', () => {
    expect(ask('does taco libre take cash or apple pay').text).toBe(
      "Taco Libre takes cash and hasn't said whether it takes phone wallets.",
    );
    expect(ask('does smokestack take cards and have anything gluten free').text).toBe(
      'Yes, Smokestack BBQ takes cards. On its menu, Sweet Tea is marked gluten-free.',
    );
  });

  it('"how late is … open" naming no truck is never answered as an attribute question its words fit', () => {
    // A misheard "how late is Masala Wheels open" (the spoken evaluation set's tune part): listing
    // step-free trucks would answer a question nobody asked with trucks nobody named.
    expect(understand('how late is that find wheelchair open', understanding)).toMatchObject({ kind: 'unknown-truck' });
    expect(ask('how late is that find wheelchair open')).toMatchObject({ truckIds: [], understood: false });
    // Naming the truck, it is still an answer about the truck's hours.
    expect(understand('how late is smokestack open', understanding)).toMatchObject({ kind: 'hours', truckIds: [1] });
  });
});

describe('more attribute questions', () => {
  it.each([
    ['which trucks take cash', ['cash']],
    ['anything halal open now', ['halal']],
    ['does smokestack have seating', ['seating']],
    ['is there somewhere peanut free', ['no-peanuts']],
    ['who takes apple pay', ['phone-wallets']],
  ])('%s → %j', (question, filters) => {
    expect(understand(question, understanding)).toMatchObject({ kind: 'attributes', filters });
  });

  it('says when no truck has stated it, and counts no unstated truck', () => {
    expect(ask('anything halal open now').text).toBe('I found no open trucks that have dishes marked halal; trucks that have not said are not counted.');
  });

  it('keeps the food meaning of vegan without another attribute or a truck', () => {
    expect(understand('anything vegan around here?', understanding).kind).toBe('nearest');
  });

  it('has example phrasings', () => {
    expect(ATTRIBUTE_PHRASINGS.length).toBeGreaterThanOrEqual(4);
  });
});
