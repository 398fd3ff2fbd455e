/** A weekly stop read from open data: ISO weekday (1 = Monday) and minutes since local midnight. */
export interface WeeklyHours {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

const DAY_CODES = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const;
const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** ISO weekday of 'Mo', 'Tue', 'Monday' … (case-insensitive), or undefined. */
export function weekdayOf(text: string): number | undefined {
  const value = text.trim().toLowerCase();
  if (value.length < 2) return undefined;
  const index = DAY_NAMES.findIndex((name) => name.startsWith(value) || value === name);
  if (index >= 0) return index + 1;
  const code = DAY_CODES.indexOf(value.slice(0, 2) as (typeof DAY_CODES)[number]);
  return code >= 0 && DAY_NAMES[code]!.startsWith(value) ? code + 1 : undefined;
}

/** '7AM', '10:30PM', '12AM' (midnight), '19:00', '24:00' → minutes since midnight, or undefined. */
export function minuteOf(text: string): number | undefined {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*([ap]m)?$/i.exec(text.trim());
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? 0);
  const meridiem = match[3]?.toLowerCase();
  if (minute > 59) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (hour > 24 || (hour === 24 && minute > 0)) return undefined;
  return hour * 60 + minute;
}

/**
 * A stop's hours within one local day: an end at or before the start (7PM-12AM, 22:00-02:00) runs
 * to midnight, as a stop lies within one day (ADR 0100). Undefined when either time is unreadable.
 */
export function hoursOf(start: string, end: string): { startMinute: number; endMinute: number } | undefined {
  const startMinute = minuteOf(start);
  const endRaw = minuteOf(end);
  if (startMinute === undefined || endRaw === undefined || startMinute >= 1440) return undefined;
  const endMinute = endRaw <= startMinute ? 1440 : endRaw;
  return { startMinute, endMinute };
}

function daysOf(spec: string): number[] | undefined {
  const days: number[] = [];
  for (const part of spec.split(/[/,]/)) {
    const [from, to] = part.split('-');
    const first = weekdayOf(from ?? '');
    if (first === undefined) return undefined;
    if (to === undefined) {
      days.push(first);
      continue;
    }
    const last = weekdayOf(to);
    if (last === undefined) return undefined;
    // Sa-Mo wraps past Sunday.
    for (let day = first, n = 0; n < 7; day = (day % 7) + 1, n++) {
      days.push(day);
      if (day === last) break;
    }
  }
  return days;
}

/**
 * San Francisco's `dayshours` text, e.g. `Mo-We:7AM-7PM/Th-Fr:8AM-3PM` or `Mo/Tu/We:10AM-2PM`, as
 * weekly hours in the order given (one per day). Undefined when any part cannot be read: the row's
 * hours are then left out rather than guessed.
 */
export function parseDaysHours(text: string): WeeklyHours[] | undefined {
  const value = text.trim();
  if (value === '') return [];
  const result: WeeklyHours[] = [];
  // Day lists use '/' too ("Mo/Tu/We:…"), so read up to each ':' and its time range.
  const pattern = /([A-Za-z/,\- ]+?)\s*:\s*(\d{1,2}(?::\d{2})?\s*(?:[AaPp][Mm])?)\s*-\s*(\d{1,2}(?::\d{2})?\s*(?:[AaPp][Mm])?)\s*(?:\/|;|$)/gy;
  let consumed = 0;
  for (let match = pattern.exec(value); match; match = pattern.exec(value)) {
    const days = daysOf(match[1]!.replace(/\s+/g, ''));
    const hours = hoursOf(match[2]!, match[3]!);
    if (!days || !hours) return undefined;
    for (const weekday of days) result.push({ weekday, ...hours });
    consumed = pattern.lastIndex;
  }
  return consumed === value.length ? result : undefined;
}
