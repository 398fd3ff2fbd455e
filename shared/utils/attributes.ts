/**
 * "Know before you go" (issue 28, ADR 0159): what a truck takes, how a diner gets there and orders,
 * and what its menu items are — and the one filter and dietary-fit rule the server, the diners'
 * screens and the voice assistant all use. Pure TypeScript (no zod): /find-trucks imports it.
 *
 * Everything is tri-state. An attribute is stated yes (true), stated no (false) or absent — "not
 * stated" — and absent is never read as no (nor as yes): a filter matches only what was stated.
 */

/** How a diner can pay. */
export const PAYMENT_FEATURES = ['cards', 'cash', 'phoneWallets'] as const;
/** Whether a diner can get there and order (with a free-text note beside them). */
export const ACCESS_FEATURES = ['stepFree', 'reachableCounter', 'orderFromSeat'] as const;
/** What is there besides the food. */
export const AMENITY_FEATURES = ['seating', 'shade', 'restroomNearby', 'petFriendly'] as const;
export const TRUCK_FEATURES = [...PAYMENT_FEATURES, ...ACCESS_FEATURES, ...AMENITY_FEATURES] as const;
export type TruckFeature = (typeof TRUCK_FEATURES)[number];
/** A truck's features: true = yes, false = no, absent = not stated. */
export type TruckFeatures = Partial<Record<TruckFeature, boolean>>;

export const FEATURE_GROUPS = [
  { id: 'payment', label: 'Payment', features: PAYMENT_FEATURES },
  { id: 'access', label: 'Access', features: ACCESS_FEATURES },
  { id: 'amenities', label: 'Amenities', features: AMENITY_FEATURES },
] as const;

/** How a feature reads on every surface: when stated yes, and when stated no. */
export const FEATURE_TEXT: Record<TruckFeature, { label: string; yes: string; no: string }> = {
  cards: { label: 'Cards', yes: 'Takes cards', no: 'No cards' },
  cash: { label: 'Cash', yes: 'Takes cash', no: 'No cash' },
  phoneWallets: { label: 'Phone wallets', yes: 'Takes phone wallets', no: 'No phone wallets' },
  stepFree: { label: 'Step-free path to the counter', yes: 'Step-free', no: 'Not step-free' },
  reachableCounter: { label: 'Counter within reach (seated height)', yes: 'Counter within reach', no: 'High counter' },
  orderFromSeat: { label: 'Order from a seat', yes: 'Order from a seat', no: 'No ordering from a seat' },
  seating: { label: 'Seating', yes: 'Seating', no: 'No seating' },
  shade: { label: 'Shade', yes: 'Shade', no: 'No shade' },
  restroomNearby: { label: 'Restroom nearby', yes: 'Restroom nearby', no: 'No restroom nearby' },
  petFriendly: { label: 'Pet-friendly', yes: 'Pet-friendly', no: 'No pets' },
};

/** Diet labels of a menu item. */
export const DIETS = ['vegetarian', 'vegan', 'glutenFree', 'halal', 'kosher'] as const;
export type Diet = (typeof DIETS)[number];
export const DIET_TEXT: Record<Diet, string> = {
  vegetarian: 'Vegetarian',
  vegan: 'Vegan',
  glutenFree: 'Gluten-free',
  halal: 'Halal',
  kosher: 'Kosher',
};

/**
 * The allergens an item states: the US major food allergens (FDA's nine, with wheat read as the
 * wider gluten), peanuts apart from tree nuts because the allergies are.
 */
export const ALLERGENS = ['peanuts', 'treeNuts', 'dairy', 'gluten', 'egg', 'soy', 'sesame', 'fish', 'shellfish'] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const ALLERGEN_TEXT: Record<Allergen, string> = {
  peanuts: 'Peanuts',
  treeNuts: 'Tree nuts',
  dairy: 'Dairy',
  gluten: 'Gluten',
  egg: 'Egg',
  soy: 'Soy',
  sesame: 'Sesame',
  fish: 'Fish',
  shellfish: 'Shellfish',
};
/** What an item states about one allergen (absent: not stated). */
export const ALLERGEN_STATES = ['contains', 'mayContain', 'free'] as const;
export type AllergenState = (typeof ALLERGEN_STATES)[number];
export const ALLERGEN_STATE_TEXT: Record<AllergenState, string> = {
  contains: 'Contains',
  mayContain: 'May contain',
  free: 'Free of',
};

/** What one menu item states: diets yes/no, allergens contains/may contain/free; absent = not stated. */
export interface ItemLabels {
  diets: Partial<Record<Diet, boolean>>;
  allergens: Partial<Record<Allergen, AllergenState>>;
}

/** What a truck says about itself and its menu, as every list carries it (optional: older events lack it). */
export interface TruckFacts {
  features?: TruckFeatures | null;
  /** The distinct labels of the truck's available menu items (sold out today or not). */
  menuLabels?: ItemLabels[] | null;
}

export const NOT_STATED = 'Not stated';

/** What the truck page says when a truck has stated none of its features (and has no access note). */
export const NOTHING_STATED = `${NOT_STATED} yet: payment, access and amenities.`;

/** "Not stated: seating, shade, pet-friendly": a group's unstated features in one line. */
export function notStatedText(features: readonly TruckFeature[]): string {
  return `${NOT_STATED}: ${features.map((f) => FEATURE_TEXT[f].label.toLowerCase()).join(', ')}`;
}

/**
 * The truck page's know-before-you-go by group: the stated features, each on its own line, and the
 * unstated ones (said once, together, rather than a line each of "not stated").
 */
export function featureGroupsOf(features: TruckFeatures | null | undefined) {
  const stated = statedFeatures(features);
  return FEATURE_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    stated: stated.filter((s) => (group.features as readonly TruckFeature[]).includes(s.feature)),
    notStated: group.features.filter((f) => features?.[f] === undefined),
  }));
}

/** The features a truck states, in list order, with what they say: what cards and popups show. */
export function statedFeatures(features: TruckFeatures | null | undefined): { feature: TruckFeature; value: boolean; text: string }[] {
  return TRUCK_FEATURES.filter((f) => features?.[f] !== undefined).map((feature) => {
    const value = features?.[feature] === true;
    return { feature, value, text: FEATURE_TEXT[feature][value ? 'yes' : 'no'] };
  });
}

// ---------------------------------------------------------------------------------------------
// Filters: /find-trucks' chips, the public API's `filters` query parameter, the voice assistant.

export type TruckFilter =
  | { id: string; label: string; kind: 'feature'; feature: TruckFeature }
  | { id: string; label: string; kind: 'diet'; diet: Diet }
  | { id: string; label: string; kind: 'free'; allergen: Allergen };

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** Every filter, by id (kebab-case: what the URL and the API's `filters` carry). */
export const TRUCK_FILTERS: readonly TruckFilter[] = [
  ...TRUCK_FEATURES.map((feature): TruckFilter => ({ id: kebab(feature), label: FEATURE_TEXT[feature].yes, kind: 'feature', feature })),
  ...DIETS.map((diet): TruckFilter => ({ id: kebab(diet), label: `${DIET_TEXT[diet]} options`, kind: 'diet', diet })),
  ...ALLERGENS.map((allergen): TruckFilter => ({ id: `no-${kebab(allergen)}`, label: `No ${ALLERGEN_TEXT[allergen].toLowerCase()}`, kind: 'free', allergen })),
];
export const TRUCK_FILTER_IDS = TRUCK_FILTERS.map((f) => f.id);
const filtersById = new Map(TRUCK_FILTERS.map((f) => [f.id, f]));
export const truckFilter = (id: string): TruckFilter | undefined => filtersById.get(id);

/** The filters a URL's `filters=` names, known ones only, each once, in list order. */
export function parseFilterIds(text: string | null | undefined): string[] {
  if (!text) return [];
  const asked = new Set(text.split(',').map((s) => s.trim()));
  return TRUCK_FILTER_IDS.filter((id) => asked.has(id));
}
/** The ids of `filters=` that name no filter (the API refuses them). */
export function unknownFilterIds(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !filtersById.has(s));
}

/** The item states it has the diet (vegan counts as vegetarian; an item free of gluten as gluten-free). */
export function itemHasDiet(item: ItemLabels, diet: Diet): boolean {
  if (item.diets[diet] === true) return true;
  if (diet === 'vegetarian') return item.diets.vegan === true;
  if (diet === 'glutenFree') return item.allergens.gluten === 'free';
  return false;
}
/**
 * The item states it does not have the diet: stated no, or implied by what it states (not
 * vegetarian is not vegan; containing gluten is not gluten-free).
 */
export function itemLacksDiet(item: ItemLabels, diet: Diet): boolean {
  if (itemHasDiet(item, diet)) return false;
  if (item.diets[diet] === false) return true;
  if (diet === 'vegan') return item.diets.vegetarian === false;
  if (diet === 'glutenFree') return item.allergens.gluten === 'contains' || item.allergens.gluten === 'mayContain';
  return false;
}
/** The item states it is free of the allergen (gluten-free counts as free of gluten). */
export function itemFreeOf(item: ItemLabels, allergen: Allergen): boolean {
  if (item.allergens[allergen] === 'free') return true;
  return allergen === 'gluten' && item.diets.glutenFree === true;
}

/**
 * Whether a truck matches every filter: each feature filter by the truck's stated yes; the diet and
 * allergen filters together by ONE menu item that states them all ("vegan" + "no peanuts" is a
 * vegan dish without peanuts, not a vegan dish and some other peanut-free one). No filters: all match.
 */
export function matchesFilters(truck: TruckFacts, filterIds: readonly string[]): boolean {
  const filters = filterIds.map(truckFilter).filter((f): f is TruckFilter => f !== undefined);
  const itemFilters = filters.filter((f) => f.kind !== 'feature');
  for (const f of filters) if (f.kind === 'feature' && truck.features?.[f.feature] !== true) return false;
  if (itemFilters.length === 0) return true;
  return (truck.menuLabels ?? []).some((item) =>
    itemFilters.every((f) => (f.kind === 'diet' ? itemHasDiet(item, f.diet) : f.kind === 'free' ? itemFreeOf(item, f.allergen) : true)),
  );
}

// ---------------------------------------------------------------------------------------------
// A customer's dietary needs (saved in their profile): which items suit, which conflict.

export interface DietaryNeeds {
  diets: Diet[];
  avoid: Allergen[];
}
export const NO_NEEDS: DietaryNeeds = { diets: [], avoid: [] };
export const hasNeeds = (needs: DietaryNeeds | null | undefined): needs is DietaryNeeds =>
  !!needs && needs.diets.length + needs.avoid.length > 0;

/**
 * 'suits': the item states every needed diet and freedom from every avoided allergen; 'conflicts':
 * it states a needed diet is not met or that it contains (or may contain) an avoided allergen;
 * otherwise 'unknown' — not stated, so neither promised nor flagged.
 */
export type Fit = 'suits' | 'conflicts' | 'unknown';
export function itemFit(item: ItemLabels, needs: DietaryNeeds): Fit {
  const dietNo = (d: Diet) => itemLacksDiet(item, d);
  const allergenIn = (a: Allergen) => {
    const state = item.allergens[a];
    return state === 'contains' || state === 'mayContain';
  };
  if (needs.diets.some(dietNo) || needs.avoid.some(allergenIn)) return 'conflicts';
  if (needs.diets.every((d) => itemHasDiet(item, d)) && needs.avoid.every((a) => itemFreeOf(item, a))) return 'suits';
  return 'unknown';
}

/** Which allergens and diets make an item conflict with the needs (for the menu's flag). */
export function conflictReasons(item: ItemLabels, needs: DietaryNeeds): string[] {
  const reasons: string[] = [];
  for (const d of needs.diets) if (itemLacksDiet(item, d)) reasons.push(`Not ${DIET_TEXT[d].toLowerCase()}`);
  for (const a of needs.avoid) {
    const state = item.allergens[a];
    if (state === 'contains' || state === 'mayContain') reasons.push(`${ALLERGEN_STATE_TEXT[state]} ${ALLERGEN_TEXT[a].toLowerCase()}`);
  }
  return reasons;
}

/**
 * A truck suits when one item suits; conflicts ("nothing they can eat": dimmed, never hidden) when it
 * has items and every one conflicts; else unknown.
 */
export function truckFit(truck: TruckFacts, needs: DietaryNeeds): Fit {
  const items = truck.menuLabels ?? [];
  if (!hasNeeds(needs) || items.length === 0) return 'unknown';
  const fits = items.map((item) => itemFit(item, needs));
  if (fits.includes('suits')) return 'suits';
  return fits.every((f) => f === 'conflicts') ? 'conflicts' : 'unknown';
}

/**
 * What a card, a map marker (its screen-reader name) and its popup say about a truck's fit to the
 * customer's saved needs; 'unknown' says nothing.
 */
export const TRUCK_FIT_TEXT: Record<Exclude<Fit, 'unknown'>, string> = {
  suits: 'Has dishes marked for your needs',
  conflicts: 'Nothing on the menu suits your saved needs',
};

/**
 * An item's stated labels as short texts: 'Vegan', 'Contains peanuts', 'May contain sesame', 'No
 * dairy'. Gluten-free and free of gluten are one statement (itemHasDiet), said once as 'Gluten-free':
 * never 'Gluten-free' beside 'No gluten', nor 'No gluten' on one dish and 'Gluten-free' on the next.
 */
export function labelTexts(item: ItemLabels): { diets: string[]; allergens: { allergen: Allergen; state: AllergenState; text: string }[] } {
  const diets = DIETS.filter((d) => (d === 'glutenFree' ? itemHasDiet(item, d) : item.diets[d] === true)).map((d) => DIET_TEXT[d]);
  const allergens = ALLERGENS.flatMap((allergen) => {
    const state = item.allergens[allergen];
    if (!state || (allergen === 'gluten' && state === 'free')) return [];
    const name = ALLERGEN_TEXT[allergen].toLowerCase();
    const text = state === 'free' ? `No ${name}` : `${ALLERGEN_STATE_TEXT[state]} ${name}`;
    return [{ allergen, state, text }];
  });
  return { diets, allergens };
}

/**
 * The items whose labels say what a truck offers a diet or an allergy: its dishes, not its drinks
 * ("Vegan options" for a truck whose only vegan item is a horchata would send a vegan diner there
 * for a drink), unless drinks are all it sells (a coffee truck's oat latte). The truck lists'
 * `menuLabels` are chosen the same way in SQL (server/src/modules/trucks/truck.repository.ts).
 */
export function labelledOffer<T extends { category?: string | null }>(items: readonly T[]): T[] {
  const dishes = items.filter((i) => i.category !== 'Beverages');
  return dishes.length > 0 ? dishes : [...items];
}

/** The diets a truck has at least one item for ("Vegan options"), in list order. */
export function truckDietOptions(truck: TruckFacts): Diet[] {
  const items = truck.menuLabels ?? [];
  return DIETS.filter((d) => items.some((item) => itemHasDiet(item, d)));
}

/** The URL parameter of /find-trucks and of the public list API that carries the filters. */
export const FILTERS_PARAM = 'filters';
