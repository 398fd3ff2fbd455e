import { DateTime } from 'luxon';
import type { Cuisine } from '@shared/constants';
import { stripPhoneSeparators, toE164 } from '@shared/utils/phone';
import { hoursOf, parseDaysHours, weekdayOf, type WeeklyHours } from './dayshours';
import { cuisineOf, foodWordsOf } from './food-words';
import type { ImportMapping } from './presets';
import type { SourceRecord } from './records';

/** A row accepted for import: what becomes (or refreshes) one listing. */
export interface ListingRow {
  sourceId: string;
  name: string;
  latitude: number;
  longitude: number;
  address: string | null;
  description: string | null;
  foodWords: string;
  cuisine: Cuisine;
  phone: string | null;
  stops: WeeklyHours[];
  sourceUpdatedAt: string | null;
}

export type RowVerdict = { row: ListingRow } | { skip: string };

/** The texts of the reasons a row is skipped (the report shows them per line). */
export const SKIP = {
  noSourceId: 'No source id',
  noName: 'No name',
  notApproved: (status: string) => `Not approved (status ${status})`,
  expired: (date: string) => `Expired on ${date}`,
  noCoordinates: 'No coordinates',
  nullIsland: 'Coordinates are 0, 0',
  outOfRange: 'Coordinates out of range',
  duplicate: (sourceId: string) => `Duplicate source id ${sourceId}`,
} as const;

const DATE_FORMATS = ['M/d/yyyy h:mm:ss a', 'M/d/yyyy H:mm', 'M/d/yyyy', 'yyyyMMdd', 'yyyy-MM-dd'];

/** A source's date ('11/15/2026 12:00:00 AM', '2026-11-15T00:00:00.000', '20261115') in its zone. */
export function parseSourceDate(value: string, zone: string): DateTime | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const iso = DateTime.fromISO(text, { zone });
  if (iso.isValid) return iso;
  for (const format of DATE_FORMATS) {
    const parsed = DateTime.fromFormat(text, format, { zone });
    if (parsed.isValid) return parsed;
  }
  return undefined;
}

function coordinate(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const n = Number(value.trim());
  return Number.isFinite(n) ? n : undefined;
}

/**
 * One record through the mapping and the import's rules: skipped (with the reason the report shows)
 * when it lacks a source id or name, is not APPROVED (when the source has a status), expired before
 * `now`, has no coordinates, sits at 0, 0 or outside -90…90 / -180…180; otherwise the listing row,
 * with searchable food words, a cuisine and weekly hours (from `dayshours`, or the schedule data
 * set's day + start24/end24).
 */
export function checkRecord(record: SourceRecord, mapping: ImportMapping, now: Date, zone: string): RowVerdict {
  const get = (field: keyof ImportMapping) => {
    const column = mapping[field];
    return column === undefined ? undefined : (record.values[column] ?? '').trim();
  };
  const sourceId = get('sourceId') ?? '';
  if (sourceId === '') return { skip: SKIP.noSourceId };
  const name = get('name') ?? '';
  if (name === '') return { skip: SKIP.noName };
  const status = get('status');
  if (status !== undefined && status.toUpperCase() !== 'APPROVED') return { skip: SKIP.notApproved(status || 'empty') };
  const expiry = get('expiry');
  if (expiry) {
    const expires = parseSourceDate(expiry, zone);
    if (expires && expires.toMillis() < now.getTime()) return { skip: SKIP.expired(expires.toISODate() ?? expiry) };
  }
  const latitude = coordinate(get('latitude'));
  const longitude = coordinate(get('longitude'));
  if (latitude === undefined || longitude === undefined) return { skip: SKIP.noCoordinates };
  if (latitude === 0 && longitude === 0) return { skip: SKIP.nullIsland };
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return { skip: SKIP.outOfRange };

  const food = get('foodItems') ?? '';
  const stops: WeeklyHours[] = [];
  const daysHours = get('daysHours');
  if (daysHours) stops.push(...(parseDaysHours(daysHours) ?? []));
  const day = get('dayOfWeek');
  if (day) {
    const weekday = weekdayOf(day);
    const hours = hoursOf(get('start24') ?? '', get('end24') ?? '');
    if (weekday !== undefined && hours) stops.push({ weekday, ...hours });
  }
  const phone = get('phone');
  const updated = get('updatedAt');
  return {
    row: {
      sourceId,
      name: name.slice(0, 120),
      latitude: Math.round(latitude * 1e7) / 1e7,
      longitude: Math.round(longitude * 1e7) / 1e7,
      address: get('address')?.slice(0, 300) || null,
      description: food.slice(0, 2000) || null,
      foodWords: foodWordsOf(food),
      cuisine: cuisineOf(food),
      phone: phone && /^\+?\d{10,15}$/.test(stripPhoneSeparators(phone)) ? toE164(phone) : null,
      stops,
      sourceUpdatedAt: updated ? (parseSourceDate(updated, zone)?.toUTC().toISO() ?? null) : null,
    },
  };
}
