/**
 * The voice assistant's vocabulary of meaning, written once (issue 25): the intents the
 * understanding layer (understand.ts) returns, the words that cue each one, and example phrasings
 * per intent. The recogniser's language model can be generated from the phrasings (slots filled
 * with the live names), and the unit tests read them too, so what is recognised and what is
 * understood never drift apart. Slots in the phrasings: {truck}, {food} (a cuisine or a dish),
 * {item} (a menu item), {place}, {time}.
 */
import type { Allergen, Diet } from '@shared/utils/attributes';

export const INTENT_NAMES = [
  'nearest',
  'open-now',
  'open-after',
  'is-open',
  'where',
  'rating',
  'best',
  'hours',
  'menu',
  'price',
  'cheapest',
  'dishes',
  'favorites',
  'schedule',
  'order-ahead',
  'quickest',
  'follow-up',
] as const;
export type IntentName = (typeof INTENT_NAMES)[number];

/** Example phrasings per intent, as people say them: filler, any word order, synonyms. */
export const INTENT_PHRASINGS: Record<IntentName, readonly string[]> = {
  nearest: [
    'where is the nearest {food} truck',
    'find me some {food}',
    'I want {food}',
    'anything {food} around here?',
    'the closest place for a {food}',
    'is there food near {place}',
    'where can I get {food} near {place}',
    'um can you find {food} for me',
    "I'm craving {food}",
  ],
  'open-now': [
    "what's open right now",
    'which trucks are open now',
    'is there any {food} open now',
    'anything open near {place}',
    'what food trucks are serving right now',
  ],
  'open-after': [
    'which trucks are open after {time}',
    'is anything open after {time} tonight',
    'any {food} open past {time}',
  ],
  'is-open': ['is {truck} open', 'is {truck} open right now', '{truck} open today?'],
  where: ['how far is {truck}', 'where is {truck} right now', 'give me directions to {truck}'],
  rating: ['is {truck} any good', 'how is {truck} rated', 'what are the reviews for {truck}'],
  best: ["what's the best truck around here", 'which {food} truck has the best reviews', 'what is the highest rated truck near me'],
  hours: [
    'how late is {truck} open',
    'when does {truck} close',
    'what time does {truck} close today',
    'what are the hours of {truck}',
  ],
  menu: ["what's on the menu at {truck}", 'what does {truck} sell', 'show me the menu of {truck}', "what's the cheapest thing at {truck}"],
  price: [
    'how much is the {item}',
    'how much does the {item} cost at {truck}',
    "what's the price of a {item}",
  ],
  cheapest: [
    "what's the cheapest {food} near me",
    'cheapest {food} around here',
    'where can I get a cheap {food}',
  ],
  dishes: [
    'anything under ten dollars',
    'what can I get for under ten bucks',
    'something to eat for less than five dollars',
    'what can I get at {truck} for under ten dollars',
    'what drinks does {truck} have',
    'which trucks have drinks',
    'what sides does {truck} have',
  ],
  favorites: [
    "where's my favourite truck today",
    'are any of my favorites open',
    'show me my favorite trucks',
  ],
  schedule: [
    'where will {truck} be tomorrow',
    'is {truck} open on saturday',
    'who is at {place} tomorrow',
    "what's open on sunday",
    'when is {truck} open next',
    'where will the {food} truck be today',
  ],
  'order-ahead': ['can I order ahead at {truck}', 'does {truck} take online orders', 'can I preorder from {truck}'],
  quickest: [
    'which truck has the shortest wait',
    'where can I get {food} the fastest',
    'who takes online orders near me',
    'what trucks can I order ahead from',
  ],
  'follow-up': ["what's on their menu", 'how far is it', 'is it open', 'and the next one'],
};

/**
 * Words that only carry the question's form (filler, question words, generic food-truck words):
 * never a food, a truck or a place by themselves, and compared exactly, never fuzzily.
 */
export const FORM_WORDS = new Set(
  (
    'a about after again all also am an and any anybody anyone anything are area around as at away be best ' +
    'better buy by can close closed closer closes closest closing cost costs could craving cheap cheaper cheapest ' +
    'currently did do does doing dollars each eat eating eats else expensive far find food foods for from get give go ' +
    "going good got grab great has have hello help here hey hi how how's hungry starving bite lunch dinner brunch supper meal snack morning afternoon evening i i'd i'll i'm in is it it's its just kind know " +
    'late later least let like list long look looking lot lots m many maybe me menu mile miles mine more most much my ' +
    "near nearby nearest need next night now o'clock of off ok okay on one open opened opening opens or our out p past " +
    'place places please price priced prices pricey right say see sell selling sells serve serves serving shop should show ' +
    'so some somebody someone someplace something somewhere sort spot spots still stuff tell than thanks that ' +
    "that's the their them then there there's these they this those tight till time today tonight tomorrow to too " +
    "truck trucks uh um until up us wanna want wants was we well what what's when where where's which while who " +
    'will with would yeah yes you your hours hour late latest serve vendor vendors stand stands cart carts ' +
    'kitchen grill wagon wheels co company house shack street st ave avenue rd road blvd dr quick fast hot warm weekend weekends actually really literally honestly'
  ).split(' '),
);

/** Words that cue each part of a question (matched as whole words in the spoken form). */
export const CUES = {
  favorites: /\b(favorite|favorites|favourite|favourites)\b/,
  price: /\b(how much|price|prices|priced|cost|costs|pricey|expensive|dollars)\b/,
  cheapest: /\b(cheapest|cheap|cheaper|least expensive|lowest price|best price|budget)\b/,
  hours:
    /\b(how late|how long|until when|till when|what time|when does|when do|closing|close|closes|hours)\b/,
  schedule: /\b(tomorrow|will|when is|next stop)\b/,
  /** "When does X open next": the next stop, of a named truck or when asked with "when". */
  openNext: /\b(open next|opens next|next open)\b/,
  menu: /\b(menu|sell|sells|selling|serve|serves|have|has|got)\b/,
  open: /\b(open|opened|still going|serving|operating)\b/,
  list: /\b(what|what's|which|who|any|anything|something|somewhere|anyone|is there|are there|list|show|how many)\b/,
  find: /\b(nearest|closest|nearby|near me|near here|around here|close by|where can|where is|where's|who sells|who has|find|want|wanna|craving|looking for|get me|get some|hungry|starving|what's close|in the mood for|grab|somewhere|place for|spot for|place to eat|bite to eat|something to eat|something \w+ to eat|snack|a bite|quick bite|something (quick|fast|hot|warm)|where should|what should i eat|where to eat)\b/,
  here: /\b(near me|near here|around here|close by|nearby|around me|close to me|by me)\b/,
  follow: /\b(their|they|it|them)\b/,
} as const;

/**
 * More ways to say a cuisine, for understanding (the first spoken form of each cuisine, in
 * voice-language.ts, stays what answers say). Singular forms: words are compared by stem.
 */
/**
 * The food words the offline recogniser may hear beside each cuisine's spoken forms: the dishes
 * people ask for by name ("I want tacos", "the closest place for a burrito"). Not every word of
 * CUISINE_WORDS: each word more is one more way for street noise to be heard as food (ADR 0161:
 * all of them cost 3.5 points of word error at 10 dB on the tune part; these few are the asks).
 * Not "burrito": beside it the decoder lost the renamed truck "Gordo Burrito Bus" in
 * voice.api.test.ts — each word here is measured against the tests and the bench.
 */
export const HEARD_FOOD_WORDS = [
  'tacos',
  'burgers',
  'hot dog',
  'hot dogs',
  'noodles',
  'ramen',
  'sushi',
  'brisket',
  'ribs',
  'shrimp',
  'falafel',
  'shawarma',
  'donuts',
] as const;

export const CUISINE_WORDS: Record<string, readonly string[]> = {
  Mexican: ['mexican', 'taco', 'tacos', 'burrito', 'burritos', 'quesadilla', 'quesadillas', 'tex mex', 'enchilada', 'enchiladas', 'nacho', 'nachos'],
  American: ['american', 'burger', 'burgers', 'hamburger', 'cheeseburger', 'fries', 'hot dog', 'hot dogs'],
  Italian: ['italian', 'pasta', 'pizza', 'spaghetti', 'lasagna'],
  Asian: ['asian', 'korean', 'chinese', 'japanese', 'thai', 'vietnamese', 'noodle', 'noodles', 'ramen', 'sushi', 'pho'],
  BBQ: ['barbecue', 'barbeque', 'bbq', 'b b q', 'smoked', 'brisket', 'ribs'],
  Southern: ['southern', 'soul food', 'cajun', 'biscuit', 'biscuits'],
  Seafood: ['seafood', 'fish', 'shrimp', 'oyster', 'crab', 'lobster'],
  Vegetarian: ['vegetarian', 'vegan', 'veggie', 'plant based', 'meatless'],
  Desserts: ['dessert', 'desserts', 'ice cream', 'sweets', 'sweet', 'cake', 'pie', 'donut', 'donuts'],
  Coffee: ['coffee', 'espresso', 'latte', 'cappuccino', 'caffeine'],
  Mediterranean: ['mediterranean', 'greek', 'falafel', 'gyro', 'gyros', 'shawarma', 'hummus'],
  Indian: ['indian', 'curry', 'masala', 'tikka'],
  Fusion: ['fusion'],
};

/**
 * Words that name a cuisine as a whole ("barbecue", "vegan", "sweets"), as a truck's cuisine says it.
 * A food asked for by any other of a cuisine's words ("sushi", "pho", "thai", "pizza") is a dish or a
 * style within it: a truck of the cuisine has it only when its menu or description says so, and an
 * answer that offers the cuisine's trucks instead says that no truck lists it (voice-answers.ts).
 */
export const CUISINE_NAMES: ReadonlySet<string> = new Set([
  'mexican', 'tex mex', 'american', 'italian', 'asian', 'barbecue', 'barbeque', 'bbq', 'b b q', 'smoked', 'southern',
  'soul food', 'seafood', 'vegetarian', 'vegan', 'veggie', 'plant based', 'meatless', 'dessert', 'desserts', 'sweets',
  'sweet', 'coffee', 'caffeine', 'mediterranean', 'indian', 'fusion',
]);

/**
 * Cuisine words that name where a food comes from: written with a capital ("Korean barbecue"), and,
 * before a food no truck of theirs has ("korean bbq", "greek salad"), the style asked for rather than
 * a second food (understand.ts).
 */
export const ORIGIN_WORDS: ReadonlySet<string> = new Set([
  'mexican',
  'american',
  'italian',
  'asian',
  'korean',
  'chinese',
  'japanese',
  'thai',
  'vietnamese',
  'greek',
  'indian',
  'mediterranean',
  'cajun',
]);

/**
 * Words that describe a food rather than name one ("something spicy", "anything grilled"). Said on
 * their own, an answer says them as what they are: "the nearest truck with something spicy", "the
 * cheapest spicy dish", "I couldn't find anything healthy", never "a truck serving spicy".
 */
export const DESCRIBING_WORDS: ReadonlySet<string> = new Set(
  (
    'spicy mild cold iced fresh crispy crunchy grilled fried baked roasted steamed smoked smoky ' +
    'savory savoury salty sour tangy cheesy creamy healthy light filling hearty homemade organic local'
  ).split(' '),
);

/**
 * Cuisine words that, in dishes' names, only describe them ("Sweet Tea", "Sweet Potato Fries"):
 * said on their own ("something sweet"), they are the cuisine and not every dish they describe;
 * beside a word of the dish ("sweet tea") they are that dish.
 */
export const DESCRIBING_CUISINE_WORDS: ReadonlySet<string> = new Set(['sweet']);

/**
 * Words that ask what a truck states (issue 28), each to its filter (shared/utils/attributes): paid
 * by card, step-free, halal, without peanuts… Matched in the spoken form ("gluten-free" is "gluten
 * free"). "Vegan" and "vegetarian" are food words too (the Vegetarian cuisine, a menu's "vegan"): they
 * make an attribute question only beside another attribute or a named truck (FOOD_WORD_DIETS).
 */
export const ATTRIBUTE_CUES: ReadonlyArray<{ filter: string; pattern: RegExp }> = [
  { filter: 'cards', pattern: /\b(cards?|credit|debit|visa|mastercard|amex)\b/g },
  { filter: 'cash', pattern: /\bcash\b/g },
  { filter: 'phone-wallets', pattern: /\b(apple pay|google pay|phone wallets?|tap to pay|contactless)\b/g },
  { filter: 'step-free', pattern: /\b(wheelchair accessible|wheelchair|accessible|accessibility|step free|ramp)\b/g },
  { filter: 'reachable-counter', pattern: /\b(low counter|lowered counter)\b/g },
  { filter: 'order-from-seat', pattern: /\b(order from (my|a|the) seat|table service)\b/g },
  { filter: 'seating', pattern: /\b(seating|seats|(somewhere|anywhere|a place|places|room) to sit|sit down|sit and eat|(picnic )?tables?(?! service))\b/g },
  { filter: 'shade', pattern: /\b(shade|shady|shaded)\b/g },
  { filter: 'restroom-nearby', pattern: /\b(restrooms?|bathrooms?|toilets?|washrooms?)\b/g },
  // "With my dog", "bring our puppy": a diner's own animal, never "hot dogs" or "hush puppies".
  {
    filter: 'pet-friendly',
    pattern: /\b((pet|dog|puppy) friendly|pets?|bring (the |a )?dogs?|(my|our) (dogs?|pups?|puppy|puppies|doggos?)|dogs? (allowed|welcome|ok|okay))\b/g,
  },
  { filter: 'gluten-free', pattern: /\b(gluten free|no gluten|without gluten|celiac|coeliac|gluten (intolerant|intolerance|allerg(y|ies|ic))|allergic to gluten)\b/g },
  { filter: 'halal', pattern: /\bhalal\b/g },
  { filter: 'kosher', pattern: /\bkosher\b/g },
  { filter: 'vegan', pattern: /\bvegan\b/g },
  { filter: 'vegetarian', pattern: /\b(vegetarian|veggie|meatless)\b/g },
  // "A nut allergy", "allergic to nuts": both kinds of nut, as "nut free" is.
  {
    filter: 'no-peanuts',
    pattern: /\b(peanut free|no peanuts?|without peanuts?|(?<!tree )nut free|no nuts|without nuts|peanut allerg(y|ies|ic)|(?<!tree )nut allerg(y|ies|ic)|allergic to (peanuts?|nuts))\b/g,
  },
  {
    filter: 'no-tree-nuts',
    pattern: /\b(tree nut free|no tree nuts?|nut free|no nuts|without nuts|(tree nut|nut) allerg(y|ies|ic)|allergic to (tree nuts?|nuts))\b/g,
  },
  // An allergy or an intolerance said as such ("I'm lactose intolerant", "a sesame allergy") is the
  // same filter as "without": the dishes stated free of it.
  { filter: 'no-dairy', pattern: /\b(dairy free|no dairy|without dairy|lactose free|no milk|(lactose|dairy|milk) (intolerant|intolerance|allerg(y|ies|ic))|allergic to (dairy|milk))\b/g },
  { filter: 'no-egg', pattern: /\b(egg free|no eggs?|without eggs?|egg allerg(y|ies|ic)|allergic to eggs?)\b/g },
  { filter: 'no-soy', pattern: /\b(soy free|no soy|without soy|soy allerg(y|ies|ic)|allergic to soy)\b/g },
  { filter: 'no-sesame', pattern: /\b(sesame free|no sesame|without sesame|sesame allerg(y|ies|ic)|allergic to sesame)\b/g },
  { filter: 'no-fish', pattern: /\b(fish free|no fish|without fish|fish allerg(y|ies|ic)|allergic to fish)\b/g },
  { filter: 'no-shellfish', pattern: /\b(shellfish free|no shellfish|without shellfish|shellfish allerg(y|ies|ic)|allergic to shellfish)\b/g },
];
/**
 * What diners ask of trucks that no truck states (neither issue 28's attributes nor anything else we
 * hold): said as such, never searched for as a food ("I couldn't find kids at any truck"). Not
 * "park", which is a place ("near Zilker Park").
 */
export const NOT_STATED_CUES = [
  { what: 'kids', pattern: /\b(kids?|children|child|toddlers?|family friendly|families|little ones)\b/ },
  { what: 'wifi', pattern: /\b(wifi|wi fi|internet)\b/ },
  { what: 'parking', pattern: /\b(parking|(can|do|should|could) (i|we) park|park (my|our|the) car)\b/ },
  { what: 'weather', pattern: /\b(weather|forecast|gonna rain|going to rain|will it rain|is it raining)\b/ },
  // Asked of a dish or a truck too ("how many calories in the smash burger", "book a table at X"):
  // no truck states it, whichever is named.
  { what: 'calories', pattern: /\b(calories|calorie|kcal|nutrition|nutritional|macros)\b/, anyTruck: true },
  { what: 'reservations', pattern: /\b((book|reserve|get) (me |us )?(a )?(table|seat|spot)|reservations?|booking)\b/, anyTruck: true },
] as const;
export type NotStated = (typeof NOT_STATED_CUES)[number]['what'];

/** "Who delivers", "does Taco Libre do delivery": trucks here sell at the window, or ahead for pickup. */
export const DELIVERY = /\b(deliver|delivers|delivery|delivering|door ?dash|uber ?eats|grubhub)\b/;

/**
 * Allergens named plainly, as a question about one dish names them ("does the banana pudding have
 * peanuts", "is there dairy in the horchata"); "without peanuts" and the like are ATTRIBUTE_CUES'.
 * Not "fish": it is a dish's own word too ("the fish tacos"). "Nuts" are both kinds, as a nut
 * allergy is.
 */
export const ALLERGEN_WORDS: ReadonlyArray<{ allergens: Allergen[]; pattern: RegExp }> = [
  { allergens: ['peanuts'], pattern: /\bpeanuts?\b/g },
  { allergens: ['treeNuts'], pattern: /\btree nuts?\b/g },
  { allergens: ['peanuts', 'treeNuts'], pattern: /\b(?<!tree )nuts?\b/g },
  { allergens: ['dairy'], pattern: /\b(dairy|lactose|milk)\b/g },
  { allergens: ['gluten'], pattern: /\b(gluten|wheat)\b/g },
  { allergens: ['egg'], pattern: /\beggs?\b/g },
  { allergens: ['soy'], pattern: /\b(soy|soya)\b/g },
  { allergens: ['sesame'], pattern: /\bsesame\b/g },
  { allergens: ['shellfish'], pattern: /\bshellfish\b/g },
];

/**
 * Words in a dish's name or description that say what its labels don't (issue 28's labels are the
 * truck's own, and often left unset): "Collard Greens — smoked turkey" is not vegetarian, "Pecan Pie"
 * has tree nuts. An answer says the menu mentions them, never that the truck labelled it. A word
 * after "vegan", "plant-based", "soy" or "peanut" ("soy chorizo", "peanut butter") or before "-free"
 * says nothing.
 */
const word = (words: string) =>
  new RegExp(
    `(?<!\\b(vegan|vegetarian|plant based|plant-based|veggie|soy|faux|mock|impossible|beyond|oat|coconut|peanut|apple|cocoa|nut|dairy free|dairy-free|egg free|egg-free) )\\b(${words})\\b(?![- ]free)`,
    'gi',
  );
const MEAT = 'meat|meats|beef|brisket|pork|chicken|turkey|bacon|ham|sausages?|chorizo|lamb|goat|carnitas|barbacoa|al pastor|pepperoni|prosciutto|salami|steak|bulgogi|duck|meatballs?|gyro|fish|shrimp|salmon|tuna|crab|lobster|crawfish|oysters?|anchovies|anchovy';
const DAIRY = 'cheese|cheddar|mozzarella|parmesan|queso|cream|crema|butter|buttermilk|milk|gelato|ice cream|yogurt|custard|ghee|paneer';
const EGG = 'eggs?|aioli|mayo|mayonnaise|custard|meringue';
const GLUTEN = 'bread|buns?|biscuits?|flour|pasta|noodles|cookies?|crust|pie|cake|pita|naan|croutons?|breaded|beer battered|battered|wheat|brioche|waffles?|pancakes?|crepes?|spaghetti|penne|ravioli|lasagna|gnocchi';
export const INGREDIENT_HINTS: Readonly<Partial<Record<Diet | Allergen, RegExp>>> = {
  vegetarian: word(MEAT),
  vegan: word(`${MEAT}|${DAIRY}|${EGG}|honey`),
  glutenFree: word(GLUTEN),
  halal: word('pork|bacon|ham|prosciutto|pepperoni|salami|chorizo|beer|wine'),
  peanuts: word('peanuts?'),
  treeNuts: word('pecans?|almonds?|walnuts?|cashews?|pistachios?|hazelnuts?|macadamias?|pralines?'),
  dairy: word(DAIRY),
  egg: word(EGG),
  gluten: word(GLUTEN),
  soy: word('soy|tofu|edamame|miso|tempeh'),
  sesame: word('sesame|tahini'),
  fish: word('fish|salmon|tuna|cod|tilapia|catfish|anchovies|anchovy|mahi'),
  shellfish: word('shrimp|crab|lobster|crawfish|oysters?|clams?|mussels?|scallops?|prawns?'),
};

/**
 * Drinks of a cuisine that trucks of other cuisines sell too: with no coffee truck open, "need a
 * coffee" is answered with the open trucks that have one on the menu (a cold brew, an affogato).
 */
export const DRINKS_OF_CUISINE: Readonly<Record<string, RegExp>> = {
  Coffee: /\b(coffee|espresso|latte|cappuccino|americano|mocha|macchiato|cortado|cold brew|affogato|flat white)\b/i,
};

/** "Does it have meat", "is there meat in the …": whether a dish is vegetarian, asked the other way round. */
export const MEAT_ASKED = /\bmeats?\b/g;

/** Diet filters whose words are also food words (see ATTRIBUTE_CUES). */
export const FOOD_WORD_DIETS: ReadonlySet<string> = new Set(['vegan', 'vegetarian']);

/** Example phrasings of attribute questions (issue 28), for the tests and the language model. */
export const ATTRIBUTE_PHRASINGS: readonly string[] = [
  'who takes cards near me',
  'is there vegan food open now',
  'does {truck} have anything gluten free',
  'is the {food} truck wheelchair accessible',
  'which trucks take cash',
  'anything halal open now',
  'does {truck} have seating',
];
