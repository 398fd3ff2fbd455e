import { DateTime } from 'luxon';
import type { z } from 'zod';
import { DEFAULT_RADIUS_MILES } from '@shared/constants';
import {
  endTimeOf,
  MAX_SCHEDULE_WINDOW_DAYS,
  timeOf,
  UPCOMING_STOPS_PER_TRUCK,
  type Occurrences,
  type scheduleQuerySchema,
  type UpcomingStops,
} from '@shared/contracts/schedules';
import { nearby, roundMiles } from '@shared/utils/geo';
import { truckScheduleStops } from '../../db/schema';
import { badRequest, notFound } from '../../lib/http-errors';
import type { TruckRow } from '../trucks/truck.repository';
import { findVisibleTruck, listVisibleTrucksById, type Position, type Viewer } from '../trucks/trucks.service';
import { expandStops, toWire, type StopValues, type TimedOccurrence } from './occurrences';
import { loadStops, truckZones, type ScheduleDeps } from './schedule.repository';

/*
 * The diners' side of schedules (ADR 0100): a truck's occurrences, each listed truck's upcoming stops,
 * and where trucks will be at a time, for anyone who may see the truck. The calendar feeds are in
 * calendar-feeds.ts; the operator's edits in schedule-edits.service.ts.
 */

type ScheduleQuery = z.output<typeof scheduleQuerySchema>;

const DEFAULT_WINDOW_DAYS = 7;

/**
 * A moment of the query: an ISO date-time as given, or a date at midnight in the truck's zone.
 */
function momentOf(value: string, zone: string): Date {
  const parsed =
    value.length === 10 ? DateTime.fromISO(value, { zone }) : DateTime.fromISO(value, { setZone: true });
  if (!parsed.isValid) throw badRequest(`${value} is not a moment this server can read`);
  return parsed.toJSDate();
}

/**
 * The expanded occurrences of a truck diners may see (404 otherwise) that overlap [from, to):
 * by default the next 7 days from now; at most MAX_SCHEDULE_WINDOW_DAYS at once.
 */
export async function truckOccurrences(
  deps: ScheduleDeps,
  viewer: Viewer,
  truckId: number,
  query: ScheduleQuery,
  now: Date = new Date(),
): Promise<Occurrences> {
  const truck = await findVisibleTruck(deps.db, viewer, truckId);
  if (!truck) throw notFound('Food truck not found');
  const [zones, stops] = await Promise.all([
    truckZones(deps.db, [truck.id], deps.defaultTimeZone),
    loadStops(deps.db, [truck.id]),
  ]);
  const zone = zones.get(truck.id) ?? deps.defaultTimeZone;
  const from = query.from ? momentOf(query.from, zone) : now;
  const to = query.to
    ? momentOf(query.to, zone)
    : new Date(from.getTime() + DEFAULT_WINDOW_DAYS * 86_400_000);
  if (to <= from) throw badRequest('to must be after from', { to: ['to must be after from'] });
  if (to.getTime() - from.getTime() > MAX_SCHEDULE_WINDOW_DAYS * 86_400_000) {
    const message = `The window can be at most ${MAX_SCHEDULE_WINDOW_DAYS} days`;
    throw badRequest(message, { to: [message] });
  }
  return {
    truckId: truck.id,
    timeZone: zone,
    from: from.toISOString(),
    to: to.toISOString(),
    occurrences: expandStops(stops.get(truck.id) ?? [], zone, from, to).map(toWire),
  };
}

/** A listing's weekly stops as its usual hours, Monday first. */
function usualHoursOf(stops: readonly StopValues[]) {
  return stops
    .filter((s) => s.kind === 'weekly' && s.weekday !== null)
    .map((s) => ({ weekday: s.weekday ?? 0, startTime: timeOf(s.startMinute), endTime: endTimeOf(s.endMinute) }));
}

/** The viewer's list (same rule as the truck list) restricted to trucks that have stops, with them. */
async function listedTrucksWithStops(deps: ScheduleDeps, viewer: Viewer) {
  const ids = await deps.db.selectDistinct({ id: truckScheduleStops.foodTruckId }).from(truckScheduleStops);
  const trucks = await listVisibleTrucksById(
    deps.db,
    viewer,
    ids.map((r) => r.id),
  );
  const visibleIds = trucks.map((t) => t.id);
  const [zones, stops] = await Promise.all([
    truckZones(deps.db, visibleIds, deps.defaultTimeZone),
    loadStops(deps.db, visibleIds),
  ]);
  return trucks.map((truck) => ({
    truck,
    zone: zones.get(truck.id) ?? deps.defaultTimeZone,
    stops: stops.get(truck.id) ?? [],
  }));
}

/**
 * For each truck of the viewer's list that has stops: the stop under way now (if any) and the next,
 * so cards can say 'Open now until 14:00' or 'Next: Tue 11:00–14:00 at …' by the viewer's clock.
 * Looks a week ahead (a weekly stop always shows).
 */
export async function upcomingStops(
  deps: ScheduleDeps,
  viewer: Viewer,
  now: Date = new Date(),
): Promise<UpcomingStops> {
  const horizon = new Date(now.getTime() + 8 * 86_400_000);
  return (await listedTrucksWithStops(deps, viewer))
    .map(({ truck, zone, stops }) => ({
      truckId: truck.id,
      timeZone: zone,
      stops: expandStops(stops, zone, now, horizon).slice(0, UPCOMING_STOPS_PER_TRUCK).map(toWire),
      // A listing is never open: its line says its usual week instead (issue 26, ADR 0157).
      ...(truck.listing ? { usualHours: usualHoursOf(stops) } : {}),
    }))
    .filter((entry) => entry.stops.length > 0);
}

export type ScheduledTruckRow = TruckRow & {
  distanceMiles?: number;
  scheduledStop: ReturnType<typeof toWire>;
};

/**
 * Where the trucks of the viewer's list will be at `at`: each truck with a stop under way then,
 * placed at that stop (coordinates and address are the stop's). With a position, only stops within
 * the radius, nearest first with distanceMiles, like the live list; otherwise by truck id.
 */
export async function trucksScheduledAt(
  deps: ScheduleDeps,
  viewer: Viewer,
  at: Date,
  position?: Position,
): Promise<ScheduledTruckRow[]> {
  const until = new Date(at.getTime() + 1);
  const placed: ScheduledTruckRow[] = [];
  for (const { truck, zone, stops } of await listedTrucksWithStops(deps, viewer)) {
    const occurrence: TimedOccurrence | undefined = expandStops(stops, zone, at, until)[0];
    if (!occurrence) continue;
    const { stop } = occurrence;
    const row: ScheduledTruckRow = {
      ...truck,
      latitude: stop.latitude,
      longitude: stop.longitude,
      address: stop.address,
      scheduledStop: toWire(occurrence),
    };
    placed.push(row);
  }
  if (!position) return placed;
  // The live list's rule (shared/utils/geo.ts): within the radius, nearest first by the unrounded
  // distance, then by id.
  const area = { lat: position.lat, lng: position.lng, radiusMiles: position.radiusMiles ?? DEFAULT_RADIUS_MILES };
  return nearby(placed, area, (row) => ({ id: row.id, lat: row.latitude, lng: row.longitude })).map(({ item, miles }) => ({
    ...item,
    distanceMiles: roundMiles(miles),
  }));
}
