import { asc, inArray } from 'drizzle-orm';
import type { StopKind } from '@shared/contracts/schedules';
import type { Database, DbOrTx } from '../../db/client';
import { foodTrucks, truckScheduleExceptions, truckScheduleStops } from '../../db/schema';
import type { StopValues } from './occurrences';

/*
 * Reading a truck's stops and zone from the database, for both sides of schedules (the operator's
 * edits, the diners' reads) and for the voice assistant, the calendar feeds and the auto-close worker.
 */

export interface ScheduleDeps {
  db: Database;
  /** DEFAULT_TIMEZONE: the zone of trucks whose operator chose none. */
  defaultTimeZone: string;
}

/** The columns of a stop row, as StopValues has them (less its exceptions). */
export const stopColumns = {
  id: truckScheduleStops.id,
  foodTruckId: truckScheduleStops.foodTruckId,
  kind: truckScheduleStops.kind,
  weekday: truckScheduleStops.weekday,
  date: truckScheduleStops.date,
  startMinute: truckScheduleStops.startMinute,
  endMinute: truckScheduleStops.endMinute,
  latitude: truckScheduleStops.latitude,
  longitude: truckScheduleStops.longitude,
  address: truckScheduleStops.address,
};

/**
 * The stops of each truck (one query for the stops, one for their exceptions), weekly ones first
 * by weekday, then one-offs by date, each by start time.
 */
export async function loadStops(db: DbOrTx, truckIds: number[]): Promise<Map<number, StopValues[]>> {
  const byTruck = new Map<number, StopValues[]>();
  if (truckIds.length === 0) return byTruck;
  const rows = await db
    .select(stopColumns)
    .from(truckScheduleStops)
    .where(inArray(truckScheduleStops.foodTruckId, truckIds))
    .orderBy(
      asc(truckScheduleStops.kind),
      asc(truckScheduleStops.weekday),
      asc(truckScheduleStops.date),
      asc(truckScheduleStops.startMinute),
      asc(truckScheduleStops.id),
    );
  const skipped = new Map<number, string[]>();
  if (rows.length > 0) {
    const exceptions = await db
      .select()
      .from(truckScheduleExceptions)
      .where(
        inArray(
          truckScheduleExceptions.stopId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(truckScheduleExceptions.date));
    for (const e of exceptions) skipped.set(e.stopId, [...(skipped.get(e.stopId) ?? []), e.date]);
  }
  for (const row of rows) {
    const stop: StopValues = { ...row, kind: row.kind as StopKind, exceptions: skipped.get(row.id) ?? [] };
    byTruck.set(row.foodTruckId, [...(byTruck.get(row.foodTruckId) ?? []), stop]);
  }
  return byTruck;
}

/** The zones of trucks (their own, else DEFAULT_TIMEZONE). */
export async function truckZones(
  db: DbOrTx,
  truckIds: number[],
  fallback: string,
): Promise<Map<number, string>> {
  if (truckIds.length === 0) return new Map();
  const rows = await db
    .select({ id: foodTrucks.id, timeZone: foodTrucks.timeZone })
    .from(foodTrucks)
    .where(inArray(foodTrucks.id, truckIds));
  return new Map(rows.map((r) => [r.id, r.timeZone ?? fallback]));
}
