import { and, asc, count, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { SMS_OPT_OUT_TEXT } from '@shared/constants';
import {
  NO_STOP_TO_GO_TO,
  type GoingCount,
  type GoingNoticeKind,
  type MyGoingList,
} from '@shared/contracts/going';
import { stillNear } from '@shared/utils/truck-address';
import type { Database, DbOrTx } from '../../db/client';
import { foodTrucks, goingNotices, truckEvents, truckGoing, users } from '../../db/schema';
import { conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { pushLink, queueGoingPush } from '../push/push-outbox.service';
import { inQuietHours } from '../quiet-hours/quiet-hours';
import { expandStops, type StopValues } from '../schedules/occurrences';
import { loadStops, truckZones, type ScheduleDeps } from '../schedules/schedule.repository';
import { queueSms } from '../sms/sms-outbox.service';
import { manageableTruck } from '../trucks/truck-access';
import type { TruckRow } from '../trucks/truck.repository';
import { findVisibleTruck } from '../trucks/trucks.service';
import { GOING_CHANNEL, GOING_NOTICES_CHANNEL } from './going-channels';

/*
 * "I'm going" (issue 31, ADR 0164). A customer marks a truck's current or next stop: the truck's
 * opening where it stands when it is open, else the next occurrence of its schedule (one under way
 * included). Only the truck's operator (and admins) read the counts. The truck and schedule changes
 * that end or move such a stop call in here inside their own transactions, so the diners going are
 * told exactly once, with the change: a notice row NOTIFYed to every process's event hub (the open
 * pages), and SMS and push rows in the durable outboxes.
 */

export interface GoingDeps extends ScheduleDeps {
  /** PUBLIC_URL: the link in the SMS. */
  publicUrl: string;
}

/** The key of the truck's current opening (there is one at a time: closing it ends it). */
const OPEN_KEY = 'open';
const stopKeyOf = (stopId: number, localDate: string) => `stop:${stopId}:${localDate}`;

/** How far ahead the next stop is looked for (a weekly stop always shows). */
const LOOK_AHEAD_MS = 8 * 86_400_000;

type GoingRow = typeof truckGoing.$inferSelect;
type StopTarget = Omit<typeof truckGoing.$inferInsert, 'id' | 'userId' | 'createdAt'>;

/** Rows that still count at `now`: the current opening, or a scheduled stop not over yet. */
const stillToCome = (now: Date) => or(isNull(truckGoing.endsAt), gt(truckGoing.endsAt, now));

const wire = (row: Pick<GoingRow, keyof StopTarget>) => ({
  truckId: row.foodTruckId,
  stopKey: row.stopKey,
  kind: row.stopId === null ? ('open' as const) : ('stop' as const),
  address: row.address,
  latitude: row.latitude,
  longitude: row.longitude,
  startsAt: row.startsAt ?? null,
  endsAt: row.endsAt ?? null,
});

/** The stop a diner going to `truck` now goes to, or undefined when it has none. */
async function currentOrNextStop(
  db: DbOrTx,
  deps: ScheduleDeps,
  truck: TruckRow,
  now: Date,
): Promise<StopTarget | undefined> {
  if (truck.isOpen && truck.latitude !== null && truck.longitude !== null) {
    return {
      foodTruckId: truck.id,
      stopKey: OPEN_KEY,
      stopId: null,
      localDate: null,
      startsAt: null,
      endsAt: null,
      address: truck.address ?? '',
      latitude: truck.latitude,
      longitude: truck.longitude,
    };
  }
  const [zones, stops] = await Promise.all([
    truckZones(db, [truck.id], deps.defaultTimeZone),
    loadStops(db, [truck.id]),
  ]);
  const zone = zones.get(truck.id) ?? deps.defaultTimeZone;
  const [next] = expandStops(stops.get(truck.id) ?? [], zone, now, new Date(now.getTime() + LOOK_AHEAD_MS));
  if (!next) return undefined;
  return {
    foodTruckId: truck.id,
    stopKey: stopKeyOf(next.stop.id, next.localDate),
    stopId: next.stop.id,
    localDate: next.localDate,
    startsAt: next.start.toJSDate(),
    endsAt: next.end.toJSDate(),
    address: next.stop.address,
    latitude: next.stop.latitude,
    longitude: next.stop.longitude,
  };
}

/** Wakes the truck's operator's open dashboards (every process): its counts changed. */
async function countsChanged(tx: DbOrTx, truck: Pick<TruckRow, 'id' | 'operatorId'>): Promise<void> {
  if (truck.operatorId === null) return;
  await tx.execute(
    sql`select pg_notify(${GOING_CHANNEL}, ${JSON.stringify({ operatorId: truck.operatorId, truckId: truck.id })})`,
  );
}

/** The caller's stops still to come, soonest first (the current openings first). */
export async function listMyGoing(db: DbOrTx, user: AuthUser, now: Date = new Date()): Promise<MyGoingList> {
  const rows = await db
    .select()
    .from(truckGoing)
    .where(and(eq(truckGoing.userId, user.id), stillToCome(now)))
    .orderBy(sql`${truckGoing.startsAt} asc nulls first`, asc(truckGoing.id));
  return rows.map(wire);
}

/**
 * "I'm going" to the truck's current or next stop (a truck diners may see: 404 otherwise; 409 when
 * it has none). Saying it twice is not an error. Answers the caller's list.
 */
export async function markGoing(
  deps: GoingDeps,
  user: AuthUser,
  truckId: number,
  now: Date = new Date(),
): Promise<{ list: MyGoingList; added: StopTarget | null }> {
  const added = await deps.db.transaction(async (tx) => {
    const truck = await findVisibleTruck(tx, user, truckId);
    if (!truck) throw notFound('Food truck not found');
    const target = await currentOrNextStop(tx, deps, truck, now);
    if (!target) throw conflict(NO_STOP_TO_GO_TO);
    const inserted = await tx
      .insert(truckGoing)
      .values({ ...target, userId: user.id })
      .onConflictDoNothing()
      .returning({ id: truckGoing.id });
    if (inserted.length === 0) return null;
    await countsChanged(tx, truck);
    return target;
  });
  return { list: await listMyGoing(deps.db, user, now), added };
}

/** Undo: the caller is no longer going to any stop of the truck. Undoing twice is not an error. */
export async function unmarkGoing(
  db: Database,
  user: AuthUser,
  truckId: number,
  now: Date = new Date(),
): Promise<MyGoingList> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(truckGoing)
      .where(and(eq(truckGoing.userId, user.id), eq(truckGoing.foodTruckId, truckId)))
      .returning({ id: truckGoing.id });
    if (removed.length === 0) return;
    const [truck] = await tx
      .select({ id: foodTrucks.id, operatorId: foodTrucks.operatorId })
      .from(foodTrucks)
      .where(eq(foodTrucks.id, truckId));
    if (truck) await countsChanged(tx, truck);
  });
  return listMyGoing(db, user, now);
}

/**
 * Per current or upcoming stop of the caller's truck (404 when not theirs), how many said they are
 * going: the current opening first, then by start.
 */
export async function goingCounts(
  db: DbOrTx,
  actor: AuthUser,
  truckId: number,
  now: Date = new Date(),
): Promise<GoingCount[]> {
  const [truck] = await db
    .select({ id: foodTrucks.id })
    .from(foodTrucks)
    .where(manageableTruck(actor, truckId))
    .limit(1);
  if (!truck) throw notFound('Food truck not found');
  const rows = await db
    .select({
      foodTruckId: truckGoing.foodTruckId,
      stopKey: truckGoing.stopKey,
      stopId: sql<number | null>`min(${truckGoing.stopId})`,
      localDate: sql<string | null>`min(${truckGoing.localDate})`,
      startsAt: sql<Date | null>`min(${truckGoing.startsAt})`.mapWith((v: unknown) =>
        v === null ? null : new Date(String(v)),
      ),
      endsAt: sql<Date | null>`max(${truckGoing.endsAt})`.mapWith((v: unknown) =>
        v === null ? null : new Date(String(v)),
      ),
      address: sql<string>`max(${truckGoing.address})`,
      latitude: sql<number>`max(${truckGoing.latitude})`.mapWith(Number),
      longitude: sql<number>`max(${truckGoing.longitude})`.mapWith(Number),
      count: count(),
    })
    .from(truckGoing)
    .where(and(eq(truckGoing.foodTruckId, truck.id), stillToCome(now)))
    .groupBy(truckGoing.foodTruckId, truckGoing.stopKey)
    .orderBy(sql`min(${truckGoing.startsAt}) asc nulls first`);
  return rows.map((row) => ({
    ...wire({ ...row, stopId: row.stopId === null ? null : Number(row.stopId) }),
    count: row.count,
  }));
}

interface NoticeText {
  kind: GoingNoticeKind;
  message: string;
  place?: { address: string; latitude: number; longitude: number };
  /** The truck is being deleted: the SMS and push link to the map, not to the truck. */
  truckGone?: boolean;
}

/**
 * Tells everyone in `rows` (one stop of `truck`) what happened, in the caller's transaction: the
 * notice for their open pages (NOTIFYed by id once the transaction commits), an SMS to those with
 * a phone who allow texts and are not in quiet hours, and a push to their devices.
 */
async function tellGoing(
  tx: DbOrTx,
  deps: Pick<GoingDeps, 'publicUrl'>,
  truck: Pick<TruckRow, 'id' | 'name'>,
  rows: GoingRow[],
  notice: NoticeText,
): Promise<void> {
  const recipientIds = [...new Set(rows.map((r) => r.userId))];
  if (recipientIds.length === 0) return;
  const [row] = await tx
    .insert(goingNotices)
    .values({
      foodTruckId: truck.id,
      kind: notice.kind,
      message: notice.message,
      address: notice.place?.address ?? null,
      latitude: notice.place?.latitude ?? null,
      longitude: notice.place?.longitude ?? null,
      recipientIds,
    })
    .returning({ id: goingNotices.id });
  if (!row) return;
  await tx.execute(sql`select pg_notify(${GOING_NOTICES_CHANNEL}, ${String(row.id)})`);
  const texted = await tx
    .select({ userId: users.id, phone: users.phone })
    .from(users)
    .where(
      and(
        inArray(users.id, recipientIds),
        eq(users.role, 'customer'),
        eq(users.smsOptOut, false),
        sql`${users.phone} is not null and ${users.phone} <> ''`,
        sql`not ${inQuietHours(users.id)}`,
      ),
    );
  const link = notice.truckGone ? '/find-trucks' : pushLink('going', truck.id);
  const body = `${notice.message}\n${deps.publicUrl}${link}\n${SMS_OPT_OUT_TEXT}`;
  for (const { userId, phone } of texted) {
    if (phone) await queueSms(tx, { userId, foodTruckId: truck.id, toPhone: phone, body });
  }
  await queueGoingPush(tx, truck.id, recipientIds, `going:${notice.kind}:${row.id}`, {
    title: truck.name,
    body: notice.message,
    url: link,
  });
}

async function goingRows(tx: DbOrTx, truckId: number, where: ReturnType<typeof and>): Promise<GoingRow[]> {
  return tx
    .select()
    .from(truckGoing)
    .where(and(eq(truckGoing.foodTruckId, truckId), where))
    .for('update');
}

/**
 * Call in the transaction of a truck change (the operator's close or move, the auto-close worker)
 * with the truck before and after it. Closing ends the current opening and a scheduled stop under
 * way: their diners are told it closed. Moving the open truck away from its spot tells the current
 * opening's diners where it went.
 */
export async function goingAfterTruckChange(
  tx: DbOrTx,
  deps: Pick<GoingDeps, 'publicUrl'>,
  before: TruckRow,
  after: TruckRow,
  now: Date = new Date(),
): Promise<void> {
  if (before.isOpen && !after.isOpen) {
    const ended = await goingRows(
      tx,
      after.id,
      or(eq(truckGoing.stopKey, OPEN_KEY), and(lte(truckGoing.startsAt, now), gt(truckGoing.endsAt, now))),
    );
    if (ended.length === 0) return;
    await tx.delete(truckGoing).where(
      inArray(
        truckGoing.id,
        ended.map((r) => r.id),
      ),
    );
    await tellGoing(tx, deps, after, ended, {
      kind: 'closed',
      message: `${after.name} has closed early today.`,
    });
    await countsChanged(tx, after);
    return;
  }
  if (!after.isOpen || after.latitude === null || after.longitude === null) return;
  const place = { latitude: after.latitude, longitude: after.longitude };
  if (stillNear(before, place)) return;
  const moving = await goingRows(tx, after.id, eq(truckGoing.stopKey, OPEN_KEY));
  if (moving.length === 0) return;
  const address = after.address ?? '';
  await tx
    .update(truckGoing)
    .set({ ...place, address })
    .where(
      inArray(
        truckGoing.id,
        moving.map((r) => r.id),
      ),
    );
  await tellGoing(tx, deps, after, moving, {
    kind: 'moved',
    message: `${after.name} has moved${address ? ` to ${address}` : ''}.`,
    place: { ...place, address },
  });
  await countsChanged(tx, after);
}

/**
 * Call in the transaction that deletes the truck, before the delete (its rows go with it): the
 * operator's delete, or an admin deleting the operator's account. Everyone going to one of its
 * stops still to come is told, once, that it is cancelled — as a cancelled stop is told.
 */
export async function goingBeforeTruckRemoved(
  tx: DbOrTx,
  deps: Pick<GoingDeps, 'publicUrl'>,
  truck: Pick<TruckRow, 'id' | 'name'>,
  now: Date = new Date(),
): Promise<void> {
  const rows = await goingRows(tx, truck.id, stillToCome(now));
  if (rows.length === 0) return;
  const stops = new Map(rows.map((r) => [r.stopKey, r.address]));
  const [address] = stops.size === 1 ? [...stops.values()] : [];
  const what = stops.size === 1 ? `its stop${address ? ` at ${address}` : ''} is` : 'its stops are';
  await tellGoing(tx, deps, truck, rows, {
    kind: 'cancelled',
    message: `${truck.name} is no longer on Food Truck Finder, so ${what} cancelled.`,
    truckGone: true,
  });
}

/**
 * Call in a schedule change's transaction with the truck's stops after it: a stop occurrence
 * someone is going to that no longer happens (deleted, skipped that date, moved to another day) is
 * cancelled; one whose place changed has moved; one whose hours changed is updated quietly.
 */
export async function goingAfterScheduleChange(
  tx: DbOrTx,
  deps: Pick<GoingDeps, 'publicUrl'>,
  truck: TruckRow,
  stops: StopValues[],
  zone: string,
  now: Date = new Date(),
): Promise<void> {
  const rows = await goingRows(
    tx,
    truck.id,
    and(sql`${truckGoing.stopId} is not null`, gt(truckGoing.endsAt, now)),
  );
  if (rows.length === 0) return;
  const byKey = new Map<string, GoingRow[]>();
  for (const row of rows) byKey.set(row.stopKey, [...(byKey.get(row.stopKey) ?? []), row]);
  let changed = false;
  for (const [key, group] of byKey) {
    const first = group[0];
    if (!first?.localDate) continue;
    const day = DateTime.fromISO(first.localDate, { zone });
    const occurrence = expandStops(
      stops,
      zone,
      day.minus({ days: 1 }).toJSDate(),
      day.plus({ days: 2 }).toJSDate(),
    ).find((o) => stopKeyOf(o.stop.id, o.localDate) === key);
    const ids = group.map((r) => r.id);
    if (!occurrence) {
      await tx.delete(truckGoing).where(inArray(truckGoing.id, ids));
      await tellGoing(tx, deps, truck, group, {
        kind: 'cancelled',
        message: `${truck.name} cancelled its stop at ${first.address}.`,
      });
      changed = true;
      continue;
    }
    const { stop } = occurrence;
    const moved = stop.latitude !== first.latitude || stop.longitude !== first.longitude;
    await tx
      .update(truckGoing)
      .set({
        startsAt: occurrence.start.toJSDate(),
        endsAt: occurrence.end.toJSDate(),
        address: stop.address,
        latitude: stop.latitude,
        longitude: stop.longitude,
      })
      .where(inArray(truckGoing.id, ids));
    if (moved) {
      await tellGoing(tx, deps, truck, group, {
        kind: 'moved',
        message: `${truck.name} has moved its stop to ${stop.address}.`,
        place: { address: stop.address, latitude: stop.latitude, longitude: stop.longitude },
      });
      changed = true;
    }
  }
  if (changed) await countsChanged(tx, truck);
}

/** A notice as the event hub sends it (null when it was pruned before the hub read it). */
export async function readGoingNotice(db: DbOrTx, id: number) {
  const [row] = await db.select().from(goingNotices).where(eq(goingNotices.id, id)).limit(1);
  return row ?? null;
}

/**
 * How far back a reopened stream gets a diner's notices again: a page whose stream was reopening
 * when the notice was sent (a list answered from behind the stream, a phone's network dropped for
 * a moment) still shows it, and a page opened long after does not.
 */
export const GOING_NOTICE_REPLAY_MS = 2 * 60 * 1000;

/**
 * The notices for `userId` since the truck event `sinceEventId` was written (the notices of its
 * own transaction included: the stream may have had the event and not yet its notice) and at most
 * GOING_NOTICE_REPLAY_MS old, oldest first.
 */
export async function recentGoingNotices(db: DbOrTx, userId: number, sinceEventId: number) {
  return db
    .select()
    .from(goingNotices)
    .where(
      and(
        sql`${userId} = any(${goingNotices.recipientIds})`,
        sql`${goingNotices.createdAt} > now() - make_interval(secs => ${GOING_NOTICE_REPLAY_MS / 1000})`,
        sql`${goingNotices.createdAt} >= (select ${truckEvents.createdAt} from ${truckEvents} where ${truckEvents.id} = ${sinceEventId})`,
      ),
    )
    .orderBy(asc(goingNotices.id))
    .limit(20);
}

/** Stops that are over, and notices older than a day (the truck-events prune worker). */
export async function pruneGoing(db: DbOrTx, now: Date = new Date()): Promise<void> {
  await db.delete(truckGoing).where(lte(truckGoing.endsAt, now));
  await db.delete(goingNotices).where(lte(goingNotices.createdAt, new Date(now.getTime() - 86_400_000)));
}
