/**
 * The spoken evaluation set's questions (issue 25), written apart from the recogniser's corpus
 * (server/src/integrations/speech/diner-corpus.ts) by their own phrasings, over the demo data
 * (server/src/db/seed.ts). Each question says what a right answer recommends: a truck by name, or
 * none (questions about what is open, favourites). Deterministic: the same list every run.
 *
 * The split is by question: every third question (by a hash of its text) tunes the recogniser,
 * the rest are held out; the bench then also drops from the held-out part any sentence the corpus
 * can produce word for word, so the held-out sentences are never in the language model's corpus.
 */
export interface EvalQuestion {
  text: string;
  /** The truck a right answer recommends first, when the question names or implies one. */
  truck?: string;
  split: 'tune' | 'held-out';
}

interface DemoTruck {
  name: string;
  /** How people say the cuisine and its dishes (spoken form, in the menu's words). */
  cuisine: string[];
}

/** The demo trucks (seed.ts) and what a diner would ask them for. */
export const DEMO_TRUCKS: DemoTruck[] = [
  { name: 'Smokestack BBQ', cuisine: ['barbecue', 'b b q'] },
  { name: 'Taco Libre', cuisine: ['mexican', 'taco', 'tex mex'] },
  { name: 'Seoul Food Wagon', cuisine: ['korean', 'asian'] },
  { name: 'Green Machine', cuisine: ['vegan', 'vegetarian'] },
  { name: 'Sweet Spot Desserts', cuisine: ['dessert', 'ice cream'] },
  { name: 'Mezze on Main', cuisine: ['mediterranean', 'greek'] },
  { name: 'Southern Comfort Kitchen', cuisine: ['southern', 'soul food'] },
  { name: 'Pasta Vagabonda', cuisine: ['italian', 'pasta'] },
  { name: 'Gulf Coast Catch', cuisine: ['seafood', 'fish'] },
  { name: 'Rolling Roast Coffee', cuisine: ['coffee', 'espresso'] },
  { name: 'Masala Wheels', cuisine: ['indian', 'curry'] },
  { name: 'Burger Bus', cuisine: ['burger', 'american'] },
];

/** Ways to ask about a cuisine (`{c}`), each a whole sentence. */
const CUISINE_ASKS = [
  'find me some {c}',
  'i want {c}',
  'anything {c} around here',
  'where is the nearest {c} truck',
  'the closest place for {c}',
  'is there any {c} near me',
  'i could go for some {c}',
  'where can i get {c}',
  'who has {c}',
  'show me the closest {c} truck',
  'any {c} nearby',
  'i am looking for {c}',
];

/** Ways to ask about a truck by name (`{t}`). */
const TRUCK_ASKS = [
  'is {t} open',
  'is {t} open right now',
  'what is on the menu at {t}',
  'what does {t} sell',
  'how late is {t} open',
  'is {t} still open',
  "what's on the menu at {t}",
  'where will {t} be tomorrow',
  'when is {t} open next',
  'what does {t} have',
];

/** Ways to ask about a dish's price (`{d}`, the truck that sells it `{t}`). */
const PRICE_ASKS = ['how much is the {d}', 'how much is the {d} at {t}', 'what does the {d} cost', 'how much does the {d} cost at {t}'];

/** Questions without a truck: what is open, favourites, follow-ups. */
const OPEN_ASKS = [
  'what is open now',
  "what's open right now",
  'which trucks are open right now',
  'which food trucks are open now',
  'what trucks are open today',
  'is anything open',
  'where are my favorites',
  "where's my favorite truck today",
  'are any of my favorites open',
  'show me my favorite trucks',
];

/** Menu items of the demo data, with the truck that sells each (seed.ts). */
export interface DemoDish {
  name: string;
  truck: string;
}

/** FNV-1a of the text: a stable, even split by question. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function evaluationQuestions(dishes: DemoDish[]): EvalQuestion[] {
  const out = new Map<string, Omit<EvalQuestion, 'split'>>();
  const add = (text: string, truck?: string) => {
    if (!out.has(text)) out.set(text, { text, truck });
  };
  for (const truck of DEMO_TRUCKS) {
    truck.cuisine.forEach((c, i) => CUISINE_ASKS.forEach((ask, j) => (i + j) % 2 === 0 && add(ask.replace('{c}', c), truck.name)));
    TRUCK_ASKS.forEach((ask) => add(ask.replace('{t}', truck.name.toLowerCase()), truck.name));
  }
  for (const [i, dish] of dishes.entries()) {
    const ask = PRICE_ASKS[i % PRICE_ASKS.length]!;
    add(ask.replace('{d}', dish.name.toLowerCase()).replace('{t}', dish.truck.toLowerCase()), dish.truck);
  }
  OPEN_ASKS.forEach((ask) => add(ask));
  return [...out.values()].map((q) => ({ ...q, split: hash(q.text) % 3 === 0 ? 'tune' : 'held-out' }));
}
