import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  endMinuteOf,
  endTimeOf,
  minutesOf,
  timeOf,
  type ScheduleStop,
  type TruckSchedule,
  type stopInputSchema,
  type TakeStopPlaceInput,
} from '@shared/contracts/schedules';
import { formatClockRange, formatDate, formatWeekday, SERVER_LOCALE } from '@shared/utils/format';
import type { DbOrTx, Tx } from '../../db/client';
import { foodTrucks, truckScheduleExceptions, truckScheduleStops } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { lockTruck, relocateLockedTruck, type TruckStateDeps } from '../operator-trucks/operator-trucks.service';
import { publishTruckEvent } from '../trucks/truck-events';
import { queueScheduleTodayPush, type TodayStop } from '../push/push-outbox.service';
import { goingAfterScheduleChange } from '../going/going.service';
import type { TruckRow } from '../trucks/truck.repository';
import { expandStops, stopsClash, todayIn, toWire, weekdayOfDate, type StopValues, type TimedOccurrence } from './occurrences';
import { loadStops, stopColumns, truckZones, type ScheduleDeps } from './schedule.repository';

/*
 * The operator's side of schedules (ADR 0100): the truck's owner (or an admin) reads and edits its
 * stops, exceptions and zone, and takes a stop's place. Diners' reads are in schedule-reads.service.ts.
 */

type StopInput = z.output<typeof stopInputSchema>;

const STOP_NOT_FOUND = 'Stop not found';

export function toStopResponse(stop: StopValues): ScheduleStop {
  return {
    id: stop.id,
    foodTruckId: stop.foodTruckId,
    kind: stop.kind,
    weekday: stop.weekday,
    date: stop.date,
    startTime: timeOf(stop.startMinute),
    endTime: endTimeOf(stop.endMinute),
    latitude: stop.latitude,
    longitude: stop.longitude,
    address: stop.address,
    exceptions: stop.exceptions,
  };
}

/** "the Tuesday stop 11:00 AM–2:00 PM at 6th & Congress" / "the stop on Nov 27, 2026 …", for messages. */
function describeStop(stop: StopValues): string {
  const said = { locale: SERVER_LOCALE };
  const when =
    stop.kind === 'weekly' ? `${formatWeekday(stop.weekday ?? 1, { ...said, long: true })} stop` : `stop on ${formatDate(stop.date ?? '', said)}`;
  return `the ${when} ${formatClockRange(stop.startMinute, stop.endMinute, said)} at ${stop.address}`;
}

function assertNoClash(candidate: StopValues, others: StopValues[]): void {
  const clash = others.find((other) => other.id !== candidate.id && stopsClash(candidate, other));
  if (clash)
    throw conflict(`This stop overlaps ${describeStop(clash)}. A truck can be at one stop at a time.`);
}

/** What a change needs: the zones and, for the texts to diners going to a changed stop, PUBLIC_URL. */
export type EditDeps = ScheduleDeps & Pick<TruckStateDeps, 'publicUrl'>;

/** The truck's schedule as its owner (or an admin) manages it. */
export async function readSchedule(
  deps: ScheduleDeps,
  actor: AuthUser,
  truckId: number,
): Promise<TruckSchedule> {
  return deps.db.transaction(async (tx) => {
    const truck = await lockTruck(tx, actor, truckId);
    return scheduleOf(tx, deps, truck.id);
  });
}

/** The occurrence of `stops` under way at `now` (the first, by start), if any. */
function underWayAt(stops: StopValues[], zone: string, now: Date): TimedOccurrence | undefined {
  return expandStops(stops, zone, now, new Date(now.getTime() + 1))[0];
}

async function scheduleOf(tx: DbOrTx, deps: ScheduleDeps, truckId: number): Promise<TruckSchedule> {
  const [zones, stops] = await Promise.all([
    truckZones(tx, [truckId], deps.defaultTimeZone),
    loadStops(tx, [truckId]),
  ]);
  const zone = zones.get(truckId) ?? deps.defaultTimeZone;
  const truckStops = stops.get(truckId) ?? [];
  const current = underWayAt(truckStops, zone, new Date());
  return {
    truckId,
    timeZone: zone,
    stops: truckStops.map(toStopResponse),
    underWay: current ? toWire(current) : null,
  };
}

/**
 * Runs a schedule change on the caller's truck: locks the truck (404 when not theirs), so two
 * changes of one truck's stops are checked for overlaps one after the other; then publishes the
 * truck's `updated` event in the same transaction, so diners' caches and open pages refresh
 * (like a menu change, ADR 0031). `lastUpdated` is left alone: it tells how fresh the position is.
 */
async function changeSchedule<T>(
  deps: EditDeps,
  actor: AuthUser,
  truckId: number,
  change: (tx: Tx, context: { zone: string; stops: StopValues[] }) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => {
    const truck = await lockTruck(tx, actor, truckId);
    const [zones, stops] = await Promise.all([
      truckZones(tx, [truck.id], deps.defaultTimeZone),
      loadStops(tx, [truck.id]),
    ]);
    const zone = zones.get(truck.id) ?? deps.defaultTimeZone;
    const before = stops.get(truck.id) ?? [];
    const result = await change(tx, { zone, stops: before });
    await publishTruckEvent(tx, 'updated', truck);
    const after = (await loadStops(tx, [truck.id])).get(truck.id) ?? [];
    await pushIfTodayChanged(tx, truck, before, after, zone);
    // A stop someone said they are going to that was cancelled or moved tells them (issue 31).
    await goingAfterScheduleChange(tx, deps, truck, after, zone);
    return result;
  });
}

/** The stops of the truck's local today, in order (what its favourites' schedule alert tells). */
function stopsOfToday(stops: StopValues[], zone: string, today: string): TodayStop[] {
  const now = new Date();
  const from = new Date(now.getTime() - 36 * 3_600_000);
  const to = new Date(now.getTime() + 36 * 3_600_000);
  return expandStops(stops, zone, from, to)
    .filter((o) => o.localDate === today)
    .map((o) => ({ startMinute: o.stop.startMinute, endMinute: o.stop.endMinute, address: o.stop.address }));
}

/**
 * A change that alters the truck's stops for today (its zone) pushes to its favourites' devices
 * (issue 29): a stop added, moved, cancelled or skipped today. Changes to other days push nothing.
 */
async function pushIfTodayChanged(tx: Tx, truck: TruckRow, before: StopValues[], after: StopValues[], zone: string): Promise<void> {
  const today = todayIn(zone);
  const was = stopsOfToday(before, zone, today);
  const now = stopsOfToday(after, zone, today);
  if (JSON.stringify(was) !== JSON.stringify(now)) await queueScheduleTodayPush(tx, truck, today, now);
}

function stopFields(input: StopInput) {
  return {
    kind: input.kind,
    weekday: input.kind === 'weekly' ? input.weekday : null,
    date: input.kind === 'once' ? input.date : null,
    startMinute: minutesOf(input.startTime),
    endMinute: endMinuteOf(input.startTime, input.endTime),
    latitude: input.latitude,
    longitude: input.longitude,
    address: input.address,
  };
}

function assertNotPast(input: StopInput, zone: string): void {
  if (input.kind === 'once' && input.date < todayIn(zone)) {
    throw badRequest('A one-off stop cannot be in the past', {
      date: ['A one-off stop cannot be in the past'],
    });
  }
}

export async function addStop(
  deps: EditDeps,
  actor: AuthUser,
  truckId: number,
  input: StopInput,
): Promise<ScheduleStop> {
  return changeSchedule(deps, actor, truckId, async (tx, { zone, stops }) => {
    assertNotPast(input, zone);
    const fields = stopFields(input);
    assertNoClash({ ...fields, id: 0, foodTruckId: truckId, exceptions: [] }, stops);
    const [row] = await tx
      .insert(truckScheduleStops)
      .values({ ...fields, foodTruckId: truckId })
      .returning(stopColumns);
    if (!row) throw new Error('stop insert returned no row');
    return toStopResponse({ ...row, kind: input.kind, exceptions: [] });
  });
}

function findStop(stops: StopValues[], stopId: number): StopValues {
  const stop = stops.find((s) => s.id === stopId);
  if (!stop) throw notFound(STOP_NOT_FOUND);
  return stop;
}

/** A stop in a path: /api/food-trucks/{id}/schedule/stops/{stopId}. */
export interface StopRef {
  id: number;
  stopId: number;
}

/** changeSchedule for one stop of the truck (404 'Stop not found' when it has no such stop). */
function changeStop<T>(
  deps: EditDeps,
  actor: AuthUser,
  ref: StopRef,
  change: (tx: Tx, stop: StopValues, context: { zone: string; stops: StopValues[] }) => Promise<T>,
): Promise<T> {
  return changeSchedule(deps, actor, ref.id, (tx, context) =>
    change(tx, findStop(context.stops, ref.stopId), context),
  );
}

/** Replaces a stop's fields; exceptions stay only while the stop is still weekly on the same day. */
export async function updateStop(
  deps: EditDeps,
  actor: AuthUser,
  ref: StopRef,
  input: StopInput,
): Promise<ScheduleStop> {
  const { id: truckId, stopId } = ref;
  return changeStop(deps, actor, ref, async (tx, before, { zone, stops }) => {
    assertNotPast(input, zone);
    const fields = stopFields(input);
    const keepExceptions = fields.kind === 'weekly' && fields.weekday === before.weekday;
    const exceptions = keepExceptions ? before.exceptions : [];
    assertNoClash({ ...fields, id: stopId, foodTruckId: truckId, exceptions }, stops);
    if (!keepExceptions) {
      await tx.delete(truckScheduleExceptions).where(eq(truckScheduleExceptions.stopId, stopId));
    }
    const [row] = await tx
      .update(truckScheduleStops)
      .set(fields)
      .where(eq(truckScheduleStops.id, stopId))
      .returning(stopColumns);
    if (!row) throw notFound(STOP_NOT_FOUND);
    return toStopResponse({ ...row, kind: input.kind, exceptions });
  });
}

export async function deleteStop(deps: EditDeps, actor: AuthUser, ref: StopRef): Promise<void> {
  await changeStop(deps, actor, ref, async (tx, stop) => {
    await tx.delete(truckScheduleStops).where(eq(truckScheduleStops.id, stop.id));
  });
}

/** "Not this date" for a weekly stop; adding the same date twice is fine. */
export async function addException(
  deps: EditDeps,
  actor: AuthUser,
  ref: StopRef,
  date: string,
): Promise<ScheduleStop> {
  return changeStop(deps, actor, ref, async (tx, stop) => {
    if (stop.kind !== 'weekly') {
      throw badRequest('Only a weekly stop can skip a date; delete a one-off stop instead', {
        date: ['Only a weekly stop can skip a date'],
      });
    }
    if (weekdayOfDate(date) !== stop.weekday) {
      const said = { locale: SERVER_LOCALE };
      const message = `${formatDate(date, said)} is not a ${formatWeekday(stop.weekday ?? 1, { ...said, long: true })}`;
      throw badRequest(message, { date: [message] });
    }
    await tx.insert(truckScheduleExceptions).values({ stopId: stop.id, date }).onConflictDoNothing();
    const exceptions = [...new Set([...stop.exceptions, date])].sort();
    return toStopResponse({ ...stop, exceptions });
  });
}

/** The weekly stop happens on `date` again — unless a one-off stop has taken that time since (409). */
export async function removeException(
  deps: EditDeps,
  actor: AuthUser,
  ref: StopRef,
  date: string,
): Promise<ScheduleStop> {
  return changeStop(deps, actor, ref, async (tx, stop, { stops }) => {
    if (!stop.exceptions.includes(date)) throw notFound('This stop has no exception on that date');
    const restored = { ...stop, exceptions: stop.exceptions.filter((d) => d !== date) };
    assertNoClash(restored, stops);
    await tx
      .delete(truckScheduleExceptions)
      .where(and(eq(truckScheduleExceptions.stopId, stop.id), eq(truckScheduleExceptions.date, date)));
    return toStopResponse(restored);
  });
}

/**
 * The truck's zone. Stops keep their local hours (a 11:00 stop stays at 11:00 in the new zone);
 * overlaps cannot appear, because every stop of a truck shares its zone.
 */
export async function setTimeZone(
  deps: EditDeps,
  actor: AuthUser,
  truckId: number,
  timeZone: string,
): Promise<TruckSchedule> {
  return changeSchedule(deps, actor, truckId, async (tx) => {
    await tx.update(foodTrucks).set({ timeZone }).where(eq(foodTrucks.id, truckId));
    return scheduleOf(tx, deps, truckId);
  });
}

export const STOP_NOT_UNDER_WAY = "This stop is not under way now: its place can be taken only during the stop's hours.";

/**
 * "Use this stop's place" (ADR 0100): the truck's location and address become the stop's, only
 * while one of the stop's occurrences is under way (by the server's clock, in the truck's zone;
 * 409 otherwise), so the dashboard's one tap cannot put a truck at a stop it is not keeping.
 * `open: true` also opens a closed truck there (the subscription gate, as opening). A location
 * change like PATCH …/location: same lock, `moved`/`opened` event, `lastUpdated` now.
 */
export async function takeStopPlace(
  deps: EditDeps & TruckStateDeps,
  actor: AuthUser,
  ref: StopRef,
  input: TakeStopPlaceInput,
  now: Date = new Date(),
): Promise<TruckRow> {
  return deps.db.transaction(async (tx) => {
    const before = await lockTruck(tx, actor, ref.id);
    const [zones, stops] = await Promise.all([
      truckZones(tx, [before.id], deps.defaultTimeZone),
      loadStops(tx, [before.id]),
    ]);
    const stop = findStop(stops.get(before.id) ?? [], ref.stopId);
    if (!underWayAt([stop], zones.get(before.id) ?? deps.defaultTimeZone, now)) throw conflict(STOP_NOT_UNDER_WAY);
    return relocateLockedTruck(tx, deps, actor, before, {
      latitude: stop.latitude,
      longitude: stop.longitude,
      address: stop.address,
      isOpen: input.open === true ? true : undefined,
    });
  });
}
