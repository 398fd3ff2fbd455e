import { formatPhone } from '@shared/utils/phone';
import { DateTime } from 'luxon';
import { endTimeOf, timeOf } from '@shared/contracts/schedules';
import { ORDERING_REFUSALS, type TruckRating } from '@shared/contracts';
import { MENU_CATEGORIES, PRODUCT_NAME, type MenuCategory } from '@shared/constants';
import { haversineMiles } from '@shared/utils/geo';
import { describeRating, formatClock, formatDay, formatDistance, formatPrice, formatWeekday, SERVER_LOCALE } from '@shared/utils/format';
import { truckStatus } from '@shared/utils/truck-status-line';
import { atPlace, placeOf } from '@shared/utils/truck-address';
import { expandStops, type StopValues, type TimedOccurrence } from '../schedules/occurrences';
import { placeName, type DayPart, type FoodAsk, type Intent, type PlaceAsk } from './understand';
import {
  ALLERGEN_TEXT,
  DIET_TEXT,
  itemFreeOf,
  itemHasDiet,
  itemLacksDiet,
  labelledOffer,
  matchesFilters,
  truckFilter,
  type Diet,
  type ItemLabels,
  type TruckFeature,
  type TruckFeatures,
  type TruckFilter,
} from '@shared/utils/attributes';
import { CUISINE_SPOKEN, NUMBER_WORDS, spoken, WEEKDAYS, type ScheduleDay, type Weekday } from './voice-language';
import { CUISINE_NAMES, DESCRIBING_WORDS, DRINKS_OF_CUISINE, INGREDIENT_HINTS, ORIGIN_WORDS, type NotStated } from './intents';

/** What the answers are built from: the trucks diners can see, with their menus. */
export interface KnownTruck {
  id: number;
  name: string;
  cuisine: string;
  isOpen: boolean;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  /** Set on an unclaimed listing (issue 26): never open, but where a food usually is. */
  listing?: { sourceName: string } | null;
  /** What the truck states (issue 28); absent: nothing stated. */
  features?: TruckFeatures | null;
  accessNote?: string | null;
  /** As stored (E.164, "+15125550112"; said through `formatPhone`); absent or null: none listed. */
  phone?: string | null;
  menuLabels?: ItemLabels[] | null;
  /** In the truck's own words ("Street tacos on handmade corn tortillas."). */
  description?: string | null;
  /** Customers' ratings: the average and how many; null before the first. */
  rating?: TruckRating | null;
}
export interface KnownItem {
  id: number;
  truckId: number;
  name: string;
  description?: string | null;
  priceCents: number;
  available: boolean;
  diets?: ItemLabels['diets'];
  allergens?: ItemLabels['allergens'];
  /** Its course on the menu, when the operator chose one. */
  category?: string | null;
}

/** What a conversation remembers between turns. */
export interface SessionState {
  /** The trucks of the last list answer, in order, and which of them was last talked about. */
  truckIds: number[];
  index: number;
  /** The one dish the last answer was about ("how much is the pulled pork"), for "is it gluten free". */
  dish?: string;
  /** The food the last question asked for ("dessert after 8 tonight"), for "what about thursday". */
  food?: string;
  /** The diets and allergies (filter ids) the last such question asked for: "can she eat at X" asks them again. */
  needs?: string[];
  /** Of two trucks compared, the cheaper and the closer: "directions to the cheaper one". */
  cheaper?: number;
  closer?: number;
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
  /**
   * Whether trucks take orders now (the order panel's rules, orders.service.ts: `orderingNow`),
   * read for a question about ordering only. `refusal`: why not, in the panel's words; null: it does.
   */
  ordering?: Map<number, { refusal: string | null; estimatedWaitMinutes: number }>;
}

export interface Answer {
  text: string;
  truckIds: number[];
  state: SessionState;
  understood: boolean;
}

export const REPHRASE =
  "Sorry, I didn't catch that. Please rephrase, for example: where is the nearest barbecue truck?";
/** The re-ask, with an example from the live data that fits what was heard (exampleFor). */
export const rephrase = (example: string) => `Sorry, I didn't catch that. Please rephrase, for example: ${example}?`;

const MAX_RECOMMENDED = 3;

/** Answers are written the product's one way (shared/utils/format.ts), with units spelled out for speech. */
const SAID = { locale: SERVER_LOCALE };
const miles = (value: number) => formatDistance(value, { ...SAID, long: true });
export const dollars = (cents: number) => formatPrice(cents / 100, SAID);
const list = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
const cuisineWord = (cuisine: string) => written(CUISINE_SPOKEN[cuisine]?.[0] ?? spoken(cuisine));

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

/** The truck a question names (the nearest of its namesakes) answered by `reply`; none listed is a re-ask. */
function aboutNamedTruck(truckIds: readonly number[], context: AnswerContext, reply: (truck: KnownTruck) => Answer): Answer {
  const truck = rank(truckIds.flatMap((id) => context.trucks.get(id) ?? []), context)[0];
  if (!truck) return answer(REPHRASE, [], context.state, false);
  const answered = reply(truck);
  // Two trucks named ("taco libre or seoul food wagon for lunch"), one answered: "the other one" is the other.
  const others = truckIds.filter((id) => id !== truck.id && context.trucks.has(id));
  const onlyIt = answered.state.truckIds.length === 1 && answered.state.truckIds[0] === truck.id;
  return others.length > 0 && onlyIt ? { ...answered, state: { ...answered.state, truckIds: [truck.id, ...others] } } : answered;
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

function menuOf(
  truck: KnownTruck,
  context: AnswerContext,
  { cheapest = false, priciest = false, without }: { cheapest?: boolean; priciest?: boolean; without?: FoodAsk } = {},
): Answer {
  const listed = (context.itemsByTruck.get(truck.id) ?? []).filter((item) => item.available);
  const state = { truckIds: [truck.id], index: 0 };
  if (listed.length === 0) return answer(`${truck.name} has no menu items listed yet.`, [truck.id], state);
  // "Anything at Taco Libre without pork": the dishes whose name or description has none of it.
  const left = new Set(without?.itemIds);
  // Its words anywhere in a dish's name or description ("pork" in the Al Pastor Taco's "Pork, pineapple").
  const words = without ? without.words.split(' ').map((w) => new RegExp(`\\b${w.replace(/s$/, '').replace(/[^a-z0-9]/g, '')}`, 'i')) : [];
  const has = (item: KnownItem) => left.has(item.id) || (words.length > 0 && words.every((w) => w.test(`${item.name} ${item.description ?? ''}`)));
  const items = listed.filter((item) => !has(item));
  if (without) {
    const what = written(without.words);
    if (items.length === 0) return answer(`Everything on ${truck.name}'s menu has ${what}.`, [truck.id], state);
    const lead = items.length === listed.length ? `Nothing on ${truck.name}'s menu lists ${what}:` : `At ${truck.name}, without ${what}:`;
    const shown = items.slice(0, 5).map((item) => `${item.name} ${dollars(item.priceCents)}`);
    return answer(`${lead} ${list(shown)}${items.length > shown.length ? `, and ${items.length - shown.length} more` : ''}.`, [truck.id], state);
  }
  if (cheapest || priciest) {
    const prices = items.map((item) => item.priceCents);
    const price = cheapest ? Math.min(...prices) : Math.max(...prices);
    const names = items.filter((item) => item.priceCents === price).map((item) => item.name);
    return answer(`The ${cheapest ? 'cheapest' : 'most expensive'} at ${truck.name} is ${list(names)}, ${dollars(price)}.`, [truck.id], state);
  }
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

/** A stop's hours as said: "from 11 AM to 2 PM", or "all day" for midnight to midnight. */
const hoursOf = (o: TimedOccurrence) =>
  o.stop.startMinute === 0 && o.stop.endMinute === 1440 ? 'all day' : `from ${spokenTime(o.stop.startMinute)} to ${spokenTime(o.stop.endMinute)}`;

/** The ISO weekday of a weekday asked for ("monday", "next monday"). */
const isoWeekday = (when: Weekday | `next ${Weekday}`) => WEEKDAYS.indexOf(when.replace(/^next /, '') as Weekday) + 1;

/**
 * Days from today (ISO weekday `todayWeekday`) to the asked day: a weekday is the next one, today's
 * 0; "next monday" asked on a Monday is a week ahead.
 */
function daysAhead(when: Exclude<ScheduleDay, 'next'>, todayWeekday: number): number {
  if (when === 'today') return 0;
  if (when === 'tomorrow') return 1;
  const days = (isoWeekday(when) - todayWeekday + 7) % 7;
  return days === 0 && when.startsWith('next ') ? 7 : days;
}

/** The asked day in a sentence: 'today', 'tomorrow', 'on Saturday', 'next Monday'. */
function dayWords(when: Exclude<ScheduleDay, 'next'>): string {
  if (when === 'today' || when === 'tomorrow') return when;
  return `${when.startsWith('next ') ? 'next' : 'on'} ${formatWeekday(isoWeekday(when), { ...SAID, long: true })}`;
}

/** Every occurrence still to end within the look-ahead (NEXT_STOP_DAYS), in start order. */
const upcomingOf = ({ stops, zone }: KnownSchedule, now: Date) =>
  expandStops(stops, zone, now, new Date(now.getTime() + NEXT_STOP_DAYS * 86_400_000));

/**
 * The occurrences a schedule question is about, in start order: those of the asked local day (today:
 * the ones not over yet, with one begun the day before) or, for `next`, the first one still to end (under way or coming).
 */
function occurrencesFor(schedule: KnownSchedule | undefined, when: ScheduleDay, now: Date): TimedOccurrence[] {
  if (!schedule) return [];
  const { zone, stops } = schedule;
  if (when === 'next') return upcomingOf(schedule, now).slice(0, 1);
  const today = DateTime.fromJSDate(now, { zone }).startOf('day');
  const ahead = daysAhead(when, today.weekday);
  const day = today.plus({ days: ahead });
  const from = ahead === 0 ? now : day.toJSDate();
  // Today also holds last night's stop still under way (Saturday 18:00–02:00 at Sunday 01:00).
  const underWay = (o: TimedOccurrence) => ahead === 0 && o.start.toMillis() <= now.getTime();
  return expandStops(stops, zone, from, day.plus({ days: 1 }).toJSDate()).filter(
    (o) => o.localDate === day.toISODate() || underWay(o),
  );
}

/**
 * "Tacos El Rey will be at 6th & Congress tomorrow from 11 AM to 2 PM, then at …", or "… is at …
 * until 2 PM" for a stop under way.
 */
function stopsSentence(truck: KnownTruck, found: TimedOccurrence[], zone: string, context: AnswerContext, subject = truck.name): string {
  const { now } = context;
  const [first, ...rest] = found;
  if (!first) return '';
  const lead =
    first.start.toMillis() <= now.getTime()
      ? underWaySentence(truck, first, context)
      : `${subject} will be at ${first.stop.address} ${spokenDay(first, zone, now)} ${hoursOf(first)}`;
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
  return { found, text: `${truck.name} has no stops ${dayWords(when)}.${nextStop(occurrencesFor(schedule, 'next', context.now)[0])}` };
}

/** How near a place a stop is to be "at" it: a few minutes' walk. */
export const AT_PLACE_MILES = 0.5;

/**
 * The stops on `when` (or the next ones) of the trucks (of `cuisine`), each with how far it is from
 * `place`; `there`: those at the place, each truck once (its first stop there), soonest first.
 */
function stopsAt(place: PlaceAsk, when: ScheduleDay, context: AnswerContext, fits: (truck: KnownTruck) => boolean = () => true) {
  const stops = [...context.trucks.values()]
    .filter(fits)
    .flatMap((truck) => {
      const schedule = context.schedules.get(truck.id);
      if (!schedule) return [];
      const found = when === 'next' ? upcomingOf(schedule, context.now) : occurrencesFor(schedule, when, context.now);
      return found.map((o) => ({ truck, o, zone: schedule.zone, away: haversineMiles(place, { lat: o.stop.latitude, lng: o.stop.longitude }) }));
    });
  const byTime = (a: (typeof stops)[number], b: (typeof stops)[number]) =>
    a.o.start.toMillis() - b.o.start.toMillis() || a.away - b.away || a.truck.name.localeCompare(b.truck.name);
  const there = stops
    .filter((s) => s.away <= AT_PLACE_MILES)
    .sort(byTime)
    .filter((s, i, all) => all.findIndex((t) => t.truck.id === s.truck.id) === i);
  return { stops, there, byTime };
}

/**
 * "Who is at Republic Square tomorrow", "what trucks will be at the Capitol on Saturday": the stops
 * near a place on the asked day (or the next ones), soonest first; when there is none, the nearest
 * stop that day instead, with how far it is from the place.
 */
function answerScheduleAt(intent: Extract<Intent, { kind: 'schedule' }>, place: PlaceAsk, context: AnswerContext): Answer {
  const { when } = intent;
  const { what, fits } = scheduleKind(intent, context);
  const { stops, there, byTime } = stopsAt(place, when, context, fits);
  const lead = when === 'next' ? 'Coming up' : capitalized(dayWords(when));
  if (there.length > 0) {
    const part = ({ truck, o, zone }: (typeof there)[number]) => {
      const address = placeName(o.stop.address) === place.name ? '' : ` at ${o.stop.address}`;
      const day = when === 'next' ? ` ${spokenDay(o, zone, context.now)}` : '';
      return `${truck.name}${day} ${hoursOf(o)}${address}`;
    };
    const shown = there.slice(0, MAX_RECOMMENDED).map(part);
    const more = there.length > shown.length ? `, and ${there.length - shown.length} more` : '';
    const ids = there.map((s) => s.truck.id);
    return answer(`${lead} near ${place.name}: ${list(shown)}${more}.`, ids, { truckIds: ids, index: 0 });
  }
  const none = when === 'next' ? `No ${what} has an upcoming stop near ${place.name}.` : `No ${what} has a stop near ${place.name} ${dayWords(when)}.`;
  const nearest = [...stops].sort((a, b) => a.away - b.away || byTime(a, b))[0];
  if (!nearest || when === 'next') return answer(none, [], { truckIds: [], index: 0 });
  const instead = ` The nearest is ${nearest.truck.name} at ${nearest.o.stop.address}, ${miles(nearest.away)} from ${place.name}, ${hoursOf(nearest.o)}.`;
  return answer(`${none}${instead}`, [nearest.truck.id], { truckIds: [nearest.truck.id], index: 0 });
}

/** A truck and one of its stops, as the lists of stops say them. */
type TruckStop = { truck: KnownTruck; o: TimedOccurrence };

/**
 * "Taco Loco from 3 PM to 5 PM at South Congress and Tacos El Rey …, and 2 more": the first few
 * stops (with their places, or without when the day's answer names none), and every truck's id.
 */
function stopsSaid(found: readonly TruckStop[], withPlace = true): { said: string; ids: number[] } {
  const shown = found.slice(0, MAX_RECOMMENDED).map(({ truck, o }) => `${truck.name} ${hoursOf(o)}${withPlace ? ` at ${o.stop.address}` : ''}`);
  const more = found.length > shown.length ? `, and ${found.length - shown.length} more` : '';
  return { said: `${list(shown)}${more}`, ids: found.map((f) => f.truck.id) };
}

/**
 * The trucks a schedule question is about, and what they are called in the answer: those selling
 * the food asked for, or of the cuisine, or every truck.
 */
function scheduleKind(
  intent: Extract<Intent, { kind: 'schedule' }>,
  context: AnswerContext,
): { what: string; whats: string; fits: (truck: KnownTruck) => boolean } {
  const { food, cuisine } = intent;
  if (food) {
    const sellers = sellersOf(food, context);
    return { what: label(food, context), whats: label(food, context, true), fits: (t) => sellers.has(t.id) };
  }
  if (cuisine) return { what: `${cuisineWord(cuisine)} truck`, whats: `${cuisineWord(cuisine)} trucks`, fits: (t) => t.cuisine === cuisine };
  return { what: 'food truck', whats: 'food trucks', fits: () => true };
}

/** The days of "this weekend" in a zone: Saturday and Sunday, or on a Sunday only what is left of it. */
const weekendDays = (zone: string, now: Date): ('saturday' | 'sunday')[] =>
  DateTime.fromJSDate(now, { zone }).weekday === 7 ? ['sunday'] : ['saturday', 'sunday'];

/**
 * "What's open this weekend", "is Smokestack out this weekend": each weekend day's stops (of a
 * named truck, or of every truck of the cuisine, the nearest first), both days in one answer.
 */
function answerWeekend(intent: Extract<Intent, { kind: 'schedule' }>, context: AnswerContext): Answer {
  const days = (truck: KnownTruck) => {
    const schedule = context.schedules.get(truck.id);
    return weekendDays(schedule?.zone ?? 'UTC', context.now).flatMap((day) => {
      const found = occurrencesFor(schedule, day, context.now);
      return found.length > 0 ? [{ day, found, zone: schedule?.zone ?? 'UTC' }] : [];
    });
  };
  if (intent.truckIds) {
    return aboutNamedTruck(intent.truckIds, context, (truck) => {
      const said = days(truck).map(({ found, zone }, i) => stopsSentence(truck, found, zone, context, i === 0 ? truck.name : 'It'));
      const text = said.length > 0 ? said.join(' ') : `${truck.name} has no stops this weekend.${nextStopOf(truck, context)}`;
      return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
    });
  }
  const { what, fits } = scheduleKind(intent, context);
  const byDay = new Map<string, { truck: KnownTruck; o: TimedOccurrence; distance: number }[]>();
  for (const truck of context.trucks.values()) {
    if (!fits(truck)) continue;
    for (const { day, found } of days(truck)) {
      const o = found[0]!;
      const distance = context.position ? haversineMiles(context.position, { lat: o.stop.latitude, lng: o.stop.longitude }) : 0;
      byDay.set(day, [...(byDay.get(day) ?? []), { truck, o, distance }]);
    }
  }
  const parts = (['saturday', 'sunday'] as const).flatMap((day) => {
    const there = (byDay.get(day) ?? []).sort((a, b) => a.distance - b.distance || a.o.start.toMillis() - b.o.start.toMillis());
    if (there.length === 0) return [];
    const { said, ids } = stopsSaid(there, false);
    return [{ text: `${dayWords(day)}, ${said}`, ids }];
  });
  if (parts.length === 0) return answer(`No ${what} has stops this weekend.`, [], { truckIds: [], index: 0 });
  const ids = [...new Set(parts.flatMap((p) => p.ids))];
  return answer(`This weekend: ${parts.map((p) => p.text).join('; ')}.`, ids, { truckIds: ids, index: 0 });
}

/** Whether a stop is out in a part of its day: the morning (starts before 11 AM), lunch (out at any
 * time from 11:30 AM to 1:30 PM), the evening (ends after 5 PM). */
const IN_PART: Record<DayPart, (o: TimedOccurrence) => boolean> = {
  morning: (o) => o.stop.startMinute < 11 * 60,
  lunch: (o) => o.stop.startMinute < 13.5 * 60 && o.stop.endMinute > 11.5 * 60,
  evening: (o) => o.stop.endMinute > 17 * 60,
};

/** A part of a day or a time of it, as a schedule question asks ("thursday evening", "friday at 10 pm"). */
type DayWindow = { part: DayPart } | { at: number } | { after: number };

/** The window a schedule intent asks about, if any. */
const windowOf = (intent: Extract<Intent, { kind: 'schedule' }>): DayWindow | undefined =>
  intent.at !== undefined ? { at: intent.at } : intent.after !== undefined ? { after: intent.after } : intent.part ? { part: intent.part } : undefined;

/** The window in words ("evening", "at lunch", "at 10 PM", "after 9 PM") and which stops are out in it. */
function windowSaid(w: DayWindow): { words: string; keeps: (o: TimedOccurrence) => boolean } {
  if ('part' in w) return { words: w.part === 'lunch' ? 'at lunch' : w.part, keeps: IN_PART[w.part] };
  if ('at' in w) return { words: `at ${spokenTime(w.at)}`, keeps: (o) => o.stop.startMinute <= w.at && o.stop.endMinute > w.at };
  return { words: `after ${spokenTime(w.after)}`, keeps: (o) => o.stop.endMinute > w.after };
}

/**
 * "What's open thursday evening", "tuesday lunch options", "is Pasta Vagabonda out friday night",
 * "food at 10 pm on friday": the stops of that day in that part of it (or out at that time), the
 * nearest first (a named truck's own, or every truck of the cuisine or food), each with its hours
 * and place.
 */
function answerDayPart(intent: Extract<Intent, { kind: 'schedule' }>, when: Exclude<ScheduleDay, 'next'>, window: DayWindow, context: AnswerContext): Answer {
  const { words, keeps } = windowSaid(window);
  const day = `${dayWords(when)} ${words}`;
  const stopsOf = (truck: KnownTruck) => occurrencesFor(context.schedules.get(truck.id), when, context.now).filter(keeps);
  if (intent.truckIds) {
    return aboutNamedTruck(intent.truckIds, context, (truck) => {
      const found = stopsOf(truck);
      const zone = context.schedules.get(truck.id)?.zone ?? 'UTC';
      const text = found.length > 0 ? stopsSentence(truck, found, zone, context) : `${truck.name} has no stops ${day}.${nextStopOf(truck, context)}`;
      return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
    });
  }
  const { what, fits } = scheduleKind(intent, context);
  const out = [...context.trucks.values()]
    .filter(fits)
    .flatMap((truck) => {
      const o = stopsOf(truck)[0];
      if (!o) return [];
      const distance = context.position ? haversineMiles(context.position, { lat: o.stop.latitude, lng: o.stop.longitude }) : 0;
      return [{ truck, o, distance }];
    })
    // Out after a time ("late night on friday"): the last to leave first.
    .sort((a, b) => ('after' in window ? b.o.end.toMillis() - a.o.end.toMillis() : 0) || a.distance - b.distance || a.o.start.toMillis() - b.o.start.toMillis());
  if (out.length === 0) return answer(`No ${what} has stops ${day}.`, [], { truckIds: [], index: 0 });
  const { said, ids } = stopsSaid(out);
  return answer(`${capitalized(day)}: ${said}.`, ids, { truckIds: ids, index: 0 });
}

/** "Monday to Friday" for a run of three days or more, else "Tuesday and Thursday". */
function daysSaid(weekdays: number[]): string {
  const name = (d: number) => formatWeekday(d, { ...SAID, long: true });
  const runs: number[][] = [];
  for (const d of weekdays) {
    const run = runs.at(-1);
    if (run && run.at(-1) === d - 1) run.push(d);
    else runs.push([d]);
  }
  return list(runs.flatMap((run) => (run.length >= 3 ? [`${name(run[0]!)} to ${name(run.at(-1)!)}`] : run.map(name))));
}

/**
 * "What days is Rolling Roast out", "is Taco Libre out next week": its stops in the week ahead,
 * days with the same hours and place said together ("Rolling Roast Coffee is out Monday to Friday
 * from 6:30 AM to 10 AM at Speedway & 24th St.").
 */
function weekOf(truck: KnownTruck, context: AnswerContext): string {
  const schedule = context.schedules.get(truck.id);
  const until = context.now.getTime() + 7 * 86_400_000;
  const week = schedule ? upcomingOf(schedule, context.now).filter((o) => o.start.toMillis() < until) : [];
  if (week.length === 0) return `${truck.name} has no stops in the week ahead.${truck.isOpen ? ` It is open now, ${whereAbouts(truck, context)}.` : ''}`;
  const groups = new Map<string, { o: TimedOccurrence; days: number[] }>();
  for (const o of week) {
    const key = `${o.stop.startMinute}-${o.stop.endMinute}-${o.stop.address}`;
    const group = groups.get(key) ?? { o, days: [] };
    group.days.push(o.start.weekday);
    groups.set(key, group);
  }
  const said = [...groups.values()].map(({ o, days }) => `${daysSaid([...new Set(days)].sort((a, b) => a - b))} ${hoursOf(o)} at ${o.stop.address}`);
  return `${truck.name} is out ${said.join('; and ')}.`;
}

/**
 * "Where will the taco truck be tomorrow?", "When is Taco Libre open next?" — from the schedules. A
 * weekday asked on that day with nothing left of it ("monday morning" on a Monday afternoon) is the
 * one to come.
 */
function answerSchedule(intent: Extract<Intent, { kind: 'schedule' }>, context: AnswerContext): Answer {
  const found = answerScheduleOf(intent, context);
  const { when } = intent;
  if (found.truckIds.length > 0 || !(WEEKDAYS as readonly string[]).includes(when)) return found;
  const weekAhead = answerScheduleOf({ ...intent, when: `next ${when as Weekday}` }, context);
  return weekAhead.truckIds.length > 0 ? weekAhead : found;
}

function answerScheduleOf(intent: Extract<Intent, { kind: 'schedule' }>, context: AnswerContext): Answer {
  if (intent.week && intent.truckIds) {
    return aboutNamedTruck(intent.truckIds, context, (truck) => answer(weekOf(truck, context), [truck.id], { truckIds: [truck.id], index: 0 }));
  }
  if (intent.place) return answerScheduleAt(intent, intent.place, context);
  if (intent.weekend) return answerWeekend(intent, context);
  const window = windowOf(intent);
  if (window && intent.when !== 'next') return answerDayPart(intent, intent.when, window, context);
  if (intent.truckIds) {
    const { when } = intent;
    return aboutNamedTruck(intent.truckIds, context, (truck) =>
      answer(truckSchedule(truck, when, context).text, [truck.id], { truckIds: [truck.id], index: 0 }),
    );
  }
  const { what, whats, fits } = scheduleKind(intent, context);
  // The cuisine's trucks with a stop then: the earliest first (the nearest stop first, with a position).
  const scheduled = [...context.trucks.values()]
    .filter(fits)
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
    const text = intent.when === 'next' ? `No ${what} has upcoming stops.` : `No ${what} has stops ${dayWords(intent.when)}.`;
    return answer(text, [], { truckIds: [], index: 0 });
  }
  const ids = scheduled.map((s) => s.truck.id);
  // "Who's out on Sunday": every truck out that day, each with its first stop (the first few said).
  if (others.length > 0 && intent.when !== 'next') {
    const { said } = stopsSaid(scheduled.map((s) => ({ truck: s.truck, o: s.found[0]! })));
    return answer(`${capitalized(dayWords(intent.when))}: ${said}.`, ids, { truckIds: ids, index: 0 });
  }
  const more = others.length ? ` ${others.length} more ${others.length === 1 ? `${what} has` : `${whats} have`} stops coming up.` : '';
  return answer(`${first.text}${more}`, ids, { truckIds: ids, index: 0 });
}

/**
 * A dish's name as the subject of a sentence: "Churros cost $4.00, but they are …", "Horchata costs
 * $3.50, but it is …". A last word in -s (not -ss, -us, -is: "Hummus") is a plural.
 */
function saidOf(name: string): { costs: string; it: string; is: string; contains: string; they: string } {
  const plural = /[^siu]s$/i.test(name.trim().split(/\s+/).at(-1) ?? '');
  return plural
    ? { costs: 'cost', it: 'they are', is: 'are', contains: 'contain', they: 'they' }
    : { costs: 'costs', it: 'it is', is: 'is', contains: 'contains', they: 'it' };
}

/** Whether the words name a cuisine as a whole ("barbecue", a truck's own cuisine), not a dish in it. */
const namesCuisine = (food: FoodAsk) => CUISINE_NAMES.has(food.words) || food.cuisines.some((c) => spoken(c) === food.words);

/**
 * A dish or style of a cuisine ("sushi", "thai", "pizza") that no menu and no truck's description
 * has: the cuisine's trucks are only like it, and the answer says so first.
 */
const unlisted = (food: FoodAsk | undefined): food is FoodAsk =>
  Boolean(food && food.cuisines.length > 0 && food.itemIds.length === 0 && food.truckIds.length === 0 && !food.diets?.length && !namesCuisine(food));

/** "No truck lists sushi. ", "No truck lists Thai food. ", or nothing. */
const notListed = (food: FoodAsk | undefined): string => {
  if (!unlisted(food)) return '';
  return `No truck lists ${written(dishesSaid(food.words))}${food.words.split(' ').every((w) => ORIGIN_WORDS.has(w)) ? ' food' : ''}. `;
};

/**
 * The trucks a food question names: selling its items, or described with its words; and the trucks
 * of its cuisine when the words name the cuisine, or when nothing lists the dish (the nearest thing
 * to it, said so: notListed). "Falafel" is the trucks with falafel, not every Mediterranean truck.
 */
function sellersOf(food: FoodAsk, context: AnswerContext): Set<number> {
  const diets = (food.diets ?? []) as Diet[];
  if (diets.length > 0 && dishOf(food, diets)) return dietDishSellers(food, diets, context);
  const ids = new Set<number>(food.truckIds);
  const items = new Set(food.itemIds);
  const byCuisine = namesCuisine(food) || (food.itemIds.length === 0 && food.truckIds.length === 0);
  // "Tacos or bbq": a cuisine said as one of the foods is its trucks, beside the dish's sellers.
  const saidCuisines = new Set(
    food.words.split(/ (?:or|and) /).flatMap((part) => food.cuisines.filter((c) => spoken(c) === part || CUISINE_SPOKEN[c]?.includes(part))),
  );
  for (const truck of context.trucks.values()) {
    if ((byCuisine && food.cuisines.includes(truck.cuisine)) || saidCuisines.has(truck.cuisine)) ids.add(truck.id);
    const menu = (context.itemsByTruck.get(truck.id) ?? []).filter((i) => i.available);
    if (menu.some((i) => items.has(i.id))) ids.add(truck.id);
    // "Vegan" heard: an item its operator labelled vegan counts, whatever its name (issue 28) — a
    // dish, not a drink: "I'm vegan, what can I eat" is not answered with a truck's horchata. As
    // the list's "Vegan options" chip and filter say (labelledOffer).
    if (diets.length > 0 && labelledOffer(menu).some((i) => diets.some((d) => itemHasDiet(labelsOf(i), d)))) ids.add(truck.id);
  }
  return ids;
}

/** The cuisines a diet's own words name ("vegan" is the Vegetarian cuisine's word too). */
const dietCuisines = (diets: readonly Diet[]) =>
  new Set(Object.entries(CUISINE_SPOKEN).filter(([, words]) => words.some((w) => (diets as readonly string[]).includes(w))).map(([c]) => c));

/**
 * With a diet, what else the words name, or undefined when the diet is all they say ("vegan"): the
 * dishes ("vegan tacos"), else the cuisines other than the diet's own ("vegan dessert").
 */
function dishOf(food: FoodAsk, diets: readonly Diet[]): { items: Set<number>; cuisines: Set<string> } | undefined {
  if (food.words.split(' ').every((w) => (diets as readonly string[]).includes(w))) return undefined;
  const own = dietCuisines(diets);
  // A dish's word is a cuisine's too ("taco" is Mexican's): the dishes named, not the cuisine's menus.
  const cuisines = new Set(food.itemIds.length > 0 ? [] : food.cuisines.filter((c) => !own.has(c)));
  return food.itemIds.length > 0 || cuisines.size > 0 ? { items: new Set(food.itemIds), cuisines } : undefined;
}

/**
 * "Vegan tacos", "vegan dessert": the trucks with a dish of that kind (named so, of the cuisine, or
 * on the menu's course of that name) that is stated so — or any such dish at a truck of the diet's
 * own cuisine. Not a truck with tacos and, elsewhere on its menu, a vegan drink.
 */
function dietDishSellers(food: FoodAsk, diets: readonly Diet[], context: AnswerContext): Set<number> {
  const dish = dishOf(food, diets)!;
  const own = dietCuisines(diets);
  const ids = new Set<number>();
  for (const truck of context.trucks.values()) {
    const ofTheKind = (i: KnownItem) => dish.items.has(i.id) || dish.cuisines.has(truck.cuisine) || (i.category ? dish.cuisines.has(i.category) : false);
    const menu = (context.itemsByTruck.get(truck.id) ?? []).filter((i) => i.available && ofTheKind(i));
    if (menu.some((i) => own.has(truck.cuisine) || diets.some((d) => itemHasDiet(labelsOf(i), d)))) ids.add(truck.id);
  }
  return ids;
}

/**
 * "Vegan tacos" when no menu has tacos stated vegan: said so, with the open trucks that have
 * something of the diet, rather than "no open truck … right now" as if one might open.
 */
function dietDishMissing(food: FoodAsk | undefined, context: AnswerContext): Answer | undefined {
  const diets = (food?.diets ?? []) as Diet[];
  if (!food || diets.length === 0 || !dishOf(food, diets) || sellersOf(food, context).size > 0) return undefined;
  const dietWords = new Set<string>(diets);
  const dish = food.words.split(' ').filter((w) => !dietWords.has(w)).join(' ');
  const diet = diets.map((d) => DIET_TEXT[d].toLowerCase()).join(' and ');
  const open = rank([...sellersOf({ ...food, words: diet, cuisines: [...dietCuisines(diets)], itemIds: [], truckIds: [] }, context)].flatMap((id) => context.trucks.get(id) ?? []), context).filter((t) => t.isOpen);
  const ids = open.map((t) => t.id);
  const others = open.length > 0 ? ` Open with ${diet} dishes: ${openNames(open)}.` : '';
  return answer(`No truck has ${written(dishesSaid(dish))} marked ${diet}.${others}`, ids, { truckIds: ids, index: 0 });
}

const labelsOf = (item: KnownItem): ItemLabels => ({ diets: item.diets ?? {}, allergens: item.allergens ?? {} });

/** How a feature is said of one truck, stated yes and stated no: "Taco Libre takes cash". */
const FEATURE_SAID: Record<TruckFeature, { yes: string; no: string }> = {
  cards: { yes: 'takes cards', no: "doesn't take cards" },
  cash: { yes: 'takes cash', no: "doesn't take cash" },
  phoneWallets: { yes: 'takes phone wallets', no: "doesn't take phone wallets" },
  stepFree: { yes: 'has a step-free path to the counter', no: 'has no step-free path to the counter' },
  reachableCounter: { yes: 'has a counter within reach from a seat', no: 'has a high counter' },
  orderFromSeat: { yes: 'lets you order from a seat', no: "doesn't take orders from a seat" },
  seating: { yes: 'has seating', no: 'has no seating' },
  shade: { yes: 'has shade', no: 'has no shade' },
  restroomNearby: { yes: 'has a restroom nearby', no: 'has no restroom nearby' },
  petFriendly: { yes: 'is pet-friendly', no: "isn't pet-friendly" },
};

/** How a feature is said in a list of trucks: "Trucks that take cards". */
const FEATURE_PLURAL: Record<TruckFeature, string> = {
  cards: 'take cards',
  cash: 'take cash',
  phoneWallets: 'take phone wallets',
  stepFree: 'are step-free',
  reachableCounter: 'have a counter within reach',
  orderFromSeat: 'let you order from a seat',
  seating: 'have seating',
  shade: 'have shade',
  restroomNearby: 'have a restroom nearby',
  petFriendly: 'are pet-friendly',
};
const itemFilterWords = (f: Exclude<TruckFilter, { kind: 'feature' }>) =>
  f.kind === 'diet' ? DIET_TEXT[f.diet].toLowerCase() : `without ${ALLERGEN_TEXT[f.allergen].toLowerCase()}`;

/**
 * What trucks state (issue 28), never guessed: a truck that has not said is "not stated", and a
 * list counts only the trucks that said yes. About named trucks (or "the taco truck"): each asked
 * feature's yes, no or not stated, and the menu items labelled as asked. Otherwise: the trucks that
 * match every filter (shared/utils/attributes matchesFilters), open first and nearest.
 */
function answerAttributes(intent: Extract<Intent, { kind: 'attributes' }>, base: AnswerContext): Answer {
  const context = fromPlace(base, intent.place);
  const filters = intent.filters.map(truckFilter).filter((f): f is TruckFilter => f !== undefined);
  const features = filters.flatMap((f) => (f.kind === 'feature' ? [f.feature] : []));
  const itemFilters = filters.filter((f): f is Exclude<TruckFilter, { kind: 'feature' }> => f.kind !== 'feature');
  const subjectIds = intent.truckIds ?? (intent.food ? [...sellersOf(intent.food, context)] : undefined);
  if (subjectIds) {
    const subjects = rank(subjectIds.flatMap((id) => context.trucks.get(id) ?? []), context).slice(0, MAX_RECOMMENDED);
    if (subjects.length === 0) return answer(`I couldn't find that truck right now.`, [], context.state);
    const sentences = subjects.map((truck) => {
      // "Yes, Smokestack BBQ has a restroom nearby", "Taco Libre takes cash and hasn't said whether it
      // takes phone wallets": a question asked in words is answered in a sentence.
      const stated = features.map((feature) => truck.features?.[feature]);
      const clauses = features.map((feature, i) => {
        const value = stated[i];
        const said = value === undefined ? `hasn't said whether it ${FEATURE_SAID[feature].yes}` : FEATURE_SAID[feature][value ? 'yes' : 'no'];
        const note = (feature === 'stepFree' || feature === 'reachableCounter') && value !== undefined && truck.accessNote ? ` (${truck.accessNote})` : '';
        return `${said}${note}`;
      });
      const yesOrNo = stated.length === 1 && stated[0] !== undefined ? (stated[0] ? 'Yes, ' : 'No, ') : '';
      const aboutFeatures = clauses.length > 0 ? `${yesOrNo}${truck.name} ${list(clauses)}.` : '';
      if (itemFilters.length === 0) return aboutFeatures;
      const menu = (context.itemsByTruck.get(truck.id) ?? []).filter((i) => i.available);
      const wanted = itemFilters.map(itemFilterWords).join(' and ');
      const ids = itemFilters.map((f) => f.id);
      const matching = menu.filter((i) => matchesFilters({ menuLabels: [labelsOf(i)] }, ids));
      const lacking = menu.filter((i) =>
        itemFilters.some((f) => (f.kind === 'diet' ? itemLacksDiet(labelsOf(i), f.diet) : ['contains', 'mayContain'].includes(labelsOf(i).allergens[f.allergen] ?? ''))),
      );
      // "Egg allergy, what should I avoid at Smokestack": the dishes stated to have it, too.
      const having = menu.flatMap((i) =>
        itemFilters.flatMap((f) => {
          if (f.kind !== 'free') return [];
          const state = labelsOf(i).allergens[f.allergen];
          const word = ALLERGEN_TEXT[f.allergen].toLowerCase();
          return state === 'contains' ? [`${i.name} ${saidOf(i.name).contains} ${word}`] : state === 'mayContain' ? [`${i.name} may contain ${word}`] : [];
        }),
      );
      const aboutMenu =
        (matching.length > 0
          ? `${list(matching.slice(0, 3).map((i) => i.name))} ${matching.length === 1 ? 'is' : 'are'} marked ${wanted}`
          : menu.length > 0 && lacking.length === menu.length
            ? `nothing on the menu is ${wanted}`
            : `the menu does not say which dishes are ${wanted}`) + (having.length > 0 ? `; ${list(having.slice(0, 3))}` : '');
      return aboutFeatures ? `${aboutFeatures} On its menu, ${aboutMenu}.` : `${truck.name}: ${aboutMenu}.`;
    });
    const ids = subjects.map((t) => t.id);
    return answer(sentences.join(' '), ids, { truckIds: ids, index: 0 });
  }
  const matching = rank(
    [...context.trucks.values()].filter((t) => matchesFilters(t, intent.filters) && (!intent.openOnly || t.isOpen)),
    context,
  );
  const phrase = [
    ...features.map((f) => FEATURE_PLURAL[f]),
    ...(itemFilters.length > 0 ? [`have dishes marked ${itemFilters.map(itemFilterWords).join(' and ')}`] : []),
  ].join(' and ');
  const open = intent.openOnly ? 'open ' : '';
  const near = intent.place ? ` near ${intent.place.name}` : '';
  if (matching.length === 0) {
    return answer(`I found no ${open}trucks${near} that ${phrase}; trucks that have not said are not counted.`, [], { truckIds: [], index: 0 });
  }
  const names = matching.slice(0, MAX_RECOMMENDED).map((t) => {
    const distance = distanceOf(t, context);
    const status = intent.openOnly ? '' : t.isOpen ? ', open' : ', closed now';
    return distance === undefined ? `${t.name}${status}` : `${t.name}${status}, ${miles(distance)}`;
  });
  const more = matching.length > MAX_RECOMMENDED ? `, and ${matching.length - MAX_RECOMMENDED} more` : '';
  const ids = matching.map((t) => t.id);
  return answer(`${open ? 'Open t' : 'T'}rucks${near} that ${phrase}: ${list(names)}${more}.`, ids, { truckIds: ids, index: 0 });
}

/**
 * "Is the elote vegetarian", "does the banana pudding have peanuts": what each dish named states,
 * in the truck's own words ("Taco Libre says its Elote is vegetarian"), never guessed; "hasn't
 * said" when it states nothing. Yes or no leads when one thing of one dish was asked. An allergen
 * asked is followed by the caution every allergen label needs.
 */
function answerDishLabels(intent: Extract<Intent, { kind: 'dish-labels' }>, context: AnswerContext): Answer {
  const wanted = new Set(intent.itemIds);
  const trucks = rank([...context.trucks.values()], context);
  const items = trucks.flatMap((t) => (context.itemsByTruck.get(t.id) ?? []).filter((i) => wanted.has(i.id)).map((item) => ({ item, truck: t })));
  if (items.length === 0) return answer(`I couldn't find ${written(intent.words)} on any menu right now.`, [], context.state);
  const single = items.length === 1 && intent.diets.length + intent.allergens.length === 1;
  let unsure = false;
  const sentences = items.slice(0, MAX_RECOMMENDED).map(({ item, truck }) => {
    const labels = labelsOf(item);
    const verb = saidOf(item.name);
    const stated: string[] = [];
    const unsaid: string[] = [];
    // What the dish's own words say where its labels are silent ("Collard Greens — smoked turkey").
    const mentions = new Set<string>();
    const mentioned = (key: keyof typeof INGREDIENT_HINTS) => {
      for (const m of `${item.name} ${item.description ?? ''}`.matchAll(INGREDIENT_HINTS[key] ?? /$^/g)) {
        const said = m[0].toLowerCase();
        if (![...mentions].some((w) => w.replace(/s$/, '') === said.replace(/s$/, ''))) mentions.add(said);
      }
    };
    let lead = '';
    const [yes, no] = intent.meat ? ['No, ', 'Yes, '] : ['Yes, ', 'No, '];
    for (const diet of intent.diets) {
      const word = DIET_TEXT[diet].toLowerCase();
      if (itemHasDiet(labels, diet)) stated.push(`${verb.is} ${word}`);
      else if (itemLacksDiet(labels, diet)) stated.push(`${verb.is} not ${word}`);
      else {
        unsaid.push(`${verb.is} ${word}`);
        mentioned(diet);
      }
      if (single) lead = itemHasDiet(labels, diet) ? yes : itemLacksDiet(labels, diet) ? no : '';
    }
    for (const { allergen, free } of intent.allergens) {
      const word = ALLERGEN_TEXT[allergen].toLowerCase();
      const state = itemFreeOf(labels, allergen) ? 'free' : labels.allergens[allergen];
      if (state === 'free') stated.push(`${verb.is} free of ${word}`);
      else if (state === 'contains') stated.push(`${verb.contains} ${word}`);
      else if (state === 'mayContain') stated.push(`may contain ${word}`);
      else {
        unsaid.push(`${verb.contains} ${word}`);
        mentioned(allergen);
      }
      if (state !== 'contains') unsure = true;
      if (single && state && state !== 'mayContain') lead = (state === 'free') === free ? 'Yes, ' : 'No, ';
      // "Is the baklava ok with a nut allergy": one allergen it contains is the answer.
      if (items.length === 1 && free && state === 'contains') lead = 'No, ';
    }
    const menuSays = mentions.size > 0 ? `, but its menu mentions ${list([...mentions])}` : '';
    const whether = `whether ${stated.length > 0 ? verb.they : `its ${item.name}`} ${unsaid.join(' or ')}${menuSays}`;
    if (stated.length === 0) return `${truck.name} hasn't said ${whether}.`;
    const says = `${lead}${truck.name} says its ${item.name} ${list(stated)}`;
    return unsaid.length > 0 ? `${says}, and hasn't said ${whether}.` : `${says}.`;
  });
  const others = items.length - MAX_RECOMMENDED;
  const rest = [...new Set(items.slice(MAX_RECOMMENDED).map((i) => i.truck.name))];
  const more = others > 0 ? ` And ${others === 1 ? 'one' : others} more at ${list(rest)}.` : '';
  // Every label is the truck's own word; an allergy needs more than "may" or silence.
  const caution = unsure ? ' Labels are the truck’s own: with an allergy, check at the window.' : '';
  const ids = [...new Set(items.map((i) => i.truck.id))];
  const dish = items.length === 1 ? { dish: items[0]!.item.name } : {};
  return answer(`${sentences.join(' ')}${more}${caution}`, ids, { truckIds: ids, index: 0, ...dish });
}

/**
 * Dishes people name in the singular when they mean any ("a taco truck", "I want a burger"): a
 * truck serves them in the plural. Mass and cuisine words ("pizza", "barbecue", "coffee") stay.
 */
const COUNTED_DISHES: ReadonlySet<string> = new Set([
  'taco', 'burger', 'burrito', 'dog', 'dumpling', 'wing', 'crepe', 'waffle', 'donut', 'doughnut', 'kebab',
  'empanada', 'arepa', 'pretzel', 'cupcake', 'cookie', 'churro', 'tamale', 'bagel', 'taquito', 'quesadilla',
  'slider', 'nacho', 'pupusa', 'roll', 'bowl', 'wrap', 'dessert',
]);
const SAID_PLURAL: Readonly<Record<string, string>> = { sandwich: 'sandwiches' };

/** "taco" → "tacos", "hot dog" → "hot dogs", "sandwich" → "sandwiches"; other foods as heard. */
export function dishesSaid(words: string): string {
  const last = words.split(' ').at(-1) ?? '';
  const plural = SAID_PLURAL[last] ?? (COUNTED_DISHES.has(last) ? `${last}s` : undefined);
  return plural ? `${words.slice(0, words.length - last.length)}${plural}` : words;
}

/** "barbecue truck", "truck serving burritos", "food truck": what a list of trucks is, said aloud. */
function label(food: FoodAsk | undefined, context: AnswerContext, plural = false): string {
  const trucks = plural ? 'trucks' : 'truck';
  if (!food) return `food ${trucks}`;
  const [cuisine, ...others] = food.cuisines;
  const onlyCuisine =
    cuisine !== undefined && others.length === 0 && [...sellersOf(food, context)].every((id) => context.trucks.get(id)?.cuisine === cuisine);
  if (onlyCuisine) return `${cuisineWord(cuisine)} ${trucks}`;
  // A cuisine or a diet named, no dish ("anything vegetarian open"): its food, not "serving vegetarian".
  if (cuisine !== undefined && food.itemIds.length === 0 && !describesOnly(food.words)) return `${trucks} with ${written(food.words)} food`;
  return describesOnly(food.words) ? `${trucks} with ${foodSaid(food.words)}` : `${trucks} serving ${written(dishesSaid(food.words))}`;
}

/** The context as seen from a place the diner named: distances are from there. */
const fromPlace = (context: AnswerContext, place: PlaceAsk | undefined): AnswerContext =>
  place ? { ...context, position: { lat: place.lat, lng: place.lng } } : context;

/** Closer than this to a place the diner named, a truck is there (about 250 feet). */
const RIGHT_THERE_MILES = 0.05;

/**
 * "0.3 miles from the Capitol, at 1100 S Congress Ave" (a named place) or the usual whereabouts; a
 * truck at the very place named is "right there", never "10 feet from 1300 E 6th St at 1300 E 6th St".
 */
function whereFrom(truck: KnownTruck, context: AnswerContext, place: PlaceAsk | undefined): string {
  if (!place) return whereAbouts(truck, context);
  const text = whereAbouts(truck, context);
  const distance = distanceOf(truck, context);
  if (distance !== undefined && distance < RIGHT_THERE_MILES) return text.replace(/^.*? away\b/, 'right there');
  return text.replace(/ away\b/, ` from ${place.name}`);
}

/**
 * When no truck that fits is open: the nearest unclaimed listing that does (issue 26), said as what
 * it is — where it usually is, from open data, not live — so a diner still learns where the food is.
 */
function listingsAnswer(candidates: KnownTruck[], context: AnswerContext, lead: string, place: PlaceAsk | undefined): Answer | undefined {
  const listings = rank(
    candidates.filter((t) => t.listing && t.latitude !== null && t.longitude !== null),
    context,
  );
  const first = listings[0];
  if (!first?.listing) return undefined;
  const ids = listings.map((t) => t.id);
  const more = listings.length > 1 ? ` ${listings.length - 1} more listed.` : '';
  return answer(
    `${lead} ${first.name} is usually ${whereFrom(first, context, place)}: an unclaimed listing from ${first.listing.sourceName}, not live.${more}`,
    ids,
    { truckIds: ids, index: 0 },
  );
}

/**
 * A truck of the kind of food asked for, when the words name a kind (a cuisine, a diet) and no dish
 * on any menu: "the nearest vegetarian truck" is a vegetarian truck, not a barbecue truck with one
 * vegan drink. When they name a dish ("tacos"), every truck with the dish has what was asked.
 */
const ofCuisine = (truck: KnownTruck, food: FoodAsk | undefined) =>
  Boolean(food && food.itemIds.length === 0 && food.cuisines.includes(truck.cuisine));

/**
 * A food's trucks in the order a diner wants them: open first; among those, the trucks of the
 * kind of food asked for (ofCuisine) before the others that have it; then the nearest.
 */
function rankForFood(trucks: KnownTruck[], food: FoodAsk | undefined, context: AnswerContext): KnownTruck[] {
  return rank(trucks, context).sort(
    (a, b) => Number(b.isOpen) - Number(a.isOpen) || Number(ofCuisine(b, food)) - Number(ofCuisine(a, food)),
  );
}

/** What `truck` is called in an answer about `food`: "vegetarian truck" for one of that cuisine. */
function labelOf(truck: KnownTruck, food: FoodAsk | undefined, context: AnswerContext): string {
  return food?.cuisines.length === 1 && ofCuisine(truck, food) ? `${cuisineWord(truck.cuisine)} truck` : label(food, context);
}

/**
 * No truck that fits is open: the one that does, closed, and when it is next at a stop — the diner
 * learns who has the food and when, instead of only "none is open". Undefined when no truck has it.
 */
/**
 * "The nearest open barbecue truck to the Capitol", but "the open truck serving tacos nearest to
 * downtown Austin" (not "serving tacos to downtown Austin").
 */
const nearestTo = (what: string, place: PlaceAsk) =>
  /\b(serving|with)\b/.test(what) ? `The ${what} nearest to ${place.name}` : `The nearest ${what} to ${place.name}`;

function closedAnswer(ranked: KnownTruck[], intent: Extract<Intent, { kind: 'nearest' }>, context: AnswerContext, none: string): Answer | undefined {
  const closed = ranked.filter((t) => !t.isOpen && !t.listing);
  const first = closed[0];
  if (!first) return undefined;
  const what = labelOf(first, intent.food, context);
  const where = whereFrom(first, context, intent.place);
  const lead = intent.place
    ? `${nearestTo(what, intent.place)} is ${first.name}, closed now, ${where}.`
    : context.position
      ? `The nearest ${what} is ${first.name}, closed now, ${where}.`
      : `${first.name} is closed now, ${where}.`;
  const ids = closed.map((t) => t.id);
  return answer(`${none} ${lead} ${truckSchedule(first, 'next', context).text}`, ids, { truckIds: ids, index: 0 });
}

/**
 * " Taco Libre has Churros on its menu, but not right now.": a dish asked for that only a menu's
 * unavailable (or sold-out) items are, said so rather than hidden behind "no truck serves it".
 */
function notOnSaleNow(food: FoodAsk | undefined, context: AnswerContext): string {
  if (!food || food.itemIds.length === 0) return '';
  const asked = new Set(food.itemIds);
  const menus = rank([...context.trucks.values()], context).map((truck) => ({ truck, menu: (context.itemsByTruck.get(truck.id) ?? []).filter((i) => asked.has(i.id)) }));
  if (menus.some(({ menu }) => menu.some((i) => i.available))) return '';
  const off = menus.find(({ menu }) => menu.length > 0);
  return off ? ` ${off.truck.name} has ${off.menu[0]!.name} on its menu, but not right now.` : '';
}

/**
 * "Need a coffee" with no coffee truck open: the answer about the coffee trucks, then the open trucks
 * (nearest first) with a coffee drink on the menu, each with the drink and its price, recommended
 * after them. The answer as it was when the food is not such a drink or no open truck has one.
 */
function withDrinks(food: FoodAsk | undefined, context: AnswerContext, reply: Answer): Answer {
  const drink = food && food.itemIds.length === 0 ? food.cuisines.map((c) => DRINKS_OF_CUISINE[c]).find(Boolean) : undefined;
  if (!drink) return reply;
  const sellers = rank([...context.trucks.values()].filter((t) => t.isOpen), context).flatMap((truck) => {
    const item = (context.itemsByTruck.get(truck.id) ?? []).find((i) => i.available && drink.test(`${i.name} ${i.description ?? ''}`));
    return item ? [{ truck, item }] : [];
  });
  if (sellers.length === 0) return reply;
  const parts = sellers.slice(0, MAX_RECOMMENDED).map(({ truck, item }) => {
    const distance = distanceOf(truck, context);
    return `${truck.name} (${item.name}, ${dollars(item.priceCents)})${distance === undefined ? '' : `, ${miles(distance)}`}`;
  });
  const ids = [...new Set([...reply.truckIds, ...sellers.map((s) => s.truck.id)])];
  const text = `${reply.text} Open now with ${foodSaid(food!.words)} on the menu: ${list(parts)}.`;
  return answer(text, ids, { ...reply.state, truckIds: ids });
}

function answerNearest(intent: Extract<Intent, { kind: 'nearest' }>, base: AnswerContext): Answer {
  const context = fromPlace(base, intent.place);
  let candidates = [...context.trucks.values()].filter((t) => t.latitude !== null && t.longitude !== null);
  if (intent.food) {
    const ids = sellersOf(intent.food, context);
    candidates = candidates.filter((t) => ids.has(t.id));
  }
  const near = intent.place ? ` near ${intent.place.name}` : '';
  const ranked = rankForFood(candidates, intent.food, context);
  const open = ranked.filter((t) => t.isOpen);
  const first = open[0];
  if (!first) {
    const none = `There is no open ${label(intent.food, context)}${near} right now.${notOnSaleNow(intent.food, context)}`;
    return withDrinks(
      intent.food,
      context,
      listingsAnswer(candidates, context, none, intent.place) ?? closedAnswer(ranked, intent, context, none) ?? answer(none, [], { truckIds: [], index: 0 }),
    );
  }
  const what = labelOf(first, intent.food, context);
  const lead = intent.place
    ? `${nearestTo(`open ${what}`, intent.place)} is`
    : context.position
      ? `The nearest open ${what} is`
      : `An open ${what} is`;
  const hint = context.position ? '' : ' Share your location to find the nearest one.';
  // A truck of the cuisine came first: a nearer one that only has a dish of it is said too.
  const distance = (t: KnownTruck) => distanceOf(t, context) ?? Number.POSITIVE_INFINITY;
  const nearer = ofCuisine(first, intent.food)
    ? open.find((t) => !ofCuisine(t, intent.food) && distance(t) < distance(first))
    : undefined;
  const also = nearer && intent.food ? ` ${nearer.name}, ${miles(distance(nearer))}${intent.place ? ` from ${intent.place.name}` : ' away'}, also serves ${foodSaid(intent.food.words)}.` : '';
  // "What trucks are at Republic Square": the nearest open truck is not there, so who is next.
  const { place } = intent;
  const next = place && !intent.food && distance(first) > AT_PLACE_MILES ? stopsAt(place, 'next', context).there[0] : undefined;
  const later =
    place && next
      ? ` ${next.truck.name} will be ${placeName(next.o.stop.address) === place.name ? 'at' : 'near'} ${place.name} ${spokenDay(next.o, next.zone, context.now)} ${hoursOf(next.o)}.`
      : '';
  const ids = open.map((t) => t.id);
  return answer(`${lead} ${first.name}, ${whereFrom(first, context, intent.place)}.${also}${later}${hint}`, ids, { truckIds: ids, index: 0 });
}

function answerOpen(intent: Extract<Intent, { kind: 'open-now' }>, base: AnswerContext): Answer {
  const context = fromPlace(base, intent.place);
  let candidates = [...context.trucks.values()];
  if (intent.food) {
    const ids = sellersOf(intent.food, context);
    candidates = candidates.filter((t) => ids.has(t.id));
  }
  const reach = intent.withinMiles === undefined ? '' : ` within ${miles(intent.withinMiles)}`;
  const near = intent.place ? `${reach} ${reach ? 'of' : 'near'} ${intent.place.name}` : reach;
  if (intent.after !== undefined) return answerOpenAfter(intent.after, intent.food, candidates, context, near);
  if (intent.later) return answerLaterToday(intent.food, candidates, context, near);
  if (intent.at !== undefined) return answerOpenAt(intent.at, intent.food, candidates, context, near);
  if (intent.inMinutes !== undefined) return answerOpenIn(intent.inMinutes, intent.food, candidates, context, near);
  if (intent.latest) return answerOpenLatest(intent.food, candidates, context, near);
  const open = rank(candidates.filter((t) => t.isOpen), context);
  const none = { truckIds: [], index: 0 };
  if (open.length === 0) {
    const text = intent.food || near ? `No ${label(intent.food, context)} is open${near} right now.` : 'No food trucks are open right now.';
    return withDrinks(
      intent.food,
      context,
      (intent.food ? listingsAnswer(candidates, context, text, intent.place) : undefined) ?? answer(`${text}${soonestOut(candidates, context)}`, [], none),
    );
  }
  const names = open.slice(0, MAX_RECOMMENDED).map((t) => {
    const distance = distanceOf(t, context);
    return distance === undefined ? t.name : `${t.name}, ${miles(distance)}`;
  });
  const ids = open.map((t) => t.id);
  if (!intent.food && !near) {
    const count = open.length === 1 ? 'One truck is' : `${open.length} trucks are`;
    const lead = open.length > MAX_RECOMMENDED ? (context.position ? ' The nearest are' : ' Among them') : '';
    return answer(`${count} open now.${lead ? `${lead}:` : ''} ${list(names)}.`, ids, { truckIds: ids, index: 0 });
  }
  const count = open.length === 1 ? `One ${label(intent.food, context)} is` : `${open.length} ${label(intent.food, context, true)} are`;
  const lead = open.length > MAX_RECOMMENDED ? (context.position ? ' The nearest are' : ' Among them') : '';
  return answer(`${count} open${near} now${lead ? `.${lead}:` : ':'} ${list(names)}.`, ids, { truckIds: ids, index: 0 });
}

/**
 * Whether `truck` is within `limit` miles of the diner (or the place they named), as its distance
 * is said: a truck "1 mile away" (1.04) is within a mile, one "1.1 miles away" is not.
 */
const withinReach = (truck: KnownTruck, limit: number, context: AnswerContext) =>
  Math.round((distanceOf(truck, context) ?? Number.POSITIVE_INFINITY) * 10) / 10 <= limit;

/** The trucks within `limit` miles of the diner or of `place`, as `withinReach` reads it. */
function within(limit: number, context: AnswerContext, place: PlaceAsk | undefined): AnswerContext {
  const from = fromPlace(context, place);
  return { ...context, trucks: new Map([...context.trucks].filter(([, t]) => withinReach(t, limit, from))) };
}

/**
 * "Something open within a mile" with none open that near: said so, with the nearest open one
 * beyond and how far it is. Undefined when one is that near, or with no position to measure from.
 */
function noneWithin(limit: number, intent: Extract<Intent, { kind: 'nearest' | 'open-now' }>, base: AnswerContext): Answer | undefined {
  const context = fromPlace(base, intent.place);
  if (!context.position) return undefined;
  const sellers = intent.food ? sellersOf(intent.food, context) : undefined;
  const open = rank([...context.trucks.values()].filter((t) => t.isOpen && (!sellers || sellers.has(t.id))), context);
  if (open.some((t) => withinReach(t, limit, context))) return undefined;
  const from = intent.place ? ` of ${intent.place.name}` : ' of you';
  const none = `No ${label(intent.food, context)} is open within ${miles(limit)}${from} right now.`;
  const [nearest] = open;
  if (!nearest) return answer(none, [], { truckIds: [], index: 0 });
  return answer(`${none} The nearest open one is ${nearest.name}, ${whereFrom(nearest, context, intent.place)}.`, [nearest.id], { truckIds: [nearest.id], index: 0 });
}

/**
 * Nothing scheduled at the time asked: said, with the trucks open now (which give no hours to go
 * by, so are never said to be out then), and those recommended.
 */
function withOpenNow(none: string, candidates: readonly KnownTruck[], context: AnswerContext): Answer {
  const openNow = rank(candidates.filter((c) => c.isOpen), context);
  const ids = openNow.map((c) => c.id);
  return answer(`${none}${openNow.length > 0 ? ` Open now: ${openNames(openNow)}.` : ''}`, ids, { truckIds: ids, index: 0 });
}

/** The first few trucks by name, "A, B and C, and 2 more": the open-now line beside a time's answer. */
const openNames = (trucks: readonly KnownTruck[]) =>
  `${list(trucks.slice(0, MAX_RECOMMENDED).map((t) => t.name))}${trucks.length > MAX_RECOMMENDED ? `, and ${trucks.length - MAX_RECOMMENDED} more` : ''}`;

/**
 * "Which trucks are open after 8 PM": the stops scheduled today (each truck's own time zone) that
 * end after that local time. A truck open now without a stop has no hours to go by: it is not
 * counted, never guessed.
 */
function answerOpenAfter(after: number, food: FoodAsk | undefined, candidates: KnownTruck[], context: AnswerContext, near: string): Answer {
  const at = spokenTime(after);
  const late = rank(candidates, context).flatMap((truck) => {
    const schedule = context.schedules.get(truck.id);
    const stop = occurrencesFor(schedule, 'today', context.now).find((o) => o.stop.endMinute > after);
    return stop ? [{ truck, stop }] : [];
  });
  // A truck open now without a stop has no hours to go by; it is said as open now, not as later.
  if (late.length === 0) return withOpenNow(`No ${label(food, context)}${near} is scheduled to be open after ${at} today.`, candidates, context);
  const parts = late
    .slice(0, MAX_RECOMMENDED)
    .map(({ truck, stop }) => `${truck.name} until ${spokenTime(stop.stop.endMinute)} at ${stop.stop.address}`);
  const count = late.length === 1 ? `One ${label(food, context)} is` : `${late.length} ${label(food, context, true)} are`;
  const ids = late.map((l) => l.truck.id);
  return answer(`${count} scheduled to be open${near} after ${at} today: ${list(parts)}.`, ids, { truckIds: ids, index: 0 });
}

/**
 * "Where can I eat at noon", "what's open at 1 PM": the stops scheduled today (each truck's own
 * zone) under way at that local time, the nearest first. A truck open now without a stop has no
 * hours to go by: it is not counted, never guessed.
 */
function answerOpenAt(at: number, food: FoodAsk | undefined, candidates: KnownTruck[], context: AnswerContext, near: string): Answer {
  const then = rank(candidates, context).flatMap((truck): TruckStop[] => {
    const o = occurrencesFor(context.schedules.get(truck.id), 'today', context.now).find((s) => s.stop.startMinute <= at && s.stop.endMinute > at);
    return o ? [{ truck, o }] : [];
  });
  const when = `at ${spokenTime(at)} today`;
  if (then.length === 0) return withOpenNow(`No ${label(food, context)}${near} is scheduled to be out ${when}.`, candidates, context);
  const { said, ids } = stopsSaid(then);
  return answer(`${capitalized(when)}${near}: ${said}.`, ids, { truckIds: ids, index: 0 });
}

/** "an hour", "half an hour", "2 hours", "20 minutes". */
const aheadSaid = (minutes: number) =>
  minutes === 30 ? 'half an hour' : minutes === 60 ? 'an hour' : minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;

/**
 * "What's open in an hour", "anything open in 30 minutes": the stops under way then (each truck's
 * own zone), the nearest first. A truck open now without a stop has no hours to go by: it is said
 * as open now, never guessed to be open then.
 */
function answerOpenIn(minutes: number, food: FoodAsk | undefined, candidates: KnownTruck[], context: AnswerContext, near: string): Answer {
  const t = context.now.getTime() + minutes * 60_000;
  const then = rank(candidates, context).flatMap((truck): TruckStop[] => {
    const schedule = context.schedules.get(truck.id);
    const o = schedule ? upcomingOf(schedule, context.now).find((s) => s.start.toMillis() <= t && s.end.toMillis() > t) : undefined;
    return o ? [{ truck, o }] : [];
  });
  const zone = then[0]?.o.start.zoneName ?? [...context.schedules.values()][0]?.zone;
  const local = zone ? DateTime.fromMillis(t, { zone }) : undefined;
  const clock = local ? `, at ${spokenTime(local.hour * 60 + local.minute)}` : '';
  const when = `in ${aheadSaid(minutes)}${clock}`;
  if (then.length === 0) return withOpenNow(`No ${label(food, context)}${near} is scheduled to be out ${when}.`, candidates, context);
  const { said, ids } = stopsSaid(then);
  return answer(`${capitalized(when)}${near}: ${said}.`, ids, { truckIds: ids, index: 0 });
}

/**
 * "Which one is open latest", "who closes last": today's stops not over yet (each truck's own zone),
 * the last to end first. A truck open now without a stop has no closing time to go by: it is said
 * as open now, never guessed.
 */
function answerOpenLatest(food: FoodAsk | undefined, candidates: KnownTruck[], context: AnswerContext, near: string): Answer {
  const today = rank(candidates, context)
    .flatMap((truck): TruckStop[] => {
      const found = occurrencesFor(context.schedules.get(truck.id), 'today', context.now);
      const o = found.sort((a, b) => b.end.toMillis() - a.end.toMillis())[0];
      return o ? [{ truck, o }] : [];
    })
    .sort((a, b) => b.o.end.toMillis() - a.o.end.toMillis());
  const openNow = rank(candidates.filter((c) => c.isOpen && !today.some((s) => s.truck.id === c.id)), context);
  const also = openNow.length > 0 ? ` Open now without hours given: ${openNames(openNow)}.` : '';
  if (today.length === 0) {
    const ids = openNow.map((c) => c.id);
    return answer(`No ${label(food, context)}${near} has a stop for the rest of today.${also}`, ids, { truckIds: ids, index: 0 });
  }
  const shown = today.slice(0, MAX_RECOMMENDED).map(({ truck, o }) => `${truck.name} until ${spokenTime(o.stop.endMinute)} at ${o.stop.address}`);
  const ids = [...today.map((s) => s.truck.id), ...openNow.map((c) => c.id)];
  return answer(`Open latest today${near}: ${list(shown)}.${also}`, ids, { truckIds: ids, index: 0 });
}

/**
 * "What's open later today": the stops still to start today (each truck's own time zone), the
 * soonest first. A truck open now is not "later": "what's open now" answers that.
 */
function answerLaterToday(food: FoodAsk | undefined, candidates: KnownTruck[], context: AnswerContext, near: string): Answer {
  const now = context.now.getTime();
  const later = rank(candidates, context)
    .flatMap((truck): TruckStop[] => {
      const o = occurrencesFor(context.schedules.get(truck.id), 'today', context.now).find((s) => s.start.toMillis() > now);
      return o ? [{ truck, o }] : [];
    })
    .sort((a, b) => a.o.start.toMillis() - b.o.start.toMillis());
  if (later.length === 0) return answer(`No ${label(food, context)}${near} has a stop later today.`, [], { truckIds: [], index: 0 });
  const { said, ids } = stopsSaid(later);
  return answer(`Later today${near}: ${said}.`, ids, { truckIds: ids, index: 0 });
}

/**
 * " Masala Wheels is next out on Wednesday from 11:30 AM to 2 PM at …": the first of the trucks
 * to be out next, or nothing when none has a stop ahead. Said after "none is open now", which
 * recommends nothing: the question was about open trucks.
 */
function soonestOut(trucks: readonly KnownTruck[], context: AnswerContext): string {
  const next = trucks
    .flatMap((truck) => {
      const schedule = context.schedules.get(truck.id);
      const o = occurrencesFor(schedule, 'next', context.now)[0];
      return o && schedule ? [{ truck, o, zone: schedule.zone }] : [];
    })
    .sort((a, b) => a.o.start.toMillis() - b.o.start.toMillis())[0];
  if (!next) return '';
  const { truck, o, zone } = next;
  if (o.start.toMillis() <= context.now.getTime()) return ` ${truck.name} is usually at ${o.stop.address} until ${spokenTime(o.stop.endMinute)}, but has not opened yet.`;
  return ` ${truck.name} is next out ${spokenDay(o, zone, context.now)} ${hoursOf(o)} at ${o.stop.address}.`;
}

/**
 * " Central Texas brisket smoked 14 hours over post oak. On the menu: Sliced Brisket Plate $18.50,
 * … Rated 4.6 out of 5 …": what "tell me about X" adds to where it is — its own words, its first
 * dishes and its rating.
 */
function aboutTruck(truck: KnownTruck, context: AnswerContext): string {
  const description = truck.description?.trim();
  const said = description ? ` ${/[.!?]$/.test(description) ? description : `${description}.`}` : '';
  const menu = (context.itemsByTruck.get(truck.id) ?? []).filter((i) => i.available);
  const dishes = menu.length > 0 ? ` On the menu: ${list(menu.slice(0, MAX_RECOMMENDED).map((i) => `${i.name} ${dollars(i.priceCents)}`))}${menu.length > MAX_RECOMMENDED ? `, and ${menu.length - MAX_RECOMMENDED} more` : ''}.` : '';
  const rated = truck.rating ? ` It is ${describeRating(truck.rating, { inSentence: true })}.` : '';
  return `${said}${dishes}${rated}`;
}

/** " Its next stop is … tomorrow from 11 AM to 2 PM.", or nothing when it has none. */
function nextStopOf(truck: KnownTruck, context: AnswerContext): string {
  const schedule = context.schedules.get(truck.id);
  const next = occurrencesFor(schedule, 'next', context.now)[0];
  return next ? ` Its next stop is ${next.stop.address} ${spokenDay(next, schedule?.zone ?? 'UTC', context.now)} ${hoursOf(next)}.` : '';
}

/**
 * "How far is Burger Bus", "directions to Smokestack": where the truck is and how far, open or not
 * (a closed truck's place is where it was last), and its next stop when it is closed.
 */
function answerWhere(truck: KnownTruck, context: AnswerContext, { howFar = false } = {}): Answer {
  const state = { truckIds: [truck.id], index: 0 };
  // Asked how far, without a position to measure from: say how they can learn it.
  const share = howFar && distanceOf(truck, context) === undefined ? ` ${shareToMeasure(truck)}` : '';
  if (truck.isOpen) return answer(`${truck.name} is open now, ${whereAbouts(truck, context)}.${share}`, [truck.id], state);
  return answer(
    `${truck.name} is closed right now, ${whereAbouts(truck, context)}.${nextStopOf(truck, context)}${share}`,
    [truck.id],
    state,
  );
}

/** "Which is closer, Taco Libre or Smokestack": the nearer of the two first, each with its distance. */
function answerCloser(truckIds: readonly number[], context: AnswerContext): Answer {
  const away = (t: KnownTruck) => distanceOf(t, context) ?? Number.POSITIVE_INFINITY;
  const [near, far] = truckIds.flatMap((id) => context.trucks.get(id) ?? []).sort((a, b) => away(a) - away(b));
  if (!near || !far) return aboutNamedTruck(truckIds, context, (truck) => answerWhere(truck, context, { howFar: true }));
  // Both, the nearer first: "how late" is about it, "the other one" about the farther.
  const state = { truckIds: [near.id, far.id], index: 0, closer: near.id };
  const [nearMiles, farMiles] = [distanceOf(near, context), distanceOf(far, context)];
  if (nearMiles === undefined || farMiles === undefined) {
    return answer(`Share your location and I can tell you which of ${near.name} and ${far.name} is closer.`, [near.id, far.id], state);
  }
  const status = (t: KnownTruck) => (t.isOpen ? 'open now' : 'closed right now');
  return answer(
    `${near.name} is closer: ${whereAbouts(near, context)}, ${status(near)}. ${far.name} is ${miles(farMiles)} away, ${status(far)}.`,
    [near.id, far.id],
    state,
  );
}

/** A truck's dishes on sale (not drinks, unless drinks are all it sells), cheapest first; undefined for none. */
function pricedMenu(truck: KnownTruck, context: AnswerContext) {
  const dishes = labelledOffer((context.itemsByTruck.get(truck.id) ?? []).filter((i) => i.available)).sort((a, b) => a.priceCents - b.priceCents);
  if (dishes.length === 0) return undefined;
  const prices = dishes.map((i) => i.priceCents);
  return { truck, dishes, prices, middle: prices[Math.floor((prices.length - 1) / 2)]! };
}
type PricedMenu = NonNullable<ReturnType<typeof pricedMenu>>;

/** "$3.75 to $5.00", or one price when all cost the same. */
const priceRange = ({ prices }: PricedMenu) =>
  prices[0] === prices.at(-1) ? dollars(prices[0]!) : `${dollars(prices[0]!)} to ${dollars(prices.at(-1)!)}`;

/** The cheaper of two priced menus at the middle of each, and whether they cost about the same. */
function byPrice(menus: PricedMenu[]): { low?: PricedMenu; high?: PricedMenu; same: boolean } {
  const [low, high] = [...menus].sort((a, b) => a.middle - b.middle);
  return { low, high, same: low !== undefined && high !== undefined && low.middle === high.middle };
}

/**
 * "What's cheaper, Taco Libre or Seoul Food Wagon": the truck whose dishes (not drinks, unless drinks
 * are all it sells) cost less at the middle of its menu first, each with its range of prices.
 */
function answerCheaper(truckIds: readonly number[], context: AnswerContext): Answer {
  const { low, high, same } = byPrice(truckIds.flatMap((id) => pricedMenus(context.trucks.get(id), context)));
  if (!low || !high) return aboutNamedTruck(truckIds, context, (truck) => menuOf(truck, context));
  const ids = [low.truck.id, high.truck.id];
  const text = same
    ? `${low.truck.name} and ${high.truck.name} cost about the same: dishes ${priceRange(low)} and ${priceRange(high)}.`
    : `${low.truck.name} is cheaper: its dishes are ${priceRange(low)}; ${high.truck.name}'s are ${priceRange(high)}.`;
  return answer(text, ids, { truckIds: ids, index: 0, ...(same ? {} : { cheaper: low.truck.id }) });
}

/** `pricedMenu` as a list of none or one, for flatMap. */
const pricedMenus = (truck: KnownTruck | undefined, context: AnswerContext): PricedMenu[] => {
  const menu = truck && pricedMenu(truck, context);
  return menu ? [menu] : [];
};

/**
 * "Compare Seoul Food Wagon and Taco Libre", "what's the difference between A and B": each as the
 * trucks were named, what it is, whether it is open, where, and its dishes' prices with two of them.
 * "Which is cheaper" and "the closer one" then read the two (refer.ts).
 */
function answerCompare(truckIds: readonly number[], context: AnswerContext): Answer {
  const trucks = truckIds.flatMap((id) => context.trucks.get(id) ?? []);
  if (trucks.length < 2) return aboutNamedTruck(truckIds, context, (truck) => answerWhere(truck, context));
  const menus = trucks.flatMap((truck) => pricedMenus(truck, context));
  const said = trucks.map((truck) => {
    const menu = menus.find((m) => m.truck.id === truck.id);
    const dishes = menu ? `; dishes ${priceRange(menu)}, such as ${list(menu.dishes.slice(-2).map((i) => i.name))}` : '';
    const rated = truck.rating ? ` It is ${describeRating(truck.rating, { inSentence: true })}.` : '';
    return `${truck.name} is ${withArticle(cuisineWord(truck.cuisine))} truck, ${truck.isOpen ? 'open now' : 'closed right now'}, ${whereAbouts(truck, context)}${dishes}.${rated}`;
  });
  const { low, same } = byPrice(menus);
  const away = (t: KnownTruck) => distanceOf(t, context);
  const [a, b] = trucks;
  const closer = a && b && away(a) !== undefined && away(b) !== undefined ? (away(a)! <= away(b)! ? a : b) : undefined;
  const ids = trucks.map((t) => t.id);
  return answer(said.join(' '), ids, {
    truckIds: ids,
    index: 0,
    ...(low && !same ? { cheaper: low.truck.id } : {}),
    ...(closer ? { closer: closer.id } : {}),
  });
}

const shareToMeasure = (truck: KnownTruck) => `Share your location and I can tell you how far ${truck.name} is.`;

/** How far the best-rated trucks are looked for around the diner, or the place they named. */
const BEST_NEAR_MILES = 10;

/**
 * "What's the best truck around here": the open trucks nearby (of the food asked for) with the best
 * customers' rating, more ratings first among equals. With none rated, the nearest open one, said so.
 */
function answerBest(intent: Extract<Intent, { kind: 'best' }>, base: AnswerContext): Answer {
  const context = fromPlace(base, intent.place);
  const sellers = intent.food ? sellersOf(intent.food, context) : undefined;
  const near = (t: KnownTruck) => (distanceOf(t, context) ?? 0) <= BEST_NEAR_MILES;
  const rated = [...context.trucks.values()]
    .filter((t) => t.isOpen && t.rating && near(t) && (!sellers || sellers.has(t.id)))
    .sort(
      (a, b) =>
        b.rating!.average - a.rating!.average ||
        b.rating!.count - a.rating!.count ||
        (distanceOf(a, context) ?? 0) - (distanceOf(b, context) ?? 0),
    );
  const [best, ...others] = rated;
  const around = intent.place ? ` near ${intent.place.name}` : context.position ? ' near you' : '';
  if (!best) {
    // None rated: the nearest open one, said so. None open: said so, recommending nothing (a closed
    // truck is no one's best right now).
    const unrated = `No open ${label(intent.food, context, true)}${around} have ratings yet.`;
    const open = [...context.trucks.values()].some((t) => t.isOpen && (!sellers || sellers.has(t.id)));
    if (!open) return answer(`There is no open ${label(intent.food, context)}${around} right now.`, [], { truckIds: [], index: 0 });
    const nearest = answerNearest({ kind: 'nearest', food: intent.food, place: intent.place }, base);
    return { ...nearest, text: `${unrated} ${nearest.text}` };
  }
  const also = others.slice(0, MAX_RECOMMENDED - 1).map((t) => `${t.name}, ${t.rating!.average.toFixed(1)}`);
  const ids = rated.map((t) => t.id);
  return answer(
    `The best-rated open ${labelOf(best, intent.food, context)}${around} is ${best.name}: ${describeRating(best.rating, { inSentence: true })}, ${whereFrom(best, context, intent.place)}.${also.length ? ` Also well rated: ${list(also)}.` : ''}`,
    ids,
    { truckIds: ids, index: 0 },
  );
}

/** How many of the nearest open trucks "which truck has the shortest wait" reads the order panel of. */
export const QUICKEST_ASKED = 10;

/**
 * The trucks whose order panel a question reads (voice.service.ts, orders.service.ts `orderingNow`):
 * the named ones ("can I order ahead at Taco Libre"), or the nearest open trucks that fit "which
 * truck has the shortest wait". Unclaimed listings take no orders.
 */
export function orderingAsked(intent: Intent, base: AnswerContext): number[] {
  if (intent.kind === 'order-ahead') return intent.truckIds;
  if (intent.kind !== 'quickest') return [];
  const context = fromPlace(base, intent.place);
  const sellers = intent.food ? sellersOf(intent.food, context) : undefined;
  const open = [...context.trucks.values()].filter((t) => t.isOpen && !t.listing && (!sellers || sellers.has(t.id)));
  return rank(open, context)
    .slice(0, QUICKEST_ASKED)
    .map((t) => t.id);
}

/** "an order placed now is ready in about 10 minutes", as the truck's order panel says it. */
const minutesSaid = (minutes: number) => `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
const NO_DELIVERY = `Trucks don't deliver through ${PRODUCT_NAME}, but you can order ahead and pick up.`;
/** What no truck states, said so, with what they do state instead (for "weather", the example asked). */
const seatingInstead = (what: string) =>
  `Trucks don't say ${what}. They do say whether they have seating, shade or a restroom nearby: ask, for example, which trucks have seating?`;
const NOT_STATED_ANSWERS: Record<NotStated, (context: AnswerContext) => string> = {
  kids: () => seatingInstead("whether they're good for kids"),
  wifi: () => seatingInstead('whether they have wifi'),
  parking: () => seatingInstead("whether there's parking nearby"),
  weather: (context) => `I can't tell you the weather. I can tell you which trucks are out and when: ask, for example, ${exampleFor('open', context)}?`,
  calories: () =>
    "Trucks don't list calories or nutrition facts. They do label dishes vegetarian, vegan or gluten-free, and their allergens: ask, for example, which trucks have vegan food?",
  reservations: () => "Food trucks don't take reservations. Many take orders ahead for pickup: ask, for example, who takes orders ahead near me?",
};
const readyIn = (minutes: number) => `an order placed now is ready in about ${minutesSaid(minutes)}`;

/**
 * "Which truck has the shortest wait", "who takes online orders near me": the open trucks nearby
 * that take orders ahead now, by the wait their order panels give (shortest first, then nearest).
 * None taking orders: said so, with the nearest open trucks recommended instead.
 */
function answerQuickest(intent: Extract<Intent, { kind: 'quickest' }>, base: AnswerContext): Answer {
  const context = fromPlace(base, intent.place);
  const asked = orderingAsked(intent, base).flatMap((id) => context.trucks.get(id) ?? []);
  const near = intent.place ? ` near ${intent.place.name}` : '';
  const [nearestOpen] = asked;
  if (!nearestOpen) return answer(`No ${label(intent.food, context)} is open${near} right now.`, [], { truckIds: [], index: 0 });
  const taking = asked
    .flatMap((truck) => {
      const gate = context.ordering?.get(truck.id);
      return gate && gate.refusal === null ? [{ truck, wait: gate.estimatedWaitMinutes }] : [];
    })
    // Stable: of equal waits, the nearer first (orderingAsked's order).
    .sort((a, b) => a.wait - b.wait);
  const [first, ...others] = taking;
  if (!first) {
    const ids = asked.map((t) => t.id);
    return answer(
      `None of the open ${label(intent.food, context, true)}${near} take orders ahead right now. The nearest open one is ${nearestOpen.name}, ${whereFrom(nearestOpen, context, intent.place)}.`,
      ids,
      { truckIds: ids, index: 0 },
    );
  }
  const ids = taking.map((t) => t.truck.id);
  const where = whereFrom(first.truck, context, intent.place);
  const also = (rest: typeof taking, room: number) => {
    const named = rest.slice(0, room).map(({ truck, wait }) => `${truck.name}, about ${minutesSaid(wait)}`);
    return named.length ? ` Also taking orders: ${list(named)}.` : '';
  };
  const state = { truckIds: ids, index: 0 };
  if (others.length === 0) {
    const text = `Of the open ${label(intent.food, context, true)}${near}, only ${first.truck.name} takes orders ahead: ${readyIn(first.wait)}. It is ${where}.`;
    return answer(text, ids, state);
  }
  const tied = taking.filter((t) => t.wait === first.wait);
  if (tied.length === 1) {
    return answer(`${first.truck.name} has the shortest wait: ${readyIn(first.wait)}. It is ${where}.${also(others, MAX_RECOMMENDED - 1)}`, ids, state);
  }
  // The same wait at several (an operator's default prep time): none is quicker, so none is said to be.
  const names = tied.slice(0, MAX_RECOMMENDED).map((t) => t.truck.name);
  if (tied.length > MAX_RECOMMENDED) names.push(`${tied.length - MAX_RECOMMENDED} more`);
  const nearest = context.position ? ` The nearest is ${first.truck.name}, ${where}.` : '';
  const text = `${list(names)} take orders ahead on their pages: at each, ${readyIn(first.wait)}.${nearest}${also(taking.slice(tied.length), MAX_RECOMMENDED - tied.length)}`;
  return answer(text, ids, state);
}

/** "How late is Smokestack open": today's hours from its schedule, in its own zone; never guessed. */
function answerHours(truck: KnownTruck, context: AnswerContext): Answer {
  const schedule = context.schedules.get(truck.id);
  const zone = schedule?.zone ?? 'UTC';
  const state = { truckIds: [truck.id], index: 0 };
  const today = occurrencesFor(schedule, 'today', context.now);
  const [first] = today;
  const nextStop = nextStopOf(truck, context);
  const underWay = first !== undefined && first.start.toMillis() <= context.now.getTime();
  if (underWay && truck.isOpen && truckStatus(truck, [statusStop(first)], context.now).kind === 'open-at-stop') {
    const later = today.slice(1).map((o) => `, then at ${o.stop.address} ${hoursOf(o)}`).join('');
    return answer(`${truck.name} is open until ${spokenTime(first.stop.endMinute)} today, at ${first.stop.address}${later}.`, [truck.id], state);
  }
  // Open away from the stop under way (the live state first, as the cards say it): its hours are
  // not that stop's.
  if (underWay && truck.isOpen) {
    return answer(`${truck.name} is open now, ${whereAbouts(truck, context)}, but has not posted when it closes. It is scheduled at ${first.stop.address} until ${spokenTime(first.stop.endMinute)}.`, [truck.id], state);
  }
  // Open now, ahead of its first stop today: that it is open comes first, then the stop (a diner
  // asking "when does it close" was told only where it will be at 6 PM).
  const openAhead = first && truck.isOpen && first.start.toMillis() > context.now.getTime();
  if (openAhead) {
    return answer(`${truck.name} is open now, but has not posted when it closes. ${stopsSentence(truck, today, zone, context, 'It')}`, [truck.id], state);
  }
  if (first) return answer(stopsSentence(truck, today, zone, context), [truck.id], state);
  if (truck.isOpen) return answer(`${truck.name} is open now, but has not posted its hours for today.${nextStop}`, [truck.id], state);
  return answer(`${truck.name} is closed right now and has no hours posted for today.${nextStop}`, [truck.id], state);
}

/** How far a diner asking for something cheap near them will go for it. */
const CHEAP_NEAR_MILES = 5;
const nearEnough = (truck: KnownTruck, context: AnswerContext) => (distanceOf(truck, context) ?? Infinity) <= CHEAP_NEAR_MILES;

/** The dishes a food question asks for at `truck`: those it names, those of a diet it names, or (a kind of food) all the truck's own. */
function fitsFood(food: FoodAsk | undefined, truck: KnownTruck, item: KnownItem): boolean {
  if (!food) return true;
  if (food.itemIds.includes(item.id)) return true;
  if (((food.diets ?? []) as Diet[]).some((d) => itemHasDiet(labelsOf(item), d))) return true;
  if (food.itemIds.length > 0) return false;
  // "Something sweet", "dessert": the Desserts trucks, and every menu's Desserts course.
  return food.cuisines.includes(truck.cuisine) || food.truckIds.includes(truck.id) || (item.category != null && food.cuisines.includes(item.category));
}

/** How a menu category is said in answers. */
const COURSE_SAID: Record<MenuCategory, string> = {
  Appetizers: 'appetizers',
  'Main Dishes': 'main dishes',
  Sides: 'sides',
  Desserts: 'desserts',
  Beverages: 'drinks',
  Specials: 'specials',
};

/**
 * Dishes by price and course: "anything under 10 bucks", "tacos for less than five dollars", "what
 * drinks does Smokestack have", "which trucks have drinks". Available dishes that fit, cheapest
 * first. At a named truck, its own; else at open trucks, the nearest first (within
 * CHEAP_NEAR_MILES when any are), up to three dishes each. None: says so, with the cheapest that
 * fits otherwise when it was the price that ruled them out.
 */
function answerDishes(intent: Extract<Intent, { kind: 'dishes' }>, base: AnswerContext): Answer {
  const context = fromPlace(base, intent.place);
  const { food, cents, category } = intent;
  // "Something spicy for $10 or less", but "spicy drinks" (the course names the dish).
  const what = [food ? (category ? written(food.words) : foodSaid(food.words)) : '', category ? COURSE_SAID[category] : ''].filter(Boolean).join(' ');
  const forPrice = cents === undefined ? '' : ` for ${dollars(cents)} or less`;
  const label = capitalized(`${what}${forPrice}`.trim() || 'the cheapest dishes');
  const byPrice = (a: KnownItem, b: KnownItem) => a.priceCents - b.priceCents || a.name.localeCompare(b.name);
  // What fits but the price: the cheapest of it is the answer's "instead".
  const fits = (truck: KnownTruck, item: KnownItem) => fitsFood(food, truck, item) && (!category || item.category === category);
  const menu = (truck: KnownTruck) =>
    (context.itemsByTruck.get(truck.id) ?? []).filter((item) => item.available && fits(truck, item)).sort(byPrice);
  const affordable = (items: KnownItem[]) => items.filter((item) => cents === undefined || item.priceCents <= cents);
  const dishes = (items: KnownItem[]) => {
    const shown = items.slice(0, MAX_RECOMMENDED).map((item) => `${item.name} ${dollars(item.priceCents)}`);
    return list(items.length > shown.length ? [...shown, `${items.length - shown.length} more`] : shown);
  };
  if (intent.truckIds) {
    return aboutNamedTruck(intent.truckIds, context, (truck) => {
      const fitting = menu(truck);
      const found = affordable(fitting);
      const state = { truckIds: [truck.id], index: 0 };
      if (found.length > 0) return answer(`${label} at ${truck.name}: ${dishes(found)}.`, [truck.id], state);
      const cheapest = fitting[0];
      const instead = cheapest ? ` The cheapest is ${cheapest.name}, ${dollars(cheapest.priceCents)}.` : '';
      // Listed but sold out today: said, so "none" is not read as "never".
      const out = fitting.length ? [] : (context.itemsByTruck.get(truck.id) ?? []).filter((item) => !item.available && fits(truck, item));
      const soldOut = out.length ? ` ${list(out.map((item) => item.name))} ${out.length === 1 ? 'is' : 'are'} not available today.` : '';
      const none = `${truck.name} has ${food && !category ? foodSaid(food.words, 'nothing') : `no ${what || 'dishes'}`}${forPrice}${out.length ? ' available right now' : forPrice ? ' right now' : ' on its menu'}.`;
      return answer(`${none}${instead}${soldOut}`, [truck.id], state);
    });
  }
  let open = rank([...context.trucks.values()].filter((t) => t.isOpen), context)
    .map((truck) => ({ truck, items: menu(truck) }))
    .filter((o) => o.items.length > 0);
  const near = open.filter((o) => nearEnough(o.truck, context));
  if (near.length > 0) open = near;
  const found = open.map((o) => ({ ...o, items: affordable(o.items) })).filter((o) => o.items.length > 0);
  const scope = intent.place ? ` near ${intent.place.name}` : context.position && near.length > 0 ? ' near you' : ' at open trucks';
  if (found.length === 0) {
    const cheapest = open.map((o) => ({ truck: o.truck, item: o.items[0]! })).sort((a, b) => byPrice(a.item, b.item))[0];
    const instead = cheapest ? ` The cheapest is ${cheapest.item.name} at ${cheapest.truck.name}, ${dollars(cheapest.item.priceCents)}.` : '';
    const ids = cheapest ? [cheapest.truck.id] : [];
    const none = what ? `No ${what}${forPrice}` : `Nothing${forPrice}`;
    return answer(`${none}${scope === ' at open trucks' ? ' at an open truck' : scope} right now.${instead}`, ids, { truckIds: ids, index: 0 });
  }
  const parts = found.slice(0, MAX_RECOMMENDED).map(({ truck, items }) => {
    const distance = distanceOf(truck, context);
    return `${truck.name}${distance === undefined ? '' : `, ${miles(distance)}`}: ${dishes(items)}`;
  });
  const ids = found.map((o) => o.truck.id);
  return answer(`${label}${scope}: ${parts.join('; ')}.`, ids, { truckIds: ids, index: 0 });
}

/** "a Mexican", "an Asian". */
const withArticle = (word: string) => `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;

const capitalized = (text: string) => text.replace(/^./, (c) => c.toUpperCase());

/** Prices from the menus: "how much is the brisket", "what's the cheapest taco near me". */
/** Words of a description that say a dish has heat. */
const SPICE_SAID = /\b(spicy|spice|hot|chile|chiles|chili|chilli|gochujang|jalape\w*|habanero|sriracha|harissa|cayenne|vindaloo)\b/i;

function answerPrice(intent: Extract<Intent, { kind: 'price' }>, context: AnswerContext): Answer {
  const wanted = new Set(intent.food.itemIds);
  // "The cheapest mexican food", "cheap korean food": no dish is named, only a cuisine (by its name
  // or where its food comes from, not the dishes that happen to have that word); every dish of its trucks.
  const onlyOrigin = intent.food.words.split(' ').every((w) => ORIGIN_WORDS.has(w));
  const byCuisine = intent.cheapest && (wanted.size === 0 || onlyOrigin) && intent.food.cuisines.length > 0;
  // "The cheapest dessert": a cuisine that is a course of every menu too ("Desserts") is also that
  // course at any truck (the barbecue truck's banana pudding).
  const course = byCuisine ? intent.food.cuisines.find((c): c is MenuCategory => (MENU_CATEGORIES as readonly string[]).includes(c)) : undefined;
  const ofCuisine = (t: KnownTruck) => intent.food.cuisines.includes(t.cuisine);
  const offers = rank(
    [...context.trucks.values()].filter((t) => !intent.truckIds || intent.truckIds.includes(t.id)),
    context,
  ).flatMap((truck) =>
    (context.itemsByTruck.get(truck.id) ?? [])
      // A cuisine's food is its dishes, not its drinks (a coffee truck's are its coffees).
      .filter((item) =>
        byCuisine
          ? (ofCuisine(truck) && (item.category !== 'Beverages' || truck.cuisine === 'Coffee')) || (course !== undefined && item.category === course)
          : wanted.has(item.id),
      )
      .map((item) => ({ truck, item })),
  );
  const asked = course
    ? written(cuisineWord(course))
    : byCuisine
      ? `dish at ${list(intent.food.cuisines.map((c) => `${withArticle(cuisineWord(c))} truck`))}`
      : describesOnly(intent.food.words)
        ? `${intent.food.words} dish`
        : written(intent.food.words);
  const named = intent.truckIds?.length === 1 ? context.trucks.get(intent.truckIds[0]!)?.name : undefined;
  const noneOfCuisine = () =>
    answer(`No ${list(intent.food.cuisines.map(cuisineWord))} truck is open right now.`, [], { truckIds: [], index: 0 });
  if (offers.length === 0) {
    if (byCuisine) return noneOfCuisine();
    return answer(`I couldn't find ${foodSaid(intent.food.words, 'anything')} on ${named ? `${named}'s menu` : 'any menu'}.`, [], context.state);
  }
  if (intent.cheapest) {
    let open = offers.filter((o) => o.truck.isOpen && o.item.available);
    const near = open.filter((o) => nearEnough(o.truck, context));
    if (near.length > 0) open = near;
    const sorted = [...open].sort(
      (a, b) =>
        a.item.priceCents - b.item.priceCents ||
        (distanceOf(a.truck, context) ?? Infinity) - (distanceOf(b.truck, context) ?? Infinity),
    );
    const best = sorted[0];
    if (!best) {
      if (byCuisine) return noneOfCuisine();
      // It is on a menu, only not to be had now: say where, and when that truck is next out.
      const shut = offers.reduce((a, b) => (b.item.priceCents < a.item.priceCents ? b : a));
      const why = shut.truck.isOpen
        ? `${saidOf(shut.item.name).it} not available right now.`
        : `${shut.truck.name} is closed right now.${nextStopOf(shut.truck, context)}`;
      const ids = [shut.truck.id];
      return answer(
        `${offers.length > 1 ? 'The cheapest is ' : ''}${shut.item.name} at ${shut.truck.name}${offers.length > 1 ? ',' : ` ${saidOf(shut.item.name).costs}`} ${dollars(shut.item.priceCents)}, but ${why}`,
        ids,
        { truckIds: ids, index: 0 },
      );
    }
    const scope = context.position ? (near.length ? ' near you' : '') : ' at an open truck';
    const ids = [...new Set(sorted.map((o) => o.truck.id))];
    return answer(
      `The cheapest ${asked}${scope} is ${best.item.name} at ${best.truck.name}, ${dollars(best.item.priceCents)}, ${whereAbouts(best.truck, context)}.`,
      ids,
      { truckIds: ids, index: 0 },
    );
  }
  // The same dish at several trucks: the open, nearest first; each item said once.
  const shown = [...offers].sort((a, b) => Number(b.item.available) - Number(a.item.available)).slice(0, MAX_RECOMMENDED);
  const sentence = ({ truck, item }: (typeof offers)[number]) => {
    const { costs, it, they } = saidOf(item.name);
    const description = item.description?.trim().replace(/[.!?]$/, '');
    // "What comes on the burger of the week": the truck's own description first, then the price.
    // "Is the butter chicken spicy": said only when its description says so ("spicy mayo", "chile").
    const unsaidHeat = intent.spicy && !SPICE_SAID.test(description ?? '');
    const priced = !intent.describe
      ? `${item.name} at ${truck.name} ${costs} ${dollars(item.priceCents)}`
      : unsaidHeat
        ? `${truck.name} doesn't say ${item.name} ${saidOf(item.name).is} spicy${description ? ` (“${description}”)` : ''}; ${they} ${costs} ${dollars(item.priceCents)}`
        : description
          ? `${item.name} at ${truck.name}: ${description}. ${capitalized(they)} ${costs} ${dollars(item.priceCents)}`
          : `${truck.name} hasn't described its ${item.name}; ${they} ${costs} ${dollars(item.priceCents)}`;
    return item.available ? priced : `${priced}, but ${it} not available right now`;
  };
  const ids = [...new Set(shown.map((o) => o.truck.id))];
  // Several dishes of one truck: its name once ("At Taco Libre: Al Pastor Taco $3.75 and …").
  const [first] = shown;
  if (ids.length === 1 && shown.length > 1 && first) {
    const described = (item: KnownItem) => (intent.describe && item.description ? ` (${item.description.trim().replace(/[.!?]$/, '')})` : '');
    const priced = shown.map(({ item }) => `${item.name}${described(item)} ${dollars(item.priceCents)}${item.available ? '' : ' (not available right now)'}`);
    return answer(`At ${first.truck.name}: ${list(priced)}.`, ids, { truckIds: ids, index: 0 });
  }
  const dish = shown.length === 1 && first ? { dish: first.item.name } : {};
  return answer(`${shown.map(sentence).join('; ')}.`, ids, { truckIds: ids, index: 0, ...dish });
}

/**
 * An example question that fits what was heard, made from the live data (a real truck, dish,
 * cuisine or place), so the re-ask is never the same barbecue example nor about a truck that
 * does not exist. `heard`: the words, or 'find' / 'near' for those re-asks.
 */
export function exampleFor(heard: string, context: AnswerContext): string {
  const trucks = rank([...context.trucks.values()], context);
  const truck = trucks[0];
  const item = trucks.flatMap((t) => (context.itemsByTruck.get(t.id) ?? []).filter((i) => i.available))[0];
  const cuisine = trucks.find((t) => t.isOpen && CUISINE_SPOKEN[t.cuisine]?.length)?.cuisine;
  const place = trucks.find((t) => t.address)?.address?.split(',')[0];
  const said = ` ${heard} `;
  const cue = (pattern: RegExp) => pattern.test(said);
  const examples: string[] = [];
  if (cue(/ (how much|price|cost|costs|cheap|cheapest|menu|sell|sells) /)) {
    if (item) examples.push(`how much is the ${item.name.toLowerCase()}`);
    if (truck) examples.push(`what does ${truck.name} sell`);
  }
  if (cue(/ (open|close|closed|closes|late|hours|time|when) /) && truck) examples.push(`how late is ${truck.name} open`);
  if (cue(/ (near|around|close to|by|at) /) || heard === 'near') {
    examples.push(place ? `is there food near ${place}` : 'is there food near me');
  }
  if (cue(/ (favorite|favourite|favorites|favourites) /)) examples.push('are any of my favorites open');
  if (heard === 'find' && cuisine) examples.push(`find me some ${cuisineWord(cuisine)}`);
  if (examples.length === 0) {
    // Nothing to go by: one of several, chosen by what was heard (the same words, the same example).
    const choices = [
      cuisine ? `where is the nearest ${cuisineWord(cuisine)} truck` : undefined,
      truck ? `is ${truck.name} open right now` : undefined,
      item ? `how much is the ${item.name.toLowerCase()}` : undefined,
      "what's open right now",
    ].filter((c): c is string => Boolean(c));
    const hash = [...heard].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
    examples.push(choices[hash % choices.length]!);
  }
  return examples[0]!;
}

/** A question it cannot answer from the data: recommends nothing, keeps the conversation, uses no free question. */
const reask = (text: string, context: AnswerContext): Answer => answer(text, [], context.state, false);

/**
 * Words as heard, written: letters said one by one are an abbreviation ("b b q" is BBQ), and a
 * people's or a place's name is capitalised ("korean barbecue" is Korean barbecue, "tex mex" Tex-Mex).
 */
const DIGIT_WORDS = NUMBER_WORDS.slice(0, 10);
const DIGITS_SAID = new RegExp(`\\b(${DIGIT_WORDS.join('|')})( (${DIGIT_WORDS.join('|')})){2,}\\b`, 'g');

export function written(words: string): string {
  return words
    // Digits said one by one (a ZIP code, a house number) are written as digits.
    .replace(DIGITS_SAID, (digits) => digits.split(' ').map((d) => DIGIT_WORDS.indexOf(d)).join(''))
    .replace(/\b[a-z](?: [a-z]\b)+/g, (letters) => letters.replace(/ /g, '').toUpperCase())
    .replace(/\btex mex\b/g, 'Tex-Mex')
    .replace(/\b[a-z]+\b/g, (word) => (ORIGIN_WORDS.has(word) ? `${word[0]!.toUpperCase()}${word.slice(1)}` : word));
}

/** Whether the food asked for is only words that describe a food ("spicy", "grilled", "fresh"). */
export function describesOnly(words: string): boolean {
  return words.split(' ').every((w) => DESCRIBING_WORDS.has(w));
}

/**
 * A food as an answer says it after a verb: "tacos", but "something spicy" (or "anything spicy",
 * "nothing spicy") for words that only describe one.
 */
export function foodSaid(words: string, pronoun: 'something' | 'anything' | 'nothing' = 'something'): string {
  return describesOnly(words) ? `${pronoun} ${words}` : pronoun === 'nothing' ? `no ${written(words)}` : written(words);
}

/** The answer to a question, grounded in the trucks and menus diners can see right now. */
export function answerQuestion(intent: Intent, context: AnswerContext): Answer {
  switch (intent.kind) {
    case 'nearest':
    case 'open-now': {
      const missing = dietDishMissing(intent.food, context);
      if (missing) return missing;
      // "Closest thing that's not tacos": the trucks of that food (its cuisine's, else its sellers) left out.
      const { not } = intent;
      const leftOut = not ? new Set(not.cuisines.length > 0 ? [...context.trucks.values()].filter((t) => not.cuisines.includes(t.cuisine)).map((t) => t.id) : sellersOf(not, context)) : undefined;
      const rest = leftOut ? { ...context, trucks: new Map([...context.trucks].filter(([id]) => !leftOut.has(id))) } : context;
      const beyond = intent.withinMiles === undefined ? undefined : noneWithin(intent.withinMiles, intent, rest);
      if (beyond) return beyond;
      const asked = intent.withinMiles === undefined ? rest : within(intent.withinMiles, rest, intent.place);
      const found = intent.kind === 'nearest' ? answerNearest(intent, asked) : answerOpen(intent, asked);
      const text = `${notListed(intent.food)}${found.text}`;
      return { ...found, text: not ? `Leaving out ${written(dishesSaid(not.words))}, ${text.replace(/^(The|There) /, (w) => w.toLowerCase())}` : text };
    }
    case 'hours':
      return aboutNamedTruck(intent.truckIds, context, (truck) => answerHours(truck, context));
    case 'phone':
      return aboutNamedTruck(intent.truckIds, context, (truck) =>
        answer(
          truck.phone ? `You can call ${truck.name} at ${formatPhone(truck.phone)}.` : `${truck.name} has not listed a phone number.`,
          [truck.id],
          { truckIds: [truck.id], index: 0 },
        ),
      );
    case 'order-ahead':
      return aboutNamedTruck(intent.truckIds, context, (truck) => {
        const gate = context.ordering?.get(truck.id);
        const noDelivery = `${truck.name} doesn't deliver through ${PRODUCT_NAME}`;
        // "How long is the line at X": the line is not known; an order ahead's wait is.
        const noLine = `${truck.name} doesn't say how long its line is`;
        const yes = intent.delivery
          ? `${noDelivery}, but you can order ahead from it on its page and pick up`
          : intent.wait
            ? `${noLine}, but you can order ahead on its page`
            : `Yes, you can order ahead from ${truck.name} on its page`;
        const no = intent.delivery ? `${noDelivery}. ` : intent.wait ? `${noLine}. ` : 'No. ';
        const text =
          gate && gate.refusal === null
            ? `${yes}. ${capitalized(readyIn(gate.estimatedWaitMinutes))}.`
            : `${no}${gate?.refusal ?? ORDERING_REFUSALS.offline(truck.name)}${truck.isOpen ? '' : nextStopOf(truck, context)}`;
        return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
      });
    case 'quickest': {
      const quickest = answerQuickest(intent, context);
      return intent.delivery ? { ...quickest, text: `${NO_DELIVERY} ${quickest.text}` } : quickest;
    }
    case 'not-stated':
      return reask(NOT_STATED_ANSWERS[intent.what](context), context);
    case 'is-open':
      return aboutNamedTruck(intent.truckIds, context, (truck) => {
        const text = truck.isOpen
          ? `Yes, ${truck.name} is open now, ${whereAbouts(truck, context)}.`
          : `No, ${truck.name} is closed right now.${nextStopOf(truck, context)}`;
        return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
      });
    case 'menu': {
      const { cheapest, priciest, without } = intent;
      return aboutNamedTruck(intent.truckIds, context, (truck) => menuOf(truck, context, { cheapest, priciest, without }));
    }
    case 'rating':
      return aboutNamedTruck(intent.truckIds, context, (truck) => {
        const text = truck.rating
          ? `${truck.name} is ${describeRating(truck.rating, { inSentence: true })}.`
          : `${truck.name} has no ratings yet.`;
        return answer(text, [truck.id], { truckIds: [truck.id], index: 0 });
      });
    case 'best':
      return answerBest(intent, context);
    case 'where': {
      const { howFar, about } = intent;
      if (intent.closer) return answerCloser(intent.truckIds, context);
      if (intent.cheaper) return answerCheaper(intent.truckIds, context);
      if (intent.compare) return answerCompare(intent.truckIds, context);
      return aboutNamedTruck(intent.truckIds, context, (truck) => {
        const where = answerWhere(truck, context, { howFar });
        return about ? { ...where, text: `${where.text}${aboutTruck(truck, context)}` } : where;
      });
    }
    case 'price':
      return answerPrice(intent, context);
    case 'dishes':
      return answerDishes(intent, context);
    case 'favorites': {
      if (!context.favoriteIds) {
        return answer('Sign in to ask about your favorite trucks.', [], context.state);
      }
      const favorites = rank(context.favoriteIds.flatMap((id) => context.trucks.get(id) ?? []), context);
      if (favorites.length === 0) return answer('You have no favorite trucks yet.', [], { truckIds: [], index: 0 });
      const open = favorites.filter((t) => t.isOpen);
      const state = { truckIds: (open.length ? open : favorites).map((t) => t.id), index: 0 };
      if (open.length === 0) {
        // "Where's my favourite truck today": where the first of them with a stop today will be.
        const later = favorites
          .map((truck) => ({ truck, ...truckSchedule(truck, 'today', context) }))
          .find((s) => s.found.length > 0);
        const then = later ? ` ${later.text}` : '';
        return answer(`None of your favorite trucks is open right now.${then}`, later ? [later.truck.id] : [], state);
      }
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
      if (intent.ask === 'open-of-list') {
        // "Which of those are open": the last list's trucks open now, nearest first.
        const listed = context.state.truckIds.flatMap((id) => context.trucks.get(id) ?? []);
        if (listed.length === 0) return answer(`${REPHRASE.split('.')[0]}. Ask about some trucks first.`, [], context.state, false);
        const open = rank(listed.filter((t) => t.isOpen), context);
        if (open.length === 0) return answer(`None of them is open right now.`, [], context.state);
        const names = open.slice(0, MAX_RECOMMENDED).map((t) => {
          const distance = distanceOf(t, context);
          return distance === undefined ? t.name : `${t.name}, ${miles(distance)}`;
        });
        const more = open.length > MAX_RECOMMENDED ? `, and ${open.length - MAX_RECOMMENDED} more` : '';
        const ids = open.map((t) => t.id);
        return answer(`Of those, open now: ${list(names)}${more}.`, ids, { truckIds: ids, index: 0 });
      }
      if (intent.ask === 'closest') {
        // The nearest of the last list ("ice cream" … "which one is closest"); with none, of all.
        const listed = rank(context.state.truckIds.flatMap((id) => context.trucks.get(id) ?? []), context);
        const nearest = listed[0];
        if (!nearest) return answerNearest({ kind: 'nearest' }, context);
        return describe(nearest, context, { truckIds: context.state.truckIds, index: context.state.truckIds.indexOf(nearest.id) });
      }
      const truck = currentTruck(context);
      if (!truck) return answer(`${REPHRASE.split('.')[0]}. Ask about a truck first.`, [], context.state, false);
      if (intent.ask === 'hours') return { ...answerHours(truck, context), state: context.state };
      if (intent.ask === 'menu') return { ...menuOf(truck, context), state: context.state };
      // "Where exactly" after its stop tomorrow: where it is now, and that stop when it is closed.
      if (intent.ask === 'where') return { ...answerWhere(truck, context), state: context.state };
      if (intent.ask === 'distance') {
        const distance = distanceOf(truck, context);
        const text =
          distance === undefined
            ? shareToMeasure(truck)
            : `${truck.name} is ${miles(distance)} away.`;
        return answer(text, [truck.id], context.state);
      }
      return describe(truck, context, context.state);
    }
    case 'schedule':
      return answerSchedule(intent, context);
    case 'attributes':
      return answerAttributes(intent, context);
    case 'unsure': {
      const [first, second] = intent.words.map(written);
      return reask(
        intent.doubted
          ? `Sorry, I'm not sure I heard that right: did you mean ${second} or ${first}? Please ask again, for example: find me some ${second}?`
          : `Sorry, I didn't catch that. I heard both ${first} and ${second}: which did you mean? Please rephrase, for example: find me some ${second}?`,
        context,
      );
    }
    case 'dish-labels':
      return answerDishLabels(intent, context);
    case 'not-found':
      return reask(`I couldn't find ${foodSaid(intent.what, 'anything')} at any truck right now. Try, for example: ${exampleFor('find', context)}?`, context);
    case 'unknown-about-truck':
      return aboutNamedTruck(intent.truckIds, context, (truck) =>
        // "Does Taco Libre have horchata": its menu says no, as for a dish another truck has.
        intent.menu
          ? answer(`I couldn't find ${intent.what} on ${truck.name}'s menu.`, [truck.id], { truckIds: [truck.id], index: 0 })
          : reask(`I don't know that about ${truck.name}. I can tell you where it is, what it sells and when it's open.`, context),
      );
    case 'unknown-truck':
      return reask(`I couldn't find a truck called ${intent.name}. Try, for example: ${exampleFor('open', context)}?`, context);
    case 'unknown-place':
      return reask(
        `I don't know where ${written(intent.place)} is. Try a street or a place where trucks stop, for example: ${exampleFor('near', context)}?`,
        context,
      );
    case 'small-talk': {
      // Answered, but not a question about trucks: no free question is used (understood: false).
      const example = exampleFor('find', context);
      const said = {
        thanks: `You're welcome! Ask me again any time, for example: ${example}?`,
        hello: `Hi! Ask me about the food trucks near you, for example: ${example}?`,
        help: `I can tell you which trucks are open and where, what they sell and what it costs, when they're out next, and what they say about cards, seating, diets and allergens. Ask, for example: ${example}?`,
      };
      return reask(said[intent.said], context);
    }
    case 'unknown':
      return reask(
        intent.typed
          ? `Sorry, I don't know how to answer that. I can tell you which trucks are open, where they are, what they sell and when they're out: ask, for example, ${exampleFor(intent.heard, context)}?`
          : rephrase(exampleFor(intent.heard, context)),
        context,
      );
  }
}
