import type { SpeechVocabulary } from './speech';

/**
 * The corpus the offline recogniser's language model is counted from (ADR 0155): the ways diners
 * ask, written as phrasings in the templates' JSGF subset (words, `<slot>`, `[optional]`,
 * `(a | b)`), expanded in full. Slots stay class tokens (`<truck>`, `<cuisine>`, `<item>`,
 * `<place>`, `<hour>`): their members are the live names, filled in when the grammar is built.
 *
 * Kept apart from the voice module's templates (which are added to it) so that the model learns
 * word order and filler from many phrasings rather than from the parser's patterns. The spoken
 * evaluation set (bench/voice-set) is written separately, and its held-out sentences are checked
 * against this corpus by the bench.
 */
export const DINER_PHRASINGS = [
  // Somewhere to eat a cuisine or a dish, nearby.
  `[hey | okay | um | so] (find | get | show) me [some | a | an] (<cuisine> | <item>) [truck | food | place] [please]`,
  `[hey | um] i (want | need | would like | feel like | am craving | am in the mood for) [some | a | an] (<cuisine> | <item>) [food] [please | today | tonight | right now]`,
  `[um] i'm (hungry for | craving | looking for | in the mood for) [some | a | an] (<cuisine> | <item>) [food]`,
  `(anything | something) <cuisine> (around here | nearby | near me | close by)`,
  `(is there | are there) [any | a | an] (<cuisine> | <item>) [food] [truck | trucks | places] (around here | nearby | near me | close by | near here)`,
  `(is there | are there) [any | some] (food | food trucks | trucks) (near | around | by | close to) [the] <place>`,
  `(what's | what is | what) (good | open) (near | around | by) [the] <place>`,
  `(where can i | where do i | where could i | can i) (get | find | grab | eat) [some | a | an] (<cuisine> | <item>) [food] [near me | nearby | around here | near the <place>]`,
  `(the | a) (closest | nearest) (place | truck | spot) (for | with) [some | a | an] (<cuisine> | <item>)`,
  `(which | what) (truck | trucks) (sells | sell | has | have | serves | serve | makes | make) [the] (best | good) (<cuisine> | <item>)`,
  `who (sells | has | serves | makes) [some | a | an] (<item> | <cuisine> [food]) [near me | nearby | around here]`,
  `(where is | where's | where are) [the] (nearest | closest) (<cuisine> | <item>) [food] [truck | trucks | place]`,
  `(take me to | directions to | how do i get to) [the] (nearest | closest) (<cuisine> | <item>) [truck | place]`,
  `(i want to eat | let's eat | let's get) [some] (<cuisine> | <item>)`,
  `(any | are there any) (good | cheap) (<cuisine> | <item>) [places | trucks] (nearby | around here | near me)`,
  `(what | where) (can i | should i) eat (nearby | around here | near me | near the <place> | now)`,
  `(food | trucks | something to eat) (near | around | by) [the] <place>`,
  `[show me] (trucks | food trucks | food) near [the] <place>`,
  `[any | some] (<cuisine> | <item>) [food | trucks | places] (near | around | by | close to) [the] <place>`,
  `(is there | are there) [any | some] (<cuisine> | <item>) [food] [truck | trucks] (near | around | by | close to) [the] <place>`,
  `(where can i get | who has | who sells) [some | a | an] (<cuisine> | <item>) (near | around | by) [the] <place>`,
  // Open now.
  `(what's | what is | what are | who's | who is) open [right now | now | today | tonight | at the moment]`,
  `(which | what) [food] (trucks | places) are (open | serving | still open) [right now | now | today | tonight | near me]`,
  `(is there | are there) (any | anything | any trucks | any food trucks | a truck) open [right now | now | near me | nearby]`,
  `(is there | are there) [any] (<cuisine> | <item>) [trucks | places] open [right now | now | today | tonight]`,
  `(any | is any | are any) (<cuisine> | <item>) [trucks | places] open [right now | now | today]`,
  `(what | which) (<cuisine> | <item>) (trucks | places) are open [right now | now | today]`,
  `(anything | something) open [right now | now | near me | nearby]`,
  `(show me | list | find) [the] (open | open food) trucks [near me | nearby]`,
  `(where can i eat | what can i eat | where can i get food) (right now | now | tonight)`,
  // A truck: open, hours, where.
  `(is | are) <truck> open [right now | now | today | tonight]`,
  `is <truck> (still open | closed | serving) [right now | now | today | tonight]`,
  `(how late | until when | till when) is <truck> open [today | tonight]`,
  `(when does | what time does) <truck> (close | open) [today | tonight | tomorrow]`,
  `(what are | what're) [the] (hours | opening hours) (of | for | at) <truck>`,
  `(what are | what're) <truck>'s hours`,
  `(where is | where's | find | show me) <truck> [right now | now | today]`,
  `(where will | where's) <truck> (be | going to be) (tomorrow | today | next | on friday | this weekend)`,
  `(when | what time) is <truck> open next`,
  `(when is | when's) <truck> (open | coming | back) [next]`,
  `(is | will) <truck> (open | be open | be around) (tomorrow | today | tonight)`,
  `(which | what) (trucks | food trucks) are open (after | past | until | at) <hour> [o'clock] [pm | am | p m | a m]`,
  `(is | are) (anything | any trucks | anyone) open (after | past | at) <hour> [o'clock] [pm | am | p m | a m]`,
  `(who's | what's | who is | what is) open (late | after <hour> [pm | p m])`,
  // A day of the week, and who is at a place then.
  `(is | will) <truck> (open | be open | be out | be around) on (monday | tuesday | wednesday | thursday | friday | saturday | sunday)`,
  `(where will | where's) <truck> (be | going to be) on (monday | tuesday | wednesday | thursday | friday | saturday | sunday)`,
  `(what's | what is | who's | who is) open (tomorrow | on (monday | tuesday | wednesday | thursday | friday | saturday | sunday))`,
  `(who is | who's | who will be | what's | what is | which trucks are | what trucks will be) (at | near) [the] <place> (today | tomorrow | on (monday | tuesday | wednesday | thursday | friday | saturday | sunday))`,
  // Menus and prices.
  `(anything | what can i get | what can i eat | something to eat) (under | for under | for less than | for no more than) <hour> (dollars | bucks)`,
  `what can i get at <truck> for (under | less than) <hour> (dollars | bucks)`,
  `(what's | what is) on (the | their) menu (at | of | for) <truck>`,
  `(what's | what is) on <truck>'s menu`,
  `(show me | read me | tell me) [the] menu (at | of | for) <truck>`,
  `what does <truck> (sell | have | serve | make | offer)`,
  `what (can i get | do they have | do they sell) at <truck>`,
  `(does | do) <truck> (have | sell | serve | make) [a | an | any | some] (<item> | <cuisine> [food])`,
  `(how much | what) (is | are | does) [the | a | an] <item> [cost | costs] [at <truck>]`,
  `(how much is | how much are | what's the price of | what is the price of | what does it cost for) [the | a | an] <item> [at <truck>]`,
  `how much does [the | a | an] <item> cost [at <truck>]`,
  `(what's | what is | where's | where is | which is) the cheapest (<item> | <cuisine> | food | meal | truck) [near me | nearby | around here]`,
  `(where can i get | who has | who sells) the cheapest (<item> | <cuisine>) [near me | nearby]`,
  `(find me | show me) [a | the] cheap (<item> | <cuisine> | food | lunch) [near me | nearby]`,
  `(what | which) (<item> | <cuisine>) is (cheapest | the cheapest) [near me | nearby]`,
  // What trucks state (issue 28): payment, access, amenities, diets and allergens. Not "kosher":
  // beside it the decoder heard "i could go for some tex mex" as "i get kosher some tex mex" (ADR 0159).
  `(who | which trucks | what trucks) (takes | take | accepts | accept) (cards | credit cards | cash | apple pay) [near me | nearby | around here]`,
  `[so | um] who takes (cards | credit cards | debit cards | cash | apple pay | google pay) [near me | nearby | around here | right now | here]`,
  `(does | do) <truck> (take | accept) (cards | credit cards | cash | apple pay)`,
  `(is there | are there) [any] (vegan | vegetarian | halal | gluten free) (food | options | trucks) [open] [right now | now | near me | nearby]`,
  `(anything | something) (vegan | vegetarian | halal | gluten free) open [right now | now | near me]`,
  `(does | do) (<truck> | the (<cuisine> | <item>) truck) have (anything | something | any options) (vegan | vegetarian | halal | gluten free | nut free | dairy free)`,
  `(is | are) (<truck> | the (<cuisine> | <item>) truck) (wheelchair accessible | accessible | step free)`,
  `(does | do) (<truck> | the (<cuisine> | <item>) truck) have (seating | shade | a restroom)`,
  // Favourites.
  `(where's | where is | where are) my (favorite | favourite) (truck | trucks | food truck) [today | now | right now]`,
  `(show me | find | where are) my (favorites | favourites | favorite trucks | saved trucks)`,
  `(is | are) (any of my favorites | my favorite truck | my favorite trucks | my favorites) open [right now | now | today]`,
  `(what | which) of my (favorites | favorite trucks) (is | are) open [right now | now | today]`,
  // Follow-ups in a conversation.
  `(what's | what is | what's on) (on their menu | their menu)`,
  `what do they (sell | have | serve | make)`,
  `(how far [away] is it | how far is that | is it far | how far)`,
  `(is it | are they) open [right now | now | today]`,
  `(where is it | where's that | where are they)`,
  `[and | what about | how about | ok] the next one`,
  `(how much is it | how much are they | what does it cost)`,
  `(what about | how about | and) (<cuisine> | <item> | <truck>)`,
];

/** Hours as said ("after eight pm"). */
export const HOURS = 'one two three four five six seven eight nine ten eleven twelve noon midnight'.split(' ');

const TOKEN = /<[a-z_]+>|[()[\]|]|[a-z0-9']+/g;

/**
 * Every sentence a phrasing can produce, as tokens (words and `<slot>` class tokens). The subset
 * is small: sequences, `(a | b | c)` choices, `[optional]` parts, nested.
 */
export function expandPhrasing(phrasing: string): string[][] {
  const tokens = phrasing.toLowerCase().match(TOKEN) ?? [];
  let at = 0;
  // sequence := item*, item := word | ( choice ) | [ choice ], choice := sequence ( | sequence )*
  const choice = (): string[][] => {
    const out: string[][] = [];
    for (;;) {
      out.push(...sequence());
      if (tokens[at] !== '|') return out;
      at++;
    }
  };
  const sequence = (): string[][] => {
    let out: string[][] = [[]];
    while (at < tokens.length && tokens[at] !== '|' && tokens[at] !== ')' && tokens[at] !== ']') {
      const token = tokens[at++]!;
      let options: string[][];
      if (token === '(' || token === '[') {
        options = choice();
        const close = tokens[at++];
        if (close !== (token === '(' ? ')' : ']')) throw new Error(`unbalanced phrasing: ${phrasing}`);
        if (token === '[') options = [[], ...options];
      } else options = [[token]];
      out = out.flatMap((head) => options.map((tail) => [...head, ...tail]));
    }
    return out;
  };
  const sentences = choice();
  if (at !== tokens.length) throw new Error(`unbalanced phrasing: ${phrasing}`);
  return sentences;
}

/** The corpus: the phrasings and the vocabulary's own templates, expanded, each sentence once. */
export function dinerCorpus(vocabulary: Pick<SpeechVocabulary, 'templates'>, phrasings: readonly string[] = DINER_PHRASINGS): string[][] {
  const seen = new Map<string, string[]>();
  for (const phrasing of [...phrasings, ...vocabulary.templates]) {
    for (const sentence of expandPhrasing(phrasing)) seen.set(sentence.join(' '), sentence);
  }
  return [...seen.values()];
}

/** Each class's members as word lists: the vocabulary's slots, with the hours built in. */
export function corpusClasses(vocabulary: Pick<SpeechVocabulary, 'slots'>): Record<string, string[][]> {
  const classes: Record<string, string[][]> = { hour: HOURS.map((h) => [h]) };
  for (const [name, values] of Object.entries(vocabulary.slots)) {
    classes[name] = [...new Set(values)].map((value) => value.match(TOKEN) ?? []).filter((words) => words.length > 0);
  }
  return classes;
}

/**
 * The corpus without every sentence that can produce one of `sentences` word for word (its slots
 * filled from `classes`): a held-out question must not be in what the model is counted from.
 */
export function withoutSentences(corpus: string[][], classes: Record<string, string[][]>, sentences: readonly string[]): string[][] {
  if (sentences.length === 0) return corpus;
  const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const alternatives = new Map<string, string>();
  for (const [name, members] of Object.entries(classes)) {
    alternatives.set(`<${name}>`, `(?:${members.map((m) => m.map(escape).join(' ')).join('|')})`);
  }
  const targets = sentences.map((s) => s.trim().replace(/\s+/g, ' '));
  return corpus.filter((sentence) => {
    const pattern = new RegExp(`^${sentence.map((token) => alternatives.get(token) ?? escape(token)).join(' ')}$`);
    return !targets.some((target) => pattern.test(target));
  });
}

/** Every sentence the corpus can say, with the slots filled from `classes` (tests and the bench). */
export function corpusSentences(corpus: string[][], classes: Record<string, string[][]>, limit = 2_000_000): Set<string> {
  const out = new Set<string>();
  for (const sentence of corpus) {
    let filled: string[] = [''];
    for (const token of sentence) {
      const name = /^<([a-z_]+)>$/.exec(token)?.[1];
      const options = name ? (classes[name] ?? []).map((m) => m.join(' ')) : [token];
      filled = filled.flatMap((head) => options.map((o) => (head ? `${head} ${o}` : o)));
    }
    filled.forEach((s) => out.add(s));
    if (out.size > limit) throw new Error('corpus too large to list');
  }
  return out;
}
