/**
 * Wall-clock time in a named IANA zone, for code that must not carry luxon (the /find-trucks
 * bundle): what day and hour it is in a zone, and the instant a local date and hour stand for.
 * Built on `Intl.DateTimeFormat` alone. The server expands stops with luxon (ADR 0100); the tests
 * of this file check it agrees with luxon hour by hour through both DST changes.
 */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partsFormatters.set(zone, formatter);
  }
  return formatter;
}

/** A local calendar date and time of day in some zone. */
export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  minute: number;
}

function fields(at: number, zone: string) {
  const get = (parts: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  const parts = partsFormatter(zone).formatToParts(at);
  return {
    year: get(parts, 'year'),
    month: get(parts, 'month'),
    day: get(parts, 'day'),
    hour: get(parts, 'hour') % 24,
    minute: get(parts, 'minute'),
    second: get(parts, 'second'),
  };
}

/** The date and time `at` reads on a clock in `zone`. */
export function wallClock(at: Date, zone: string): WallClock {
  const f = fields(at.getTime(), zone);
  const date = `${String(f.year).padStart(4, '0')}-${String(f.month).padStart(2, '0')}-${String(f.day).padStart(2, '0')}`;
  return { date, hour: f.hour, minute: f.minute };
}

/** The zone's offset from UTC at an instant, in minutes (Chicago in winter: -360). */
function offsetMinutes(at: number, zone: string): number {
  const f = fields(at, zone);
  const asUtc = Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second);
  return Math.round((asUtc - Math.floor(at / 1000) * 1000) / 60_000);
}

/** 'YYYY-MM-DD' `days` after `date` (calendar arithmetic: no zone involved). */
export function addDays(date: string, days: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The ISO weekday (1 = Monday … 7 = Sunday) of a calendar date 'YYYY-MM-DD'. */
export function isoWeekday(date: string): number {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() || 7;
}

/** The next `count` dates that fall on ISO `weekday`, from `from` on (`from` itself included). */
export function nextWeekdays(from: string, weekday: number, count: number): string[] {
  const first = addDays(from, (weekday - isoWeekday(from) + 7) % 7);
  return Array.from({ length: count }, (_, i) => addDays(first, i * 7));
}

/**
 * The instant `hour`:00 of local `date` happens in `zone`. An hour the clocks skip (spring
 * forward, 02:00 in Chicago) moves forward by the gap (03:00), as luxon does on the server; an hour
 * that happens twice (fall back, 01:00) is the first.
 */
export function zonedMoment(date: string, hour: number, zone: string): Date {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const local = Date.UTC(y, m - 1, d, hour);
  // The offsets a day either side: a zone changes its offset at most once in two days.
  const before = offsetMinutes(local - 86_400_000, zone);
  const after = offsetMinutes(local + 86_400_000, zone);
  const valid = [before, after]
    .map((offset) => local - offset * 60_000)
    .filter((at) => local - offsetMinutes(at, zone) * 60_000 === at);
  return new Date(valid.length > 0 ? Math.min(...valid) : local - before * 60_000);
}

/** The device's own zone ('America/Los_Angeles'). */
export const deviceTimeZone = (): string => new Intl.DateTimeFormat().resolvedOptions().timeZone;

/** 'Central Time' for America/Chicago: the zone as people name it, in the viewer's language. */
export function zoneName(zone: string, locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' }).formatToParts(0);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}
