import { distance } from 'fastest-levenshtein';
import { DIETS, type Diet } from '@shared/utils/attributes';

/**
 * How diners search the list in their own words (GET /api/food-trucks/search). A search is a
 * lower-cased substring of a truck's search text; these widen it the way a person means it:
 * - a plural finds the singular ("tacos" finds the "Al Pastor Taco");
 * - a cuisine's everyday name finds the cuisine ("barbecue" finds the BBQ trucks, "vegan" the
 *   Vegetarian ones), but a dish never stands for a cuisine ("pizza" is not every Italian truck);
 * - a dish spelled as one word finds it ("hamburger" the burgers), a street said in full its
 *   address ("south congress" finds "1100 S Congress Ave", "sixth street" "E 6th St");
 * - a word typed a letter or two wrong finds the word ("smokestak" finds Smokestack BBQ), or the
 *   name it was meant to be ("barbaque" the BBQ trucks, "vegen" the vegan menus), only when
 *   nothing has the word as typed;
 * - a diet's name finds the trucks with a menu item labelled so, as the filter chips do ("vegan"
 *   finds the taco truck's vegan horchata, "gluten free" its corn tortillas), besides the words;
 * - several words that no truck has together as typed find the trucks that have each of them, in
 *   any field and order ("bbq austin", "smokestak bbq", "vegan tacos").
 */

/**
 * A text as searches compare it, the trucks' and the diner's alike: lower-cased, accents dropped
 * ("creme brulee" finds "Crème Brûlée"), apostrophes dropped ("po'boy", "poboy" and "po’boy" are
 * one word), any other mark a space ("bbq!!!", "taco-libre", "tacos, cheap").
 */
export const foldForSearch = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’‘`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Names people give a cuisine that its own name does not hold, lower-cased. */
const CUISINE_NAMES: Readonly<Record<string, readonly string[]>> = {
  bbq: ['barbecue', 'barbeque', 'bar b q'],
  vegetarian: ['vegan', 'veggie', 'plant based', 'meatless'],
  desserts: ['dessert', 'sweets'],
  mexican: ['tex mex'],
  southern: ['soul food'],
};

/** Names of the menu labels' diets (shared/utils/attributes.ts), lower-cased; a hyphen reads as a space. */
const DIET_NAMES: Readonly<Record<Diet, readonly string[]>> = {
  vegetarian: ['vegetarian', 'veggie', 'meatless'],
  vegan: ['vegan', 'plant based'],
  glutenFree: ['gluten free', 'glutenfree', 'no gluten', 'gf'],
  halal: ['halal'],
  kosher: ['kosher'],
};
const DIET_OF_NAME = new Map(DIETS.flatMap((diet) => DIET_NAMES[diet].map((name) => [name, diet] as const)));

/** The diet a search (or one of its words) names, if it names one: "Vegan", "gluten-free". */
export const dietOf = (query: string): Diet | undefined =>
  DIET_OF_NAME.get(query.trim().toLowerCase().replace(/[\s-]+/g, ' '));

/** Dishes written as one word that the menus write as their last part or apart. */
const DISH_FORMS: Readonly<Record<string, string>> = {
  hamburger: 'burger',
  cheeseburger: 'burger',
  hotdog: 'hot dog',
  icecream: 'ice cream',
};

/**
 * The one-word names a search means more by than its letters (a cuisine's everyday name, a diet, a
 * dish spelled as one word): what a mistyped word may be meant as, besides the trucks' own words.
 */
export const NAMED_WORDS: readonly string[] = [
  ...new Set([...Object.values(CUISINE_NAMES).flat(), ...Object.values(DIET_NAMES).flat(), ...Object.keys(DISH_FORMS)].filter((name) => !/[\s-]/.test(name))),
];

/**
 * How addresses are written ("1100 S Congress Ave", "1300 E 6th St"): a street said in full finds
 * it ("south congress", "sixth street", "congress avenue").
 */
const DIRECTIONS: Readonly<Record<string, string>> = { north: 'n', south: 's', east: 'e', west: 'w' };
const STREET_TYPES: Readonly<Record<string, string>> = {
  street: 'st', avenue: 'ave', boulevard: 'blvd', drive: 'dr', road: 'rd', lane: 'ln', parkway: 'pkwy',
};
const ADDRESS_WORDS: Readonly<Record<string, string>> = {
  ...DIRECTIONS,
  ...STREET_TYPES,
  first: '1st', second: '2nd', third: '3rd', fourth: '4th', fifth: '5th',
  sixth: '6th', seventh: '7th', eighth: '8th', ninth: '9th', tenth: '10th',
};
const ORDINAL = /^\d+(st|nd|rd|th)$/;

/**
 * The search as an address writes it, when that differs: a street of two words or more, or an
 * ordinal. It starts with a space, as in the text: " s congress" is not "the side"'s "e side".
 */
function addressForm(term: string): string | undefined {
  const words = term.split(' ');
  const written = words.map((w) => ADDRESS_WORDS[w] ?? w);
  if (written.every((w, i) => w === words[i])) return undefined;
  return words.length > 1 || ORDINAL.test(written[0] ?? '') ? ` ${written.join(' ')}` : undefined;
}

/**
 * The search as typed, its singular, the cuisine it names, a dish's other spelling and a street as
 * addresses write it: any of them is a match.
 */
export function searchTerms(query: string): string[] {
  const term = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (!term) return [];
  const terms = new Set([term]);
  const singular = singularOf(term);
  if (singular) terms.add(singular);
  for (const [cuisine, names] of Object.entries(CUISINE_NAMES)) {
    if (names.includes(term) || (singular && names.includes(singular))) terms.add(cuisine);
  }
  const dish = DISH_FORMS[singular ?? term];
  if (dish) terms.add(dish);
  const address = addressForm(term);
  if (address) terms.add(address);
  return [...terms];
}

/** "tacos" → "taco", "sandwiches" → "sandwich"; undefined when there is none worth trying. */
function singularOf(term: string): string | undefined {
  const stripped = /(ch|sh|x)es$/.test(term) ? term.slice(0, -2) : /[^s]s$/.test(term) ? term.slice(0, -1) : undefined;
  return stripped && stripped.length >= 4 ? stripped : undefined;
}

/** Words a search may carry that no truck's text is asked to hold ("tacos near lamar"). */
const FILLER = new Set(['a', 'an', 'the', 'and', 'near', 'in', 'on', 'at', 'by', 'with', 'food', 'truck', 'trucks']);

/**
 * A search of several words, word by word without the filler ("bbq austin", "smokestak bbq",
 * "bbq truck" → "bbq"; a two-word diet or street stays one: "gluten free tacos" → "gluten free",
 * "tacos"): none for a search of one word.
 */
export function searchWords(query: string): string[] {
  const words = query.trim().toLowerCase().replace(/\s+/g, ' ').match(UNITS) ?? [];
  return words.length > 1 ? words.filter((w) => !FILLER.has(w)) : [];
}

/**
 * What a search is read as, unit by unit: a two-word diet ("gluten free") and a street ("south
 * congress", "sixth street") are one, any other word is one.
 */
const UNITS = new RegExp(
  [
    '\\b(?:gluten free|plant based|no gluten)\\b',
    `\\b(?:${Object.keys(DIRECTIONS).join('|')}) \\S+`,
    `\\S+ (?:${Object.keys(STREET_TYPES).join('|')})\\b`,
    '\\S+',
  ].join('|'),
  'g',
);

/** How many letters may be wrong in a word of this length: none under 5, one up to 7, else two. */
const allowedEdits = (length: number) => (length < 5 ? 0 : length < 8 ? 1 : 2);

/** The words of a search text, as the typo match compares them. */
export const wordsOfText = (text: string): string[] => text.split(/[^a-z0-9]+/).filter((w) => w.length >= 4);

/**
 * The words of `vocabulary` that a one-word search typed a little wrong means ("smokestak" →
 * "smokestack"), closest first; none for several words or a short one.
 */
export function nearMisses(term: string, vocabulary: Iterable<string>): string[] {
  if (term.includes(' ')) return [];
  const edits = allowedEdits(term.length);
  if (edits === 0) return [];
  const found: { word: string; edits: number }[] = [];
  for (const word of vocabulary) {
    if (Math.abs(word.length - term.length) > edits) continue;
    const d = distance(word, term);
    if (d <= edits) found.push({ word, edits: d });
  }
  return found.sort((a, b) => a.edits - b.edits || a.word.localeCompare(b.word)).map((f) => f.word);
}
