import { STORAGE_KEYS } from '@shared/constants';
import { positionOrNull } from '@client/lib/geolocation';
import { storage } from '@client/lib/storage';
import { fetchPushPublicKey, postPushSubscription } from './api/push-devices';

/*
 * This browser's side of Web Push (ADR 0160): permission, the PushManager subscription, and the
 * server's record of it. Permission is asked only from a tap (turnOnPush), never on page load.
 */

/** `unknown`: no browser to ask, in the server's frame of the favourites screen (ADR 0175). */
export type PushSupport = 'supported' | 'unsupported' | 'unknown';

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined') return 'unknown';
  return 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined'
    ? 'supported'
    : 'unsupported';
}

export const storedPushDeviceId = (): number | null => {
  const id = Number(storage.get(STORAGE_KEYS.pushDeviceId));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The base64url VAPID key as the bytes PushManager.subscribe takes. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** What the browser refused, in words the diner can act on (the card shows it as it is). */
export class PushRefused extends Error {}

export class PushPermissionDenied extends PushRefused {
  constructor() {
    super('Notifications are blocked for this site. Allow them in your browser settings, then try again.');
  }
}

/**
 * The browser could not subscribe (its push service unreachable, or push switched off, as in a
 * private window): "try again" would not help, so the diner learns why.
 */
export class PushUnavailable extends PushRefused {
  constructor() {
    super("This browser couldn't set up alerts here: a private window, push turned off in its settings or no connection to its push service stops it. Text alerts are not affected.");
  }
}

/** The service worker's registration once it is active (main.tsx registers it). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** Whether this browser holds a subscription that the server knows as one of the caller's devices. */
export async function hasBrowserSubscription(): Promise<boolean> {
  if (pushSupport() !== 'supported') return false;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return Boolean(await reg?.pushManager.getSubscription());
}

/** The tap on "Turn on alerts on this device": permission, subscription, then the server's record. */
export async function turnOnPush(): Promise<number> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushPermissionDenied();
  const reg = await registration();
  const { publicKey } = await fetchPushPublicKey();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }).catch((error: unknown) => {
      throw error instanceof DOMException ? new PushUnavailable() : error;
    }));
  const json = subscription.toJSON();
  const position = await positionOrNull('alerts');
  const device = await postPushSubscription({
    endpoint: json.endpoint ?? subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    ...(position ? { latitude: position.latitude, longitude: position.longitude } : {}),
  });
  storage.set(STORAGE_KEYS.pushDeviceId, String(device.id));
  return device.id;
}

/** Ends this browser's subscription (the server's record is removed by the caller). */
export async function unsubscribeBrowser(): Promise<void> {
  storage.remove(STORAGE_KEYS.pushDeviceId);
  if (pushSupport() !== 'supported') return;
  const reg = await navigator.serviceWorker.getRegistration('/');
  await (await reg?.pushManager.getSubscription())?.unsubscribe();
}
