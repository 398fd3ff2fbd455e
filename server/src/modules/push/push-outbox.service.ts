import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { NEARBY_ALERT_RADIUS_KM } from '@shared/constants';
import type { PushKind, PushMessage } from '@shared/contracts/push';
import { formatClockRange, formatDistanceKm, SERVER_LOCALE } from '@shared/utils/format';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database, DbOrTx } from '../../db/client';
import {
  notificationPreferences,
  pushOutbox,
  pushSubscriptions,
  userFavorites,
  users,
} from '../../db/schema';
import { PushSubscriptionGone, type PushProvider, type VapidDetails } from '../../integrations/push';
import type { TruckRow } from '../trucks/truck.repository';
import { inQuietHours } from '../quiet-hours/quiet-hours';

/*
 * Web Push alerts (issue 29, ADR 0160): the same durable outbox as the SMS one (ADR 0070). Rows
 * are written in the transaction of the change that causes them, one per message and device, with
 * a unique (subscription, event key) so an event never reaches a device twice however often it is
 * queued; the push-outbox worker claims due rows with FOR UPDATE SKIP LOCKED under a lease, sends,
 * and retries with back-off. A push service's 404/410 means the subscription is dead: it is deleted
 * (with its pending rows).
 */

/** NOTIFYed (after commit) when new push rows are due: the push-outbox worker wakes at once. */
export const PUSH_OUTBOX_CHANNEL = 'push_outbox';

export interface PushOutboxOptions {
  batchSize: number;
  /** A claimed row is not claimed again before this (the time one send may take). */
  leaseMs: number;
  maxAttempts: number;
  /** Delay before attempt n+1 is baseBackoffMs · 2^(n-1), at most maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export const PUSH_OUTBOX_DEFAULTS: PushOutboxOptions = {
  batchSize: 50,
  leaseMs: 2 * 60_000,
  maxAttempts: 6,
  baseBackoffMs: 15_000,
  maxBackoffMs: 30 * 60_000,
};

/**
 * How long each kind is worth delivering: the push service drops it after this (TTL), and the
 * worker gives up on a row older than this. A "nearby now" alert an hour late is noise.
 */
export const PUSH_TTL_SECONDS: Record<PushKind, number> = {
  opened: 60 * 60,
  schedule: 12 * 60 * 60,
  going: 2 * 60 * 60,
  'order-ready': 60 * 60,
  // Worth reading hours later: it says where the money went.
  'order-refused': 12 * 60 * 60,
};

/** The link of a truck in a notification: its page for a schedule change, else on the map. */
export const pushLink = (kind: Exclude<PushKind, OrderPushKind>, truckId: number) =>
  kind === 'schedule' ? `/trucks/${truckId}` : `/find-trucks?truck=${truckId}`;

/** Great-circle km between the device and the truck (R = 6371 km, like shared/utils/geo). */
function kmFromDevice(truck: { latitude: number; longitude: number }): SQL<number> {
  const lat = sql`radians(${pushSubscriptions.latitude})`;
  const tLat = sql`radians(${truck.latitude}::float8)`;
  const dLat = sql`radians(${truck.latitude}::float8 - ${pushSubscriptions.latitude})`;
  const dLng = sql`radians(${truck.longitude}::float8 - ${pushSubscriptions.longitude})`;
  return sql<number>`(2 * 6371 * asin(least(1, sqrt(power(sin(${dLat} / 2), 2) + cos(${lat}) * cos(${tLat}) * power(sin(${dLng} / 2), 2)))))::float8`.mapWith(
    Number,
  );
}

/** The devices of customers who keep `truckId` as a favourite, want `kind` pushed and are not in quiet hours. */
function devicesFor(truckId: number, kind: Exclude<PushKind, OrderPushKind>) {
  const wants = kind === 'opened' ? notificationPreferences.pushOpened : notificationPreferences.pushSchedule;
  return and(
    eq(userFavorites.foodTruckId, truckId),
    eq(users.role, 'customer'),
    sql`coalesce(${wants}, true)`,
    sql`not ${inQuietHours(users.id)}`,
  );
}

async function insertMessages(
  tx: DbOrTx,
  rows: {
    subscriptionId: number;
    userId: number;
    foodTruckId: number;
    eventKey: string;
    message: PushMessage;
  }[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(pushOutbox)
    .values(rows)
    .onConflictDoNothing({ target: [pushOutbox.subscriptionId, pushOutbox.eventKey] })
    .returning({ id: pushOutbox.id });
  if (inserted.length > 0) await tx.execute(sql`select pg_notify(${PUSH_OUTBOX_CHANNEL}, '')`);
  return inserted.length;
}

const recipientsQuery = (tx: DbOrTx, distance: SQL<number | null>) =>
  tx
    .select({ subscriptionId: pushSubscriptions.id, userId: pushSubscriptions.userId, km: distance })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .innerJoin(userFavorites, eq(userFavorites.userId, pushSubscriptions.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, pushSubscriptions.userId));

/**
 * Call inside the transaction that opens the truck (closed → open), beside queueOpeningSms: one
 * row per device of each customer who keeps it as a favourite and is within the nearby-alert
 * radius (2 km) of it — by the device's last known position; a device that never sent one is
 * treated like the SMS channel, which knows no position (ADR 0160). The event is this opening
 * (the truck's opened-at instant), so a retried transaction or a second call adds nothing.
 */
export async function queueOpeningPush(
  tx: DbOrTx,
  truck: Pick<TruckRow, 'id' | 'name' | 'latitude' | 'longitude' | 'lastUpdated'>,
): Promise<number> {
  const placed =
    truck.latitude !== null && truck.longitude !== null
      ? { latitude: truck.latitude, longitude: truck.longitude }
      : null;
  const distance = placed
    ? sql<
        number | null
      >`case when ${pushSubscriptions.latitude} is null then null else ${kmFromDevice(placed)} end`.mapWith(
        (v: unknown) => (v === null ? null : Number(v)),
      )
    : sql<null>`null`;
  const near = placed
    ? sql`(${pushSubscriptions.latitude} is null or ${kmFromDevice(placed)} <= ${NEARBY_ALERT_RADIUS_KM})`
    : sql`true`;
  const devices = await recipientsQuery(tx, distance).where(and(devicesFor(truck.id, 'opened'), near));
  const eventKey = `opened:${truck.id}:${truck.lastUpdated.toISOString()}`;
  return insertMessages(
    tx,
    devices.map(({ subscriptionId, userId, km }) => ({
      subscriptionId,
      userId,
      foodTruckId: truck.id,
      eventKey,
      message: {
        kind: 'opened',
        truckId: truck.id,
        title: 'Favorite truck nearby!',
        body:
          typeof km === 'number'
            ? `${truck.name} is open ${formatDistanceKm(km, { locale: SERVER_LOCALE })} from you.`
            : `${truck.name} just opened.`,
        url: pushLink('opened', truck.id),
        tag: `truck-${truck.id}`,
      },
    })),
  );
}

/**
 * The push subscriptions of the users `who` picks whose preferences allow this kind of push
 * (`allows`: a preference column; no preferences row means yes).
 */
function devicesAllowing(tx: DbOrTx, who: SQL | undefined, allows: AnyPgColumn) {
  return tx
    .select({ subscriptionId: pushSubscriptions.id, userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, pushSubscriptions.userId))
    .where(and(who, sql`coalesce(${allows}, true)`));
}

/** The kinds of push about one of the diner's orders. */
type OrderPushKind = Extract<PushKind, 'order-ready' | 'order-refused'>;

/**
 * About the diner's order (issue 30): "ready", or refused and refunded (ADR 0192). One row per
 * device of the diner, unless they turned order pushes off. Not held for quiet hours: the diner is
 * waiting for it. The event is the order and its kind, so queueing it again adds nothing.
 */
export async function queueOrderPush(
  tx: DbOrTx,
  order: { id: number; customerId: number; foodTruckId: number },
  push: { kind: OrderPushKind; title: string; body: string },
): Promise<number> {
  const devices = await devicesAllowing(tx, eq(pushSubscriptions.userId, order.customerId), notificationPreferences.pushOrders);
  return insertMessages(
    tx,
    devices.map(({ subscriptionId, userId }) => ({
      subscriptionId,
      userId,
      foodTruckId: order.foodTruckId,
      eventKey: `${push.kind}:${order.id}`,
      message: { ...push, truckId: order.foodTruckId, url: `/orders/${order.id}`, tag: `order-${order.id}` },
    })),
  );
}

/** One of today's stops, as the schedule message lists it. */
export interface TodayStop {
  startMinute: number;
  endMinute: number;
  address: string;
}

/** "Today: 11:00 AM – 2:00 PM at 6th & Congress; …" or "No stops today." */
export function describeToday(stops: readonly TodayStop[]): string {
  if (stops.length === 0) return 'No stops today.';
  const said = { locale: SERVER_LOCALE };
  return `Today: ${stops.map((s) => `${formatClockRange(s.startMinute, s.endMinute, said)} at ${s.address}`).join('; ')}`;
}

/**
 * Call inside a schedule change's transaction when the truck's stops for today (its zone's date
 * `localDate`) differ before and after: one row per device of each customer who keeps the truck as
 * a favourite. The event is the day's new list of stops, so saving the same day twice pushes once.
 */
export async function queueScheduleTodayPush(
  tx: DbOrTx,
  truck: Pick<TruckRow, 'id' | 'name'>,
  localDate: string,
  today: readonly TodayStop[],
): Promise<number> {
  const digest = createHash('sha256').update(JSON.stringify(today)).digest('base64url').slice(0, 16);
  const eventKey = `schedule:${truck.id}:${localDate}:${digest}`;
  const devices = await recipientsQuery(tx, sql<null>`null`).where(devicesFor(truck.id, 'schedule'));
  return insertMessages(
    tx,
    devices.map(({ subscriptionId, userId }) => ({
      subscriptionId,
      userId,
      foodTruckId: truck.id,
      eventKey,
      message: {
        kind: 'schedule',
        truckId: truck.id,
        title: `${truck.name} changed today's stops`,
        body: describeToday(today),
        url: pushLink('schedule', truck.id),
        tag: `schedule-${truck.id}`,
      },
    })),
  );
}

/**
 * Call inside the change's transaction when a stop that `userIds` said they are going to closed
 * early, moved or was cancelled (issue 31): one row per device of each of them, unless they turned
 * schedule pushes off (a stop's change is schedule news) or are in quiet hours. `eventKey` names
 * the change, so a retried transaction adds nothing.
 */
export async function queueGoingPush(
  tx: DbOrTx,
  truckId: number,
  userIds: readonly number[],
  eventKey: string,
  text: { title: string; body: string; url?: string },
): Promise<number> {
  if (userIds.length === 0) return 0;
  const devices = await devicesAllowing(
    tx,
    and(inArray(pushSubscriptions.userId, [...userIds]), sql`not ${inQuietHours(sql`${pushSubscriptions.userId}`)}`),
    notificationPreferences.pushSchedule,
  );
  return insertMessages(
    tx,
    devices.map(({ subscriptionId, userId }) => ({
      subscriptionId,
      userId,
      foodTruckId: truckId,
      eventKey,
      message: {
        kind: 'going',
        truckId,
        ...text,
        url: text.url ?? pushLink('going', truckId),
        tag: `going-${truckId}`,
      },
    })),
  );
}

interface ClaimedPush {
  id: number;
  attempts: number;
  subscriptionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  message: PushMessage;
  expired: boolean;
}

/** Claims due rows (SKIP LOCKED), counts the attempt and leases them; commits before anything is sent. */
async function claimDue(db: Database, options: PushOutboxOptions): Promise<ClaimedPush[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: pushOutbox.id,
        attempts: pushOutbox.attempts,
        subscriptionId: pushOutbox.subscriptionId,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
        message: pushOutbox.message,
        ageSeconds: sql<number>`extract(epoch from now() - ${pushOutbox.createdAt})::float8`.mapWith(Number),
      })
      .from(pushOutbox)
      .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
      .where(and(eq(pushOutbox.status, 'pending'), lte(pushOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.id))
      .limit(options.batchSize)
      .for('update', { of: pushOutbox, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(pushOutbox)
      .set({
        attempts: sql`${pushOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(
        inArray(
          pushOutbox.id,
          due.map((row) => row.id),
        ),
      );
    return due.map(({ ageSeconds, ...row }) => ({
      ...row,
      attempts: row.attempts + 1,
      expired: ageSeconds > PUSH_TTL_SECONDS[row.message.kind],
    }));
  });
}

/** Only the claim that holds the row may finish it (a lease that ran out may have been re-claimed). */
const heldBy = (message: ClaimedPush) =>
  and(
    eq(pushOutbox.id, message.id),
    eq(pushOutbox.attempts, message.attempts),
    eq(pushOutbox.status, 'pending'),
  );

async function markFailedAttempt(
  db: Database,
  message: ClaimedPush,
  error: string,
  options: PushOutboxOptions,
  final = false,
) {
  const last = final || message.attempts >= options.maxAttempts;
  const delayMs = Math.min(options.baseBackoffMs * 2 ** (message.attempts - 1), options.maxBackoffMs);
  await db
    .update(pushOutbox)
    .set({
      status: last ? 'failed' : 'pending',
      lastError: error.slice(0, 500) || 'Unknown error',
      nextAttemptAt: last ? sql`now()` : sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(message));
}

async function deliver(
  db: Database,
  provider: PushProvider,
  vapid: VapidDetails,
  message: ClaimedPush,
  options: PushOutboxOptions,
) {
  if (message.expired) {
    await markFailedAttempt(db, message, 'Expired before it could be delivered', options, true);
    return;
  }
  // Right before the send: this claim must still hold the row (else another worker has it).
  const renewed = await db
    .update(pushOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})` })
    .where(heldBy(message))
    .returning({ id: pushOutbox.id });
  if (renewed.length === 0) return;
  try {
    await provider.send(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      JSON.stringify(message.message),
      {
        vapid,
        ttlSeconds: PUSH_TTL_SECONDS[message.message.kind],
        urgency: message.message.kind === 'schedule' ? 'normal' : 'high',
      },
    );
    await db.transaction(async (tx) => {
      await tx
        .update(pushOutbox)
        .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
        .where(heldBy(message));
      await tx
        .update(pushSubscriptions)
        .set({ lastSuccessAt: sql`now()` })
        .where(eq(pushSubscriptions.id, message.subscriptionId));
    });
  } catch (err) {
    if (err instanceof PushSubscriptionGone) {
      // The browser unsubscribed or the push service expired it: the device is gone for good.
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, message.subscriptionId));
      return;
    }
    await markFailedAttempt(db, message, err instanceof Error ? err.message : String(err), options);
  }
}

/** One round of the outbox: claim a batch, send each, record each result; repeat until nothing is due. */
export async function drainPushOutbox(
  db: Database,
  provider: PushProvider,
  vapid: () => Promise<VapidDetails>,
  options: PushOutboxOptions = PUSH_OUTBOX_DEFAULTS,
): Promise<number> {
  let handled = 0;
  let keys: VapidDetails | undefined;
  for (;;) {
    const batch = await claimDue(db, options);
    if (batch.length > 0) keys ??= await vapid();
    for (const message of batch) if (keys) await deliver(db, provider, keys, message, options);
    handled += batch.length;
    if (batch.length < options.batchSize) return handled;
  }
}

/** The newest outbox rows (tests, the admin's tools later). */
export async function recentPushOutbox(db: DbOrTx, limit = 20) {
  return db.select().from(pushOutbox).orderBy(desc(pushOutbox.id)).limit(limit);
}
