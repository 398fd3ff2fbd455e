import { describe, expect, it } from 'vitest';
import { dietOf, nearMisses, searchTerms, searchWords } from './search-terms';

describe('searchTerms: what a diner\'s search also means', () => {
  it.each([
    ['Tacos', ['tacos', 'taco']],
    ['sandwiches', ['sandwiches', 'sandwich']],
    ['  Barbecue ', ['barbecue', 'bbq']],
    ['vegan', ['vegan', 'vegetarian']],
    ['plant based', ['plant based', 'vegetarian']],
    ['soul   food', ['soul food', 'southern']],
    ['desserts', ['desserts', 'dessert']],
    ['bus', ['bus']],
    ['ribs', ['ribs']],
    ['pizza', ['pizza']],
    ['Hamburgers', ['hamburgers', 'hamburger', 'burger']],
    ['icecream', ['icecream', 'ice cream']],
    ['South Congress', ['south congress', ' s congress']],
    ['sixth street', ['sixth street', ' 6th st']],
    ['sixth', ['sixth', ' 6th']],
    ['congress avenue', ['congress avenue', ' congress ave']],
    // One word that only abbreviates is no street: "south" alone is not every " s ".
    ['south', ['south']],
  ])('%s → %j', (query, terms) => {
    expect(searchTerms(query)).toEqual(terms);
  });

  it('an empty search is no terms', () => {
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('nearMisses: a word typed a letter or two wrong', () => {
  const vocabulary = ['smokestack', 'brisket', 'taco', 'tacos', 'congress', 'kimchi'];

  it('finds the word, closest first, within one edit up to 7 letters and two from 8', () => {
    expect(nearMisses('smokestak', vocabulary)).toEqual(['smokestack']);
    expect(nearMisses('smoekstak', vocabulary)).toEqual([]);
    expect(nearMisses('brsket', vocabulary)).toEqual(['brisket']);
    expect(nearMisses('kimchee', vocabulary)).toEqual([]);
    expect(nearMisses('congres', vocabulary)).toEqual(['congress']);
  });

  it('leaves short words and several words alone', () => {
    expect(nearMisses('tako', vocabulary)).toEqual([]);
    expect(nearMisses('smokestak bbq', vocabulary)).toEqual([]);
  });
});

describe('searchWords: a search of several words, word by word', () => {
  it('drops the words no truck is asked to hold; one word is no split', () => {
    expect(searchWords('Tacos near  Lamar')).toEqual(['tacos', 'lamar']);
    expect(searchWords('bbq austin')).toEqual(['bbq', 'austin']);
    expect(searchWords('the bbq truck')).toEqual(['bbq']);
    expect(searchWords('the food truck')).toEqual([]);
    expect(searchWords('brisket')).toEqual([]);
  });

  it('keeps a two-word diet or a street one unit', () => {
    expect(searchWords('Gluten  free tacos')).toEqual(['gluten free', 'tacos']);
    expect(searchWords('plant based bowls')).toEqual(['plant based', 'bowls']);
    expect(searchWords('no gluten pizza')).toEqual(['no gluten', 'pizza']);
    expect(searchWords('bbq on south congress')).toEqual(['bbq', 'south congress']);
    expect(searchWords('tacos sixth street')).toEqual(['tacos', 'sixth street']);
    // Neither: the words stay apart.
    expect(searchWords('no cheese')).toEqual(['no', 'cheese']);
    expect(searchWords('street tacos')).toEqual(['street', 'tacos']);
  });
});

describe('dietOf: the menu label a search names', () => {
  it.each([
    ['vegan', 'vegan'],
    ['Plant-Based', 'vegan'],
    ['veggie', 'vegetarian'],
    ['gluten  free', 'glutenFree'],
    ['gluten-free', 'glutenFree'],
    ['GF', 'glutenFree'],
    ['halal', 'halal'],
    ['kosher', 'kosher'],
  ])('%s is %s', (query, diet) => {
    expect(dietOf(query)).toBe(diet);
  });

  it('a dish or a diet with more words is none', () => {
    expect(dietOf('vegan tacos')).toBeUndefined();
    expect(dietOf('gluten')).toBeUndefined();
  });
});
