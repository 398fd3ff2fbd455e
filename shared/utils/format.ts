/**
 * The one way the product writes a time, a date, a distance, a price and a phone (issue 27, ADR
 * 0153). Every screen, the embed card, the voice answers and the texts we send use these helpers, so
 * a card and its details never disagree ("2:00 PM" beside "14:00", "1.2 km" beside "0.8 mi").
 *
 * Locale-aware through `Intl`: browsers pass nothing and get the viewer's locale; the server passes
 * `SERVER_LOCALE` (it does not know the reader's). For en-US that is miles and the 12-hour clock:
 * "0.4 mi", "2:00 PM", "11:00 AM–2:00 PM", "Wed, Nov 25", "Nov 25, 2026", "$2.50", "512-555-0100".
 * Pure: no clock of its own (`now` and the time zone come from the caller).
 */
import { formatPhone } from './phone';
import { KM_PER_MILE } from './geo';

export { formatPhone };

/** The locale of text the server writes (voice answers, the embed card, SMS). */
export const SERVER_LOCALE = 'en-US';

export interface FormatOptions {
  /** A BCP 47 tag ('en-US'); browsers leave it to the viewer, servers and tests pass one. */
  locale?: string;
  /** An IANA zone for instants ('America/Chicago'); the viewer's by default. */
  timeZone?: string;
}

/**
 * One formatter per kind, locale and zone: a formatter is immutable, and building one (loading the
 * locale's data) is most of the cost — the operator dashboard's first render, under a 4× CPU
 * slowdown, went from 130 to 107 ms when `formatDateTime` stopped building one per call.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

/** The locale and zone a call that names none formats in: the environment's, except inside `formatAsViewer`. */
let viewerDefaults: FormatOptions = {};

/**
 * Runs `render` with every helper here formatting as `viewer` would by default (the server's render
 * of a signed-in user's screen in that user's browser's locale and zone, ADR 0176, so the browser's
 * hydration finds the same text). Synchronous, so no other render sees it.
 */
export function formatAsViewer<T>(viewer: Required<FormatOptions>, render: () => T): T {
  const before = viewerDefaults;
  viewerDefaults = viewer;
  try {
    return render();
  } finally {
    viewerDefaults = before;
  }
}

function dateFormat(
  kind: string,
  options: Intl.DateTimeFormatOptions,
  { locale = viewerDefaults.locale, timeZone = viewerDefaults.timeZone }: FormatOptions,
): Intl.DateTimeFormat {
  const key = `d|${kind}|${locale ?? ''}|${timeZone ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    cache.set(key, f);
  }
  return f as Intl.DateTimeFormat;
}

function numberFormat(kind: string, options: Intl.NumberFormatOptions, locale = viewerDefaults.locale): Intl.NumberFormat {
  const key = `n|${kind}|${locale ?? ''}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f as Intl.NumberFormat;
}

const toDate = (value: string | number | Date): Date => (value instanceof Date ? value : new Date(value));
const readable = (d: Date) => !Number.isNaN(d.getTime());

// ---- Distance ------------------------------------------------------------------------------------

/** Regions whose road signs are in miles. */
const MILE_REGIONS = new Set(['US', 'GB', 'LR', 'MM', 'PR', 'VI', 'GU', 'AS', 'MP']);

/** Whether `locale` (the viewer's when undefined) measures distance in miles: en-US does, de-DE does not. */
export function usesMiles(locale?: string): boolean {
  const tag = locale ?? viewerDefaults.locale ?? new Intl.DateTimeFormat().resolvedOptions().locale;
  try {
    return MILE_REGIONS.has(new Intl.Locale(tag).maximize().region ?? 'US');
  } catch {
    return true;
  }
}

const FEET_PER_MILE = 5280;

/**
 * A distance given in miles, in the viewer's unit: "370 ft" under a tenth of a mile (as maps say it,
 * not "0.07 mi", or "0 miles" for a truck across the street), "0.4 mi", "2.3 mi", "37 mi" (one
 * decimal under ten); "650 m", "1.2 km" in metric locales. Short distances go by tens, at least ten.
 * `long` spells the unit, as the voice says it: "1 mile", "2.5 miles", "370 feet".
 */
export function formatDistance(miles: number, options: { locale?: string; long?: boolean } = {}): string {
  const { locale, long = false } = options;
  const display = long ? 'long' : 'short';
  const tens = (n: number) => Math.max(10, Math.round(n / 10) * 10);
  if (usesMiles(locale)) {
    if (miles < 0.095) {
      const feet = tens(miles * FEET_PER_MILE);
      return numberFormat(`foot|${display}`, { style: 'unit', unit: 'foot', unitDisplay: display, maximumFractionDigits: 0 }, locale).format(feet);
    }
    const digits = miles < 10 ? 1 : 0;
    // Cards keep the decimal ("1.0 mi" beside "1.4 mi"); the voice says "1 mile".
    const least = long ? 0 : digits;
    return numberFormat(`mile|${display}|${digits}`, { style: 'unit', unit: 'mile', unitDisplay: display, minimumFractionDigits: least, maximumFractionDigits: digits }, locale).format(miles);
  }
  const km = miles * KM_PER_MILE;
  if (km < 1) {
    const meters = tens(km * 1000);
    return numberFormat(`meter|${display}`, { style: 'unit', unit: 'meter', unitDisplay: display, maximumFractionDigits: 0 }, locale).format(meters);
  }
  const digits = km < 10 ? 1 : 0;
  const least = long ? 0 : digits;
  return numberFormat(`km|${display}|${digits}`, { style: 'unit', unit: 'kilometer', unitDisplay: display, minimumFractionDigits: least, maximumFractionDigits: digits }, locale).format(km);
}

/** `formatDistance` of a distance measured in kilometres (the nearby alert's great circle). */
export const formatDistanceKm = (km: number, options: { locale?: string; long?: boolean } = {}): string =>
  formatDistance(km / KM_PER_MILE, options);

// ---- Time of day ---------------------------------------------------------------------------------

/** Minutes since local midnight of a wall-clock 'HH:MM' ('24:00' is 1440). */
const minutesOfClock = (time: string | number): number => {
  if (typeof time === 'number') return time;
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h * 60 + m;
};

/**
 * A wall-clock time — a stop's '14:00' in the truck's zone, or minutes since midnight — as the viewer
 * reads clocks: "2:00 PM" (en-US), "14:00" (en-GB, de-DE). The instant's zone plays no part: a stop
 * at 14:00 in Austin reads "2:00 PM" everywhere, and says which zone elsewhere when it matters.
 * `short` drops ":00" on the hour ("2 PM", as the voice says it).
 */
export function formatClock(time: string | number, options: { locale?: string; short?: boolean } = {}): string {
  const minute = minutesOfClock(time);
  const at = new Date(Date.UTC(2000, 0, 1, 0, minute));
  const short = Boolean(options.short) && minute % 60 === 0;
  return dateFormat(short ? 'clock-hour' : 'clock', short ? { hour: 'numeric' } : { hour: 'numeric', minute: '2-digit' }, {
    locale: options.locale,
    timeZone: 'UTC',
  }).format(at);
}

/**
 * A stop's hours: "11:00 AM–2:00 PM"; an end at or before the start is on the next day ("6:00 PM–2:00
 * AM"). A stop from midnight to midnight is "all day" (not "12:00 AM–12:00 AM").
 */
export function formatClockRange(start: string | number, end: string | number, options: { locale?: string } = {}): string {
  const from = minutesOfClock(start);
  const to = minutesOfClock(end);
  if (from === 0 && to === 1440) return 'all day';
  return `${formatClock(from, options)}–${formatClock(to, options)}`;
}

/** An instant's time of day in the viewer's (or the given) zone: "3:04 PM". */
export function formatTime(value: string | number | Date, options: FormatOptions = {}): string {
  const d = toDate(value);
  return readable(d) ? dateFormat('time', { hour: 'numeric', minute: '2-digit' }, options).format(d) : '';
}

/** An instant's hour, for a choice of hours: "3 PM" (en-US), "15" (de-DE). */
export function formatHour(value: string | number | Date, options: FormatOptions = {}): string {
  const d = toDate(value);
  return readable(d) ? dateFormat('hour', { hour: 'numeric' }, options).format(d) : '';
}

// ---- Dates ---------------------------------------------------------------------------------------

/** A calendar date 'YYYY-MM-DD' (a stop's local date) as a moment that formats to that date in UTC. */
const calendarDay = (value: string): Date => new Date(`${value.slice(0, 10)}T12:00:00Z`);

/** A date is either an instant (read in `timeZone`) or a calendar date 'YYYY-MM-DD' (no zone). */
function dateOf(value: string | number | Date, options: FormatOptions): { d: Date; options: FormatOptions } {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return { d: calendarDay(value), options: { ...options, timeZone: 'UTC' } };
  return { d: toDate(value), options };
}

/** A weekday by ISO number (1 Monday … 7 Sunday): "Tue"; `long`: "Tuesday". */
export function formatWeekday(weekday: number, options: { locale?: string; long?: boolean } = {}): string {
  if (!Number.isInteger(weekday) || weekday < 1 || weekday > 7) return '';
  // 2024-01-01 was a Monday.
  const d = new Date(Date.UTC(2024, 0, weekday, 12));
  const long = Boolean(options.long);
  return dateFormat(long ? 'weekday-long' : 'weekday', { weekday: long ? 'long' : 'short' }, { locale: options.locale, timeZone: 'UTC' }).format(d);
}

/** A day within the weeks ahead, with its weekday: "Wed, Nov 25"; `long`, as the voice says it: "Wednesday, November 25". */
export function formatDay(value: string | number | Date, options: FormatOptions & { long?: boolean } = {}): string {
  const { long = false, ...rest } = options;
  const { d, options: o } = dateOf(value, rest);
  if (!readable(d)) return '';
  const style = long ? 'long' : 'short';
  return dateFormat(`day-${style}`, { weekday: style, month: style, day: 'numeric' }, o).format(d);
}

/** A date with its year (joined, renews, paid until): "Nov 25, 2026". */
export function formatDate(value: string | number | Date, options: FormatOptions = {}): string {
  const { d, options: o } = dateOf(value, options);
  return readable(d) ? dateFormat('date', { month: 'short', day: 'numeric', year: 'numeric' }, o).format(d) : '';
}

/** A moment on cards, popups and the dashboard's 'Last updated': "Nov 22, 3:04 PM". */
export function formatDateTime(value: string | number | Date, options: FormatOptions = {}): string {
  const d = toDate(value);
  return readable(d) ? dateFormat('date-time', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }, options).format(d) : '';
}

/** A moment in a log, where the year matters: "Nov 22, 2026, 3:04 PM". */
export function formatTimestamp(value: string | number | Date, options: FormatOptions = {}): string {
  const d = toDate(value);
  return readable(d)
    ? dateFormat('timestamp', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }, options).format(d)
    : '';
}

// ---- Numbers -------------------------------------------------------------------------------------

/** An amount in dollars: "$2.50", "$1,250.00" (en-US). Prices are US dollars (the spec's). */
export const formatPrice = (dollars: number, options: { locale?: string } = {}): string =>
  numberFormat('usd', { style: 'currency', currency: 'USD' }, options.locale).format(dollars);

/** A count: "1,250". */
export const formatCount = (n: number, options: { locale?: string } = {}): string =>
  numberFormat('count', {}, options.locale).format(n);

/**
 * A truck's customers' rating as said (a screen reader's name for the rating badge, the voice
 * assistant's answer): "Rated 4.6 out of 5 by 31 customers"; `inSentence` starts it in lower case, to
 * follow other words ("Taco Libre is rated 4.6 out of 5 by 31 customers").
 */
export function describeRating(
  rating: { average: number; count: number } | null | undefined,
  { inSentence = false }: { inSentence?: boolean } = {},
): string {
  if (!rating) return inSentence ? 'new: no ratings yet' : 'New: no ratings yet';
  return `${inSentence ? 'rated' : 'Rated'} ${rating.average.toFixed(1)} out of 5 by ${rating.count} ${rating.count === 1 ? 'customer' : 'customers'}`;
}
