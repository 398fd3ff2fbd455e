import { DateTime } from 'luxon';
import { endTimeOf, timeOf } from '@shared/contracts/schedules';
import { haversineMiles } from '@shared/utils/geo';
import { formatClock, formatDay, formatDistance, formatPrice, formatWeekday, SERVER_LOCALE } from '@shared/utils/format';
import { truckStatus } from '@shared/utils/truck-status-line';
import { atPlace, placeOf } from '@shared/utils/truck-address';
import { expandStops, type StopValues, type TimedOccurrence } from '../schedules/occurrences';
import { CUISINE_SPOKEN, spoken, type Intent, type ScheduleDay } from './voice-language';

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

/** A truck's stops and the zone their local hours are in. */
export interface KnownSchedule {
  zone: string;
  stops: StopValues[];
}

export interface AnswerContext {
  trucks: Map<number, KnownTruck>;
  itemsByTruck: Map<number, KnownItem[]>;
  /** The stops of the trucks that have any. */
  schedules: Map<number, KnownSchedule>;
  /** The moment "today", "tomorrow" and "next" are counted from. */
  now: Date;
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

/** Answers are written the product's one way (shared/utils/format.ts), with units spelled out for speech. */
const SAID = { locale: SERVER_LOCALE };
const miles = (value: number) => formatDistance(value, { ...SAID, long: true });
export const dollars = (cents: number) => formatPrice(cents / 100, SAID);
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
  // Where diners read it (shared/utils/truck-address.ts): a truck on the map always has a place.
  const place = truck.latitude === null || truck.longitude === null ? truck.address : placeOf(truck);
  const at = place ? atPlace(place) : null;
  if (distance !== undefined) return `${miles(distance)} away${at ? ` ${at}` : ''}`;
  return at ?? 'with no location shared yet';
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

/** How far ahead "when is it open next" looks (the longest window GET …/schedule expands). */
const NEXT_STOP_DAYS = 62;

/** '11 AM', '2:30 PM', 'noon', 'midnight': minutes since local midnight, as said aloud. */
export function spokenTime(minuteOfStartDay: number): string {
  // A late-night stop's end (1560) is the next day's clock (2 AM).
  const minute = minuteOfStartDay % 1440;
  if (minute === 0) return 'midnight';
  if (minute === 720) return 'noon';
  return formatClock(minute, { ...SAID, short: true });
}

/** 'today', 'tomorrow', 'on Friday', or 'on Friday, December 4' beyond a week: in the truck's zone. */
function spokenDay(o: TimedOccurrence, zone: string, now: Date): string {
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const days = Math.round(DateTime.fromISO(o.localDate, { zone }).diff(today, 'days').days);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return days < 7 ? `on ${formatWeekday(o.start.weekday, { ...SAID, long: true })}` : `on ${formatDay(o.localDate, { ...SAID, long: true })}`;
}

const hoursOf = (o: TimedOccurrence) => `from ${spokenTime(o.stop.startMinute)} to ${spokenTime(o.stop.endMinute)}`;

/**
 * The occurrences a schedule question is about, in start order: those of the asked local day (today:
 * the ones not over yet, with one begun the day before) or, for `next`, the first one still to end (under way or coming).
 */
function occurrencesFor(schedule: KnownSchedule | undefined, when: ScheduleDay, now: Date): TimedOccurrence[] {
  if (!schedule) return [];
  const { zone, stops } = schedule;
  if (when === 'next') {
    return expandStops(stops, zone, now, new Date(now.getTime() + NEXT_STOP_DAYS * 86_400_000)).slice(0, 1);
  }
  const day = DateTime.fromJSDate(now, { zone }).startOf('day').plus({ days: when === 'tomorrow' ? 1 : 0 });
  const from = when === 'today' ? now : day.toJSDate();
  // Today also holds last night's stop still under way (Saturday 18:00–02:00 at Sunday 01:00).
  const underWay = (o: TimedOccurrence) => when === 'today' && o.start.toMillis() <= now.getTime();
  return expandStops(stops, zone, from, day.plus({ days: 1 }).toJSDate()).filter(
    (o) => o.localDate === day.toISODate() || underWay(o),
  );
}

/**
 * "Tacos El Rey will be at 6th & Congress tomorrow from 11 AM to 2 PM, then at …", or "… is at …
 * until 2 PM" for a stop under way.
 */
function stopsSentence(truck: KnownTruck, found: TimedOccurrence[], zone: string, context: AnswerContext): string {
  const { now } = context;
  const [first, ...rest] = found;
  if (!first) return '';
  const lead =
    first.start.toMillis() <= now.getTime()
      ? underWaySentence(truck, first, context)
      : `${truck.name} will be at ${first.stop.address} ${spokenDay(first, zone, now)} ${hoursOf(first)}`;
  return `${[lead, ...rest.map((o) => `then at ${o.stop.address} ${hoursOf(o)}`)].join(', ')}.`;
}

/** An occurrence as the status rule reads it (shared/utils/truck-status-line.ts). */
const statusStop = (o: TimedOccurrence) => ({
  kind: o.stop.kind,
  start: o.start.toMillis(),
  end: o.end.toMillis(),
  weekday: o.start.weekday,
  startTime: timeOf(o.stop.startMinute),
  endTime: endTimeOf(o.stop.endMinute),
  latitude: o.stop.latitude,
  longitude: o.stop.longitude,
  address: o.stop.address,
});

/**
 * A stop under way, said by the one status rule the cards use: the live state first, so a closed
 * truck is never "at … now".
 */
function underWaySentence(truck: KnownTruck, o: TimedOccurrence, context: AnswerContext): string {
  const until = spokenTime(o.stop.endMinute);
  const where = o.stop.address;
  const status = truckStatus(truck, [statusStop(o)], context.now);
  switch (status.kind) {
    case 'open-at-stop':
      return `${truck.name} is at ${where} now, until ${until}`;
    case 'not-open-yet':
      return `${truck.name} is ${o.stop.kind === 'weekly' ? 'usually' : 'scheduled to be'} at ${where} until ${until}, but has not opened yet`;
    default:
      return `${truck.name} is open now, ${whereAbouts(truck, context)}, and scheduled at ${where} until ${until}`;
  }
}

/** A truck's answer to a schedule question; `found` is empty when it has no stop then. */
function truckSchedule(truck: KnownTruck, when: ScheduleDay, context: AnswerContext) {
  const schedule = context.schedules.get(truck.id);
  const found = occurrencesFor(schedule, when, context.now);
  const zone = schedule?.zone ?? 'UTC';
  const nextStop = (o: TimedOccurrence | undefined) =>
    o ? ` Its next stop is ${o.stop.address} ${spokenDay(o, zone, context.now)} ${hoursOf(o)}.` : '';
  const [first] = found;
  const underWay = first !== undefined && first.start.toMillis() <= context.now.getTime();
  if (when === 'next' && truck.isOpen && !underWay) {
    // Open now away from any stop: say so before the schedule.
    return { found, text: `${truck.name} is open now, ${whereAbouts(truck, context)}.${nextStop(first)}` };
  }
  if (first) return { found, text: stopsSentence(truck, found, zone, context) };
  if (when === 'next') return { found, text: `${truck.name} has no upcoming stops.` };
  return { found, text: `${truck.name} has no stops ${when}.${nextStop(occurrencesFor(schedule, 'next', context.now)[0])}` };
}

/** "Where will the taco truck be tomorrow?", "When is Taco Libre open next?" — from the schedules. */
function answerSchedule(intent: Extract<Intent, { kind: 'schedule' }>, context: AnswerContext): Answer {
  if (intent.truckIds) {
    const truck = rank(intent.truckIds.flatMap((id) => context.trucks.get(id) ?? []), context)[0];
    if (!truck) return answer(REPHRASE, [], context.state, false);
    return answer(truckSchedule(truck, intent.when, context).text, [truck.id], { truckIds: [truck.id], index: 0 });
  }
  const what = intent.cuisine ? `${cuisineWord(intent.cuisine)} truck` : 'food truck';
  // The cuisine's trucks with a stop then: the earliest first (the nearest stop first, with a position).
  const scheduled = [...context.trucks.values()]
    .filter((t) => !intent.cuisine || t.cuisine === intent.cuisine)
    .map((truck) => ({ truck, ...truckSchedule(truck, intent.when, context) }))
    .filter((s) => s.found.length > 0)
    .map((s) => {
      const stop = s.found[0]!;
      const distance = context.position
        ? haversineMiles(context.position, { lat: stop.stop.latitude, lng: stop.stop.longitude })
        : 0;
      return { ...s, distance, start: stop.start.toMillis() };
    })
    .sort((a, b) => a.distance - b.distance || a.start - b.start || a.truck.name.localeCompare(b.truck.name));
  const [first, ...others] = scheduled;
  if (!first) {
    const text = intent.when === 'next' ? `No ${what} has upcoming stops.` : `No ${what} has stops ${intent.when}.`;
    return answer(text, [], { truckIds: [], index: 0 });
  }
  const ids = scheduled.map((s) => s.truck.id);
  const day = intent.when === 'next' ? 'coming up' : intent.when;
  const more = others.length
    ? ` ${others.length} more ${others.length === 1 ? `${what} has` : `${what}s have`} stops ${day}.`
    : '';
  return answer(`${first.text}${more}`, ids, { truckIds: ids, index: 0 });
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
    case 'schedule':
      return answerSchedule(intent, context);
    case 'unknown':
      return answer(REPHRASE, [], context.state, false);
  }
}
