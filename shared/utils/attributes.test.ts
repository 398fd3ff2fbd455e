import { describe, expect, it } from 'vitest';
import {
  conflictReasons,
  labelledOffer,
  featureGroupsOf,
  notStatedText,
  itemFit,
  labelTexts,
  matchesFilters,
  parseFilterIds,
  statedFeatures,
  TRUCK_FILTER_IDS,
  truckDietOptions,
  truckFit,
  unknownFilterIds,
  type DietaryNeeds,
  type ItemLabels,
  type TruckFacts,
} from './attributes';

const item = (diets: ItemLabels['diets'] = {}, allergens: ItemLabels['allergens'] = {}): ItemLabels => ({ diets, allergens });

const cardsVeganNoPeanuts: TruckFacts = {
  features: { cards: true, cash: false, stepFree: true },
  menuLabels: [item({ vegan: true }, { peanuts: 'free' }), item({ vegetarian: false }, { peanuts: 'contains' })],
};
const cashOnlyVeganWithPeanuts: TruckFacts = {
  features: { cards: false, cash: true },
  // A vegan dish that has peanuts, and a peanut-free dish that is not vegan: never one dish both.
  menuLabels: [item({ vegan: true }, { peanuts: 'contains' }), item({ vegan: false }, { peanuts: 'free' })],
};
const saysNothing: TruckFacts = { features: {}, menuLabels: [item()] };
const olderEvent: TruckFacts = {};

describe('matchesFilters', () => {
  const cases: [string, TruckFacts, string[], boolean][] = [
    ['no filters: every truck', saysNothing, [], true],
    ['no filters: even an event without the fields', olderEvent, [], true],
    ['takes cards: stated yes', cardsVeganNoPeanuts, ['cards'], true],
    ['takes cards: stated no', cashOnlyVeganWithPeanuts, ['cards'], false],
    ['takes cards: not stated is not yes', saysNothing, ['cards'], false],
    ['takes cards: an older event without features', olderEvent, ['cards'], false],
    ['cash: stated yes', cashOnlyVeganWithPeanuts, ['cash'], true],
    ['step-free and cards together', cardsVeganNoPeanuts, ['cards', 'step-free'], true],
    ['step-free not stated', cashOnlyVeganWithPeanuts, ['step-free'], false],
    ['vegan options', cardsVeganNoPeanuts, ['vegan'], true],
    ['vegan options on the other truck', cashOnlyVeganWithPeanuts, ['vegan'], true],
    ['vegan counts as vegetarian', cardsVeganNoPeanuts, ['vegetarian'], true],
    ['no peanuts', cardsVeganNoPeanuts, ['no-peanuts'], true],
    ['vegan + no peanuts: one dish must be both', cardsVeganNoPeanuts, ['vegan', 'no-peanuts'], true],
    ['vegan + no peanuts: two different dishes do not count', cashOnlyVeganWithPeanuts, ['vegan', 'no-peanuts'], false],
    ['feature and dish filters combine', cardsVeganNoPeanuts, ['cards', 'vegan', 'no-peanuts'], true],
    ['feature fails though the dish matches', cashOnlyVeganWithPeanuts, ['cards', 'vegan'], false],
    ['no menu labels: no dish filter matches', olderEvent, ['vegan'], false],
    ['unlabelled items are not gluten-free', saysNothing, ['gluten-free'], false],
    ['gluten-free: stated free of gluten counts', { menuLabels: [item({}, { gluten: 'free' })] }, ['gluten-free'], true],
    ['no gluten: a gluten-free label counts', { menuLabels: [item({ glutenFree: true })] }, ['no-gluten'], true],
    ['may contain is not free', { menuLabels: [item({}, { sesame: 'mayContain' })] }, ['no-sesame'], false],
    ['unknown filter ids are ignored here (the API refuses them)', cardsVeganNoPeanuts, ['teleport'], true],
  ];
  it.each(cases)('%s', (_name, truck, filters, expected) => {
    expect(matchesFilters(truck, filters)).toBe(expected);
  });
});

describe('filter ids', () => {
  it('are unique and kebab-case', () => {
    expect(new Set(TRUCK_FILTER_IDS).size).toBe(TRUCK_FILTER_IDS.length);
    for (const id of TRUCK_FILTER_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(TRUCK_FILTER_IDS).toEqual(expect.arrayContaining(['cards', 'step-free', 'vegan', 'no-peanuts', 'phone-wallets', 'no-tree-nuts']));
  });
  it.each([
    ['', []],
    [null, []],
    ['vegan,cards', ['cards', 'vegan']],
    ['cards,cards, vegan ,bogus', ['cards', 'vegan']],
  ] as const)('parseFilterIds(%j)', (text, expected) => {
    expect(parseFilterIds(text)).toEqual(expected);
  });
  it('names the unknown ones', () => {
    expect(unknownFilterIds('cards,teleport,,vegan,free-beer')).toEqual(['teleport', 'free-beer']);
  });
});

describe('dietary fit', () => {
  const vegan: DietaryNeeds = { diets: ['vegan'], avoid: [] };
  const noPeanuts: DietaryNeeds = { diets: [], avoid: ['peanuts'] };
  const both: DietaryNeeds = { diets: ['vegan'], avoid: ['peanuts'] };
  const cases: [string, ItemLabels, DietaryNeeds, 'suits' | 'conflicts' | 'unknown'][] = [
    ['stated vegan suits a vegan', item({ vegan: true }), vegan, 'suits'],
    ['stated not vegan conflicts', item({ vegan: false }), vegan, 'conflicts'],
    ['not stated is unknown, never a guess', item(), vegan, 'unknown'],
    ['contains peanuts conflicts', item({}, { peanuts: 'contains' }), noPeanuts, 'conflicts'],
    ['may contain peanuts conflicts', item({}, { peanuts: 'mayContain' }), noPeanuts, 'conflicts'],
    ['free of peanuts suits', item({}, { peanuts: 'free' }), noPeanuts, 'suits'],
    ['both needs met', item({ vegan: true }, { peanuts: 'free' }), both, 'suits'],
    ['one need unknown', item({ vegan: true }), both, 'unknown'],
    ['one need broken', item({ vegan: true }, { peanuts: 'contains' }), both, 'conflicts'],
    ['vegan meets vegetarian even when vegetarian is not stated', item({ vegan: true }), { diets: ['vegetarian'], avoid: [] }, 'suits'],
    ['not vegetarian is not vegan', item({ vegetarian: false }), vegan, 'conflicts'],
    ['containing gluten is not gluten-free', item({}, { gluten: 'contains' }), { diets: ['glutenFree'], avoid: [] }, 'conflicts'],
  ];
  it.each(cases)('%s', (_name, labels, needs, expected) => {
    expect(itemFit(labels, needs)).toBe(expected);
  });

  it.each([
    ['suits when one item suits', [item({ vegan: false }), item({ vegan: true })], 'suits'],
    ['conflicts only when every item conflicts (dimmed)', [item({ vegan: false }), item({ vegetarian: false })], 'conflicts'],
    ['unknown when some item says nothing', [item({ vegan: false }), item()], 'unknown'],
    ['unknown with no menu', [], 'unknown'],
  ] as const)('truckFit: %s', (_name, labels, expected) => {
    expect(truckFit({ menuLabels: [...labels] }, vegan)).toBe(expected);
  });
  it('is unknown without needs', () => {
    expect(truckFit({ menuLabels: [item({ vegan: false })] }, { diets: [], avoid: [] })).toBe('unknown');
  });
  it('says why an item conflicts', () => {
    expect(conflictReasons(item({ vegan: false }, { peanuts: 'mayContain' }), both)).toEqual(['Not vegan', 'May contain peanuts']);
  });
});

describe('texts', () => {
  it('lists stated features only, with yes and no words', () => {
    expect(statedFeatures({ cash: true, cards: false }).map((f) => f.text)).toEqual(['No cards', 'Takes cash']);
    expect(statedFeatures(undefined)).toEqual([]);
  });
  it('groups the truck page’s features: stated ones each on a line, the unstated ones said once per group', () => {
    const groups = featureGroupsOf({ cards: true, stepFree: false, orderFromSeat: true, reachableCounter: false });
    expect(groups.map((g) => [g.label, g.stated.map((f) => f.text), g.notStated.length ? notStatedText(g.notStated) : null])).toEqual([
      ['Payment', ['Takes cards'], 'Not stated: cash, phone wallets'],
      ['Access', ['Not step-free', 'High counter', 'Order from a seat'], null],
      ['Amenities', [], 'Not stated: seating, shade, restroom nearby, pet-friendly'],
    ]);
    expect(featureGroupsOf(null).every((g) => g.stated.length === 0)).toBe(true);
  });
  it('reads an item’s labels', () => {
    expect(labelTexts(item({ vegan: true, halal: false }, { peanuts: 'contains', sesame: 'mayContain', dairy: 'free' }))).toEqual({
      diets: ['Vegan'],
      allergens: [
        { allergen: 'peanuts', state: 'contains', text: 'Contains peanuts' },
        { allergen: 'dairy', state: 'free', text: 'No dairy' },
        { allergen: 'sesame', state: 'mayContain', text: 'May contain sesame' },
      ],
    });
  });
  it("says gluten-free once, whether stated as the diet, as free of gluten, or both", () => {
    const { diets, allergens } = labelTexts(item({ glutenFree: true }, { gluten: 'free', dairy: 'contains' }));
    expect(diets).toEqual(['Gluten-free']);
    expect(allergens.map((a) => a.text)).toEqual(['Contains dairy']);
    expect(labelTexts(item({}, { gluten: 'free' })).diets).toEqual(['Gluten-free']);
    expect(labelTexts(item({}, { gluten: 'mayContain' })).allergens.map((a) => a.text)).toEqual(['May contain gluten']);
  });
  it('lists the diets a truck has options for', () => {
    expect(truckDietOptions(cardsVeganNoPeanuts)).toEqual(['vegetarian', 'vegan']);
    expect(truckDietOptions(olderEvent)).toEqual([]);
  });
});

describe('labelledOffer', () => {
  it("is a truck's dishes, not its drinks, unless drinks are all it sells", () => {
    const taco = { name: 'Taco', category: 'Main Dishes' };
    const horchata = { name: 'Horchata', category: 'Beverages' };
    const latte = { name: 'Latte', category: 'Beverages' };
    expect(labelledOffer([taco, horchata])).toEqual([taco]);
    expect(labelledOffer([latte, horchata])).toEqual([latte, horchata]);
    // No course chosen is a dish.
    expect(labelledOffer([{ name: 'Bowl', category: null }, horchata])).toEqual([{ name: 'Bowl', category: null }]);
  });
});
