import { TRUCK_FILTERS, truckFilter, type Allergen, type Diet } from '@shared/utils/attributes';
import { ALLERGEN_WORDS, ATTRIBUTE_CUES } from './intents';
import type { Intent } from './understand';
import type { SessionState } from './voice-answers';

/** Ordinal words of a list just read out: "the second one" is its second truck. */
const ORDINALS: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4 };
/** "the second", "the last": the words that pick one truck of a list. */
const WHICH_ONE = [...Object.keys(ORDINALS), 'last'].join('|');
const THE_ONE = new RegExp(`\\bthe (${WHICH_ONE})( one| truck| place)?\\b`, 'g');
const ONE_OF_THE_LIST = new RegExp(`\\bthe (other|${WHICH_ONE})\\b`);

/** "The bbq place", "the coffee truck", "the taco spot": a truck named by what it sells. */
const BY_ITS_KIND = /\bthe [a-z]+ (place|truck|spot|joint|stand|cart)\b/;
/** Which of two is cheaper or closer, asked without naming them. */
const WHICH_OF_TWO = /\b(which|what)( one)?('s| is| s)? (cheaper|less expensive|more expensive|pricier|closer|nearer|further|farther)\b/;

/** A question as these rules read it: lower-cased, without its punctuation, single-spaced. */
const plainly = (text: string) => text.toLowerCase().replace(/[?!.,]+/g, ' ').replace(/\s+/g, ' ').trim();

/** "There" as a place ("what can I get there"), not as "is there", "there are", "there's any". */
const THERE = /\b(?<!\b(?:is|are|was|were|isn't|aren't) )there\b(?! (?:is|are|was|were|any|a|an|some)\b)(?!'s)/g;

/** The cues of what a truck states about itself (cards, seating…), and of what its dishes state. */
const isFeature = (cue: { filter: string }) => truckFilter(cue.filter)?.kind === 'feature';
/** Words that ask what a dish states (a diet, an allergen, whether it is safe for one, its heat). */
const ASKS_A_LABEL = new RegExp(
  [...ATTRIBUTE_CUES.filter((c) => !isFeature(c)), ...ALLERGEN_WORDS]
    .map((c) => c.pattern.source)
    .concat('\\bsafe\\b', '\\bspicy\\b')
    .join('|'),
);
/** What a truck states about itself (cards, seating, a step-free way in…): not a dish's label. */
const ASKS_A_FEATURE = new RegExp(ATTRIBUTE_CUES.filter(isFeature).map((c) => c.pattern.source).join('|'));
/** "What about thursday", "and tomorrow?", "how about near the capitol": the last question again, changed. */
const CARRIES_ON = /^(?:(?:and|ok|okay|so)\s)?(?:what|how) about\b|^and\b/;
/** Words that point at the truck themselves (replaced by its name below; "there" as a place too). */
const POINTS_AT_IT = /\b(they|them|it|its|their|that|this|those|these)\b/;
/** A question asking for trucks, not about the one talked about. */
const ASKS_FOR_TRUCKS = /\b(which|who|trucks?|anyone|anybody|anywhere|any place|places|near|around|nearby|closest|nearest)\b/;
/** Leading words that only carry the conversation on ("and", "ok so"). */
const LEADING_FILLER = '^(?:(?:and|so|ok|okay|also|then|well|alright)\\s)*';
/** "When's the next time", "ok when then": when the truck is next out. */
const WHEN_NEXT = new RegExp(`${LEADING_FILLER}(when|when then|when next|when's next|when is next|when's the next time|when is the next time|when will that be|when will it be|what about next time)$`);
/** "What time saturday", "when tomorrow": the hours of a day, with nothing else said. */
const WHEN_ON_A_DAY = new RegExp(`${LEADING_FILLER}(what time|when|what hours|hours)( on)? (today|tonight|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)$`);

/**
 * A follow-up that points at a truck of the conversation instead of naming it ("do they take
 * cards", "where will they be tomorrow", "what's the cheapest thing there", "tell me about the
 * second one"), said again with the truck's name in its place, so that it is understood as the
 * question about that truck it is. The truck is the one the last answer was about (or, for an
 * ordinal, that one of its list). Undefined when nothing in the words points at a truck, or the
 * conversation has none.
 */
export function namingTheTruck(text: string, state: SessionState, nameOf: (id: number) => string | undefined): string | undefined {
  const said = plainly(text);
  // Names go in as marks and are written out last, so no later rule reads inside one (a name with
  // "it" or "there" in it).
  const names: string[] = [];
  const mark = (name: string) => `\uE000${names.push(name) - 1}\uE001`;
  let named = said;
  // "The second one", "the last truck": that one of the list.
  named = named.replace(THE_ONE, (whole, which: string) => {
    const index = which === 'last' ? state.truckIds.length - 1 : ORDINALS[which]!;
    const id = state.truckIds[index];
    const name = id === undefined ? undefined : nameOf(id);
    return name ? mark(name) : whole;
  });
  // "The cheaper one", "the closer one" after two trucks compared: the one that won.
  named = named.replace(/\bthe (cheaper|less expensive|closer|nearer) (one|truck|place)\b/g, (whole, which: string) => {
    const id = /cheaper|less/.test(which) ? state.cheaper : state.closer;
    const name = id === undefined ? undefined : nameOf(id);
    return name ? mark(name) : whole;
  });
  // "Which is cheaper", "which one's closer" after two trucks: those two, compared.
  const [first, second] = state.truckIds.length === 2 ? state.truckIds.map(nameOf) : [];
  if (first && second && WHICH_OF_TWO.test(named) && !/\btrucks\b/.test(named)) named = `${named} ${mark(first)} or ${mark(second)}`;
  // "The other one" after two trucks: the one the last answer was not about.
  if (state.truckIds.length >= 2) {
    named = named.replace(/\bthe other( one| truck| place)?\b/g, (whole) => {
      const id = state.truckIds[state.index === 0 ? 1 : 0];
      const name = id === undefined ? undefined : nameOf(id);
      return name ? mark(name) : whole;
    });
  }
  const current = state.truckIds[state.index];
  const name = current === undefined ? undefined : nameOf(current);
  if (name) {
    const one = state.truckIds.length === 1;
    // "Is it gluten free" after "how much is the pulled pork": the dish, at its truck.
    if (state.dish && ASKS_A_LABEL.test(named)) named = named.replace(/\b(it|they|them|that|this one|that one)\b/, () => `${mark(name)}'s ${mark(state.dish!)}`);
    // "When's the next time": when it is next out.
    if (WHEN_NEXT.test(named)) named = `when is ${mark(name)} open next`;
    // "Which of those are vegan" after one truck's menu: that menu.
    if (one) named = named.replace(/\b(of )?(those|these)\b/g, () => mark(name)).replace(/\bwhich ones\b/g, () => `which of ${mark(name)}`);
    // "And is there a step free way in", "can i pay cash" after one truck: there — unless the
    // question asks for trucks ("which trucks take cash", "anywhere with seating near me").
    if (one && ASKS_A_FEATURE.test(named) && !ASKS_FOR_TRUCKS.test(named) && !POINTS_AT_IT.test(said) && !said.match(THERE)) named = `${named} at ${mark(name)}`;
    named = named
      .replace(/\b(that|this) (one|truck|place)\b/g, () => mark(name))
      // "How much is that", "is that open": "that" as the last word, or asked about first.
      .replace(/\bthat$|^(is|was) that\b/g, (whole) => (whole === 'that' ? mark(name) : `${whole.split(' ')[0]} ${mark(name)}`))
      .replace(/\b(their|its)\b/g, () => `${mark(name)}'s`)
      .replace(/\b(get|go|walk|drive|head) there\b/g, (_, verb: string) => `${verb} to ${mark(name)}`)
      .replace(THERE, () => `at ${mark(name)}`)
      .replace(/\b(they|them|it)\b/g, () => mark(name));
    // "What time saturday", "when tomorrow" after one truck: its hours that day.
    if (one && named === said && WHEN_ON_A_DAY.test(named)) named = `${named} ${mark(name)}`;
    // "What about tomorrow" after one truck: that truck, then.
    // Not "and the bbq place": another truck, named by what it sells.
    if (one && !state.food && CARRIES_ON.test(named) && named === said && !/\bthe other\b/.test(said) && !BY_ITS_KIND.test(said)) named = `${named} ${mark(name)}`;
    // "Can I order ahead", said of the one truck just talked about (after a list, the list's answer).
    if (one) named = named.replace(/^(can|could) (i|we) (order|preorder|pre order)( ahead| online| in advance| for pickup)?$/, (asked) => `${asked} at ${mark(name)}`);
  }
  if (named === said) return undefined;
  return named.replace(/\uE000(\d+)\uE001/g, (_, k: string) => names[Number(k)]!);
}

/**
 * A follow-up that changes the last question's time or place but not its food ("dessert after 8
 * tonight" … "what about thursday"), said again with that food; undefined when it does not carry
 * on, or the last question asked for none.
 */
export function withTheFood(text: string, state: SessionState): string | undefined {
  const said = plainly(text);
  // "And the other one?", "what about the second one": a truck of the list, not the food again.
  if (ONE_OF_THE_LIST.test(said)) return undefined;
  return state.food && CARRIES_ON.test(said) ? `${state.food} ${said}` : undefined;
}

/**
 * A dish asked about without a truck, while the conversation is about one truck that has it ("how
 * much is the fried chicken" after Seoul Food Wagon's menu): that truck's dish, not every truck's
 * with those words. Other questions, or a truck without the dish, are left as they are.
 */
export function ofTheTruckTalkedAbout(intent: Intent, state: SessionState, truckOfItem: (id: number) => number | undefined): Intent {
  const current = state.truckIds.length === 1 ? state.truckIds[0] : undefined;
  if (current === undefined) return intent;
  const its = (ids: number[]) => ids.filter((id) => truckOfItem(id) === current);
  if (intent.kind === 'price' && !intent.truckIds && !intent.cheapest && its(intent.food.itemIds).length > 0) {
    return { ...intent, truckIds: [current], food: { ...intent.food, itemIds: its(intent.food.itemIds) } };
  }
  if (intent.kind === 'dish-labels' && its(intent.itemIds).length > 0) return { ...intent, itemIds: its(intent.itemIds) };
  return intent;
}

/** "Can she eat at Smokestack", "is that ok for him": whether what was just asked for someone suits there. */
const EATS_IT = /\b(can|could) (she|he|i|we|they|my \w+|the kids?) (eat|have|get)\b|\b(safe|ok|okay|alright|fine) for (her|him|me|us|them|my \w+)\b/;

/**
 * The diets and allergies (label filter ids) a question asked for, which the next turn may ask of
 * a truck or a dish without saying them again: of an attributes question, or of a dish's labels.
 */
export function needsOf(intent: Intent): string[] {
  if (intent.kind === 'attributes') return intent.filters.filter((id) => truckFilter(id)?.kind !== 'feature');
  if (intent.kind !== 'dish-labels') return [];
  return TRUCK_FILTERS.filter(
    (f) => (f.kind === 'diet' && intent.diets.includes(f.diet)) || (f.kind === 'free' && intent.allergens.some((a) => a.free && a.allergen === f.allergen)),
  ).map((f) => f.id);
}

/**
 * After a question of a diet or an allergy ("my daughter has a dairy allergy, which trucks are
 * safe"), the same need asked of a truck without saying it again ("can she eat at Smokestack") or
 * of a dish ("what about the sweet tea"): that need, of the truck's menu or of the dish.
 */
export function withTheNeeds(intent: Intent, text: string, state: SessionState): Intent {
  const needs = state.needs ?? [];
  if (needs.length === 0) return intent;
  const said = plainly(text);
  const asksAgain = EATS_IT.test(said) || CARRIES_ON.test(said);
  if (!asksAgain) return intent;
  if ((intent.kind === 'unknown-about-truck' || intent.kind === 'where' || intent.kind === 'menu' || intent.kind === 'is-open') && intent.truckIds.length > 0) {
    return { kind: 'attributes', filters: needs, truckIds: intent.truckIds, openOnly: false };
  }
  const food = intent.kind === 'nearest' || intent.kind === 'price' ? intent.food : undefined;
  if (food && food.itemIds.length > 0) {
    const filters = needs.flatMap((id) => truckFilter(id) ?? []);
    const diets = filters.flatMap((f): Diet[] => (f.kind === 'diet' ? [f.diet] : []));
    const allergens = filters.flatMap((f): { allergen: Allergen; free: boolean }[] => (f.kind === 'free' ? [{ allergen: f.allergen, free: true }] : []));
    return { kind: 'dish-labels', itemIds: food.itemIds, words: food.words, diets, allergens };
  }
  return intent;
}
