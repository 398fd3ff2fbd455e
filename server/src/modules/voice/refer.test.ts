import { describe, expect, it } from 'vitest';
import { namingTheTruck, needsOf, ofTheTruckTalkedAbout, withTheFood, withTheNeeds } from './refer';

const names = new Map([
  [1, 'Smokestack BBQ'],
  [2, 'Taco Libre'],
  [3, 'Seoul Food Wagon'],
]);
const nameOf = (id: number) => names.get(id);
/** The last answer listed three trucks and was about the first. */
const listed = { truckIds: [2, 1, 3], index: 0 };

describe('a truck pointed at, not named (ADR 0193)', () => {
  it.each([
    ['do they take cards', 'do taco libre take cards'],
    ['Where will they be tomorrow?', 'where will taco libre be tomorrow'],
    ["what's the cheapest thing there", "what's the cheapest thing at taco libre"],
    ['how do i get there', 'how do i get to taco libre'],
    ["what's on their menu", "what's on taco libre's menu"],
    ['is that one open on friday', 'is taco libre open on friday'],
    ['how much is that', 'how much is taco libre'],
    ['is that open', 'is taco libre open'],
  ])('"%s" is about the truck just talked about', (said, meant) => {
    expect(namingTheTruck(said, listed, nameOf)?.toLowerCase()).toBe(meant);
  });

  it('after two trucks compared: "which is cheaper" compares those two, "the cheaper one" is the one that won', () => {
    const compared = { truckIds: [3, 2], index: 0, cheaper: 2, closer: 3 };
    expect(namingTheTruck('which is cheaper', compared, nameOf)).toBe('which is cheaper Seoul Food Wagon or Taco Libre');
    expect(namingTheTruck("which one's closer?", compared, nameOf)).toBe("which one's closer Seoul Food Wagon or Taco Libre");
    expect(namingTheTruck('ok directions to the cheaper one', compared, nameOf)).toBe('ok directions to Taco Libre');
    expect(namingTheTruck('how late is the closer one open', compared, nameOf)).toBe('how late is Seoul Food Wagon open');
    // A list of three is no pair; which trucks are cheaper asks for trucks.
    expect(namingTheTruck('which is cheaper', listed, nameOf)).toBeUndefined();
    expect(namingTheTruck('which trucks are cheaper', compared, nameOf)).toBeUndefined();
  });

  it('"what time saturday" after one truck is its hours that day; alone it asks for every truck', () => {
    const one = { truckIds: [2], index: 0 };
    expect(namingTheTruck('what time saturday', one, nameOf)).toBe('what time saturday Taco Libre');
    expect(namingTheTruck('ok when tomorrow', one, nameOf)).toBe('ok when tomorrow Taco Libre');
    expect(namingTheTruck('what time saturday', listed, nameOf)).toBeUndefined();
  });

  it('"the second one", "the last one" are those of the list just read out', () => {
    expect(namingTheTruck('tell me about the second one', listed, nameOf)).toBe('tell me about Smokestack BBQ');
    expect(namingTheTruck('and the last one?', listed, nameOf)).toBe('and Seoul Food Wagon');
    // A list of two has no third: left as said.
    expect(namingTheTruck('the third one', { truckIds: [2, 1], index: 0 }, nameOf)).toBeUndefined();
  });

  it('"is there", "there are" and a conversation with no truck yet point at nothing', () => {
    expect(namingTheTruck('is there any coffee near me', listed, nameOf)).toBeUndefined();
    expect(namingTheTruck('are there trucks open late', listed, nameOf)).toBeUndefined();
    expect(namingTheTruck("there's nothing open", listed, nameOf)).toBeUndefined();
    expect(namingTheTruck('trucks that take cards', listed, nameOf)).toBeUndefined();
    expect(namingTheTruck('do they take cards', { truckIds: [], index: 0 }, nameOf)).toBeUndefined();
  });
});

describe('"can I order ahead" in a conversation (session 65)', () => {
  it('is about the one truck just talked about; after a list, it is asked of every truck', () => {
    expect(namingTheTruck('can i order ahead', { truckIds: [2], index: 0 }, nameOf)).toBe('can i order ahead at Taco Libre');
    expect(namingTheTruck('Can we order online?', { truckIds: [2], index: 0 }, nameOf)).toBe('can we order online at Taco Libre');
    expect(namingTheTruck('can i order ahead', { truckIds: [2, 1], index: 0 }, nameOf)).toBeUndefined();
  });
});

describe('a name with a pointing word in it (session 65)', () => {
  it('is put in once, never read again: "it" in "Bite It" stays the name', () => {
    const bite = (id: number) => (id === 9 ? 'Bite It Their Way' : undefined);
    expect(namingTheTruck('is it open', { truckIds: [9], index: 0 }, bite)).toBe('is Bite It Their Way open');
    expect(namingTheTruck("what's the cheapest thing there", { truckIds: [9], index: 0 }, bite)).toBe("what's the cheapest thing at Bite It Their Way");
  });
});

describe('follow-ups about one truck or one dish (session 65)', () => {
  const one = { truckIds: [1], index: 0 };
  it('"is it gluten free" after a dish is that dish at its truck; not without a dish, nor without a label word', () => {
    const priced = { ...one, dish: 'Pulled Pork Sandwich' };
    expect(namingTheTruck('is it gluten free', priced, nameOf)).toBe("is Smokestack BBQ's Pulled Pork Sandwich gluten free");
    expect(namingTheTruck('does it have nuts', priced, nameOf)).toBe("does Smokestack BBQ's Pulled Pork Sandwich have nuts");
    expect(namingTheTruck('is it open', priced, nameOf)).toBe('is Smokestack BBQ open');
    expect(namingTheTruck('is it gluten free', one, nameOf)).toBe('is Smokestack BBQ gluten free');
  });

  it('"ok when then", "when\'s the next time": when the truck is out next', () => {
    expect(namingTheTruck('ok when then', one, nameOf)).toBe('when is Smokestack BBQ open next');
    expect(namingTheTruck("When's the next time?", one, nameOf)).toBe('when is Smokestack BBQ open next');
  });

  it('"which of those are vegan" and "is there a step free way in" after one truck are about it; after a list, not', () => {
    expect(namingTheTruck('which of those are vegan', one, nameOf)).toBe('which Smokestack BBQ are vegan');
    expect(namingTheTruck('and is there a step free way in', one, nameOf)).toBe('and is there a step free way in at Smokestack BBQ');
    expect(namingTheTruck('is there seating', one, nameOf)).toBe('is there seating at Smokestack BBQ');
    expect(namingTheTruck('which of those are open', listed, nameOf)).toBeUndefined();
    expect(namingTheTruck('is there seating', listed, nameOf)).toBeUndefined();
    expect(namingTheTruck('is there any coffee', one, nameOf)).toBeUndefined();
  });
});

describe('"what about thursday": the last question changed (session 65)', () => {
  it('keeps the last food asked for, or the one truck talked about', () => {
    const dessert = { truckIds: [1, 2], index: 0, food: 'dessert' };
    expect(withTheFood('What about thursday?', dessert)).toBe('dessert what about thursday');
    expect(withTheFood('and saturday', dessert)).toBe('dessert and saturday');
    expect(withTheFood('what about thursday', { truckIds: [], index: 0 })).toBeUndefined();
    expect(withTheFood('is anything open thursday', dessert)).toBeUndefined();
    expect(namingTheTruck('what about tomorrow', { truckIds: [2], index: 0 }, nameOf)).toBe('what about tomorrow Taco Libre');
    expect(namingTheTruck('what about tomorrow', listed, nameOf)).toBeUndefined();
  });
});

describe('a dish asked about while one truck is talked about (session 65)', () => {
  const truckOfItem = (id: number) => ({ 60: 6, 61: 11, 62: 6 })[id];
  const food = { words: 'fried chicken', cuisines: [], itemIds: [60, 61], truckIds: [] };
  it('is that truck\'s dish; after a list, or a truck without it, every truck\'s', () => {
    expect(ofTheTruckTalkedAbout({ kind: 'price', food, cheapest: false }, { truckIds: [6], index: 0 }, truckOfItem)).toEqual({
      kind: 'price',
      food: { ...food, itemIds: [60] },
      truckIds: [6],
      cheapest: false,
    });
    expect(ofTheTruckTalkedAbout({ kind: 'price', food, cheapest: false }, { truckIds: [6, 11], index: 0 }, truckOfItem)).toMatchObject({ food });
    expect(ofTheTruckTalkedAbout({ kind: 'price', food, cheapest: false }, { truckIds: [2], index: 0 }, truckOfItem)).not.toHaveProperty('truckIds');
    expect(ofTheTruckTalkedAbout({ kind: 'dish-labels', itemIds: [60, 61], words: 'fried chicken', diets: ['halal'], allergens: [] }, { truckIds: [11], index: 0 }, truckOfItem)).toMatchObject({ itemIds: [61] });
  });
});

describe('what a truck states, asked after one truck without pointing at it (session 65)', () => {
  it('"can i pay cash" is about it; "which trucks take cash" and "do they take cards" are as before', () => {
    const one = { truckIds: [1], index: 0 };
    expect(namingTheTruck('can i pay cash', one, nameOf)).toBe('can i pay cash at Smokestack BBQ');
    expect(namingTheTruck('do they take cards', one, nameOf)).toBe('do Smokestack BBQ take cards');
    expect(namingTheTruck('which trucks take cash', one, nameOf)).toBeUndefined();
    expect(namingTheTruck('anywhere with seating near me', one, nameOf)).toBeUndefined();
    expect(namingTheTruck('can i pay cash', listed, nameOf)).toBeUndefined();
  });
});

describe('"the other one", "which ones" (session 66)', () => {
  it('"the other one" after two trucks is the one the last answer was not about; it never brings back the food', () => {
    const two = { truckIds: [2, 1], index: 0, food: 'tacos or bbq' };
    expect(namingTheTruck("what's on the menu at the other one", two, nameOf)?.toLowerCase()).toBe("what's on the menu at smokestack bbq");
    expect(namingTheTruck('and the other one', two, nameOf)?.toLowerCase()).toBe('and smokestack bbq');
    expect(withTheFood('and the other one', two)).toBeUndefined();
    // One truck: there is no other.
    expect(namingTheTruck('and the other one', { truckIds: [2], index: 0 }, nameOf)).toBeUndefined();
  });

  it('"which ones are halal" after one truck\'s menu is about that menu', () => {
    expect(namingTheTruck('which ones are halal', { truckIds: [1], index: 0 }, nameOf)?.toLowerCase()).toBe('which of smokestack bbq are halal');
    expect(namingTheTruck('which ones are halal', listed, nameOf)).toBeUndefined();
  });
});

describe('a diet or an allergy asked for, asked again without saying it (probe 9)', () => {
  const dairy = { truckIds: [2, 1], index: 0, needs: ['no-dairy'] };
  const sweetTea = { words: 'sweet tea', cuisines: [], itemIds: [11], truckIds: [] };

  it('is kept from an attributes question or a dish\'s labels, not from a feature', () => {
    expect(needsOf({ kind: 'attributes', filters: ['no-dairy', 'cards'], openOnly: false })).toEqual(['no-dairy']);
    expect(needsOf({ kind: 'dish-labels', itemIds: [11], words: 'sweet tea', diets: ['vegan'], allergens: [{ allergen: 'dairy', free: true }] })).toEqual([
      'vegan',
      'no-dairy',
    ]);
    expect(needsOf({ kind: 'where', truckIds: [1] })).toEqual([]);
  });

  it('"can she eat at Smokestack" is the need of its menu; "what about the sweet tea" of the dish', () => {
    const unknown = { kind: 'unknown-about-truck' as const, truckIds: [1], what: 'she eat', menu: false };
    expect(withTheNeeds(unknown, 'can she eat at smokestack', dairy)).toEqual({ kind: 'attributes', filters: ['no-dairy'], truckIds: [1], openOnly: false });
    expect(withTheNeeds({ kind: 'nearest', food: sweetTea }, 'what about the sweet tea', dairy)).toEqual({
      kind: 'dish-labels',
      itemIds: [11],
      words: 'sweet tea',
      diets: [],
      allergens: [{ allergen: 'dairy', free: true }],
    });
  });

  it('changes nothing without a need kept, or when the question asks something else', () => {
    const where = { kind: 'where' as const, truckIds: [1] };
    expect(withTheNeeds(where, 'can she eat at smokestack', { truckIds: [], index: 0 })).toBe(where);
    expect(withTheNeeds(where, 'where is smokestack', dairy)).toBe(where);
  });

  it('"and the bbq place" after one truck is another truck named by what it sells, not barbecue at that one', () => {
    expect(namingTheTruck('and the bbq place', { truckIds: [2], index: 0 }, nameOf)).toBeUndefined();
    expect(namingTheTruck('what about the coffee truck', { truckIds: [2], index: 0 }, nameOf)).toBeUndefined();
  });

  it('"what about tacos" after a search for barbecue is tacos, not tacos at the barbecue truck', () => {
    expect(namingTheTruck('what about tacos', { truckIds: [1], index: 0, food: 'bbq' }, nameOf)).toBeUndefined();
    expect(namingTheTruck('what about tacos', { truckIds: [1], index: 0 }, nameOf)).toBe('what about tacos Smokestack BBQ');
  });
});
