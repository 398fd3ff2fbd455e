import { CUISINES } from '@shared/constants';
import type { SpeechVocabulary } from '../../integrations/speech';
import { ATTRIBUTE_PHRASINGS, HEARD_FOOD_WORDS, INTENT_PHRASINGS } from './intents';

/**
 * What the assistant understands, written once: the templates become the offline recogniser's
 * grammar and the cloud recogniser's prompt; the same slot values (truck names, cuisines, dishes
 * in spoken form) are what the parser looks for in a transcript, so the two never disagree.
 */

/** How each cuisine is said; the first form is the one answers use. */
export const CUISINE_SPOKEN: Record<string, string[]> = {
  Mexican: ['mexican', 'taco', 'tex mex'],
  American: ['american', 'burger'],
  Italian: ['italian', 'pasta', 'pizza'],
  Asian: ['asian', 'korean', 'chinese'],
  BBQ: ['barbecue', 'b b q'],
  Southern: ['southern', 'soul food'],
  Seafood: ['seafood', 'fish'],
  Vegetarian: ['vegetarian', 'vegan'],
  Desserts: ['dessert', 'desserts', 'ice cream'],
  Coffee: ['coffee', 'espresso'],
  Mediterranean: ['mediterranean', 'greek'],
  Indian: ['indian', 'curry'],
  Fusion: ['fusion'],
  // The form's catch-all category, not a food anyone asks for: never heard as one. In the
  // recogniser's food slot it was heard in noise and offered back ("did you mean other or chinese?").
  Other: [],
};

/** Numbers under 20 as said, then the tens: how numbers are said, and read back (understand.ts). */
export const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'.split(' ');
export const TENS = 'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ');
function numberWords(n: number): string {
  if (n < 20) return NUMBER_WORDS[n]!;
  if (n < 100) return `${TENS[Math.floor(n / 10) - 2]}${n % 10 ? ` ${NUMBER_WORDS[n % 10]}` : ''}`;
  if (n < 1000) return `${NUMBER_WORDS[Math.floor(n / 100)]} hundred${n % 100 ? ` ${numberWords(n % 100)}` : ''}`;
  return String(n)
    .split('')
    .map((d) => NUMBER_WORDS[Number(d)])
    .join(' ');
}

/** "sixth", "twenty first", "one hundred second": how an ordinal in a street name is said. */
function ordinalWords(n: number): string {
  const words = numberWords(n).split(' ');
  const last = words.pop()!;
  const IRREGULAR: Record<string, string> = { one: 'first', two: 'second', three: 'third', five: 'fifth', eight: 'eighth', nine: 'ninth', twelve: 'twelfth' };
  const ordinal = IRREGULAR[last] ?? (last.endsWith('y') ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal].join(' ');
}

/** The spoken form of a name or question: lower case words, symbols and numbers said out. */
export function spoken(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘`]/g, "'")
    .replace(/&/g, ' and ')
    .replace(/\+/g, ' plus ')
    .replace(/@/g, ' at ')
    .replace(/\bbbq\b/g, 'barbecue')
    .replace(/\b(\d+)(?:st|nd|rd|th)\b/g, (_, n: string) => ` ${ordinalWords(Number(n))} `)
    .replace(/\b(\d+)\b/g, (_, n: string) => ` ${numberWords(Number(n))} `)
    .replace(/'s\b/g, "'s")
    .replace(/[^a-z' ]+/g, ' ')
    .replace(/(^|\s)'+|'+(\s|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** How street words written short are said ("S Congress Ave" is "south congress avenue"). */
const STREET_WORDS: Record<string, string> = {
  st: 'street',
  ave: 'avenue',
  av: 'avenue',
  blvd: 'boulevard',
  dr: 'drive',
  rd: 'road',
  ln: 'lane',
  pkwy: 'parkway',
  hwy: 'highway',
  pl: 'place',
  ct: 'court',
  sq: 'square',
  n: 'north',
  s: 'south',
  e: 'east',
  w: 'west',
  ne: 'northeast',
  nw: 'northwest',
  se: 'southeast',
  sw: 'southwest',
};

/**
 * The ways a place is said, from its address or name: the part before the first comma, as written
 * and with its short street words said out, each with and without a leading house number
 * ("1100 S Congress Ave, Austin, TX": "one one zero zero s congress ave", "south congress avenue", …);
 * `said`: the way people say it, without the number.
 * A leading "the" is left off: questions say it or not.
 */
export function spokenPlaceForms(address: string): { forms: string[]; said: string } {
  const first = address.split(',')[0]!.trim();
  const words = first.split(/\s+/).map((w) => w.replace(/\.$/, ''));
  const said = words.map((w, i) => (i === 0 && /^st$/i.test(w) ? 'saint' : (STREET_WORDS[w.toLowerCase()] ?? w)));
  const dropNumber = (ws: string[]) => (ws.length > 1 && /^\d+[a-z]?$/i.test(ws[0]!) ? ws.slice(1) : ws);
  const clean = (ws: string[]) => spoken(ws.join(' ')).replace(/^the /, '');
  const forms = [...new Set([clean(words), clean(said), clean(dropNumber(said)), clean(dropNumber(words))])].filter(Boolean);
  return { forms, said: clean(dropNumber(said)) };
}

/**
 * The understanding layer's example phrasings (intents.ts), the attribute questions' (issue 28)
 * among them, as templates, so the offline language model is counted from what the parser is tested
 * on too: `{food}` is a cuisine or a dish, `{place}` a place with or without "the", `{time}` an hour
 * said with or without "pm".
 */
export const INTENT_TEMPLATES: string[] = [...Object.values(INTENT_PHRASINGS).flat(), ...ATTRIBUTE_PHRASINGS]
  .map((phrasing) =>
    phrasing
      .toLowerCase()
      .replace(/[?.!,]/g, '')
      .replace(/favourite/g, 'favorite')
      .replace(/\{food\}/g, '(<cuisine> | <item>)')
      .replace(/\{item\}/g, '<item>')
      .replace(/\{truck\}/g, '<truck>')
      .replace(/\{place\}/g, '[the] <place>')
      .replace(/\{time\}/g, '<hour> [pm | p m]'),
  );

const OPEN_NOW = '[now | right now | today]';
const NEAREST = '(nearest | closest)';

/** Question templates (JSGF subset). Slots: <truck>, <cuisine>, <item>. */
export const TEMPLATES = [
  `(where is | where's | find | show me) the ${NEAREST} [open] [<cuisine>] [food] truck`,
  `(where can i (get | find) | who (sells | has)) [a | an | some] (<item> | <cuisine> [food])`,
  `(what | which) [food] trucks are open ${OPEN_NOW}`,
  `(what is | what's) open ${OPEN_NOW}`,
  `is <truck> open ${OPEN_NOW}`,
  `(what is | what's) on the menu (at | of | for) <truck>`,
  `what does <truck> (sell | have | serve)`,
  `(how much is | what is the price of | what's the price of) [the | a | an] <item> [at <truck>]`,
  `how much does [the | a | an] <item> cost [at <truck>]`,
  `(where are | show me) my favorite [trucks]`,
  `(where are | show me) my favorites`,
  `(are | is) any of my favorites open ${OPEN_NOW}`,
  // Future stops, from the schedules (ADR 0100).
  `where will (<truck> | the <cuisine> [food] truck) be (tomorrow | today | next)`,
  `when is (<truck> | the <cuisine> [food] truck) open next`,
  `(what is | what's) on their menu`,
  `what do they (sell | have | serve)`,
  `how far [away] is it`,
  `is it open ${OPEN_NOW}`,
  `where is it`,
  `[and | what about] the next one`,
];

export interface VocabularyTruck {
  id: number;
  name: string;
  cuisine: string;
}
export interface VocabularyItem {
  id: number;
  truckId: number;
  name: string;
}

/** Spoken form to what it means, for the parser. */
export interface Lexicon {
  trucks: Map<string, number[]>;
  cuisines: Map<string, string>;
  items: Map<string, VocabularyItem[]>;
  /** How the places diners may name are said: stops, trucks' addresses, landmarks (no house numbers). */
  places: Set<string>;
}

const add = <T>(map: Map<string, T[]>, key: string, value: T) => {
  if (!key) return;
  const list = map.get(key) ?? [];
  list.push(value);
  map.set(key, list);
};

/** `places`: addresses and landmark names diners may name ("near the capitol", "on congress avenue"). */
export function buildLexicon(trucks: VocabularyTruck[], items: VocabularyItem[], places: string[] = []): Lexicon {
  const lexicon: Lexicon = { trucks: new Map(), cuisines: new Map(), items: new Map(), places: new Set() };
  // The recogniser hears a place as said ("south congress avenue"), never its abbreviations.
  for (const place of places) {
    const { said } = spokenPlaceForms(place);
    if (said) lexicon.places.add(said);
  }
  for (const truck of trucks) add(lexicon.trucks, spoken(truck.name), truck.id);
  for (const cuisine of CUISINES) {
    for (const form of CUISINE_SPOKEN[cuisine] ?? [spoken(cuisine)]) lexicon.cuisines.set(form, cuisine);
  }
  for (const truck of trucks) {
    const form = spoken(truck.cuisine);
    if (form && !CUISINES.includes(truck.cuisine as (typeof CUISINES)[number])) lexicon.cuisines.set(form, truck.cuisine);
  }
  for (const item of items) add(lexicon.items, spoken(item.name), item);
  return lexicon;
}

export function vocabularyOf(lexicon: Lexicon, version: string): SpeechVocabulary {
  return {
    version,
    slots: {
      truck: [...lexicon.trucks.keys()],
      // The dishes people ask for by name ("tacos", "hot dogs"), so they can be heard.
      cuisine: [...new Set([...lexicon.cuisines.keys(), ...HEARD_FOOD_WORDS])],
      item: [...lexicon.items.keys()],
      place: [...lexicon.places],
    },
    templates: [...TEMPLATES, ...INTENT_TEMPLATES],
  };
}

/** Days of the week as said, Monday first (ISO weekday = index + 1). */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/**
 * The day a schedule question asks about, or `next`: the next stop, whenever it is. A weekday is
 * the next such day in the truck's zone (today when today is that day); "next monday" is a week
 * ahead when today is Monday.
 */
export type ScheduleDay = 'today' | 'tomorrow' | 'next' | Weekday | `next ${Weekday}`;
