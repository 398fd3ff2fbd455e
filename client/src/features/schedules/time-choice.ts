import { formatClock, formatDay, formatTime } from '@shared/utils/format';
import { addDays, wallClock, zonedMoment } from '@shared/utils/zoned-time';

/**
 * The /find-trucks time choice: now (the live list), or an hour later today, tomorrow, or on a date.
 * Days and hours are those of the look-ahead zone — the listed trucks' zone (issue 27), not the
 * device's: a diner in Los Angeles asking about Austin trucks picks Austin's 18:00.
 */
export type TimeChoiceWhen = 'now' | 'later' | 'tomorrow' | 'date';

export interface TimeChoice {
  when: TimeChoiceWhen;
  /** Hour of the day (0–23) in the look-ahead zone. */
  hour: number;
  /** 'YYYY-MM-DD' when `when` is 'date'. */
  date: string;
}

export const NOW_CHOICE: TimeChoice = { when: 'now', hour: 12, date: '' };

const WHENS: readonly unknown[] = ['now', 'later', 'tomorrow', 'date'] satisfies TimeChoiceWhen[];

/** Whether a value kept elsewhere (the page's history entry) is a choice this page can show. */
export function isTimeChoice(kept: unknown): kept is TimeChoice {
  if (typeof kept !== 'object' || kept === null) return false;
  if (!('when' in kept) || !('hour' in kept) || !('date' in kept)) return false;
  const { when, hour, date } = kept;
  return WHENS.includes(when) && Number.isInteger(hour) && Number(hour) >= 0 && Number(hour) <= 23 && typeof date === 'string';
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The local date a choice asks about in `zone`; null for now, or a date not (fully) entered. */
function dayOf(choice: TimeChoice, zone: string, now: Date): string | null {
  if (choice.when === 'date') return DATE.test(choice.date) ? choice.date : null;
  // Now has no day to read: the page's first screen (always 'now') reads no clock in a zone, the
  // first use of Intl that costs a slow phone about 200 ms (issue 33).
  if (choice.when === 'now') return null;
  const today = wallClock(now, zone).date;
  return choice.when === 'later' ? today : addDays(today, 1);
}

/**
 * The hours still ahead on the chosen day in `zone`: later today and a date that is today offer
 * only hours that have not begun (at 14:05, 15:00 is the first); tomorrow and later dates offer all
 * 24; a past date, none.
 */
export function hoursOffered(choice: TimeChoice, zone: string, now: Date = new Date()): number[] {
  const day = dayOf(choice, zone, now);
  if (day === null) return [];
  const clock = wallClock(now, zone);
  if (day < clock.date) return [];
  const first = day === clock.date ? clock.hour + 1 : 0;
  return Array.from({ length: Math.max(0, 24 - first) }, (_, i) => first + i);
}

/** The look-ahead in the page's address: `?at=2026-12-07T19` (a date and an hour on the trucks' clock). */
export const TIME_PARAM = 'at';
const AT = /^(\d{4}-\d{2}-\d{2})T(\d{2})$/;

/**
 * The choice as the address keeps it: its date and hour ('2026-12-07T19'), or null for now (and a
 * date not entered yet). Absolute, not "tomorrow": a link shared tonight means the same hour when it
 * is opened tomorrow.
 */
export function choiceParam(choice: TimeChoice, zone: string, now: Date = new Date()): string | null {
  const day = dayOf(choice, zone, now);
  return day === null ? null : `${day}T${String(choice.hour).padStart(2, '0')}`;
}

/**
 * The choice an address holds (`?at=`), as a date and hour: null without one, for one that does
 * not parse, and for a day already over on `today` (a stale link opens on now).
 */
export function choiceInUrl(search: string, today: () => string = () => earliestToday()): TimeChoice | null {
  const match = AT.exec(new URLSearchParams(search).get(TIME_PARAM) ?? '');
  const [, date = '', hourText = ''] = match ?? [];
  const hour = Number(hourText);
  if (!match || hour > 23 || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || date < today()) return null;
  return { when: 'date', date, hour };
}

/**
 * Today where the calendar is furthest behind (UTC−12): a linked day before it is over everywhere.
 * A link's day is on the trucks' clock, which is not known as the page mounts; the device's own
 * today refused a day that was still going on where the trucks are (a link opened east of them).
 * No Intl: it is UTC's date twelve hours ago.
 */
export const earliestToday = (now: Date = new Date()): string => new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);

/**
 * The linked choice is still the one on screen, and its day is over on the trucks' clock (`zone`):
 * the page turns to now. As it mounted, only a day over everywhere could be ruled out.
 */
export function linkedDayOver(linked: TimeChoice | null, chosen: TimeChoice, zone: string, now: Date = new Date()): boolean {
  return linked?.when === 'date' && chosen.when === 'date' && chosen.date === linked.date && linked.date < wallClock(now, zone).date;
}

/** The earliest date the date field takes: today in `zone`. */
export const firstDate = (zone: string, now: Date = new Date()): string => wallClock(now, zone).date;

/**
 * The choice with an hour that is still ahead: a choice whose hour has passed (or was never
 * offered) takes the first hour left; 'Later today' with no hour left moves to tomorrow.
 */
export function settleChoice(choice: TimeChoice, zone: string, now: Date = new Date()): TimeChoice {
  if (choice.when === 'now') return choice;
  const hours = hoursOffered(choice, zone, now);
  if (hours.length === 0) return choice.when === 'later' ? settleChoice({ ...choice, when: 'tomorrow' }, zone, now) : choice;
  return hours.includes(choice.hour) ? choice : { ...choice, hour: hours[0] ?? choice.hour };
}

/**
 * The moment a choice stands for: its hour on its day in `zone` (settleChoice first, so the hour is
 * one still ahead). Null for now, for a date not entered yet, and for a past date.
 */
export function momentOf(choice: TimeChoice, zone: string, now: Date = new Date()): Date | null {
  const day = dayOf(choice, zone, now);
  if (day === null || day < wallClock(now, zone).date) return null;
  return zonedMoment(day, choice.hour, zone);
}

/** '12:00 PM' for 12 (en-US; the viewer's clock, shared/utils/format.ts). */
export const hourLabel = (hour: number) => formatClock(hour * 60);

/**
 * The zone the look-ahead speaks in: the one most of the listed trucks with stops keep (their
 * upcoming stops carry it), else that of any truck with stops, else the device's: `deviceZone` is
 * read only then (reading it is a page's first use of Intl, about 200 ms on a 4× slowed phone).
 */
export function lookAheadZone(
  zones: ReadonlyMap<number, string> | undefined,
  listedIds: readonly number[],
  deviceZone: () => string,
): string {
  if (!zones || zones.size === 0) return deviceZone();
  const counts = new Map<string, number>();
  const listed = listedIds.flatMap((id) => zones.get(id) ?? []);
  for (const zone of listed.length > 0 ? listed : [...zones.values()]) counts.set(zone, (counts.get(zone) ?? 0) + 1);
  let best = '';
  let most = 0;
  for (const [zone, n] of counts) {
    if (n > most) [best, most] = [zone, n];
  }
  return best;
}

/** 'Sat, Nov 28, 1:00 AM' — the moment as the list heading names it, on the look-ahead zone's clock. */
export function describeMoment(at: Date, zone: string): string {
  return `${formatDay(at, { timeZone: zone })}, ${formatTime(at, { timeZone: zone })}`;
}
