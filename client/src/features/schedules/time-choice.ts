import { formatClock, formatDay, formatTime } from '@shared/utils/format';

/** The /find-trucks time choice: now (the live list), or an hour later today, tomorrow, or on a date. */
export type TimeChoiceWhen = 'now' | 'later' | 'tomorrow' | 'date';

export interface TimeChoice {
  when: TimeChoiceWhen;
  /** Hour of the day (0–23) in the viewer's own time zone. */
  hour: number;
  /** 'YYYY-MM-DD' when `when` is 'date'. */
  date: string;
}

export const NOW_CHOICE: TimeChoice = { when: 'now', hour: 12, date: '' };

/** The moment a choice stands for in the viewer's time zone; null for now (or an unfinished date). */
export function momentOf(choice: TimeChoice, now: Date = new Date()): Date | null {
  if (choice.when === 'now') return null;
  if (choice.when === 'date') {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(choice.date);
    if (!match) return null;
    return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), choice.hour, 0, 0, 0);
  }
  const day = new Date(
    now.getFullYear(),
    now.getMonth(),
    now.getDate() + (choice.when === 'tomorrow' ? 1 : 0),
  );
  day.setHours(choice.hour, 0, 0, 0);
  return day;
}

/** '12:00 PM' for 12 (en-US; the viewer's clock, shared/utils/format.ts). */
export const hourLabel = (hour: number) => formatClock(hour * 60);

/** 'Tue, Nov 24, 12:00 PM' — the moment as the list heading names it. */
export function describeMoment(at: Date): string {
  return `${formatDay(at)}, ${formatTime(at)}`;
}
