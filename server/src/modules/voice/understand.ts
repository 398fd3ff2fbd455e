import { distance } from 'fastest-levenshtein';
import type { MenuCategory } from '@shared/constants';
import { stemmer } from 'stemmer';
import { truckFilter, type Allergen, type Diet } from '@shared/utils/attributes';
import {
  ALLERGEN_WORDS,
  ATTRIBUTE_CUES,
  CUISINE_WORDS,
  CUES,
  DELIVERY,
  DESCRIBING_CUISINE_WORDS,
  DESCRIBING_WORDS,
  FOOD_WORD_DIETS,
  FORM_WORDS,
  MEAT_ASKED,
  NOT_STATED_CUES,
  ORIGIN_WORDS,
  type NotStated,
} from './intents';
import { NUMBER_WORDS, spoken, spokenPlaceForms, TENS, WEEKDAYS, type ScheduleDay, type Weekday } from './voice-language';

/**
 * The understanding layer (issue 25, ADR 0154): what a transcript or a typed question asks,
 * whatever its word order, filler and synonyms. Entities come from the live data (truck names,
 * cuisines, menu items and their descriptions, trucks' descriptions, addresses and schedule
 * places), matched by stem and, for longer words, within a small edit distance, so a recogniser's
 * near miss ("smoke stack", "brisquet") still finds what was meant. Intent cues (intents.ts) are
 * looked for anywhere in the sentence.
 */

/** What was asked for to eat: the words heard, the cuisines they name, the items and trucks. */
export interface FoodAsk {
  words: string;
  cuisines: string[];
  /** Menu items whose name (or description) has the words. */
  itemIds: number[];
  /** Trucks whose description has the words. */
  truckIds: number[];
  /**
   * Diets heard as food words ("vegan", "vegetarian", issue 28): the trucks with an item stated so
   * are sellers too, besides the cuisine and the descriptions.
   */
  diets?: string[];
  /**
   * Two of the food words heard that no one truck has both of ("soul food … seafood"): from a
   * recogniser, a sign that one of them was misheard (understand's `heard` option).
   */
  apart?: [string, string];
}

/** A place the diner named, where it is. */
export interface PlaceAsk {
  name: string;
  lat: number;
  lng: number;
}

export type Intent =
  /** `not`: a food the diner does not want ("closest thing that's not tacos"): its trucks are left out. */
  | { kind: 'nearest'; food?: FoodAsk; place?: PlaceAsk; not?: FoodAsk; withinMiles?: number }
  /**
   * Open now, or (`after`, minutes since local midnight) scheduled to be open after a time today, or
   * (`at`) at a time today ("where can I eat at noon"), or (`later`: "what's open later today") the
   * stops still to start today, or (`inMinutes`: "what's open in an hour") the stops under way then,
   * or (`latest`: "which one is open latest") today's stops that end last.
   */
  | { kind: 'open-now'; food?: FoodAsk; place?: PlaceAsk; after?: number; at?: number; later?: boolean; inMinutes?: number; latest?: boolean; not?: FoodAsk; withinMiles?: number }
  | { kind: 'is-open'; truckIds: number[] }
  | { kind: 'hours'; truckIds: number[] }
  /**
   * `cheapest`: "what's the cheapest thing at Taco Libre", its menu's cheapest dish; `priciest`:
   * "what's the most expensive thing at Smokestack", its dearest.
   */
  | { kind: 'menu'; truckIds: number[]; cheapest?: boolean; priciest?: boolean; without?: FoodAsk }
  /**
   * Where a named truck is, and how far: "how far is Burger Bus", "directions to Smokestack".
   * `howFar`: the distance was what they asked for. `closer` / `cheaper`: two trucks named to
   * compare ("which is closer, Taco Libre or Smokestack", "what's cheaper, A or B"); `compare`: two
   * trucks compared as a whole ("compare A and B", "what's the difference between A and B").
   */
  | { kind: 'where'; truckIds: number[]; howFar?: boolean; about?: boolean; closer?: boolean; cheaper?: boolean; compare?: boolean }
  /** A named truck's phone number: "what's Taco Libre's number", "how do I call Smokestack". */
  | { kind: 'phone'; truckIds: number[] }
  /**
   * Whether a named truck takes orders ahead now: "can I order ahead at Taco Libre". `delivery`:
   * asked whether it delivers, which it does not here, so ordering ahead is the answer. `wait`:
   * asked how long the line is ("how long is the wait at X"), which only an order ahead's wait says.
   */
  | { kind: 'order-ahead'; truckIds: number[]; delivery?: boolean; wait?: boolean }
  /**
   * The open trucks nearby (of a food, near a place) that take orders ahead now, the shortest wait
   * first: "which truck has the shortest wait", "who takes online orders near me", and (`delivery`)
   * "who delivers near me".
   */
  | { kind: 'quickest'; food?: FoodAsk; place?: PlaceAsk; delivery?: boolean }
  /** Something diners ask of trucks that no truck states: "anything good for kids", "trucks with wifi". */
  | { kind: 'not-stated'; what: NotStated }
  /** A named truck's customers' rating: "is Smokestack any good", "what are Taco Libre's reviews". */
  | { kind: 'rating'; truckIds: number[] }
  /** The best-rated open trucks nearby (of a food, near a place): "what's the best truck around here". */
  | { kind: 'best'; food?: FoodAsk; place?: PlaceAsk }
  /** `describe`: what the dish is ("what comes on the burger of the week", "how spicy are the kimchi fries"). */
  | { kind: 'price'; food: FoodAsk; truckIds?: number[]; cheapest: boolean; describe?: boolean; spicy?: boolean }
  /**
   * Dishes by price and course: at most `cents` ("anything under 10 bucks", "tacos for less than
   * five dollars"), of a menu category ("what drinks does Smokestack have", "which trucks have
   * drinks"), or both; at named trucks or at open trucks nearby.
   */
  | { kind: 'dishes'; cents?: number; category?: MenuCategory; food?: FoodAsk; truckIds?: number[]; place?: PlaceAsk }
  | { kind: 'favorites'; openOnly: boolean }
  /** Where a truck (or the trucks of a cuisine) will be: on a day, or at its next stop. */
  /** `place`: the stops near a place the diner names ("who is at Republic Square tomorrow"). */
  /**
   * `weekend`: "this weekend", asked as Saturday (`when`) and answered with Sunday too. `part`: a
   * part of that day ("thursday evening", "tomorrow for lunch", "monday morning").
   */
  | {
      kind: 'schedule';
      when: ScheduleDay;
      truckIds?: number[];
      cuisine?: string;
      place?: PlaceAsk;
      weekend?: boolean;
      part?: DayPart;
      /** A food asked for that day ("tacos on saturday"): the trucks that sell it. */
      food?: FoodAsk;
      /** A time of that day: stops under way then (`at`, "friday at 10 pm") or still out after it ("friday after 9"). */
      at?: number;
      after?: number;
      /** A named truck's week ahead: "what days is Rolling Roast out", "is Taco Libre out next week". */
      week?: boolean;
    }
  /**
   * About the last answer's truck or list: its menu, distance, hours ("how late are they open"), the
   * next one, whether it is open, where it is, (`closest`) the nearest of the list ("which one is
   * closest"), or (`open-of-list`) the open ones of the list ("which of those are open").
   */
  | { kind: 'follow-up'; ask: 'menu' | 'distance' | 'next' | 'open' | 'where' | 'hours' | 'closest' | 'open-of-list' }
  /**
   * What trucks state (issue 28): "who takes cards near me", "does Smokestack have anything
   * gluten-free", "is the taco truck wheelchair accessible". `filters` are shared/utils/attributes'
   * ids; the trucks asked about are named (`truckIds`) or found by a food (`food`), else it is a list.
   */
  | { kind: 'attributes'; filters: string[]; truckIds?: number[]; food?: FoodAsk; place?: PlaceAsk; openOnly: boolean }
  /**
   * A recording heard as naming foods that do not go together (FoodAsk.apart), or a food the
   * recogniser doubts (`doubted`: it may have been the second word, ADR 0171): asked again rather
   * than answered for one of them, or both, on a guess.
   */
  | { kind: 'unsure'; words: [string, string]; doubted?: boolean }
  /**
   * A yes-or-no question about dishes' labels (issue 28's diets and allergens): "is the elote
   * vegetarian", "does the banana pudding have peanuts", "is there dairy in the horchata". `itemIds`:
   * the dishes named (of the named trucks, when any); `words`: the dish as said. `meat`: vegetarian
   * asked the other way round ("do the collard greens have meat"): yes means not vegetarian.
   */
  | { kind: 'dish-labels'; itemIds: number[]; words: string; diets: Diet[]; allergens: AllergenAsk[]; meat?: boolean }
  /** Asked for something to eat that no truck, cuisine or menu has. */
  | { kind: 'not-found'; what: string }
  /**
   * A yes-or-no question about a named truck that nothing we hold answers ("does Taco Libre
   * deliver", "is Smokestack kid friendly"); `what`: the words not understood; `menu`: asked whether
   * it has them ("does Taco Libre have horchata"), which its menu answers.
   */
  | { kind: 'unknown-about-truck'; truckIds: number[]; what: string; menu: boolean }
  /** Asked about a truck by a name no visible truck has. */
  | { kind: 'unknown-truck'; name: string }
  /** Named a place that no truck address, stop or known place has. */
  | { kind: 'unknown-place'; place: string }
  /** "Thanks", "hello": said to the assistant, not asked of the trucks. */
  | { kind: 'small-talk'; said: 'thanks' | 'hello' | 'help' }
  /**
   * `heard`: the words, so the re-ask can give an example that fits them. `typed`: a question read,
   * not heard, and not understood (so not "didn't catch that").
   */
  | { kind: 'unknown'; heard: string; typed?: boolean };

/** An allergen asked about a dish: whether it has it, or (`free`: "is it dairy free") whether it is free of it. */
export interface AllergenAsk {
  allergen: Allergen;
  free: boolean;
}

/** Live data as the understanding layer looks things up. */
export interface Understanding {
  truckNames: Array<Named<number>>;
  itemWords: Array<Named<{ id: number; truckId: number; descriptionStems: Set<string> }>>;
  /** Stem of a cuisine word to its cuisine. */
  cuisineWords: Map<string, string>;
  /** Stems of every cuisine word and menu item word: never a truck's distinctive word. */
  foodWords: Set<string>;
  truckDescriptions: Map<number, Set<string>>;
  /** Each truck's cuisine: a cuisine word's trucks. */
  truckCuisines: Map<number, string>;
  places: Array<Named<PlaceAsk>>;
}

export interface UnderstandingTruck {
  id: number;
  name: string;
  cuisine: string;
  description?: string | null;
  address?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}
export interface UnderstandingItem {
  id: number;
  truckId: number;
  name: string;
  description?: string | null;
}
export interface UnderstandingStop {
  address: string;
  latitude: number;
  longitude: number;
}

const stemsOf = (text: string | null | undefined) =>
  new Set(
    spoken(text ?? '')
      .split(' ')
      .filter((w) => w.length >= 3 && !FORM_WORDS.has(w))
      .map((w) => stem(w)),
  );

/**
 * A place's name in answers: an address up to the city ("1100 S Congress Ave, Austin, TX" -> 1100 S
 * Congress Ave), or a geocoder's label up to its first comma.
 */
export const placeName = (address: string) => address.split(',')[0]!.trim();

/** A landmark (db/schema/landmarks.ts): `name` is what answers say, `aliases` other ways to say it. */
export interface UnderstandingLandmark {
  name: string;
  aliases: string[];
  latitude: number;
  longitude: number;
}

/**
 * The lexicon with one more place: a place a geocoder found for words no known place had (the voice
 * service's fallback), named as the geocoder labels it.
 */
export function withPlace(lexicon: Understanding, said: string, place: PlaceAsk): Understanding {
  const words = meaningful(spoken(said).split(' '));
  return words.length ? { ...lexicon, places: [...lexicon.places, { words, value: place }] } : lexicon;
}

export function buildUnderstanding(
  trucks: UnderstandingTruck[],
  items: UnderstandingItem[],
  stops: UnderstandingStop[] = [],
  landmarks: UnderstandingLandmark[] = [],
): Understanding {
  const cuisineWords = new Map<string, string>();
  for (const [cuisine, forms] of Object.entries(CUISINE_WORDS)) {
    for (const form of forms) if (!form.includes(' ')) cuisineWords.set(stem(form), cuisine);
  }
  for (const truck of trucks) {
    const form = spoken(truck.cuisine);
    if (form && !form.includes(' ') && !cuisineWords.has(stem(form)))
      cuisineWords.set(stem(form), truck.cuisine);
  }
  const itemWords = items.map((item) => ({
    words: spoken(item.name)
      .split(' ')
      .filter((w) => w.length >= 3 && !FORM_WORDS.has(w)),
    value: { id: item.id, truckId: item.truckId, descriptionStems: stemsOf(item.description) },
  }));
  const foodWords = new Set([
    ...cuisineWords.keys(),
    ...itemWords.flatMap((i) => i.words.map((w) => stem(w))),
  ]);
  const places: Array<Named<PlaceAsk>> = [];
  const addPlace = (
    address: string | null | undefined,
    lat: number | null | undefined,
    lng: number | null | undefined,
    name?: string,
  ) => {
    if (!address || lat == null || lng == null) return;
    // As written and as said ("S Congress Ave" and "south congress avenue"), with and without the number.
    for (const form of spokenPlaceForms(address).forms) {
      const words = meaningful(form.split(' '));
      if (words.length) places.push({ words, value: { name: name ?? placeName(address), lat, lng } });
    }
  };
  for (const place of landmarks) {
    for (const alias of [place.name, ...place.aliases]) addPlace(alias, place.latitude, place.longitude, place.name);
  }
  for (const stop of stops) addPlace(stop.address, stop.latitude, stop.longitude);
  for (const truck of trucks) addPlace(truck.address, truck.latitude, truck.longitude);
  // A ZIP code ("food near 78704"): the middle of the known addresses in it.
  const zips = new Map<string, Array<{ lat: number; lng: number }>>();
  for (const { address, latitude, longitude } of [...stops, ...trucks]) {
    const zip = address?.match(ZIP)?.[1];
    if (zip && latitude != null && longitude != null) zips.set(zip, [...(zips.get(zip) ?? []), { lat: latitude, lng: longitude }]);
  }
  for (const [zip, at] of zips) {
    const mean = (pick: (p: { lat: number; lng: number }) => number) => at.reduce((sum, p) => sum + pick(p), 0) / at.length;
    places.push({ words: wordsOf(zip), value: { name: zip, lat: mean((p) => p.lat), lng: mean((p) => p.lng) } });
  }
  return {
    truckNames: trucks.map((t) => ({ words: spoken(t.name).split(' ').filter(Boolean), value: t.id })),
    itemWords,
    cuisineWords,
    foodWords,
    truckDescriptions: new Map(trucks.map((t) => [t.id, stemsOf(t.description)])),
    truckCuisines: new Map(trucks.map((t) => [t.id, t.cuisine])),
    places,
  };
}

/** Number words are times and addresses: compared exactly ("eight" is not "night"). */
const NUMBERS = new Set(
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand'.split(
    ' ',
  ),
);

const stem = (word: string) => stemmer(word.replace(/'s$/, '').replace(/'/g, ''));

/** Two words the same, by stem or (for words of 5+ letters) within 1 edit, 2 from 7 letters. */
export function sameWord(heard: string, known: string): boolean {
  if (heard === known) return true;
  if (FORM_WORDS.has(heard) || FORM_WORDS.has(known) || NUMBERS.has(heard) || NUMBERS.has(known))
    return false;
  const a = stem(heard);
  const b = stem(known);
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 5) return false;
  return distance(a, b) <= (shorter >= 7 ? 2 : 1);
}

/** A known name, word by word, with what it stands for. */
interface Named<T> {
  words: string[];
  value: T;
}

/**
 * Where the words of `name` occur in `tokens` (not yet used), each at most once: the positions
 * matched, or undefined when any word of the name is missing. Order is free: "tacos el rey" and
 * "el rey tacos" are the same truck.
 */
function positionsOf(name: string[], tokens: string[], used: Set<number>): number[] | undefined {
  // Said together and in order first: in "a taco at taco libre" the name is the last two words,
  // and the first "taco" is the dish asked for.
  for (let start = 0; start + name.length <= tokens.length; start += 1) {
    if (name.every((word, k) => !used.has(start + k) && sameWord(tokens[start + k]!, word))) return name.map((_, k) => start + k);
  }
  const positions: number[] = [];
  for (const word of name) {
    const at = tokens.findIndex(
      (token, i) => !used.has(i) && !positions.includes(i) && sameWord(token, word),
    );
    if (at < 0) return undefined;
    positions.push(at);
  }
  return positions;
}

/** Words that say something (not form words, not "the"): a truck's distinctive words, a place's. */
const meaningful = (words: string[]) => words.filter((w) => !FORM_WORDS.has(w) && w.length >= 3);

export interface TruckMatch {
  truckIds: number[];
  positions: number[];
}

/**
 * The truck the question names: its whole name (any order), else its distinctive words (those no
 * other truck's name has, and not a cuisine or food word) — "how late is Smokestack open".
 */
export function findTruck(
  tokens: string[],
  lexicon: Understanding,
  used: Set<number>,
  options: { typed?: boolean } = {},
): TruckMatch | undefined {
  let best: { score: number; match: TruckMatch } | undefined;
  const consider = (score: number, truckId: number, positions: number[]) => {
    if (!best || score > best.score) best = { score, match: { truckIds: [truckId], positions } };
    else if (score === best.score && !best.match.truckIds.includes(truckId))
      best.match.truckIds.push(truckId);
  };
  const wordCount = new Map<string, number>();
  for (const truck of lexicon.truckNames) {
    for (const word of new Set(truck.words)) wordCount.set(word, (wordCount.get(word) ?? 0) + 1);
  }
  for (const truck of lexicon.truckNames) {
    const whole = positionsOf(truck.words, tokens, used);
    if (whole) {
      // A name heard exactly beats one a letter or two away ("mahinauluhonu" is not
      // "mahinanaluhonu" when both trucks exist); two names heard equally well stay a tie.
      const exact = whole.filter((at, k) => tokens[at] === truck.words[k]).length;
      consider(100 + truck.words.length + exact / 100, truck.value, whole);
      continue;
    }
    // A longer name's first words said together ("rolling roast" for Rolling Roast Coffee) name it,
    // even when they are food words too, as its distinctive words below cannot.
    for (let n = truck.words.length - 1; n >= 2; n--) {
      const lead = positionsOf(truck.words.slice(0, n), tokens, used);
      if (!lead?.every((at, k) => k === 0 || at === lead[k - 1]! + 1)) continue;
      consider(50 + n, truck.value, lead);
      break;
    }
    const distinctive = meaningful(truck.words).filter(
      (w) => wordCount.get(w) === 1 && !lexicon.foodWords.has(stem(w)),
    );
    const found = distinctive.flatMap((word) => {
      const at = tokens.findIndex((token, i) => !used.has(i) && sameWord(token, word));
      if (at >= 0) return [at];
      // A recogniser may split a name in two ("smoke stack"): the pair, joined, is the word.
      const pair = tokens.findIndex(
        (token, i) =>
          i + 1 < tokens.length && !used.has(i) && !used.has(i + 1) && `${token}${tokens[i + 1]}` === word,
      );
      return pair < 0 ? [] : [pair, pair + 1];
    });
    if (found.length > 0) consider(found.length, truck.value, found);
  }
  if (!best && options.typed) return misspeltTruck(tokens, lexicon, used);
  return best?.match;
}

/**
 * A truck's whole name typed with a slip or two ("seol food wagon", "taco libray"): as many words
 * as the name, side by side, whose letters are within an edit or two of the name's. Words of four
 * letters and less are beyond `sameWord`, which a recording's transcript needs strict (a misheard
 * word is asked again instead, ADR 0171); a keyboard's slips are not misheard words. The closest
 * name wins; two as close are both named.
 */
function misspeltTruck(tokens: string[], lexicon: Understanding, used: Set<number>): TruckMatch | undefined {
  let best: { edits: number; match: TruckMatch } | undefined;
  for (const truck of lexicon.truckNames) {
    const name = truck.words.join('');
    const allowed = name.length >= 9 ? 2 : name.length >= 6 ? 1 : 0;
    const n = truck.words.length;
    if (allowed === 0 || n < 2) continue;
    for (let start = 0; start + n <= tokens.length; start += 1) {
      const positions = truck.words.map((_, k) => start + k);
      if (positions.some((p) => used.has(p))) continue;
      const typed = positions.map((p) => tokens[p]).join('');
      if (typed[0] !== name[0]) continue;
      const edits = distance(typed, name);
      if (edits > allowed) continue;
      if (!best || edits < best.edits) best = { edits, match: { truckIds: [truck.value], positions } };
      else if (edits === best.edits && !best.match.truckIds.includes(truck.value)) best.match.truckIds.push(truck.value);
    }
  }
  return best?.match;
}

/** What was asked for to eat: the words heard, and the cuisines, items and trucks they name. */
export function findFood(tokens: string[], lexicon: Understanding, used: Set<number>): FoodAsk | undefined {
  const usedBefore = new Set(used);
  const text = ` ${tokens.map((t, i) => (used.has(i) ? '_' : t)).join(' ')} `;
  const heard: string[] = [];
  const cuisines = new Set<string>();
  // Each food word (or two-word cuisine word) heard, where it starts and ends among the tokens.
  const perWord: Array<{ word: string; from: number; to: number; items: Set<number>; trucks: Set<number>; cuisine?: string }> = [];
  // The items and trucks whose name or description has every one of these stems.
  const having = (keys: string[]) => {
    const items = new Set<number>();
    const trucks = new Set<number>();
    for (const item of lexicon.itemWords) {
      const name = new Set(item.words.map((w) => stem(w)));
      if (keys.every((k) => name.has(k) || item.value.descriptionStems.has(k))) items.add(item.value.id);
    }
    for (const [truckId, stems] of lexicon.truckDescriptions) if (keys.every((k) => stems.has(k))) trucks.add(truckId);
    return { items, trucks };
  };
  // Multi-word cuisine words first ("ice cream", "soul food", "tex mex"); they narrow like any
  // food word: "ice cream sandwich" is the items with all three words, not every sandwich.
  for (const [cuisine, forms] of Object.entries(CUISINE_WORDS)) {
    for (const form of forms) {
      if (form.includes(' ') && text.includes(` ${form} `)) {
        cuisines.add(cuisine);
        heard.push(form);
        const words = form.split(' ');
        const start = text.slice(1, text.indexOf(` ${form} `) + 1).split(' ').length - 1;
        words.forEach((_, k) => used.add(start + k));
        const keys = meaningful(words).map((w) => stem(w));
        const found = keys.length > 0 ? having(keys) : { items: new Set<number>(), trucks: new Set<number>() };
        perWord.push({ word: form, from: start, to: start + words.length - 1, cuisine, ...found });
      }
    }
  }
  tokens.forEach((token, i) => {
    // A number is a count or a time ("three options for lunch", "before 2"), never a dish by itself.
    if (used.has(i) || FORM_WORDS.has(token) || NUMBERS.has(token) || token.length < 3) return;
    const key = stem(token);
    const cuisine = lexicon.cuisineWords.get(key);
    // A word the data has as it was said (by stem) is that word; only a word nothing has as said is
    // taken for a near miss of an item's word ("brisquet"): "greek" is never "greens".
    const { items, trucks } = having([key]);
    if (!cuisine && items.size === 0 && trucks.size === 0) {
      for (const item of lexicon.itemWords) if (item.words.some((w) => sameWord(token, w))) items.add(item.value.id);
    }
    if (!cuisine && items.size === 0 && trucks.size === 0) return;
    used.add(i);
    heard.push(token);
    if (cuisine) cuisines.add(cuisine);
    perWord.push({ word: token, from: i, to: i, items, trucks, cuisine });
  });
  if (heard.length === 0) return undefined;
  // "Something sweet" is dessert, not the Sweet Tea: a describing word with no neighbour naming
  // the same dish is its cuisine alone; beside one ("sweet tea") it is that dish, and no cuisine.
  for (const w of perWord) {
    if (!w.cuisine || !DESCRIBING_CUISINE_WORDS.has(w.word)) continue;
    const besideItsDish = perWord.some(
      (o) => o !== w && (o.to === w.from - 1 || o.from === w.to + 1) && [...o.items].some((id) => w.items.has(id)),
    );
    if (besideItsDish) w.cuisine = undefined;
    else {
      w.items = new Set();
      w.trucks = new Set();
    }
  }
  cuisines.clear();
  for (const w of perWord) if (w.cuisine) cuisines.add(w.cuisine);
  // Several food words narrow ("fried chicken"): the items that have all of them, when any do.
  const intersect = (sets: Set<number>[]) =>
    sets.reduce((acc, set) => new Set([...acc].filter((x) => set.has(x))));
  const nonEmpty = (pick: (w: (typeof perWord)[number]) => Set<number>) =>
    perWord.map(pick).filter((s) => s.size > 0);
  const union = (sets: Set<number>[]) => new Set(sets.flatMap((s) => [...s]));
  const itemSets = nonEmpty((w) => w.items);
  const truckSets = nonEmpty((w) => w.trucks);
  const havingAll = itemSets.length ? intersect(itemSets) : new Set<number>();
  // Dishes named with every word ("Butter Chicken") before dishes that have some of them only in
  // their description ("Fried Chicken … with honey butter").
  const keys = perWord.flatMap((w) => meaningful(w.word.split(' ')).map((k) => stem(k)));
  const namedAll = lexicon.itemWords.filter(
    (item) => havingAll.has(item.value.id) && keys.every((k) => item.words.some((w) => stem(w) === k)),
  );
  const allItems = namedAll.length > 0 ? new Set(namedAll.map((i) => i.value.id)) : havingAll;
  const allTrucks = truckSets.length ? intersect(truckSets) : new Set<number>();
  // The things asked for: next words naming the same dish are one ("hush puppies", "butter chicken").
  const phrases: Array<(typeof perWord)[number]> = [];
  for (const w of [...perWord].sort((a, b) => a.from - b.from)) {
    const last = phrases.at(-1);
    const shared = last && last.to === w.from - 1 ? [...last.items].filter((id) => w.items.has(id)) : [];
    if (last && shared.length > 0) phrases[phrases.length - 1] = { ...last, word: `${last.word} ${w.word}`, to: w.to, items: new Set(shared) };
    else phrases.push(w);
  }
  // The trucks that have what each names (its cuisine's, its dishes', the described ones).
  const itemTruck = new Map(lexicon.itemWords.map((i) => [i.value.id, i.value.truckId]));
  const sellers = phrases.map(
    (w) =>
      new Set([
        ...[...w.items].flatMap((id) => itemTruck.get(id) ?? []),
        ...w.trucks,
        ...[...lexicon.truckCuisines].filter(([, c]) => c === w.cuisine).map(([id]) => id),
      ]),
  );
  // "Korean bbq", "greek salad": a food's origin said just before a food no truck of that origin
  // has is the style wanted, not a second food. The trucks of that origin, and no claim that anyone
  // has the two together (the barbecue truck was "serving korean barbecue").
  const styled = phrases.findIndex(
    (p, i) =>
      i + 1 < phrases.length &&
      p.cuisine !== undefined &&
      ORIGIN_WORDS.has(p.word) &&
      phrases[i + 1]!.from === p.to + 1 &&
      sellers[i]!.size > 0 &&
      ![...sellers[i]!].some((id) => sellers[i + 1]!.has(id)),
  );
  if (styled >= 0) {
    const dish = phrases[styled + 1]!;
    const again = new Set(usedBefore);
    for (let k = dish.from; k <= dish.to; k++) again.add(k);
    const food = findFood(tokens, lexicon, again);
    for (const k of again) used.add(k);
    return food;
  }
  let apart: [string, string] | undefined;
  sellers.forEach((a, i) =>
    sellers.slice(i + 1).forEach((b, k) => {
      if (!apart && a.size > 0 && b.size > 0 && ![...a].some((id) => b.has(id))) apart = [phrases[i]!.word, phrases[i + 1 + k]!.word];
    }),
  );
  // In the order said; two things asked for with "or" or "and" between them are said back with
  // "or" ("tacos or burritos"): the answers name trucks that have either.
  const said = phrases
    .map((p, i) => {
      const between = i === 0 ? [] : tokens.slice(phrases[i - 1]!.to + 1, p.from);
      const joint = between.includes('or') || between.includes('and') ? ' or ' : ' ';
      return `${i === 0 ? '' : joint}${p.word}`;
    })
    .join('');
  return {
    words: said || heard.join(' '),
    cuisines: [...cuisines],
    // Words no one dish has together: the dishes each phrase names ("the brisket plate and the
    // fries"), not every dish with any one of the words (every plate, every brisket).
    itemIds: [...(allItems.size ? allItems : union(phrases.map((p) => p.items)))],
    // With a dish that has every word, a description counts only with every word too: "butter
    // chicken" is not Seoul Food Wagon's "Korean fried chicken".
    truckIds: [...(allItems.size ? intersect(perWord.map((w) => w.trucks)) : allTrucks.size ? allTrucks : union(truckSets))],
    ...(apart ? { apart } : {}),
  };
}

/** Words around a food said on its own ("a smoothie please"): still only that food. */
const BARE_FILLER: ReadonlySet<string> = new Set(['a', 'an', 'some', 'any', 'the', 'please']);

/** "By the slice", "by the pound": how a food is sold, not a place it is near. */
const BY_THE = /^(the|a) (slice|slices|pound|piece|glass|cup|bowl|dozen|plate|scoop|pint)$/;

/**
 * The words after "near", "by", "around", "close to", "at", "in" ("closest … to"): a place the diner
 * names.
 */
function placePhrase(
  tokens: string[],
  used: Set<number>,
): { words: string[]; positions: number[] } | undefined {
  const joined = tokens.join(' ');
  if (
    CUES.here.test(joined) &&
    !/\b(near|by|around|close to|next to|at|in) (the )?[a-z]{3,}/.test(joined.replace(CUES.here, ''))
  ) {
    return undefined;
  }
  for (let i = 0; i < tokens.length; i += 1) {
    const word = tokens[i]!;
    const twoWord = word === 'close' || word === 'next' ? tokens[i + 1] === 'to' : false;
    // "The closest truck to the capitol", "what's nearest to zilker": "to" after the superlative.
    const toAfterNearest =
      word === 'to' && tokens.slice(Math.max(0, i - 4), i).some((t) => t === 'closest' || t === 'nearest');
    if (!['near', 'by', 'around', 'at', 'in'].includes(word) && !twoWord && !toAfterNearest) continue;
    // "What's in the elote": the dish's makings, not a place called "the elote".
    if (word === 'in' && (['whats', "what's"].includes(tokens[i - 1] ?? '') || (tokens[i - 2] === 'what' && tokens[i - 1] === 'is'))) continue;
    // "Best tacos in town": anywhere near, not a place called "town".
    if ((word === 'in' || word === 'around') && /^(town|the city)\b/.test(tokens.slice(i + 1, i + 3).join(' '))) {
      used.add(i);
      continue;
    }
    if (word === 'by' && BY_THE.test(tokens.slice(i + 1, i + 3).join(' '))) {
      // Nor a food: "pizza by the slice" is pizza.
      [i, i + 1, i + 2].forEach((k) => used.add(k));
      continue;
    }
    const phrase = wordsAfter(tokens, i + (twoWord ? 2 : 1), used);
    if (phrase) return phrase;
  }
  // A district said on its own ("anything downtown", "who's downtown tomorrow").
  const district = tokens.findIndex((token, i) => !used.has(i) && DISTRICTS.has(token));
  return district < 0 ? undefined : { words: [tokens[district]!], positions: [district] };
}

/** The words of a place from `start` on, up to a word that ends it ("now", "me", "open"…). */
/** Words that start the rest of a sentence after a place ("… want tacos", "… looking for lunch"). */
const PLACE_ENDS: ReadonlySet<string> = new Set(['want', 'wanna', 'need', 'craving', 'looking', 'for', 'with', 'that', 'which', 'who', 'whats', "what's"]);
/** After "and", the rest of the sentence rather than a second street ("sixth and congress"). */
const PLACE_ENDS_AFTER_AND: ReadonlySet<string> = new Set([
  'i', 'im', "i'm", 'want', 'wanna', 'need', 'looking', 'craving', 'get', 'what', 'whats', "what's", 'where', 'who', 'which',
  'is', 'are', 'do', 'does', 'can', 'could', 'anything', 'something', 'show', 'find', 'give', 'tell', 'some', 'any', 'hungry',
]);
function wordsAfter(
  tokens: string[],
  start: number,
  used: Set<number>,
): { words: string[]; positions: number[] } | undefined {
  const positions: number[] = [];
  for (let j = start; j < tokens.length; j += 1) {
    const token = tokens[j]!;
    if (used.has(j)) break;
    if (['right', 'now', 'today', 'tonight', 'tomorrow', 'open', 'please', 'me', 'here'].includes(token)) break;
    // "Near sixth street and want tacos", "by the capitol looking for lunch": the place has ended
    // where the rest of the sentence starts ("6th and congress" is still one place).
    if (PLACE_ENDS.has(token) || (token === 'and' && PLACE_ENDS_AFTER_AND.has(tokens[j + 1] ?? ''))) break;
    positions.push(j);
  }
  const words = positions.map((p) => tokens[p]!).filter((w) => !['the', 'a', 'an'].includes(w));
  return words.length > 0 && meaningful(words).length > 0 ? { words, positions } : undefined;
}

/** Parts of a city people name without "near" or "in": a place when a landmark has the word. */
const DISTRICTS = new Set(['downtown', 'uptown', 'midtown']);

/**
 * The place the question names, from the trucks' addresses, their schedules' places and the known
 * places: the one whose name has most of the heard words (all of its meaningful ones must be there).
 */
export function findPlace(
  tokens: string[],
  lexicon: Understanding,
  used: Set<number>,
): { place?: PlaceAsk; unknown?: string; positions: number[] } | undefined {
  const phrase = placePhrase(tokens, used);
  if (!phrase) return placeOn(tokens, lexicon, used) ?? placeSaidWhole(tokens, lexicon, used);
  const place = placeNamed(phrase.words, lexicon);
  if (!place) return { unknown: phrase.words.join(' '), positions: phrase.positions };
  return { place, positions: phrase.positions };
}

/** A US ZIP code at the end of an address. */
const ZIP = /\b(\d{5})(-\d{4})?\s*$/;

/** The known place whose name has most of the heard words (all of its meaningful ones must be there). */
function placeNamed(words: string[], lexicon: Understanding): PlaceAsk | undefined {
  const heard = meaningful(words);
  let best: { score: number; place: Named<PlaceAsk> } | undefined;
  for (const place of lexicon.places) {
    // Digits (a ZIP code) are the same digits in the same order, or not that place.
    if (place.words.every((w) => NUMBERS.has(w)) && heard.join(' ') !== place.words.join(' ')) continue;
    const matched = heard.filter((w) => place.words.some((p) => sameWord(w, p))).length;
    if (matched < heard.length) continue;
    const score = matched / place.words.length;
    if (!best || score > best.score) best = { score, place };
  }
  return best?.place.value;
}

/**
 * "Any trucks on South Congress": "on" names a place only when the words after it are a known one
 * ("on the menu", "on Saturday" are not places, and are never asked of a geocoder).
 */
function placeOn(
  tokens: string[],
  lexicon: Understanding,
  used: Set<number>,
): { place: PlaceAsk; positions: number[] } | undefined {
  for (let i = 0; i < tokens.length; i += 1) {
    if (tokens[i] !== 'on' || used.has(i)) continue;
    const phrase = wordsAfter(tokens, i + 1, used);
    const place = phrase && placeNamed(phrase.words, lexicon);
    if (place && phrase) return { place, positions: phrase.positions };
  }
  return undefined;
}

/**
 * A known place of two words or more said whole, without "near" or "on" ("east side food open now",
 * "hyde park tacos"): its words side by side, in order. The longest such name wins.
 */
function placeSaidWhole(tokens: string[], lexicon: Understanding, used: Set<number>): { place: PlaceAsk; positions: number[] } | undefined {
  let best: { place: PlaceAsk; positions: number[] } | undefined;
  for (const { words, value } of lexicon.places) {
    if (words.length < 2 || words.length > tokens.length || (best && best.positions.length >= words.length)) continue;
    for (let i = 0; i + words.length <= tokens.length; i++) {
      const at = words.map((_, k) => i + k);
      if (at.every((p, k) => !used.has(p) && sameWord(tokens[p]!, words[k]!))) {
        best = { place: value, positions: at };
        break;
      }
    }
  }
  return best;
}

/** The digits said: what a time may not run into ("at one one zero zero", a house number). */
const UNITS = NUMBER_WORDS.slice(0, 10);

/** The token positions a regular expression's match in `text` (tokens joined by spaces) covers. */
function matchPositions(text: string, match: RegExpExecArray | RegExpMatchArray): number[] {
  const first = text.slice(0, match.index).split(' ').length - 1;
  return match[0].split(' ').map((_, k) => first + k);
}

const HOURS = 'one two three four five six seven eight nine ten eleven twelve'.split(' ');
const MINUTES: Record<string, number> = {
  fifteen: 15,
  thirty: 30,
  'forty five': 45,
  'o clock': 0,
  "o'clock": 0,
};

/**
 * "after eight p m", "past nine thirty", "after 20:00 tonight": minutes since local midnight. An
 * hour said without a.m./p.m. is read as the evening (food trucks; "in the morning" says otherwise).
 */
/**
 * "In an hour", "in half an hour", "in 20 minutes", "two hours from now": how many minutes ahead, and
 * the words that said it.
 */
export function findDelay(tokens: string[]): { minutes: number; positions: number[] } | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const inWord = tokens[i] === 'in';
    let at = inWord ? i + 1 : i;
    let count: number | undefined;
    if (tokens[at] === 'half' && tokens[at + 1] === 'an' && tokens[at + 2] === 'hour') {
      count = 0.5;
      at += 2;
    } else if (tokens[at] === 'a' || tokens[at] === 'an') {
      count = 1;
      at += 1;
    } else {
      const number = numberAt(tokens, at);
      if (number && number.value > 0) {
        count = number.value;
        at = number.next;
      }
    }
    const unit = tokens[at];
    if (count === undefined || !unit) continue;
    const perUnit = /^hours?$/.test(unit) ? 60 : /^(minutes?|mins?)$/.test(unit) ? 1 : undefined;
    const fromNow = tokens[at + 1] === 'from' && tokens[at + 2] === 'now';
    if (perUnit === undefined || !(inWord || fromNow)) continue;
    const end = fromNow ? at + 2 : at;
    return { minutes: Math.round(count * perUnit), positions: Array.from({ length: end - i + 1 }, (_, k) => i + k) };
  }
  return undefined;
}

export function findTime(text: string): { minute: number; positions: number[]; at: boolean; guessed?: boolean } | undefined {
  const match = new RegExp(
    `\\b(after|past|at|from|until|till|by|around) (${HOURS.join('|')}|noon|midnight|twenty|twenty one|twenty two|twenty three)` +
      `(?: (fifteen|thirty|forty five|o clock|o'clock))?(?: (a m|am|p m|pm|tonight|in the evening|in the morning|this evening))?\\b(?! (?:thousand|hundred|${UNITS.join('|')})\\b)`,
  ).exec(text);
  if (!match) return undefined;
  const [, word, hourWord = '', minuteWord, meridiem] = match;
  const positions = matchPositions(text, match);
  // "At noon", "around one": that moment; "after nine", "until ten": from then on.
  const at = word === 'at' || word === 'around' || word === 'by';
  if (hourWord === 'noon') return { minute: 720, positions, at };
  if (hourWord === 'midnight') return { minute: 1440, positions, at };
  const hour = hourWord.startsWith('twenty')
    ? 20 + (HOURS.indexOf(hourWord.replace('twenty', '').trim()) + 1)
    : HOURS.indexOf(hourWord) + 1;
  const minutes = minuteWord ? (MINUTES[minuteWord] ?? 0) : 0;
  const morning = meridiem === 'a m' || meridiem === 'am' || meridiem === 'in the morning';
  let h = hour;
  if (hour <= 12) {
    if (morning) h = hour % 12;
    else if (hour < 12) h = hour + 12;
  }
  // No AM or PM said: the afternoon's hour is a guess a "morning" elsewhere in the question undoes.
  const guessed = !meridiem && hour < 12;
  return { minute: h * 60 + minutes, positions, at, ...(guessed ? { guessed } : {}) };
}

/** A number under 100 said in words from `tokens[at]` ("seven", "twenty five"): its value and the next position. */
function numberAt(tokens: string[], at: number): { value: number; next: number } | undefined {
  const word = tokens[at];
  if (word === undefined) return undefined;
  const small = NUMBER_WORDS.indexOf(word);
  if (small >= 0) return { value: small, next: at + 1 };
  const ten = TENS.indexOf(word);
  if (ten < 0) return undefined;
  const more = UNITS.indexOf(tokens[at + 1] ?? '');
  return more > 0 ? { value: 20 + ten * 10 + more, next: at + 2 } : { value: 20 + ten * 10, next: at + 1 };
}

/** Words that put a ceiling on a price: "under", "less than", "no more than". */
const CEILING_CUES = [
  ['under'], ['below'], ['less', 'than'], ['cheaper', 'than'], ['at', 'most'], ['no', 'more', 'than'], ['up', 'to'], ['max'], ['maximum'], ['for'], ['with'],
];
/** Cues that are money only with "dollars" or "bucks" after the number ("for two people" is not). */
const CURRENCY_ONLY = new Set(['up', 'max', 'maximum', 'for', 'with']);
/** What a number after those words may count besides money ("under ten minutes' walk"). */
const NOT_MONEY = new Set(['miles', 'mile', 'minutes', 'minute', 'blocks', 'block', 'kilometers', 'km', 'people', 'hours', 'a', 'p']);

/**
 * "under ten bucks", "for less than seven fifty", "no more than twelve dollars": the most the diner
 * wants to pay, in cents, with its words' positions. "Up to", "max", "for" and "with" ("what can I
 * get for five dollars") count as money only with "dollars" or "bucks" after the number.
 */
export function findCeiling(tokens: string[]): { cents: number; positions: number[] } | undefined {
  for (let i = 0; i < tokens.length; i += 1) {
    const cue = CEILING_CUES.find((words) => words.every((w, k) => tokens[i + k] === w));
    if (!cue) continue;
    const dollars = numberAt(tokens, i + cue.length);
    if (!dollars || dollars.value === 0) continue;
    // "seven fifty": dollars and cents.
    const cents = numberAt(tokens, dollars.next);
    const end = cents && cents.value >= 10 ? cents.next : dollars.next;
    const currency = ['dollars', 'dollar', 'bucks', 'buck'].includes(tokens[end] ?? '');
    if (NOT_MONEY.has(tokens[end] ?? '')) continue;
    if (!currency && CURRENCY_ONLY.has(cue[0]!)) continue;
    const last = currency ? end : end - 1;
    const positions = Array.from({ length: last - i + 1 }, (_, k) => i + k);
    return { cents: dollars.value * 100 + (end === dollars.next ? 0 : cents!.value), positions };
  }
  return undefined;
}

/**
 * Words that name a course of the menu (its categories): "drinks", "sides", "something to drink".
 * "Desserts" is a kind of food too (a cuisine): it is a course only of a named truck's menu.
 */
const COURSE_WORDS: ReadonlyArray<{ category: MenuCategory; words: string[][] }> = [
  { category: 'Beverages', words: [['something', 'to', 'drink'], ['anything', 'to', 'drink'], ['drinks'], ['drink'], ['beverages'], ['beverage'], ['thirsty']] },
  { category: 'Sides', words: [['side', 'dishes'], ['side', 'dish'], ['sides']] },
  { category: 'Appetizers', words: [['appetizers'], ['appetizer'], ['starters'], ['starter']] },
  { category: 'Main Dishes', words: [['main', 'dishes'], ['main', 'dish'], ['main', 'courses'], ['main', 'course'], ['mains'], ['entrees'], ['entree']] },
  { category: 'Specials', words: [['daily', 'special'], ['specials'], ['special']] },
  { category: 'Desserts', words: [['desserts'], ['dessert'], ['sweets']] },
];

/** The course a question names among the words not yet used, with its words' positions. */
export function findCourse(tokens: string[], used: Set<number>): { category: MenuCategory; positions: number[] } | undefined {
  for (const { category, words } of COURSE_WORDS) {
    for (const phrase of words) {
      const at = tokens.findIndex((_, i) => phrase.every((w, k) => tokens[i + k] === w && !used.has(i + k)));
      if (at >= 0) return { category, positions: phrase.map((_, k) => at + k) };
    }
  }
  return undefined;
}

/** "on Saturday", "this friday", "next sunday", "mondays": the weekday asked about, with its words' positions. */
/** Weekdays written short ("fri at 1pm", "tues lunch"); not "sat" or "sun", which are words too. */
const SHORT_WEEKDAYS: Readonly<Record<string, Weekday>> = {
  mon: 'monday', tue: 'tuesday', tues: 'tuesday', wed: 'wednesday', weds: 'wednesday', thu: 'thursday', thur: 'thursday', thurs: 'thursday', fri: 'friday',
};

/** The weekday a question names, and (`next`) whether it was "next monday" or "monday next week". */
export function findWeekday(text: string): { day: Weekday; positions: number[]; next: boolean } | undefined {
  const names = [...WEEKDAYS, ...Object.keys(SHORT_WEEKDAYS)].join('|');
  const match = new RegExp(`\\b(?:(on|this|next|coming) )?(${names})s?( next week)?\\b`).exec(text);
  if (!match) return undefined;
  const [, before, said = '', after] = match;
  return { day: SHORT_WEEKDAYS[said] ?? (said as Weekday), positions: matchPositions(text, match), next: before === 'next' || Boolean(after) };
}

/** A question that asks yes or no (not "which trucks…", "is there anything…"). */
const YES_OR_NO = /^(is|are|does|do|has|have|can|could|will|would)\b/;
const ASKS_A_LIST = /\b(anything|something|anyone|anybody|who|which|where|what|trucks?)\b/;
/** "I have a peanut allergy, is the mac and cheese safe": the allergy first, the dish asked about after. */
const SAFE_FOR_ME = /\b(is|are) .+ (safe|ok|okay|fine|alright)\b/;
/** "Is there dairy in the horchata": the labels asked first, the dish after "in". */
const IN_THE_DISH = /\b(in|on) (the|their|its|that|this|your|a|an)\b/;

/**
 * A yes-or-no question about named dishes' diets or allergens ("is the elote vegetarian", "are the
 * tacos gluten free", "does the banana pudding have peanuts", "is there dairy in the horchata"), or
 * undefined. The labels are said after the dish (or before "in the …"): "vegan tacos" is a kind of
 * dish asked for, not a question about one. Of a named truck's dishes when a truck is named.
 */
function findDishLabels(
  tokens: string[],
  words: string,
  attributes: ReturnType<typeof findAttributes>,
  lexicon: Understanding,
  used: Set<number>,
  truckIds: number[] | undefined,
): Intent | undefined {
  const safe = SAFE_FOR_ME.test(words);
  if (!(YES_OR_NO.test(words) || safe || /\bcontains?\b/.test(words)) || ASKS_A_LIST.test(words)) return undefined;
  const diets = new Set<Diet>();
  const allergens = new Map<Allergen, boolean>();
  const asked = new Set<number>();
  for (const [id, at] of attributes.positions) {
    const filter = truckFilter(id);
    if (filter?.kind === 'diet') diets.add(filter.diet);
    else if (filter?.kind === 'free') allergens.set(filter.allergen, true);
    else return undefined;
    at.forEach((p) => asked.add(p));
  }
  for (const { allergens: named, pattern } of ALLERGEN_WORDS) {
    for (const match of words.matchAll(pattern)) {
      const at = matchPositions(words, match);
      if (at.some((p) => asked.has(p) || used.has(p))) continue;
      // "Sesame, is the shawarma ok": safe means free of it.
      named.forEach((a) => allergens.set(a, allergens.get(a) ?? safe));
      at.forEach((p) => asked.add(p));
    }
  }
  let meat = false;
  for (const match of words.matchAll(MEAT_ASKED)) {
    const at = matchPositions(words, match);
    if (at.some((p) => asked.has(p) || used.has(p)) || diets.size > 0) continue;
    diets.add('vegetarian');
    meat = true;
    at.forEach((p) => asked.add(p));
  }
  if (diets.size === 0 && allergens.size === 0) return undefined;
  const taken = new Set([...used, ...asked]);
  const food = findFood(tokens, lexicon, taken);
  const dish = [...taken].filter((p) => !used.has(p) && !asked.has(p));
  const itemTruck = new Map(lexicon.itemWords.map((i) => [i.value.id, i.value.truckId]));
  const itemIds = (food?.itemIds ?? []).filter((id) => !truckIds || truckIds.includes(itemTruck.get(id) ?? -1));
  if (!food || itemIds.length === 0 || dish.length === 0) return undefined;
  const saidAfter = safe || Math.min(...asked) > Math.min(...dish) || IN_THE_DISH.test(tokens.slice(Math.max(...asked) + 1).join(' '));
  if (!saidAfter) return undefined;
  return {
    kind: 'dish-labels',
    itemIds,
    words: food.words,
    diets: [...diets],
    allergens: [...allergens].map(([allergen, free]) => ({ allergen, free })),
    ...(meat ? { meat } : {}),
  };
}

/** The attribute filters a question names, each once, with the token positions of their words. */
export function findAttributes(words: string): { filters: string[]; positions: Map<string, number[]> } {
  const positions = new Map<string, number[]>();
  for (const { filter, pattern } of ATTRIBUTE_CUES) {
    for (const match of words.matchAll(pattern)) {
      positions.set(filter, [...(positions.get(filter) ?? []), ...matchPositions(words, match)]);
    }
  }
  return { filters: [...positions.keys()], positions };
}

/** The question as words: digits glued to "pm" split ("8pm"), then the spoken form. */
/** Contractions typed without their apostrophe ("whats open", "im hungry"), as the cues spell them. */
const UNAPOSTROPHED: Record<string, string> = {
  whats: "what's",
  wheres: "where's",
  whos: "who's",
  hows: "how's",
  thats: "that's",
  theres: "there's",
  im: "i'm",
  ive: "i've",
  dont: "don't",
  cant: "can't",
  isnt: "isn't",
  arent: "aren't",
  // Texting shorthand.
  r: 'are',
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  rn: 'now',
  wher: 'where',
  whre: 'where',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  tomorow: 'tomorrow',
  tommorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tonite: 'tonight',
};

export function wordsOf(text: string): string[] {
  const words = spoken(
    text.replace(/(\d)\s*([ap])\.?\s?m\b\.?/gi, '$1 $2 m').replace(/(\d):(\d\d)/g, '$1 $2'),
  );
  // "In the mood for curry" is a craving, not a place called "mood for curry"; "at lunchtime" is noon.
  const said = words
    .replace(/\bin the mood for\b/g, 'craving')
    .replace(/\b(lunchtime|lunch time)\b/g, 'noon')
    // Words written as one that menus write as two, or shorter: "milkshake" is a "shake".
    .replace(/\bmilk ?shake(s?)\b/g, 'shake$1')
    .replace(/\bhotdog(s?)\b/g, 'hot dog$1')
    // Typed in haste: "vegitarian", "r the samosas veg".
    .replace(/\b(veg[aei]t[aei]rian|veg)\b/g, 'vegetarian')
    .replace(/\bal+erg(y|ies|ic)\b/g, 'allerg$1')
    .replace(/\btil\b/g, 'till')
    // "Po boy", "poboys": the menus' "po'boy".
    .replace(/\bpo'? ?boy(s?)\b/g, "po'boy$1");
  return said ? said.split(' ').map((w) => UNAPOSTROPHED[w] ?? w) : [];
}

/** Words asking how good a named truck is ("is X any good", "X's reviews"). */
const RATING_OF_NAMED = /\b(any good|rated|rating|ratings|review|reviews|reviewed|stars)\b/;
/** "Do you have the phone number for Taco Libre", "call Smokestack", "what's Burger Bus's number". */
const PHONE_OF_NAMED = /\b(phone|telephone|call|number|contact)\b/;
/**
 * "Can I order ahead at Taco Libre", "does Smokestack take online orders", "pre-order from Burger
 * Bus". Not "what can I order at …", which asks for the menu.
 */
const ORDER_AHEAD_OF_NAMED =
  /\b(order(ing)? (ahead|online|in advance|for pick ?up|to pick up)|pre ?order|preorder|(take|takes|taking|accept|accepts) (online |mobile )?orders|(online|mobile) order(s|ing)?|place an order|(can|could) i order)\b/;
/** "How long is the line at X", "is there a wait at X", "how busy is X". */
const LINE_AT_NAMED = /\b(how long (is|s) the (wait|line|queue)|how long('s| is) the (wait|line|queue)|wait time|how busy|is there a (line|wait|queue)|(long|big) (line|wait|queue))\b/;
/**
 * With no truck named: "which truck has the shortest wait", "where can I get tacos fastest", "who
 * takes online orders near me", "what trucks can I order ahead from". Not "can I order …" alone,
 * which asks what there is to eat.
 */
const QUICKEST =
  /\b(shortest (wait|line|queue)|least wait|(no|short|little) wait|quickest|fastest|soonest|order(ing)? (ahead|online|in advance)|pre ?order|preorder|(take|takes|taking|accept|accepts) (online |mobile )?orders|(online|mobile) order(s|ing)?|(place|put in) an order|order(ing)? (for pick ?up|to pick up))\b/;
/**
 * "What's good at Taco Libre", "what should I get at Smokestack": what the truck sells (its dishes
 * have no ratings of their own to rank them by).
 */
const WHAT_TO_GET_AT_NAMED =
  /\b(what's good|what is good|what (should|can|could) i (get|order|try|have)|what to (get|order|try)|best thing|best things|recommend|popular|must try)\b/;
/** Words asking for the best trucks ("what's the best truck around here", "highest rated"). */
const BEST_RATED = /\b(best|top rated|highest rated|best rated|rated|rating|ratings|reviews|reviewed|popular|recommend|surprise me|what's good|what is good|anything good)\b/;

/** "Thanks", "ok thank you so much": the whole of what was said. */
const THANKS =
  /^((ok|okay|great|awesome|perfect|cool|oh|nice|that's (helpful|great|perfect)) )?(thanks|thank you|thx|ty|cheers)( (so much|very much|a lot|again))?( (that's|that is|this is|it's) (helpful|great|perfect|awesome|useful|good|nice|amazing|very helpful|super helpful))?$/;
/** "What can you do", "help": what the assistant is for. */
const HELP = /^(help|help me|what can you do|what do you do|what can i ask( you)?|how does this work|what are you|who are you|what can you help (me )?with|are you a (bot|robot|person|human|real person)|are you (real|human))$/;
/** "Hi", "hello there", "good morning": the whole of what was said. */
const HELLO = /^((hi|hello|hey|hiya|good (morning|afternoon|evening))( there)?|((hi|hello|hey) )?(how are you|how's it going|how are you doing|what's up|sup)( today)?)$/;

/** The words of a question about where a named truck is ("how far is X", "directions to X"). */
const WHERE_IS = /\b(where is|where's|how far|directions|direction|take me to|how do i get to|get me to|located|location of)\b/;

/** The words of a question about one truck's hours ("how late is X open", "when does X close"). */
/** Words that leave a food out: "not tacos", "without pork", "anything but bbq", "other than burgers". */
const NEGATION = /\b(not|without|except|but|other than|no more)\b/g;

/**
 * The food a question leaves out ("whats open closest to me thats not tacos", "anything at taco
 * libre without pork"): the food words right after a negation, marked used so they are not what is
 * asked for. Undefined when no food follows one.
 */
function findNegatedFood(tokens: string[], lexicon: Understanding, used: Set<number>): FoodAsk | undefined {
  const words = tokens.join(' ');
  for (const match of words.matchAll(NEGATION)) {
    const negation = matchPositions(words, match);
    const from = Math.max(...negation) + 1;
    // The negated words: up to three after it ("not tacos", "without any pork").
    const span: number[] = [];
    for (let i = from; i < Math.min(tokens.length, from + 3) && !used.has(i); i++) span.push(i);
    const elsewhere = new Set(tokens.map((_, i) => i).filter((i) => !span.includes(i)));
    const negated = findFood(tokens, lexicon, elsewhere);
    if (!negated) continue;
    // What findFood took of the span, and the negation itself, are not the food asked for.
    for (const i of [...negation, ...span.filter((i) => elsewhere.has(i))]) used.add(i);
    return negated;
  }
  return undefined;
}

/** "This week", "next week", "all week". */
const WEEK_SAID = /\b(this|next|all|the) week\b/g;
/** A named truck's days: "what days is X out", "which days", "X's schedule", "X next week". */
const WEEK_OF_NAMED = /\b(what days|which days|what day|which day|schedule|usual days|this week|next week|all week|every week)\b/;
/** "How long to drive to X", "how long would it take to get to X": a trip, not opening hours. */
const TRAVEL = /\bhow long (does it take |would it take |will it take |is the (drive|walk|ride) )?(to )?(get|drive|walk|go|ride|bike)\b|\bhow long is the (drive|walk|ride)\b/;
/** "What comes on the …", "what's in the …", "how spicy is the …": what a dish is. */
const DESCRIBE_DISH = /\b(what comes (on|with|in)|what does (the|a|an|their|its) .+ come with|what's in|whats in|what is in|how spicy|(is|are) .+ spicy|ingredients|what's on the|whats on the|describe)\b/;
/** Asked how spicy a dish is. */
const SPICY = /\b(spicy|spice|mild)\b/;
/** An hours question with nothing else in it ("how late", "til when?", "closing time"): about the truck just talked about. */
const BARE_HOURS = /^(and |so |ok |okay )?(how late|until when|till when|what time|closing time|hours|(what are )?the hours|when do(es)? (it|they) close)( today| tonight)?$/;
/** "Tell me about X", "what's X like", "info on X": the truck as a whole. */
const TELL_ABOUT =
  /\b(tell me (more )?about|more about|info (on|about)|information (on|about)|describe|what is \w+( \w+)* like|what's \w+( \w+)* like|what's \w+( \w+)* about|what kind(a| of) (food|truck|place|cuisine) is)\b/;

/** Two trucks compared by distance. */
const CLOSER = /\b(closer|nearer|closest|nearest|further|farther)\b/;
/** The words of "what's X?" besides the truck's name. */
const WHAT_IS_WORDS: ReadonlySet<string> = new Set(['what', "what's", 'whats', 'is', 'the', 'that', 'this']);
/** Two trucks compared as a whole. */
const COMPARE = /\b(compare|comparison|difference|differ|different|better|vs|versus)\b/;
/** Two trucks compared by price. */
const CHEAPER = /\b(cheaper|cheapest|less expensive|more expensive|pricier|priciest)\b/;
/** Words that turn a yes-or-no question round without changing what it asks. */
const NOT_WORDS = new Set(['not', 'isnt', "isn't", 'arent', "aren't", 'still']);
const HOURS_OF_NAMED = /\b(how late|until when|till when|when does|what time does)\b/;
/** "Late night food", "what's open late": with no time said, open after LATE_NIGHT_MINUTE today. */
const LATE_NIGHT = /\b(late night|late tonight|open late|late at night|after dark)\b/;
/** 9 PM, in minutes since local midnight. */
const LATE_NIGHT_MINUTE = 21 * 60;
/** "Tonight", "this evening" (no time said): open after EVENING_MINUTE today, not open now. */
/** "Which one is open latest", "who closes last", "what stays open the longest". */
const LATEST = /\b(open (the )?(latest|longest)|latest (open|closing)|close[sd]? (the )?(last|latest)|closing (the )?(last|latest)|stays? open (the )?(latest|longest))\b/;

const TONIGHT = /\b(tonight|this evening)\b/;
/** 5 PM, in minutes since local midnight. */
const EVENING_MINUTE = 17 * 60;
/** "What's open later today", "this afternoon": the stops still to start today, not open now. */
const LATER_TODAY = /\b(later (today|on)|this afternoon|open later|later this (morning|afternoon))\b/;
/** A part of a day asked for with another day: "thursday evening", "tomorrow for lunch". */
export type DayPart = 'morning' | 'lunch' | 'evening';
const DAY_PARTS: ReadonlyArray<{ part: DayPart; pattern: RegExp }> = [
  { part: 'morning', pattern: /\b(morning|breakfast)\b/ },
  { part: 'lunch', pattern: /\b(lunch|noon|midday)\b/ },
  { part: 'evening', pattern: /\b(evening|night|tonight|dinner|supper|after dark|date night|after midnight)\b/ },
];
/** Meals said with a day ("saturday for breakfast"): the part of the day, not a dish. */
const MEAL_WORDS: ReadonlySet<string> = new Set(['breakfast', 'brunch', 'lunch', 'dinner', 'supper']);
/** "This weekend", "on the weekend": Saturday and Sunday, as "on Saturday" is one day. */
const WEEKEND = /\b(weekend|weekends)\b/;

/**
 * What a transcript asks. Works on the grammar's sentences and on free text (typed questions,
 * cloud transcripts) alike.
 */
export function understand(text: string, lexicon: Understanding, options: { heard?: boolean } = {}): Intent {
  // "Within a mile", "walking distance": how far the diner will go, taken from the words; the rest
  // understood, and the trucks asked for then looked for that near only.
  const reach = reachSaid(wordsOf(text).join(' '));
  if (reach) {
    const intent = understandNear(reach.rest, lexicon, options);
    return intent.kind === 'nearest' || (intent.kind === 'open-now' && intent.after === undefined && intent.at === undefined && !intent.later && intent.inMinutes === undefined)
      ? { ...intent, withinMiles: reach.miles }
      : intent;
  }
  return understandNear(text, lexicon, options);
}

/** "Within about a mile", "within 2 miles", "walking distance": how far, in miles, and the words left. */
const WITHIN =
  /\b(?:within|in|under|less than) (?:about |around |roughly |like )?(a|an|one|two|three|four|five|half a|\d+(?:\.\d+)?) miles?\b|\b(?:within |in )?(walking distance)\b/;
const MILES_SAID: Readonly<Record<string, number>> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, 'half a': 0.5, 'walking distance': 1 };
function reachSaid(words: string): { miles: number; rest: string } | undefined {
  const match = WITHIN.exec(words);
  const said = match?.[1] ?? match?.[2];
  const miles = said === undefined ? undefined : (MILES_SAID[said] ?? Number(said));
  if (!match || miles === undefined || !(miles > 0)) return undefined;
  // "Within 2 miles of Zilker": measured from the place, as "near Zilker" is.
  const after = words.slice(match.index + match[0].length).replace(/^ of\b/, ' near');
  return { miles, rest: `${words.slice(0, match.index)} ${after}` };
}

function understandNear(text: string, lexicon: Understanding, options: { heard?: boolean }): Intent {
  // "Not tacos", "without pork", "anything but bbq": the food left out is taken from the words, the
  // rest understood, and the food left out kept beside it.
  const tokens = wordsOf(text);
  const negated = new Set<number>();
  const not = findNegatedFood(tokens, lexicon, negated);
  if (!not) return understandWords(tokens, lexicon, options);
  const intent = understandWords(tokens.filter((_, i) => !negated.has(i)), lexicon, options);
  if (intent.kind === 'nearest' || intent.kind === 'open-now') return { ...intent, not };
  // "Anything at Taco Libre without pork": its menu, less the dishes with it.
  if ((intent.kind === 'where' || intent.kind === 'menu' || intent.kind === 'is-open') && !('cheapest' in intent && intent.cheapest)) {
    return { kind: 'menu', truckIds: intent.truckIds, without: not };
  }
  return intent;
}

/** What the question's words (`wordsOf`) ask. */
function understandWords(tokens: string[], lexicon: Understanding, options: { heard?: boolean }): Intent {
  const words = tokens.join(' ');
  if (!words) return { kind: 'unknown', heard: '' };
  if (THANKS.test(words)) return { kind: 'small-talk', said: 'thanks' };
  if (HELLO.test(words)) return { kind: 'small-talk', said: 'hello' };
  if (HELP.test(words)) return { kind: 'small-talk', said: 'help' };
  const cue = (pattern: RegExp) => pattern.test(words);
  const used = new Set<number>();
  const clockSaid = findTime(words);
  // "6:30 tomorrow morning", "at 8 for breakfast": the morning's hour.
  const time = clockSaid?.guessed && /\b(morning|breakfast|a m|am)\b/.test(words) ? { ...clockSaid, minute: clockSaid.minute - 720 } : clockSaid;
  time?.positions.forEach((p) => used.add(p));
  const delay = time ? undefined : findDelay(tokens);
  delay?.positions.forEach((p) => used.add(p));
  // "This week", "next week": a time, never the "Burger of the Week".
  for (const match of words.matchAll(WEEK_SAID)) matchPositions(words, match).forEach((p) => used.add(p));
  // "Does X have a schedule": the word asks for its week, and is never a dish looked for on its menu.
  for (const match of words.matchAll(/\bschedules?\b/g)) matchPositions(words, match).forEach((p) => used.add(p));
  const weekday = findWeekday(words);
  weekday?.positions.forEach((p) => used.add(p));
  const ceiling = findCeiling(tokens);
  ceiling?.positions.forEach((p) => used.add(p));
  // What trucks state (issue 28): its words are not a truck, a place or a food.
  const attributes = findAttributes(words);
  const useAttributeWords = (food: boolean) => {
    for (const [filter, at] of attributes.positions) if (food === FOOD_WORD_DIETS.has(filter)) at.forEach((p) => used.add(p));
  };
  useAttributeWords(false);
  let attributeAsk = attributes.filters.some((f) => !FOOD_WORD_DIETS.has(f));
  if (attributeAsk) useAttributeWords(true);
  const truck = findTruck(tokens, lexicon, used, { typed: !options.heard });
  truck?.positions.forEach((p) => used.add(p));
  let truckIds = truck?.truckIds;
  // Two trucks named ("taco libre or seoul food wagon …"): the second's name is no food ("taco").
  const other = truck && cue(/\b(or|vs|versus|and)\b/) ? findTruck(tokens, lexicon, used, { typed: !options.heard }) : undefined;
  // In the order they were said: "compare A and B" describes A first.
  const saidFirst = other && truck && Math.min(...other.positions) < Math.min(...truck.positions);
  const both = [...new Set(saidFirst ? [...other.truckIds, ...truck.truckIds] : [...(truck?.truckIds ?? []), ...(other?.truckIds ?? [])])];
  if (other && both.length === 2) {
    // "Which is cheaper, …", "A vs B which one": compared by price, or (any other way) by distance.
    if (cue(CHEAPER) && !cue(CLOSER)) return { kind: 'where', truckIds: both, cheaper: true };
    if (cue(CLOSER) || (cue(/\bwhich( one)?\b/) && !cue(/\bbetter\b/))) return { kind: 'where', truckIds: both, closer: true };
    if (cue(COMPARE)) return { kind: 'where', truckIds: both, compare: true };
    other.positions.forEach((p) => used.add(p));
    truckIds = both;
  }
  // "Does Smokestack have anything vegan": a named truck makes the diet word a question about its menu.
  if (!attributeAsk && truckIds && attributes.filters.length > 0) {
    attributeAsk = true;
    useAttributeWords(true);
  }
  // Before places: "is there dairy in the horchata" names a dish, not a place.
  const labels = findDishLabels(tokens, words, attributes, lexicon, used, truckIds);
  if (labels) return labels;
  const place = findPlace(tokens, lexicon, used);
  place?.positions.forEach((p) => used.add(p));
  // A course of the menu; desserts only of a named truck's (else they are the Desserts cuisine).
  const found = findCourse(tokens, used);
  const course = found && (found.category !== 'Desserts' || truckIds) ? found : undefined;
  course?.positions.forEach((p) => used.add(p));
  const beforeFood = new Set(used);
  const food = findFood(tokens, lexicon, used);
  // A recogniser's transcript naming foods no truck has together: one of them was likely misheard.
  if (options.heard && food?.apart) return { kind: 'unsure', words: food.apart };
  const foodDiets = attributes.filters.filter((f) => FOOD_WORD_DIETS.has(f));
  if (food && !attributeAsk && foodDiets.length > 0) food.diets = foodDiets;
  const cheapest = cue(CUES.cheapest);

  if (cue(CUES.favorites)) return { kind: 'favorites', openOnly: cue(CUES.open) };
  // "How late is … open" with no truck named asks for a truck that is not here (below), never about
  // whatever else its words fit: "how late is that find wheelchair open" is a misheard "Masala
  // Wheels", not a question about step-free trucks.
  const hoursOfUnnamed = !truckIds && cue(HOURS_OF_NAMED);
  // Calories, a table booked: no truck states them, whatever dish or truck is named ("book a table" is not seating).
  const neverStated = NOT_STATED_CUES.find((c) => 'anyTruck' in c && cue(c.pattern));
  if (neverStated) return { kind: 'not-stated', what: neverStated.what };
  if (attributeAsk && !cue(CUES.price) && !hoursOfUnnamed) {
    return { kind: 'attributes', filters: attributes.filters, truckIds, food, place: place?.place, openOnly: cue(CUES.open) };
  }
  if (ceiling || course) {
    return { kind: 'dishes', cents: ceiling?.cents, category: course?.category, food, truckIds, place: place?.place };
  }
  if (cue(DELIVERY)) return truckIds ? { kind: 'order-ahead', truckIds, delivery: true } : { kind: 'quickest', food, place: place?.place, delivery: true };
  // "What's good for kids": not a question of ratings, nor "kids" a food to look for.
  const notStated = truckIds || food ? undefined : NOT_STATED_CUES.find((c) => cue(c.pattern));
  if (notStated) return { kind: 'not-stated', what: notStated.what };
  if (truckIds && !food && cue(PHONE_OF_NAMED)) return { kind: 'phone', truckIds };
  if (truckIds && cue(ORDER_AHEAD_OF_NAMED) && !cue(/^what\b/)) return { kind: 'order-ahead', truckIds };
  if (truckIds && cue(LINE_AT_NAMED)) return { kind: 'order-ahead', truckIds, wait: true };
  if (!truckIds && cue(QUICKEST)) return { kind: 'quickest', food, place: place?.place };
  if (truckIds && !food && cue(RATING_OF_NAMED)) return { kind: 'rating', truckIds };
  if (truckIds && !food && cue(WHAT_TO_GET_AT_NAMED)) return { kind: 'menu', truckIds };
  if (cheapest && food) return { kind: 'price', food, truckIds, cheapest: true };
  if (cheapest && truckIds) return { kind: 'menu', truckIds, cheapest: true };
  // "Cheap eats near me": no food, no truck — the open trucks' dishes, cheapest first.
  if (cheapest) return { kind: 'dishes', place: place?.place };
  if (cue(CUES.price) && food) return { kind: 'price', food, truckIds, cheapest: false };
  // "What comes on the burger of the week", "how spicy are the kimchi fries": a dish's description.
  if (food && food.itemIds.length > 0 && cue(DESCRIBE_DISH)) {
    // "Is the butter chicken spicy": the dish, not every dish described as spicy.
    const spicy = cue(SPICY);
    const plain = new Set(beforeFood);
    if (spicy) tokens.forEach((t, i) => DESCRIBING_WORDS.has(t) && plain.add(i));
    const dish = spicy ? findFood(tokens, lexicon, plain) : food;
    if (dish && dish.itemIds.length > 0) return { kind: 'price', food: dish, truckIds, cheapest: false, describe: true, ...(spicy ? { spicy } : {}) };
  }
  if (cue(CUES.price) && truckIds) return cue(/\b(most expensive|priciest)\b/) ? { kind: 'menu', truckIds, priciest: true } : { kind: 'menu', truckIds };
  // "Is Green Machine still gonna be open at 5": its hours today answer it.
  if (truckIds && !food && time && cue(CUES.open)) return { kind: 'hours', truckIds };
  // "Does Taco Libre deliver", "does Green Machine have wifi": nothing we hold answers it, and its
  // menu or its place would answer another question. Typed only: in a transcript a word nothing
  // knows is more likely misheard than meant ("is taco libre open uh").
  if (!options.heard && truckIds && !food && !place && cue(/^(does|do|is|are|can|will) /)) {
    // "Is Taco Libre not open?" asks whether it is open, as "isn't it open" does.
    const unknown = tokens.filter((t, i) => !used.has(i) && !FORM_WORDS.has(t) && !NUMBERS.has(t) && t.length >= 3 && !NOT_WORDS.has(t));
    if (unknown.length > 0) return { kind: 'unknown-about-truck', truckIds, what: unknown.join(' '), menu: cue(CUES.menu) };
  }
  // A truck's menu asked for by that word is about the menu, whatever question word came with it
  // ("when is on the menu at gulf coast catch", a misheard "what is").
  if (truckIds && !food && cue(/\bmenu\b/) && !cue(CUES.open)) return { kind: 'menu', truckIds };
  // "When is X open next", "where will X be tomorrow": the future is the schedules' (ADR 0100).
  // "When does X open" asks for today's hours; "when does X open next" is the same question as
  // "when is X open next", and gets the same answer.
  const cuisine = food?.cuisines.length === 1 && !truckIds ? food.cuisines[0] : undefined;
  const todaysHours = truckIds && cue(/\b(when does|until when|till when)\b/) && !cue(/\bnext\b/) && !weekday;
  const openNext = cue(CUES.openNext) && (truckIds !== undefined || cue(/\bwhen\b/));
  const weekend = !weekday && cue(WEEKEND) ? { weekend: true } : {};
  // Said of the day, not a truck's or a place's name ("Night Owl Smokehouse").
  const unnamed = tokens.filter((_, i) => !used.has(i)).join(' ');
  const dayPart = DAY_PARTS.find((p) => p.pattern.test(unnamed))?.part;
  // "Next monday", "monday next week": a week ahead when today is Monday.
  const when: ScheduleDay =
    (weekday?.next ? (`next ${weekday.day}` as const) : weekday?.day) ?? ('weekend' in weekend ? 'saturday' : cue(/\btomorrow\b/) ? 'tomorrow' : cue(/\btoday\b/) ? 'today' : 'next');
  // Another day than today is the schedules' whatever else is asked ("what's open on Saturday").
  const anotherDay = weekday !== undefined || cue(/\btomorrow\b/) || 'weekend' in weekend;
  // "Friday at 10 pm", "late night on friday": a time of that day, rather than a part of it.
  const clock =
    !anotherDay || 'weekend' in weekend
      ? {}
      : time
        ? time.at
          ? { at: time.minute }
          : { after: time.minute }
        : cue(LATE_NIGHT)
          ? { after: LATE_NIGHT_MINUTE }
          : {};
  const part = anotherDay && dayPart && !('weekend' in weekend) && !('at' in clock) && !('after' in clock) ? { part: dayPart } : {};
  // "Saturday morning for breakfast": the meal is the part of the day, not a dish to look for.
  const dayFood = food && dayPart && food.words.split(' ').every((w) => MEAL_WORDS.has(w)) ? undefined : food;
  // "What days is Rolling Roast out", "Taco Libre's schedule", "is it out next week": its week.
  if (truckIds && !food && !weekday && cue(WEEK_OF_NAMED)) return { kind: 'schedule', when: 'next', truckIds, week: true };
  // "Who is at Republic Square tomorrow": the stops near a place the diner names.
  if (!truckIds && place?.place && (cue(CUES.schedule) || anotherDay)) {
    return { kind: 'schedule', when, place: place.place, ...(cuisine ? { cuisine } : {}), ...weekend };
  }
  if ((truckIds || cuisine) && (cue(CUES.schedule) || openNext || anotherDay) && !todaysHours) {
    return truckIds
      ? { kind: 'schedule', when, truckIds, ...weekend, ...part, ...clock }
      : { kind: 'schedule', when, cuisine, ...weekend, ...part, ...clock };
  }
  if (!truckIds && !dayFood && !place && anotherDay) return { kind: 'schedule', when, ...weekend, ...part, ...clock };
  // "Tacos on saturday", "somewhere with vegan food tomorrow night": the day's stops of its sellers.
  if (!truckIds && dayFood && !place && anotherDay) return { kind: 'schedule', when, food: dayFood, ...weekend, ...part, ...clock };
  // "Is Pasta Vagabonda open tonight": its stops today, not whether it is open this minute.
  if (truckIds && !food && !time && !cue(CUES.hours) && (cue(TONIGHT) || cue(LATER_TODAY))) return { kind: 'schedule', when: 'today', truckIds };
  // "What's at Mezze on Main": what it sells, not where it is.
  if (truckIds && !food && /^(what's|whats|what is|what) at\b/.test(words)) return { kind: 'menu', truckIds };
  // "How long to drive to Mezze on Main": how far it is, not how long it is open.
  if (truckIds && !food && cue(TRAVEL)) return { kind: 'where', truckIds, howFar: true };
  // "Tell me about Smokestack", "what's Mezze on Main?": where it is, what it is and what it sells.
  const onlyWhatIs = /^(what's|whats|what is)\b/.test(words) && tokens.every((t, i) => used.has(i) || WHAT_IS_WORDS.has(t));
  if (truckIds && !food && (cue(TELL_ABOUT) || onlyWhatIs)) return { kind: 'where', truckIds, about: true };
  if (truckIds && !food && cue(WHERE_IS) && !cue(CUES.hours))
    return cue(/\bhow far\b/) ? { kind: 'where', truckIds, howFar: true } : { kind: 'where', truckIds };
  if (truckIds && cue(CUES.hours)) return { kind: 'hours', truckIds };
  // "What time does the coffee truck open": a truck said by its food is that food's trucks, and
  // their hours are their stops (the soonest first), as "when is the coffee truck open next" is.
  // Only when the food is all the words that name it: "the burger barn" is a truck that is not here.
  if (hoursOfUnnamed) {
    // Hours of a truck that is not here ("how late is the burger barn open"): said so, not guessed.
    const named = tokens.filter(
      (t) => !FORM_WORDS.has(t) && !NUMBERS.has(t) && t.length >= 3 && !['does', 'close', 'open'].includes(t),
    );
    const foodWords = new Set(food?.words.split(' '));
    if (cuisine && named.every((t) => foodWords.has(t))) return { kind: 'schedule', when, cuisine };
    if (named.length > 0) return { kind: 'unknown-truck', name: named.join(' ') };
  }
  // A named truck is what the question is about: with a food, whether it has it and at what price
  // ("does taco libre have burritos") — never other trucks that have the food.
  if (truckIds && food && !cue(/\b(open|closed)\b/)) return { kind: 'price', food, truckIds, cheapest: false };
  if (truckIds && cue(CUES.menu) && !cue(/\bopen\b/)) return { kind: 'menu', truckIds };
  if (truckIds && cue(/\b(open|closed)\b/)) return { kind: 'is-open', truckIds };
  if (!truckIds && !food && !place) {
    if (cue(/\b(their|they)\b/) && cue(CUES.menu)) return { kind: 'follow-up', ask: 'menu' };
    if (cue(/\b(of|any of) (those|them|these)\b/) && cue(CUES.open)) return { kind: 'follow-up', ask: 'open-of-list' };
    // "How late is the closest one open": a list is read nearest first, and its first is the one talked about.
    if ((cue(CUES.follow) || BARE_HOURS.test(words) || cue(/\bthe (closest|nearest|closer|nearer) one\b/)) && cue(CUES.hours)) return { kind: 'follow-up', ask: 'hours' };
    if (cue(/\b(closest|nearest|closer|nearer) one\b|\bwhich (one )?is (the )?(closest|nearest|closer|nearer)\b/)) return { kind: 'follow-up', ask: 'closest' };
    if (cue(/\bhow far\b/)) return { kind: 'follow-up', ask: 'distance' };
    // "The next one" is the list's next truck; "when's the next time" is when this one is out next.
    if (cue(/\bnext( one)?\b/) && !cue(/\b(open|when)\b/)) return { kind: 'follow-up', ask: 'next' };
    // "When is it open next" is when, not whether (the truck is named in its place, refer.ts).
    if (cue(/\bis it open\b/) && !cue(/\b(when|next)\b/)) return { kind: 'follow-up', ask: 'open' };
    if (cue(/\b(where is it|the address|where is that|where exactly|exactly where|where at)\b/) || /^where\??$/.test(words)) return { kind: 'follow-up', ask: 'where' };
  }
  if (place?.unknown !== undefined) return { kind: 'unknown-place', place: place.unknown };
  const where = place?.place;
  if (!truckIds && cue(BEST_RATED)) return { kind: 'best', food, place: where };
  if (!time && !truckIds && cue(LATEST)) return { kind: 'open-now', food, place: where, latest: true };
  if (!time && !truckIds && cue(LATE_NIGHT)) return { kind: 'open-now', food, place: where, after: LATE_NIGHT_MINUTE };
  if (!time && !truckIds && cue(TONIGHT)) return { kind: 'open-now', food, place: where, after: EVENING_MINUTE };
  if (!time && !truckIds && cue(LATER_TODAY)) return { kind: 'open-now', food, place: where, later: true };
  if (delay && !truckIds) return { kind: 'open-now', food, place: where, inMinutes: delay.minutes };
  // "Dessert after 8 tonight": a food with a time asks who has it then.
  if (time && (cue(/\b(open|serving|anything|any|which|what|who)\b/) || (food && !truckIds) || (time.at && !truckIds && cue(CUES.find)))) {
    return time.at ? { kind: 'open-now', food, place: where, at: time.minute } : { kind: 'open-now', food, place: where, after: time.minute };
  }
  // "Food", "food trucks please": the nearest open truck, as "where can I eat" is.
  if (!truckIds && !food && !where && /^((some|any|the) )?(food|food trucks?|eats)( please)?$/.test(words)) {
    return { kind: 'nearest', food: undefined, place: undefined };
  }
  // "Show me all the trucks": the open ones, as "what's open" lists them.
  const everyTruck = !truckIds && !food && cue(/\b(all|every) (of )?(the )?(food )?trucks\b/);
  if (everyTruck || (cue(CUES.open) && (cue(CUES.list) || food || where) && !cue(/\b(nearest|closest)\b/))) {
    return { kind: 'open-now', food, place: where };
  }
  if (!food && !where && !truckIds) {
    // "I want zebra steaks": something to eat that nothing here has; said back, never guessed. So
    // is a food said on its own ("soup", "a smoothie please") and a describing word after
    // "anything" ("is there anything crispy"): not "I didn't catch that", which blamed the diner.
    const unknown = tokens.filter((t, i) => !used.has(i) && !FORM_WORDS.has(t) && t.length >= 3 && !time);
    const saidAlone = unknown.length <= 2 && tokens.every((t) => unknown.includes(t) || BARE_FILLER.has(t));
    const describing = unknown.every((w) => DESCRIBING_WORDS.has(w)) && cue(/\b(anything|something)\b/);
    // "Do any trucks sell beer": asked of the menus, and on none.
    const askedOfMenus = cue(CUES.menu) && cue(CUES.list);
    if (unknown.length > 0 && (cue(CUES.find) || saidAlone || describing || askedOfMenus)) return { kind: 'not-found', what: unknown.join(' ') };
  }
  if (food || where || (cue(CUES.find) && !truckIds)) return { kind: 'nearest', food, place: where };
  // "What does Masala Wheels …" with its verb lost (a recording cut short, a word misheard): the
  // question of a truck that starts so is what it sells.
  if (truckIds && cue(/^what (does|do)\b/)) return { kind: 'menu', truckIds };
  // A truck's name and nothing else asks where it is.
  if (truckIds) return { kind: 'where', truckIds };
  // "I need lunch before 2", "give me three options for dinner": a meal, nothing else known — the
  // trucks open now, nearest first.
  if (!food && !where && cue(/\b(breakfast|brunch|lunch|dinner|supper|meal)\b/)) return { kind: 'open-now', food: undefined, place: undefined };
  // Typed, the words were read, not misheard: "didn't catch that" would blame the diner's spelling.
  return options.heard ? { kind: 'unknown', heard: words } : { kind: 'unknown', heard: words, typed: true };
}
