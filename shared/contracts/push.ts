import { z } from 'zod';
import { isoDate, text } from './common';
import { latitude, longitude } from './trucks';
import { localTime, timeZoneName } from './schedules';

/*
 * Web Push and alert preferences (issue 29, ADR 0160). The message shape is what the service worker
 * shows; the kinds are the events a customer can have pushed.
 */

/**
 * What a push tells about: a favourite opened nearby, a favourite's stops for today changed, a
 * stop the customer said they are going to closed early, moved or was cancelled (issue 31), or
 * their order is ready (issue 30), or their order was refused and refunded (ADR 0192).
 */
export const PUSH_KINDS = ['opened', 'schedule', 'going', 'order-ready', 'order-refused'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** The decrypted payload of every push message: the service worker shows it and opens `url` on a tap. */
export const pushMessageSchema = z.object({
  kind: z.enum(PUSH_KINDS),
  truckId: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** A path on our origin: /find-trucks?truck={id} or /trucks/{id}. */
  url: z.string().startsWith('/'),
  /** Notifications with one tag replace each other: a message sent twice shows once. */
  tag: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;

const base64url = (name: string, max: number) =>
  text({ error: `${name} is required` })
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(/^[A-Za-z0-9_-]+=*$/, `${name} must be base64url`);

export const PUSH_ENDPOINT_MESSAGE = 'Endpoint must be an https URL of a push service';

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(), and where the device is. */
export const pushSubscribeSchema = z.object({
  endpoint: text({ error: PUSH_ENDPOINT_MESSAGE }).max(2048, 'Endpoint is too long').pipe(z.url({ error: PUSH_ENDPOINT_MESSAGE })),
  keys: z.object({ p256dh: base64url('p256dh', 200), auth: base64url('auth', 100) }),
  /** A name for the device; the server makes one from the user agent when absent. */
  label: text().trim().min(1).max(80).optional(),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});
export type PushSubscribeInput = z.input<typeof pushSubscribeSchema>;

/** PUT /api/push/subscriptions/:id/position: the device's position while the app is open. */
export const pushPositionSchema = z.object({ latitude, longitude });
export type PushPositionInput = z.input<typeof pushPositionSchema>;

/** One of the caller's devices (the keys stay on the server). */
export const pushDeviceSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  /** The push service's host (fcm.googleapis.com…): tells devices apart; the endpoint itself is a secret. */
  service: z.string(),
  createdAt: isoDate,
  lastSuccessAt: isoDate.nullable(),
});
export type PushDevice = z.output<typeof pushDeviceSchema>;
export const pushDeviceListSchema = z.array(pushDeviceSchema);

/** GET /api/push/public-key: the VAPID public key, the browser's applicationServerKey (base64url). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** Quiet hours in the customer's zone: no push and no SMS from `start` to `end` (may span midnight). */
export const quietHoursSchema = z
  .object({ start: localTime('Start'), end: localTime('End'), timeZone: timeZoneName })
  .refine((q) => q.start !== q.end, { message: 'Quiet hours must start and end at different times', path: ['end'] });

/** GET/PUT /api/auth/user/notification-preferences: per channel and kind, and quiet hours. */
export const notificationPreferencesSchema = z.object({
  /** `orders`: "your order is ready" (issue 30) or refused (ADR 0192); left out of an update = unchanged (on by default). */
  push: z.object({ opened: z.boolean(), schedule: z.boolean(), orders: z.boolean().optional() }),
  /** SMS goes out only for openings (ADR 0070); this is the same switch as /sms-preferences. */
  sms: z.object({ opened: z.boolean() }),
  quietHours: quietHoursSchema.nullable(),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;
export type NotificationPreferencesInput = z.input<typeof notificationPreferencesSchema>;
