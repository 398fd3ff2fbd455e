import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWTPayload } from 'jose';

/*
 * A local Web Push service for tests (issue 29): it plays the part of the browser vendor's push
 * service, so no test reaches the internet. It checks each request as a real one would — the VAPID
 * JWT (RFC 8292: ES256 signature with the `k` public key, `aud` the endpoint's origin, `exp` in the
 * future and at most 24 h away, `sub` a mailto: or https: contact) — and then plays the browser: it
 * decrypts the aes128gcm payload (RFC 8188 + RFC 8291) with the device's private key and auth
 * secret, which only the test holds.
 */

/** A browser profile's push subscription, as the test made it: the keys the server gets, and the private half. */
export interface FakeDevice {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The device's P-256 private key (raw, 32 bytes) and the auth secret: only the "browser" has them. */
  privateKey: Buffer;
  publicKey: Buffer;
  authSecret: Buffer;
}

export interface ReceivedPush {
  deviceId: string;
  /** The decrypted payload, parsed. */
  message: unknown;
  claims: JWTPayload;
  /** The `k=` of the Authorization header: the server's VAPID public key. */
  vapidPublicKey: string;
  ttl: string | undefined;
  urgency: string | undefined;
}

export interface FakePushService {
  url: string;
  received: ReceivedPush[];
  /** Requests the service refused (bad JWT, undecryptable body) with the reason. */
  refused: string[];
  /** A new device whose endpoint points at this service. */
  createDevice(): FakeDevice;
  /** Answer this device's next requests with `status` (410: the subscription is gone; 500: an outage); null: accept again. */
  answer(deviceId: string, status: number | null): void;
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString('base64url');

/** HKDF-SHA-256, extract then expand (RFC 5869). */
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) => Buffer.from(hkdfSync('sha256', ikm, salt, info, length));

/** RFC 8291 §3.4 + RFC 8188: decrypts one aes128gcm record with the device's keys. */
export function decryptAes128gcm(body: Buffer, device: Pick<FakeDevice, 'privateKey' | 'publicKey' | 'authSecret'>): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(device.privateKey);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.publicKey, serverPublic]);
  const ikm = hkdf(device.authSecret, shared, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('record delimiter missing');
  return padded.subarray(0, end);
}

/** Checks the VAPID Authorization header (RFC 8292) for a request to `origin`; returns the claims and key. */
async function verifyVapid(header: string | undefined, origin: string): Promise<{ claims: JWTPayload; key: string }> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`Authorization is not vapid t=…, k=…: ${header ?? '(none)'}`);
  const [, token, key] = match;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 key');
  if (decodeProtectedHeader(token).alg !== 'ES256') throw new Error('JWT is not ES256');
  const jwk = { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) };
  const { payload } = await jwtVerify(token, await importJWK(jwk, 'ES256'), { audience: origin, algorithms: ['ES256'] });
  const now = Math.floor(Date.now() / 1000);
  if (typeof payload.exp !== 'number' || payload.exp <= now || payload.exp > now + 24 * 3600) throw new Error(`exp out of range: ${payload.exp}`);
  if (typeof payload.sub !== 'string' || !/^(mailto:.+|https:\/\/.+)$/.test(payload.sub)) throw new Error(`bad sub: ${String(payload.sub)}`);
  return { claims: payload, key };
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startFakePushService(): Promise<FakePushService> {
  const devices = new Map<string, FakeDevice>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let counter = 0;
  let url = '';

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (req.method !== 'POST' || !id || !device) {
        res.writeHead(404).end();
        return;
      }
      const status = answers.get(id);
      if (status !== undefined) {
        res.writeHead(status).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`content-encoding ${String(req.headers['content-encoding'])}`);
        if (!req.headers.ttl) throw new Error('TTL header missing');
        const { claims, key } = await verifyVapid(req.headers.authorization, url);
        const message: unknown = JSON.parse(decryptAes128gcm(body, device).toString('utf8'));
        const ttl = req.headers.ttl;
        const urgency = req.headers.urgency;
        received.push({ deviceId: id, message, claims, vapidPublicKey: key, ttl: String(ttl), urgency: typeof urgency === 'string' ? urgency : undefined });
        res.writeHead(201, { location: `${url}/message/${received.length}` }).end();
      } catch (err) {
        refused.push(err instanceof Error ? err.message : String(err));
        res.writeHead(400).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    received,
    refused,
    createDevice() {
      counter += 1;
      const id = `device-${counter}-${randomBytes(4).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      const publicKey = ecdh.generateKeys();
      const device: FakeDevice = {
        id,
        endpoint: `${url}/push/${id}`,
        keys: { p256dh: b64url(publicKey), auth: b64url(randomBytes(16)) },
        privateKey: ecdh.getPrivateKey(),
        publicKey,
        authSecret: Buffer.alloc(0),
      };
      device.authSecret = Buffer.from(device.keys.auth, 'base64url');
      devices.set(id, device);
      return device;
    },
    answer(deviceId, status) {
      if (status === null) answers.delete(deviceId);
      else answers.set(deviceId, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
