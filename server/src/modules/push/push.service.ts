import { and, count, desc, eq, sql } from 'drizzle-orm';
import { minutesOf, timeOf } from '@shared/contracts/schedules';
import type {
  NotificationPreferences,
  PushDevice,
  pushPositionSchema,
  pushSubscribeSchema,
} from '@shared/contracts/push';
import type { z } from 'zod';
import type { Database, DbOrTx } from '../../db/client';
import { notificationPreferences, pushSubscriptions, pushVapidKeys, users } from '../../db/schema';
import type { PushProvider, VapidDetails } from '../../integrations/push';
import { badRequest, conflict, notFound } from '../../lib/http-errors';
import type { AuthUser } from '../../plugins/auth';
import { setSmsOptOut, smsOptedOut } from '../sms/sms-outbox.service';

/** How push is set up (AppConfig.push, from VAPID_* in env.ts). */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; generated on the first start and kept in the database when absent. */
  vapidKeys?: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT: a mailto: or https: contact for push services; default mailto:alerts@{PUBLIC_URL's host}. */
  subject?: string | undefined;
  /**
   * Accept endpoints on http: and on local hosts. Off in production: the server sends a request to
   * each endpoint a customer gives, which must not reach inside the network (tests and a laptop's
   * local push service turn it on).
   */
  allowLocalEndpoints?: boolean | undefined;
}

/** A customer keeps alerts on at most this many devices (a browser profile is a device). */
export const MAX_PUSH_DEVICES = 20;

/**
 * The VAPID key pair: from configuration, else the one in the database, generated on the first
 * start. Two processes starting at once both insert `on conflict do nothing` and read the winner.
 */
export async function vapidKeys(
  db: DbOrTx,
  config: PushConfig,
  provider: Pick<PushProvider, 'generateVapidKeys'>,
): Promise<{ publicKey: string; privateKey: string }> {
  if (config.vapidKeys) return config.vapidKeys;
  const read = () => db.select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey }).from(pushVapidKeys).limit(1);
  const [stored] = await read();
  if (stored) return stored;
  await db.insert(pushVapidKeys).values({ id: 1, ...provider.generateVapidKeys() }).onConflictDoNothing();
  const [created] = await read();
  if (!created) throw new Error('VAPID keys were not stored');
  return created;
}

/** The full VAPID identity the sender signs with. */
export async function vapidDetails(
  db: DbOrTx,
  config: PushConfig,
  provider: Pick<PushProvider, 'generateVapidKeys'>,
  publicUrl: string,
): Promise<VapidDetails> {
  const keys = await vapidKeys(db, config, provider);
  return { ...keys, subject: config.subject ?? `mailto:alerts@${new URL(publicUrl).hostname}` };
}

const LOCAL_HOST = /^(localhost|.*\.localhost|\[.*\]|\d+\.\d+\.\d+\.\d+)$/i;

/** An endpoint the server may send to: https on a public name (or anything, with allowLocalEndpoints). */
export function assertPushEndpoint(endpoint: string, config: PushConfig): void {
  if (config.allowLocalEndpoints) return;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || LOCAL_HOST.test(url.hostname) || url.username || url.password) {
    throw badRequest('Endpoint must be an https URL of a push service', {
      endpoint: ['Endpoint must be an https URL of a push service'],
    });
  }
}

/** "Chrome on Android" from a user agent: how the customer tells their devices apart. */
export function deviceLabel(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'Browser';
  const os = /Android/.test(ua)
    ? 'Android'
    : /iPhone/.test(ua)
      ? 'iPhone'
      : /iPad/.test(ua)
        ? 'iPad'
        : /Windows/.test(ua)
          ? 'Windows'
          : /Mac OS X|Macintosh/.test(ua)
            ? 'Mac'
            : /CrOS/.test(ua)
              ? 'ChromeOS'
              : /Linux/.test(ua)
                ? 'Linux'
                : 'an unknown system';
  return `${browser} on ${os}`;
}

const deviceColumns = {
  id: pushSubscriptions.id,
  label: pushSubscriptions.label,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
  lastSuccessAt: pushSubscriptions.lastSuccessAt,
};

function toDevice(row: { id: number; label: string; endpoint: string; createdAt: Date; lastSuccessAt: Date | null }): PushDevice {
  return {
    id: row.id,
    label: row.label,
    service: new URL(row.endpoint).host,
    createdAt: row.createdAt,
    lastSuccessAt: row.lastSuccessAt,
  };
}

export async function listDevices(db: DbOrTx, actor: AuthUser): Promise<PushDevice[]> {
  const rows = await db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, actor.id))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return rows.map(toDevice);
}

/**
 * Stores the device's subscription for the caller, or refreshes it (same endpoint: new keys,
 * position; a device signed in as someone else before moves to the caller). At most
 * MAX_PUSH_DEVICES per customer (409 beyond: remove one first).
 */
export async function subscribeDevice(
  db: Database,
  actor: AuthUser,
  input: z.output<typeof pushSubscribeSchema>,
  userAgent: string | undefined,
  config: PushConfig,
): Promise<PushDevice> {
  assertPushEndpoint(input.endpoint, config);
  const position =
    input.latitude !== undefined && input.longitude !== undefined
      ? { latitude: input.latitude, longitude: input.longitude, positionAt: new Date() }
      : {};
  return db.transaction(async (tx) => {
    // Serialises one customer's subscribes, so the cap holds under concurrent calls.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('update');
    const [mine] = await tx
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, actor.id), sql`${pushSubscriptions.endpoint} <> ${input.endpoint}`));
    if ((mine?.n ?? 0) >= MAX_PUSH_DEVICES) {
      throw conflict(`Alerts are on for ${MAX_PUSH_DEVICES} devices already. Remove one to add this one.`);
    }
    const values = {
      userId: actor.id,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      label: input.label ?? deviceLabel(userAgent),
      ...position,
    };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
      .returning(deviceColumns);
    if (!row) throw new Error('push subscription upsert returned no row');
    return toDevice(row);
  });
}

/** 404 unless the device is the caller's (ownership in the where clause). */
export async function removeDevice(db: DbOrTx, actor: AuthUser, id: number): Promise<void> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw notFound('Device not found');
}

/** The device's position while the app is open: the opening alert's 2 km test uses the latest. */
export async function updateDevicePosition(
  db: DbOrTx,
  actor: AuthUser,
  id: number,
  position: z.output<typeof pushPositionSchema>,
): Promise<void> {
  const rows = await db
    .update(pushSubscriptions)
    .set({ latitude: position.latitude, longitude: position.longitude, positionAt: new Date() })
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, actor.id)))
    .returning({ id: pushSubscriptions.id });
  if (rows.length === 0) throw notFound('Device not found');
}

export async function readPreferences(db: DbOrTx, actor: AuthUser): Promise<NotificationPreferences> {
  const [[row], optedOut] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, actor.id)).limit(1),
    smsOptedOut(db, actor.id),
  ]);
  const quiet =
    row && row.quietStartMinute !== null && row.quietEndMinute !== null
      ? { start: timeOf(row.quietStartMinute), end: timeOf(row.quietEndMinute), timeZone: row.timeZone }
      : null;
  return {
    push: { opened: row?.pushOpened ?? true, schedule: row?.pushSchedule ?? true, orders: row?.pushOrders ?? true },
    sms: { opened: !optedOut },
    quietHours: quiet,
  };
}

export async function writePreferences(db: Database, actor: AuthUser, input: NotificationPreferences): Promise<NotificationPreferences> {
  // '24:00' (the day's end) is midnight for quiet hours.
  const minute = (time: string) => minutesOf(time) % 1440;
  const values = {
    userId: actor.id,
    pushOpened: input.push.opened,
    pushSchedule: input.push.schedule,
    pushOrders: input.push.orders,
    quietStartMinute: input.quietHours ? minute(input.quietHours.start) : null,
    quietEndMinute: input.quietHours ? minute(input.quietHours.end) : null,
    timeZone: input.quietHours?.timeZone ?? 'UTC',
    updatedAt: new Date(),
  };
  if (values.quietStartMinute !== null && values.quietStartMinute === values.quietEndMinute) {
    throw badRequest('Quiet hours must start and end at different times', { quietHours: ['Quiet hours must start and end at different times'] });
  }
  await db.transaction(async (tx) => {
    await tx.insert(notificationPreferences).values(values).onConflictDoUpdate({ target: notificationPreferences.userId, set: values });
    await setSmsOptOut(tx, { userId: actor.id }, !input.sms.opened);
  });
  return readPreferences(db, actor);
}
