import { DateTime } from 'luxon';
import { DAY_MINUTES, endTimeOf, timeOf, type Occurrence, type StopKind } from '@shared/contracts/schedules';

/**
 * A stop as the expansion needs it: local hours in minutes after midnight of the day it starts
 * (`endMinute` up to `startMinute` + 1440: past 1440 it ends on the next day, issue 27), and the
 * dates a weekly stop skips.
 */
export interface StopValues {
  id: number;
  foodTruckId: number;
  kind: StopKind;
  weekday: number | null;
  date: string | null;
  startMinute: number;
  endMinute: number;
  latitude: number;
  longitude: number;
  address: string;
  exceptions: string[];
}

/** An occurrence with its real instants, for comparisons; `toWire` gives the API's shape. */
export interface TimedOccurrence {
  stop: StopValues;
  localDate: string;
  start: DateTime;
  end: DateTime;
}

/** ISO weekday (1 = Monday) of a calendar date 'YYYY-MM-DD' (no zone: a date is a date). */
export const weekdayOfDate = (date: string): number => DateTime.fromISO(date, { zone: 'utc' }).weekday;

/** Today's date in a zone. */
export const todayIn = (zone: string, now: Date = new Date()): string =>
  DateTime.fromJSDate(now, { zone }).toISODate() ?? '';

/**
 * The instant a local wall-clock time happens in `zone`. Luxon resolves the DST edges: a time that
 * does not exist (spring forward, 02:30) moves forward by the gap; one that happens twice (fall
 * back, 01:30) is the first. '24:00' (1440) is the next day's midnight.
 */
function instant(date: string, minute: number, zone: string): DateTime {
  const day = DateTime.fromISO(date, { zone: 'utc' }).plus({ days: Math.floor(minute / 1440) });
  const m = minute % 1440;
  return DateTime.fromObject(
    { year: day.year, month: day.month, day: day.day, hour: Math.floor(m / 60), minute: m % 60 },
    { zone },
  );
}

type Slot = Pick<StopValues, 'id' | 'kind' | 'weekday' | 'date' | 'startMinute' | 'endMinute' | 'exceptions'>;

/** The stop starts on this local date (a weekly stop's exceptions name the date it starts). */
function happensOn(stop: Slot, date: string, weekday: number): boolean {
  if (stop.kind === 'once') return stop.date === date;
  return stop.weekday === weekday && !stop.exceptions.includes(date);
}

/**
 * Every occurrence of `stops` that overlaps [from, to), in start order (ties by stop id): a stop
 * under way at `from` is included, also one that began the evening before (a stop lasts at most a
 * day, so the walk starts a day early). Walks the local dates of the window in the truck's zone, so
 * weekly stops keep their wall-clock hours across DST changes; a late-night stop's end is the wall-
 * clock time on the next local date (Saturday 18:00–02:00 ends Sunday 02:00, however long that
 * night is).
 */
export function expandStops(stops: StopValues[], zone: string, from: Date, to: Date): TimedOccurrence[] {
  if (stops.length === 0 || to <= from) return [];
  const out: TimedOccurrence[] = [];
  const start = DateTime.fromJSDate(from, { zone }).startOf('day').minus({ days: 1 });
  const last = DateTime.fromJSDate(to, { zone }).startOf('day');
  for (let day = start; day <= last; day = day.plus({ days: 1 })) {
    const date = day.toISODate();
    if (!date) continue;
    for (const stop of stops) {
      if (!happensOn(stop, date, day.weekday)) continue;
      const begins = instant(date, stop.startMinute, zone);
      const ends = instant(date, stop.endMinute, zone);
      // A stop inside the hour that a spring-forward skips has no length that day: leave it out.
      if (ends <= begins) continue;
      if (ends.toMillis() > from.getTime() && begins.toMillis() < to.getTime()) {
        out.push({ stop, localDate: date, start: begins, end: ends });
      }
    }
  }
  return out.sort((a, b) => a.start.toMillis() - b.start.toMillis() || a.stop.id - b.stop.id);
}

/** The API's shape of an occurrence: instants as ISO with the zone's offset, plus the local view. */
export function toWire(o: TimedOccurrence): Occurrence {
  return {
    stopId: o.stop.id,
    kind: o.stop.kind,
    start: o.start.toISO() ?? '',
    end: o.end.toISO() ?? '',
    localDate: o.localDate,
    weekday: weekdayOfDate(o.localDate),
    startTime: timeOf(o.stop.startMinute),
    endTime: endTimeOf(o.stop.endMinute),
    latitude: o.stop.latitude,
    longitude: o.stop.longitude,
    address: o.stop.address,
  };
}

/** The stops' local spans meet when `b`'s day starts `dayOffset` days after `a`'s (touching ends do not). */
const spansMeet = (a: Slot, b: Slot, dayOffset: number): boolean =>
  a.startMinute < b.endMinute + dayOffset * DAY_MINUTES && b.startMinute + dayOffset * DAY_MINUTES < a.endMinute;

/**
 * Whether two stops of one truck ever run at the same time. All of a truck's stops are in its one
 * zone, so this compares local dates and hours (touching ends, 11:00–14:00 and 14:00–16:00, do not
 * clash). A stop may run past midnight, so Saturday 18:00–02:00 meets Sunday 01:00–03:00. A one-off
 * on a date a weekly stop skips does not clash with that date's occurrence.
 */
export function stopsClash(a: Slot, b: Slot): boolean {
  if (a.kind === 'weekly' && b.kind === 'weekly') {
    // Days from a's weekday to b's, and the same a week either way (Sunday night into Monday).
    const days = (b.weekday ?? 1) - (a.weekday ?? 1);
    return [days - 7, days, days + 7].some((offset) => spansMeet(a, b, offset));
  }
  // A one-off on date D meets only stops starting the day before, that day or the day after.
  const once = a.kind === 'once' ? a : b;
  const day = DateTime.fromISO(once.date ?? '', { zone: 'utc' });
  const around = [-1, 0, 1].map((n) => {
    const d = day.plus({ days: n });
    return { n, date: d.toISODate() ?? '', weekday: d.weekday };
  });
  return around.some(
    (x) =>
      happensOn(a, x.date, x.weekday) &&
      around.some((y) => happensOn(b, y.date, y.weekday) && spansMeet(a, b, y.n - x.n)),
  );
}
