import { formatClockRange, formatWeekday } from './format';

/** One weekly slot of an unclaimed listing (issue 26): ISO weekday (1 Monday … 7 Sunday), wall-clock 'HH:MM'. */
export interface WeeklyHours {
  weekday: number;
  startTime: string;
  endTime: string;
}

/**
 * When a listing is usually there, its days grouped when consecutive days keep the same hours:
 * "Mon–Wed 7:00 AM–7:00 PM, Thu–Fri 8:00 AM–3:00 PM"; all seven alike: "every day 6:00 AM–12:00 PM".
 * Times and weekdays are written by shared/utils/format.ts (ADR 0153). Empty without hours.
 */
export function usualHoursText(hours: readonly WeeklyHours[], options: { locale?: string } = {}): string {
  const byDay = new Map<number, string>();
  for (const slot of [...hours].sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime))) {
    if (slot.weekday < 1 || slot.weekday > 7) continue;
    const range = formatClockRange(slot.startTime, slot.endTime, options);
    const known = byDay.get(slot.weekday);
    byDay.set(slot.weekday, known ? `${known} & ${range}` : range);
  }
  const runs: Array<{ from: number; to: number; hours: string }> = [];
  for (let day = 1; day <= 7; day += 1) {
    const range = byDay.get(day);
    if (range === undefined) continue;
    const last = runs.at(-1);
    if (last && last.to === day - 1 && last.hours === range) last.to = day;
    else runs.push({ from: day, to: day, hours: range });
  }
  const first = runs[0];
  if (runs.length === 1 && first && first.from === 1 && first.to === 7) return `every day ${first.hours}`;
  return runs
    .map(({ from, to, hours: range }) => {
      const days = from === to ? formatWeekday(from, options) : `${formatWeekday(from, options)}–${formatWeekday(to, options)}`;
      return `${days} ${range}`;
    })
    .join(', ');
}

/** A listing's status line: "Usually here Mon–Wed 7:00 AM–7:00 PM, …" — never "Open now" (it is not live). */
export function usualHoursLine(hours: readonly WeeklyHours[], options: { locale?: string } = {}): string {
  const text = usualHoursText(hours, options);
  return text ? `Usually here ${text}` : 'Usual hours not published';
}
