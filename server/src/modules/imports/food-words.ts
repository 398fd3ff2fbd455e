import type { Cuisine } from '@shared/constants';

/** Words that say nothing about the food ("and related toppings: etc."). */
const FILLER = new Set(['and', 'or', 'related', 'etc', 'other', 'various', 'assorted', 'all', 'types', 'of', 'the', 'a', 'an', 'with', 'for', 'items', 'item', 'food', 'foods', 'kinds', 'style', 'everything', 'except', 'truck', 'cart']);

/**
 * A source's free-text food description as searchable food phrases, lower-case, each once:
 * "Hot dogs and related toppings: non alcoholic beverages" → "hot dogs, toppings, non alcoholic
 * beverages". Phrases keep their word order so a diner's "hot dogs" finds them.
 */
export function foodWordsOf(text: string): string {
  const phrases: string[] = [];
  for (const part of text.toLowerCase().split(/[:;,.|/&()]+|\band\b|\bor\b|\bwith\b/)) {
    const words = part
      .replace(/[^a-z0-9'\- ]+/g, ' ')
      .split(/\s+/)
      .filter((word) => word !== '' && !FILLER.has(word));
    const phrase = words.join(' ');
    if (phrase !== '' && !phrases.includes(phrase)) phrases.push(phrase);
  }
  return phrases.join(', ');
}

/** Words that name a cuisine; the one whose word comes first in the text wins. */
const CUISINE_WORDS: ReadonlyArray<readonly [Cuisine, RegExp]> = [
  ['Mexican', /\b(tacos?|burritos?|quesadillas?|mexican|tortas?|tamales?|nachos|elotes?|pupusas?|salvadoran)\b/],
  ['BBQ', /\b(bbq|barbecue|brisket|smoked|ribs)\b/],
  ['Coffee', /\b(coffee|espresso|lattes?|cappuccinos?|tea)\b/],
  ['Italian', /\b(pizzas?|pasta|italian|calzones?|paninis?)\b/],
  ['Asian', /\b(asian|chinese|thai|japanese|korean|vietnamese|filipino|noodles?|sushi|ramen|dumplings?|rice bowls?|banh mi|teriyaki|pho)\b/],
  ['Indian', /\b(indian|curry|curries|tikka|naan|samosas?)\b/],
  ['Mediterranean', /\b(mediterranean|gyros?|falafel|kebabs?|shawarma|hummus|greek|middle eastern)\b/],
  ['Seafood', /\b(seafood|fish|lobster|shrimp|crab|oysters?|poke)\b/],
  ['Desserts', /\b(desserts?|ice cream|cupcakes?|churros?|donuts?|doughnuts?|crepes?|cookies|pastries|kettle corn|shaved ice|cakes?)\b/],
  ['Vegetarian', /\b(vegetarian|vegan|salads?)\b/],
  ['Southern', /\b(southern|fried chicken|soul food|cajun|biscuits|po'? ?boys?)\b/],
  ['American', /\b(hot ?dogs?|burgers?|hamburgers?|sandwiches|sandwich|fries|american|chili|mac and cheese|breakfast|bagels?|wraps?)\b/],
];

/** The cuisine a food description names first (one of CUISINES), or 'Other'. */
export function cuisineOf(text: string): Cuisine {
  const lower = text.toLowerCase();
  let best: { cuisine: Cuisine; at: number } | undefined;
  for (const [cuisine, pattern] of CUISINE_WORDS) {
    const at = lower.search(pattern);
    if (at >= 0 && (!best || at < best.at)) best = { cuisine, at };
  }
  return best?.cuisine ?? 'Other';
}
