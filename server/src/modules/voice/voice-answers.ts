import { haversineMiles } from '../../../../shared/utils/geo';
import { CUISINE_SPOKEN, spoken, type Intent } from './voice-language';

/** What the answers are built from: the trucks diners can see, with their menus. */
export interface KnownTruck {
  id: number;
  name: string;
  cuisine: string;
  isOpen: boolean;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
}
export interface KnownItem {
  id: number;
  truckId: number;
  name: string;
  priceCents: number;
  available: boolean;
}

/** What a conversation remembers between turns. */
export interface SessionState {
  /** The trucks of the last list answer, in order, and which of them was last talked about. */
  truckIds: number[];
  index: number;
}

export interface AnswerContext {
  trucks: Map<number, KnownTruck>;
  itemsByTruck: Map<number, KnownItem[]>;
  position?: { lat: number; lng: number };
  /** Visible favourites of the signed-in caller; undefined for anonymous callers. */
  favoriteIds?: number[];
  state: SessionState;
}

export interface Answer {
  text: string;
  truckIds: number[];
  state: SessionState;
  understood: boolean;
}

export const REPHRASE =
  "Sorry, I didn't catch that. Please rephrase, for example: where is the nearest barbecue truck?";

const MAX_RECOMMENDED = 3;

const miles = (value: number) => {
  const rounded = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${rounded} ${rounded === 1 ? 'mile' : 'miles'}`;
};
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const list = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
const cuisineWord = (cuisine: string) => CUISINE_SPOKEN[cuisine]?.[0] ?? spoken(cuisine);

function distanceOf(truck: KnownTruck, context: AnswerContext): number | undefined {
  if (!context.position || truck.latitude === null || truck.longitude === null) return undefined;
  return haversineMiles(context.position, { lat: truck.latitude, lng: truck.longitude });
}

/** Open first, then nearest (great-circle distance), then by name. */
function rank(trucks: KnownTruck[], context: AnswerContext): KnownTruck[] {
  return trucks
    .map((truck) => ({ truck, distance: distanceOf(truck, context) ?? Number.POSITIVE_INFINITY }))
    .sort(
      (a, b) =>
        Number(b.truck.isOpen) - Number(a.truck.isOpen) ||
        a.distance - b.distance ||
        a.truck.name.localeCompare(b.truck.name),
    )
    .map(({ truck }) => truck);
}

function whereAbouts(truck: KnownTruck, context: AnswerContext): string {
  const distance = distanceOf(truck, context);
  if (distance !== undefined) return `${miles(distance)} away${truck.address ? ` at ${truck.address}` : ''}`;
  return truck.address ? `at ${truck.address}` : 'with no location shared yet';
}

const answer = (text: string, truckIds: number[], state: SessionState, understood = true): Answer => ({
  text,
  truckIds: truckIds.slice(0, MAX_RECOMMENDED),
  state,
  understood,
});

function describe(truck: KnownTruck, context: AnswerContext, state: SessionState): Answer {
  const status = truck.isOpen ? 'open' : 'closed right now';
  return answer(`${truck.name} is ${status}, ${whereAbouts(truck, context)}.`, [truck.id], state);
}

function menuOf(truck: KnownTruck, context: AnswerContext): Answer {
  const items = (context.itemsByTruck.get(truck.id) ?? []).filter((item) => item.available);
  const state = { truckIds: [truck.id], index: 0 };
  if (items.length === 0) return answer(`${truck.name} has no menu items listed yet.`, [truck.id], state);
  const shown = items.slice(0, 5).map((item) => `${item.name} ${dollars(item.priceCents)}`);
  const more = items.length > shown.length ? `, and ${items.length - shown.length} more` : '';
  return answer(`${truck.name} has ${list(shown)}${more}.`, [truck.id], state);
}

function currentTruck(context: AnswerContext): KnownTruck | undefined {
  const id = context.state.truckIds[context.state.index];
  return id === undefined ? undefined : context.trucks.get(id);
}

/** The answer to a question, grounded in the trucks and menus diners can see right now. */
export function answerQuestion(intent: Intent, context: AnswerContext): Answer {
  const all = [...context.trucks.values()];
  switch (intent.kind) {
    case 'nearest': {
      let candidates = all.filter((t) => t.latitude !== null && t.longitude !== null);
      let what = 'food truck';
      if (intent.cuisine) {
        candidates = candidates.filter((t) => t.cuisine === intent.cuisine);
        what = `${cuisineWord(intent.cuisine)} truck`;
      }
      if (intent.item) {
        const item = intent.item;
        candidates = candidates.filter((t) =>
          (context.itemsByTruck.get(t.id) ?? []).some((i) => i.available && spoken(i.name) === item),
        );
        what = `truck selling ${item}`;
      }
      const open = rank(candidates.filter((t) => t.isOpen), context);
      if (open.length === 0) {
        return answer(`There is no open ${what} right now.`, [], { truckIds: [], index: 0 });
      }
      const first = open[0]!;
      const lead = context.position ? `The nearest open ${what} is` : `An open ${what} is`;
      const hint = context.position ? '' : ' Share your location to find the nearest one.';
      return answer(`${lead} ${first.name}, ${whereAbouts(first, context)}.${hint}`, open.map((t) => t.id), {
        truckIds: open.map((t) => t.id),
        index: 0,
      });
    }
    case 'open-now': {
      const open = rank(all.filter((t) => t.isOpen), context);
      if (open.length === 0) return answer('No food trucks are open right now.', [], { truckIds: [], index: 0 });
      const names = open.slice(0, MAX_RECOMMENDED).map((t) => {
        const distance = distanceOf(t, context);
        return distance === undefined ? t.name : `${t.name}, ${miles(distance)}`;
      });
      const count = open.length === 1 ? 'One truck is' : `${open.length} trucks are`;
      const lead = open.length > MAX_RECOMMENDED ? (context.position ? ' The nearest are' : ' Among them') : '';
      return answer(`${count} open now.${lead ? `${lead}:` : ''} ${list(names)}.`, open.map((t) => t.id), {
        truckIds: open.map((t) => t.id),
        index: 0,
      });
    }
    case 'is-open': {
      const truck = rank(intent.truckIds.flatMap((id) => context.trucks.get(id) ?? []), context)[0];
      if (!truck) return answer(REPHRASE, [], context.state, false);
      const text = truck.isOpen
        ? `Yes, ${truck.name} is open now, ${whereAbouts(truck, context)}.`
        : `No, ${truck.name} is closed right now.`;
      return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
    }
    case 'menu': {
      const truck = rank(intent.truckIds.flatMap((id) => context.trucks.get(id) ?? []), context)[0];
      return truck ? menuOf(truck, context) : answer(REPHRASE, [], context.state, false);
    }
    case 'price': {
      const sellers = rank(
        all.filter((t) => !intent.truckIds || intent.truckIds.includes(t.id)),
        context,
      ).flatMap((truck) =>
        (context.itemsByTruck.get(truck.id) ?? [])
          .filter((item) => spoken(item.name) === intent.item)
          .map((item) => ({ truck, item })),
      );
      const found = sellers.find((s) => s.item.available) ?? sellers[0];
      if (!found) return answer(`I couldn't find ${intent.item} on any menu.`, [], context.state);
      const { truck, item } = found;
      const text = item.available
        ? `${item.name} at ${truck.name} costs ${dollars(item.priceCents)}.`
        : `${item.name} at ${truck.name} costs ${dollars(item.priceCents)}, but it is not available right now.`;
      return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
    }
    case 'favorites': {
      if (!context.favoriteIds) {
        return answer('Sign in to ask about your favorite trucks.', [], context.state);
      }
      const favorites = rank(context.favoriteIds.flatMap((id) => context.trucks.get(id) ?? []), context);
      if (favorites.length === 0) return answer('You have no favorite trucks yet.', [], { truckIds: [], index: 0 });
      const open = favorites.filter((t) => t.isOpen);
      const state = { truckIds: (open.length ? open : favorites).map((t) => t.id), index: 0 };
      if (open.length === 0) return answer('None of your favorite trucks is open right now.', [], state);
      const names = open.slice(0, MAX_RECOMMENDED).map((t) => {
        const distance = distanceOf(t, context);
        return distance === undefined ? t.name : `${t.name}, ${miles(distance)} away`;
      });
      return answer(`Open favorites: ${list(names)}.`, open.map((t) => t.id), state);
    }
    case 'follow-up': {
      if (intent.ask === 'next') {
        // The next one of the last list that is still visible.
        const { truckIds } = context.state;
        const index = truckIds.findIndex((id, i) => i > context.state.index && context.trucks.has(id));
        const next = index < 0 ? undefined : context.trucks.get(truckIds[index]!);
        if (!next) return answer("That's all I found. Ask me something else.", [], context.state);
        return describe(next, context, { truckIds, index });
      }
      const truck = currentTruck(context);
      if (!truck) return answer(`${REPHRASE.split('.')[0]}. Ask about a truck first.`, [], context.state, false);
      if (intent.ask === 'menu') return { ...menuOf(truck, context), state: context.state };
      if (intent.ask === 'distance') {
        const distance = distanceOf(truck, context);
        const text =
          distance === undefined
            ? `Share your location and I can tell you how far ${truck.name} is.`
            : `${truck.name} is ${miles(distance)} away.`;
        return answer(text, [truck.id], context.state);
      }
      return describe(truck, context, context.state);
    }
    case 'unknown':
      return answer(REPHRASE, [], context.state, false);
  }
}
