import webPush from 'web-push';

/** The server's VAPID identity (RFC 8292): keys base64url, subject a mailto: or https: URL. */
export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/** A browser's PushSubscription: where to send and the keys to encrypt for (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSendOptions {
  vapid: VapidDetails;
  /** Seconds the push service keeps the message for a device that is offline. */
  ttlSeconds: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
}

/** The push service answered 404 or 410: the subscription is gone for good (delete it, never retry). */
export class PushSubscriptionGone extends Error {}

/**
 * Sends Web Push messages (RFC 8030 + VAPID, payload encrypted aes128gcm per RFC 8291). There is
 * no offline provider: the destination is the push service the browser chose, and tests run a
 * local one (server/src/test/fake-push-service.ts) that the subscription's endpoint points at.
 */
export interface PushProvider {
  readonly name: string;
  /** Resolves once the push service accepted the message (2xx); throws PushSubscriptionGone on 404/410. */
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<void>;
  generateVapidKeys(): { publicKey: string; privateKey: string };
}

/** Push-service answers that take longer than this count as a failed attempt (retried with back-off). */
const SEND_TIMEOUT_MS = 10_000;

export function createPush(): PushProvider {
  return {
    name: 'web-push',
    async send(target, payload, { vapid, ttlSeconds, urgency }) {
      // web-push builds the request (VAPID JWT, aes128gcm body, headers); fetch sends it, so the
      // endpoint may be any URL the configuration admits (a local push service in tests speaks http).
      const request = webPush.generateRequestDetails(target, payload, {
        vapidDetails: vapid,
        TTL: ttlSeconds,
        urgency,
        contentEncoding: 'aes128gcm',
      });
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      const text = await res.text().catch(() => '');
      if (res.status === 404 || res.status === 410) throw new PushSubscriptionGone(`Push service answered ${res.status}`);
      if (!res.ok) throw new Error(`Push service answered ${res.status}: ${text.slice(0, 200)}`);
    },
    generateVapidKeys: () => webPush.generateVAPIDKeys(),
  };
}
