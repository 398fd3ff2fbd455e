import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { objectPathFromUploadURL, type AuthResponse } from '@shared/contracts';
import { dataImports, menuItems, operatorSubscriptions, orders, truckClaims, users, voiceAnswers } from './db/schema';
import { dbFingerprint } from './test/db-fingerprint';
import { startTestServer, uniquePhone, type TestServer } from './test/harness';
import { stopUnderWayNow } from './test/schedules';
import { insertTruck } from './test/trucks';
import { insertListing } from './test/listings';
import { textedCode } from './test/texts';

/**
 * The authorization matrix (issue 13): every route of the route table × every kind of caller, with
 * the status each must get. Every refusal must be JSON with a message and must leave every table
 * as it was (a fingerprint of all rows before and after). A route missing here fails the first
 * test, so a new route cannot ship without deciding who may call it.
 *
 * "Owning operator" and "unsubscribed operator" act on resources they own (the unsubscribed one has
 * never paid); "other operator" (subscribed) acts on the owning operator's resources. Routes that
 * change the caller's own account (subscriptions) get a fresh caller per cell.
 */
const CALLERS = [
  'anonymous',
  'customer',
  'other operator',
  'owning operator',
  'unsubscribed operator',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];
/** Expected statuses in CALLERS order. */
type Row = readonly [number, number, number, number, number, number];

interface Sessions {
  customer: AuthResponse;
  other: AuthResponse;
  owner: AuthResponse;
  unsubscribed: AuthResponse;
  admin: AuthResponse;
}

interface Ctx {
  caller: Caller;
  /** The caller's session (undefined: anonymous). */
  session: AuthResponse | undefined;
  /** Whose resources the request names: the unsubscribed operator for itself, else the owning operator. */
  owner: AuthResponse;
  sessions: Sessions;
}

interface Call {
  path: string;
  body?: unknown;
  /** A raw body with its content type (webhooks). */
  raw?: { body: string; contentType: string };
  /** An event stream: read the status and headers, then hang up. */
  stream?: boolean;
  /** An absolute URL (upload URLs). */
  url?: string;
  /** Extra request headers (an order's Idempotency-Key). */
  headers?: Record<string, string>;
  bytes?: Buffer;
}

interface Entry {
  build(ctx: Ctx): Promise<Call>;
  expect: Row;
  /** The call changes the caller's own account: a fresh caller of the same kind per cell. */
  freshCaller?: boolean;
}

/** A browser's push subscription (issue 29) on a public https push service, unique per call. */
const pushSubscriptionBody = () => ({
  endpoint: `https://push.example.test/send/${randomBytes(8).toString('hex')}`,
  keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
});
/** A device of `customer`, for the routes that name one. */
async function customerDevice(customer: AuthResponse): Promise<number> {
  const res = await server.request<{ id: number }>('POST', '/api/push/subscriptions', { token: customer.token, body: pushSubscriptionBody() });
  if (res.status !== 201) throw new Error(`push subscribe failed ${res.status}`);
  return res.body.id;
}

const PUBLIC: Row = [200, 200, 200, 200, 200, 200];
const SIGNED_IN: Row = [401, 200, 200, 200, 200, 200];
const CUSTOMER_ONLY: Row = [401, 200, 403, 403, 403, 403];
const ADMIN_ONLY: Row = [401, 403, 403, 403, 403, 200];
const OWNER_OR_ADMIN: Row = [401, 403, 404, 200, 200, 200];
const CREATE_OWNED: Row = [401, 403, 404, 201, 201, 201];

let server: TestServer;
let sessions: Sessions;
let servedObject: string;
let loginAccount: AuthResponse;
const PASSWORD = 'correct-horse-1';
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

beforeAll(async () => {
  server = await startTestServer({ voice: { freeUsesPerAddress: 1_000, ratePerMinute: 1_000 } });
  const [customer, other, owner, unsubscribed, admin] = await Promise.all([
    server.signUp('customer'),
    server.signUpSubscribedOperator(),
    server.signUpSubscribedOperator(),
    server.signUp('operator'),
    server.signUpAdmin(),
  ]);
  sessions = { customer, other, owner, unsubscribed, admin };
  loginAccount = await server.signUp('customer');
  servedObject = await uploadAs(owner);
});
afterAll(() => server.close());

async function ok<T>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await res;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

const png = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } }).png().toBuffer();

async function uploadURLFor(session: AuthResponse): Promise<string> {
  const body = await ok(
    server.request<{ uploadURL: string }>('POST', '/api/objects/upload', { token: session.token, body: {} }),
    'upload URL',
  );
  return body.uploadURL;
}

async function uploadAs(session: AuthResponse): Promise<string> {
  const url = await uploadURLFor(session);
  const res = await fetch(url, {
    method: 'PUT',
    headers: { 'content-type': 'image/png', authorization: `Bearer ${session.token}` },
    body: new Uint8Array(await png()),
  });
  if (res.status !== 200) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return objectPathFromUploadURL(url);
}

async function truckOf(owner: AuthResponse): Promise<number> {
  const truck = await ok(
    server.request<{ id: number }>('POST', '/api/food-trucks', {
      token: owner.token,
      body: { name: 'Matrix Tacos', cuisine: 'Mexican', ...AUSTIN },
    }),
    'truck',
  );
  return truck.id;
}

/** A pending claim of a fresh listing by `owner`: texted (a code, its cool-down already over) or for an admin. */
async function claimOf(owner: AuthResponse, method: 'sms' | 'admin'): Promise<{ id: number; code: string | null }> {
  const listing = await insertListing(server.db, method === 'sms' ? '+14155550123' : null);
  const claim = await ok(
    server.request<{ id: number }>('POST', `/api/food-trucks/${listing.id}/claims`, { token: owner.token, body: {} }),
    'claim',
  );
  if (method === 'admin') return { id: claim.id, code: null };
  await server.db.update(truckClaims).set({ codeSentAt: new Date(Date.now() - 3_600_000) }).where(eq(truckClaims.id, claim.id));
  return { id: claim.id, code: await textedCode(server.db, { truckId: listing.id }) };
}

/** An open truck of `owner` (written directly: the unsubscribed operator may not open one). */
async function openTruckOf(owner: AuthResponse): Promise<number> {
  return (await insertTruck(server.db, owner.user.id, { name: 'Open Matrix Tacos', isOpen: true, ...AUSTIN })).id;
}

/** An open truck of `owner` with a taco, the owner's payouts connected (issue 30). */
async function orderableTruckOf(owner: AuthResponse): Promise<{ truckId: number; itemId: number }> {
  await ok(server.request('POST', '/api/operator/payouts/connect', { token: owner.token }), 'payouts');
  const truckId = await openTruckOf(owner);
  const [item] = await server.db.insert(menuItems).values({ foodTruckId: truckId, name: 'Taco', priceCents: 350 }).returning({ id: menuItems.id });
  return { truckId, itemId: item!.id };
}

/** A paid order of the matrix's customer at a truck of `owner` (written directly: an unsubscribed operator's truck takes none). */
async function orderOf(owner: AuthResponse): Promise<number> {
  const truckId = await openTruckOf(owner);
  const [row] = await server.db
    .insert(orders)
    .values({
      customerId: sessions.customer.user.id,
      foodTruckId: truckId,
      lines: [{ menuItemId: 1, name: 'Taco', unitCents: 350, quantity: 1 }],
      subtotalCents: 350,
      totalCents: 350,
      estimatedReadyAt: new Date(Date.now() + 600_000),
      idempotencyKey: randomBytes(8).toString('hex'),
      requestHash: 'matrix',
      provider: 'offline',
      providerPaymentId: `test_pi_${randomBytes(6).toString('hex')}`,
    })
    .returning({ id: orders.id });
  return row!.id;
}

async function menuItemOf(owner: AuthResponse): Promise<number> {
  const foodTruckId = await truckOf(owner);
  const item = await ok(
    server.request<{ id: number }>('POST', '/api/menu-items', {
      token: owner.token,
      body: { foodTruckId, name: 'Taco', price: 3.5 },
    }),
    'menu item',
  );
  return item.id;
}

async function pendingSubscription(operator: AuthResponse): Promise<string> {
  const body = await ok(
    server.request<{ clientSecret: string }>('POST', '/api/create-operator-subscription', { token: operator.token }),
    'subscription',
  );
  return body.clientSecret;
}

const freshUsername = () => `m_${randomBytes(5).toString('hex')}`;
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' };

/** A weekly stop on the day of EXCEPTION_DATE, on a fresh truck of `owner`. */
const EXCEPTION_DATE = '2027-06-15';
const EXCEPTION_WEEKDAY = ((new Date(`${EXCEPTION_DATE}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
async function stopOf(owner: AuthResponse): Promise<{ truckId: number; stopId: number }> {
  const truckId = await truckOf(owner);
  const stop = await ok(
    server.request<{ id: number }>('POST', `/api/food-trucks/${truckId}/schedule/stops`, {
      token: owner.token,
      body: { kind: 'weekly', weekday: EXCEPTION_WEEKDAY, startTime: '11:00', endTime: '14:00', ...AUSTIN, address: '6th & Congress' },
    }),
    'stop',
  );
  return { truckId, stopId: stop.id };
}

async function exceptionOf(owner: AuthResponse) {
  const { truckId, stopId } = await stopOf(owner);
  await ok(
    server.request('POST', `/api/food-trucks/${truckId}/schedule/stops/${stopId}/exceptions`, {
      token: owner.token,
      body: { date: EXCEPTION_DATE },
    }),
    'exception',
  );
  return `/api/food-trucks/${truckId}/schedule/stops/${stopId}/exceptions/${EXCEPTION_DATE}`;
}

/** A truck of `owner` in a zone where its all-day stop of today is under way now, with that stop. */
async function stopUnderWayOf(owner: AuthResponse): Promise<{ truckId: number; stopId: number }> {
  const { timeZone, stop } = stopUnderWayNow({ ...AUSTIN, address: '6th & Congress' });
  const truckId = (await insertTruck(server.db, owner.user.id, { name: 'Scheduled Tacos', timeZone, ...AUSTIN })).id;
  const added = await ok(
    server.request<{ id: number }>('POST', `/api/food-trucks/${truckId}/schedule/stops`, { token: owner.token, body: stop }),
    'stop under way',
  );
  return { truckId, stopId: added.id };
}

/** The secret address of a customer's favourites feed (the path part). */
async function feedPathOf(customer: AuthResponse): Promise<string> {
  const feed = await ok(
    server.request<{ url: string }>('POST', '/api/favorites/calendar-feed', { token: customer.token }),
    'calendar feed',
  );
  return new URL(feed.url).pathname;
}

const stopBody = { kind: 'weekly', weekday: 3, startTime: '09:00', endTime: '10:30', ...AUSTIN, address: 'Zilker Park' };

/** Every route → how to call it for a caller, and who gets what. */
const MATRIX: Record<string, Entry> = {
  // Admin panel: admins only; the targets are fresh accounts.
  'DELETE /api/admin/customers/:id': {
    build: async () => ({ path: `/api/admin/customers/${(await server.signUp('customer')).user.id}` }),
    expect: ADMIN_ONLY,
  },
  'DELETE /api/admin/operators/:id': {
    build: async () => ({ path: `/api/admin/operators/${(await server.signUpSubscribedOperator()).user.id}` }),
    expect: ADMIN_ONLY,
  },
  'GET /api/admin/audit-log': { build: async () => ({ path: '/api/admin/audit-log' }), expect: ADMIN_ONLY },
  'GET /api/admin/customers': { build: async () => ({ path: '/api/admin/customers' }), expect: ADMIN_ONLY },
  'GET /api/admin/messages': { build: async () => ({ path: '/api/admin/messages' }), expect: ADMIN_ONLY },
  'GET /api/admin/operators': { build: async () => ({ path: '/api/admin/operators' }), expect: ADMIN_ONLY },
  'GET /api/admin/stats': { build: async () => ({ path: '/api/admin/stats' }), expect: ADMIN_ONLY },
  // Claims of open-data listings (issue 26, ADR 0158): operators their own claims, admins decide.
  'POST /api/food-trucks/:id/claims': {
    build: async () => ({ path: `/api/food-trucks/${(await insertListing(server.db, null)).id}/claims`, body: {} }),
    expect: [401, 403, 201, 201, 201, 403],
  },
  'GET /api/claims': { build: async () => ({ path: '/api/claims' }), expect: [401, 403, 200, 200, 200, 403] },
  'POST /api/claims/:id/code': {
    build: async ({ owner }) => {
      const claim = await claimOf(owner, 'sms');
      return { path: `/api/claims/${claim.id}/code`, body: { code: claim.code } };
    },
    expect: [401, 403, 404, 200, 200, 403],
  },
  'POST /api/claims/:id/resend': {
    build: async ({ owner }) => ({ path: `/api/claims/${(await claimOf(owner, 'sms')).id}/resend` }),
    expect: [401, 403, 404, 200, 200, 403],
  },
  'GET /api/admin/claims': { build: async () => ({ path: '/api/admin/claims' }), expect: ADMIN_ONLY },
  'POST /api/admin/claims/:id/approve': {
    build: async ({ sessions }) => ({ path: `/api/admin/claims/${(await claimOf(sessions.owner, 'admin')).id}/approve` }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/claims/:id/reject': {
    build: async ({ sessions }) => ({
      path: `/api/admin/claims/${(await claimOf(sessions.owner, 'admin')).id}/reject`,
      body: { reason: 'Not the permit holder' },
    }),
    expect: ADMIN_ONLY,
  },
  // Open-data imports (issue 26): a JSON body is not a file, so even an admin's call is refused (400).
  'GET /api/admin/imports': { build: async () => ({ path: '/api/admin/imports' }), expect: ADMIN_ONLY },
  'GET /api/admin/imports/:id': {
    build: async () => {
      const [row] = await server.db
        .insert(dataImports)
        .values({ source: 'matrix', sourceName: 'Matrix', licence: 'PDDL', timeZone: 'UTC', format: 'csv', preset: 'custom', mapping: {}, fileName: 'm.csv', status: 'failed' })
        .returning({ id: dataImports.id });
      return { path: `/api/admin/imports/${row!.id}` };
    },
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/imports': { build: async () => ({ path: '/api/admin/imports', body: {} }), expect: [401, 403, 403, 403, 403, 400] },
  'POST /api/admin/imports/preview': { build: async () => ({ path: '/api/admin/imports/preview', body: {} }), expect: [401, 403, 403, 403, 403, 400] },
  'PATCH /api/admin/customers/:id': {
    build: async () => ({
      path: `/api/admin/customers/${(await server.signUp('customer')).user.id}`,
      body: { username: freshUsername() },
    }),
    expect: ADMIN_ONLY,
  },
  'PATCH /api/admin/operators/:id': {
    build: async () => ({
      path: `/api/admin/operators/${(await server.signUp('operator')).user.id}`,
      body: { username: freshUsername() },
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/operators/:id/subscription/pause': {
    build: async () => ({
      path: `/api/admin/operators/${(await server.signUpSubscribedOperator()).user.id}/subscription/pause`,
    }),
    expect: ADMIN_ONLY,
  },
  'POST /api/admin/operators/:id/subscription/resume': {
    build: async ({ sessions: s }) => {
      const target = await server.signUpSubscribedOperator();
      await ok(
        server.request('POST', `/api/admin/operators/${target.user.id}/subscription/pause`, { token: s.admin.token }),
        'pause',
      );
      return { path: `/api/admin/operators/${target.user.id}/subscription/resume` };
    },
    expect: ADMIN_ONLY,
  },

  // Schedules (issue 14): diners read them; the truck's operator (subscribed or not) or an admin edits.
  'GET /api/food-trucks/:id/schedule': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${(await stopOf(owner)).truckId}/schedule` }),
    expect: PUBLIC,
  },
  'GET /api/food-trucks/:id/calendar.ics': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${(await stopOf(owner)).truckId}/calendar.ics` }),
    expect: PUBLIC,
  },
  // A truck's public pages (issue 14): the share page and the embed card, for anyone.
  // They read as an anonymous diner whoever asks (a page load sends no token): a subscribed truck.
  'GET /trucks/:id': { build: async ({ sessions }) => ({ path: `/trucks/${await truckOf(sessions.owner)}` }), expect: PUBLIC },
  'GET /embed/trucks/:id': {
    build: async ({ sessions }) => ({ path: `/embed/trucks/${await truckOf(sessions.owner)}` }),
    expect: PUBLIC,
  },
  'GET /api/food-trucks/upcoming-stops': { build: async () => ({ path: '/api/food-trucks/upcoming-stops' }), expect: PUBLIC },
  'GET /api/food-trucks/scheduled': {
    build: async () => ({ path: `/api/food-trucks/scheduled?at=${encodeURIComponent('2027-06-15T12:00:00-05:00')}` }),
    expect: PUBLIC,
  },
  'GET /api/food-trucks/:id/schedule/stops': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${(await stopOf(owner)).truckId}/schedule/stops` }),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/food-trucks/:id/schedule/stops': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/schedule/stops`, body: stopBody }),
    expect: CREATE_OWNED,
  },
  'PUT /api/food-trucks/:id/schedule/stops/:stopId': {
    build: async ({ owner }) => {
      const { truckId, stopId } = await stopOf(owner);
      return { path: `/api/food-trucks/${truckId}/schedule/stops/${stopId}`, body: stopBody };
    },
    expect: OWNER_OR_ADMIN,
  },
  'DELETE /api/food-trucks/:id/schedule/stops/:stopId': {
    build: async ({ owner }) => {
      const { truckId, stopId } = await stopOf(owner);
      return { path: `/api/food-trucks/${truckId}/schedule/stops/${stopId}` };
    },
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/food-trucks/:id/schedule/stops/:stopId/take-place': {
    // Only while the stop is under way (409 otherwise); without `open`, no subscription needed.
    build: async ({ owner }) => {
      const { truckId, stopId } = await stopUnderWayOf(owner);
      return { path: `/api/food-trucks/${truckId}/schedule/stops/${stopId}/take-place`, body: {} };
    },
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/food-trucks/:id/schedule/stops/:stopId/exceptions': {
    build: async ({ owner }) => {
      const { truckId, stopId } = await stopOf(owner);
      return { path: `/api/food-trucks/${truckId}/schedule/stops/${stopId}/exceptions`, body: { date: EXCEPTION_DATE } };
    },
    expect: OWNER_OR_ADMIN,
  },
  'DELETE /api/food-trucks/:id/schedule/stops/:stopId/exceptions/:date': {
    build: async ({ owner }) => ({ path: await exceptionOf(owner) }),
    expect: OWNER_OR_ADMIN,
  },
  'PUT /api/food-trucks/:id/schedule/time-zone': {
    build: async ({ owner }) => ({
      path: `/api/food-trucks/${await truckOf(owner)}/schedule/time-zone`,
      body: { timeZone: 'America/Denver' },
    }),
    expect: OWNER_OR_ADMIN,
  },
  // A customer's favourites feed: its own secret address; the feed itself is read by calendar apps
  // with only that address.
  'GET /api/favorites/calendar-feed': {
    build: async ({ session }) => {
      if (session) await feedPathOf(session);
      return { path: '/api/favorites/calendar-feed' };
    },
    expect: SIGNED_IN,
  },
  'POST /api/favorites/calendar-feed': {
    build: async () => ({ path: '/api/favorites/calendar-feed' }),
    expect: SIGNED_IN,
    freshCaller: true,
  },
  'DELETE /api/favorites/calendar-feed': {
    build: async () => ({ path: '/api/favorites/calendar-feed' }),
    expect: SIGNED_IN,
    freshCaller: true,
  },
  'GET /api/calendar/favorites/:file': {
    build: async ({ sessions: s }) => ({ path: await feedPathOf(s.customer) }),
    expect: PUBLIC,
  },

  // Accounts.
  'GET /api/app-config': { build: async () => ({ path: '/api/app-config' }), expect: PUBLIC },
  'GET /api/auth/me': { build: async () => ({ path: '/api/auth/me' }), expect: SIGNED_IN },
  'POST /api/auth/logout': { build: async () => ({ path: '/api/auth/logout' }), expect: [401, 204, 204, 204, 204, 204], freshCaller: true },
  'POST /api/auth/change-password': {
    build: async () => ({ path: '/api/auth/change-password', body: { currentPassword: PASSWORD, newPassword: 'another-horse-2' } }),
    expect: SIGNED_IN,
    freshCaller: true,
  },
  'PUT /api/auth/me': {
    build: async ({ session }) => ({ path: '/api/auth/me', body: { phone: session?.user.phone ?? '5125550199', email: 'mine@example.com', currentPassword: PASSWORD } }),
    expect: SIGNED_IN,
    freshCaller: true,
  },
  'POST /api/auth/me/phone': {
    build: async ({ session }) => {
      if (!session) return { path: '/api/auth/me/phone', body: { code: '123456' } };
      const phone = `+1${uniquePhone()}`;
      await ok(server.request('PUT', '/api/auth/me', { token: session.token, body: { phone, currentPassword: PASSWORD } }), 'new phone');
      return { path: '/api/auth/me/phone', body: { code: await textedCode(server.db, { phone }) } };
    },
    expect: SIGNED_IN,
    freshCaller: true,
  },
  'POST /api/auth/me/phone/code': {
    build: async ({ session }) => {
      // The caller's number not confirmed yet (as a new account's is).
      if (session) await server.db.update(users).set({ phoneConfirmedAt: null }).where(eq(users.id, session.user.id));
      return { path: '/api/auth/me/phone/code' };
    },
    expect: [401, 202, 202, 202, 202, 202],
    freshCaller: true,
  },
  'POST /api/auth/delete-account': {
    build: async () => ({ path: '/api/auth/delete-account', body: { currentPassword: PASSWORD } }),
    expect: [401, 204, 204, 204, 204, 403],
    freshCaller: true,
  },
  'POST /api/auth/login': {
    build: async () => ({
      path: '/api/auth/login',
      body: { username: loginAccount.user.phone, password: PASSWORD },
    }),
    expect: PUBLIC,
  },
  'POST /api/auth/register': {
    build: async () => ({ path: '/api/auth/register', body: { phone: uniquePhone(), password: PASSWORD } }),
    expect: [201, 201, 201, 201, 201, 201],
  },
  // Public by design (ADR 0187): anyone may ask for a code; only the code sets a password.
  'POST /api/auth/password-reset': {
    build: async () => ({ path: '/api/auth/password-reset', body: { phone: uniquePhone() } }),
    expect: [202, 202, 202, 202, 202, 202],
  },
  'POST /api/auth/password-reset/confirm': {
    build: async () => ({
      path: '/api/auth/password-reset/confirm',
      body: { phone: loginAccount.user.phone, code: '000000', newPassword: 'brand-new-pass-1' },
    }),
    expect: [400, 400, 400, 400, 400, 400],
  },
  'POST /api/auth/register-customer': {
    build: async () => ({ path: '/api/auth/register-customer', body: { phone: uniquePhone(), password: PASSWORD } }),
    expect: [201, 201, 201, 201, 201, 201],
  },
  'GET /api/auth/user/sms-preferences': {
    build: async () => ({ path: '/api/auth/user/sms-preferences' }),
    expect: CUSTOMER_ONLY,
  },
  'PUT /api/auth/user/sms-preferences': {
    build: async () => ({ path: '/api/auth/user/sms-preferences', body: { smsAlerts: false } }),
    expect: CUSTOMER_ONLY,
    freshCaller: true,
  },
  'GET /api/push/public-key': { build: async () => ({ path: '/api/push/public-key' }), expect: CUSTOMER_ONLY },
  'GET /api/push/subscriptions': { build: async () => ({ path: '/api/push/subscriptions' }), expect: CUSTOMER_ONLY },
  'POST /api/push/subscriptions': {
    build: async () => ({ path: '/api/push/subscriptions', body: pushSubscriptionBody() }),
    expect: [401, 201, 403, 403, 403, 403],
  },
  'PUT /api/push/subscriptions/:id/position': {
    build: async ({ sessions: s }) => ({
      path: `/api/push/subscriptions/${await customerDevice(s.customer)}/position`,
      body: { latitude: 30.27, longitude: -97.74 },
    }),
    expect: [401, 204, 403, 403, 403, 403],
  },
  'DELETE /api/push/subscriptions/:id': {
    build: async ({ sessions: s }) => ({ path: `/api/push/subscriptions/${await customerDevice(s.customer)}` }),
    expect: [401, 204, 403, 403, 403, 403],
  },
  'GET /api/auth/user/notification-preferences': {
    build: async () => ({ path: '/api/auth/user/notification-preferences' }),
    expect: CUSTOMER_ONLY,
  },
  'PUT /api/auth/user/notification-preferences': {
    build: async () => ({
      path: '/api/auth/user/notification-preferences',
      body: { push: { opened: true, schedule: false }, sms: { opened: true }, quietHours: { start: '22:00', end: '07:00', timeZone: 'America/Chicago' } },
    }),
    expect: CUSTOMER_ONLY,
    freshCaller: true,
  },
  'GET /api/auth/user/dietary-needs': {
    build: async () => ({ path: '/api/auth/user/dietary-needs' }),
    expect: CUSTOMER_ONLY,
  },
  'PUT /api/auth/user/dietary-needs': {
    build: async () => ({ path: '/api/auth/user/dietary-needs', body: { diets: ['vegan'], avoid: ['peanuts'] } }),
    expect: CUSTOMER_ONLY,
    freshCaller: true,
  },
  'POST /api/sms/inbound': {
    // The offline SMS provider takes no reply from the network (issue 32; Twilio's signed ones are
    // tested in sms.api.test.ts).
    build: async () => ({
      path: '/api/sms/inbound',
      raw: { body: 'From=%2B15125550000&Body=hello', contentType: 'application/x-www-form-urlencoded' },
    }),
    expect: [403, 403, 403, 403, 403, 403],
  },
  'POST /api/admin/sms/inbound': {
    build: async () => ({ path: '/api/admin/sms/inbound', body: { from: '+15125550000', body: 'hello' } }),
    expect: ADMIN_ONLY,
  },

  // Diners' reads.
  'GET /api/events': { build: async () => ({ path: '/api/events', stream: true }), expect: PUBLIC },
  'POST /api/events/ticket': { build: async () => ({ path: '/api/events/ticket' }), expect: SIGNED_IN },
  'GET /api/food-trucks': { build: async () => ({ path: '/api/food-trucks' }), expect: SIGNED_IN },
  'GET /api/food-trucks/active': { build: async () => ({ path: '/api/food-trucks/active' }), expect: PUBLIC },
  'GET /api/food-trucks/search': { build: async () => ({ path: '/api/food-trucks/search?q=taco' }), expect: PUBLIC },
  'GET /api/food-trucks/:id': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}` }),
    expect: PUBLIC,
  },
  'GET /api/food-trucks/:id/menu': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/menu` }),
    expect: PUBLIC,
  },
  'GET /api/health': { build: async () => ({ path: '/api/health' }), expect: PUBLIC },
  'GET /api/ready': { build: async () => ({ path: '/api/ready' }), expect: PUBLIC },
  'GET /api/voice-assistant-free/uses': { build: async () => ({ path: '/api/voice-assistant-free/uses' }), expect: PUBLIC },
  'GET /objects/:id': { build: async () => ({ path: servedObject }), expect: PUBLIC },
  'GET /api/voice-assistant/audio/:id': {
    build: async () => {
      const id = randomBytes(16).toString('base64url');
      const audio = Buffer.from('RIFF0000WAVEfmt ').toString('base64');
      await server.db.insert(voiceAnswers).values({ id, text: 'Hello', contentType: 'audio/wav', audioBase64: audio });
      return { path: `/api/voice-assistant/audio/${id}` };
    },
    expect: PUBLIC,
  },

  // Favourites (any signed-in account) and ratings (customers only), on a visible truck.
  'GET /api/favorites': { build: async () => ({ path: '/api/favorites' }), expect: SIGNED_IN },
  'GET /api/favorites/check/:truckId': {
    build: async ({ sessions: s }) => ({ path: `/api/favorites/check/${await truckOf(s.owner)}` }),
    expect: SIGNED_IN,
  },
  'POST /api/favorites': {
    build: async ({ sessions: s }) => ({ path: '/api/favorites', body: { foodTruckId: await truckOf(s.owner) } }),
    // An operator cannot favourite its own truck.
    expect: [401, 200, 200, 403, 200, 200],
  },
  'DELETE /api/favorites/:truckId': {
    build: async ({ sessions: s, session, caller }) => {
      const truckId = await truckOf(s.owner);
      if (session && caller !== 'owning operator') {
        await ok(server.request('POST', '/api/favorites', { token: session.token, body: { foodTruckId: truckId } }), 'fav');
      }
      return { path: `/api/favorites/${truckId}` };
    },
    expect: SIGNED_IN,
  },
  // "I'm going" (issue 31): customers mark an open truck; only its operator (or an admin) reads the counts.
  'GET /api/going': { build: async () => ({ path: '/api/going' }), expect: CUSTOMER_ONLY },
  'POST /api/food-trucks/:id/going': {
    build: async ({ sessions: s }) => ({ path: `/api/food-trucks/${await openTruckOf(s.owner)}/going` }),
    expect: CUSTOMER_ONLY,
  },
  'DELETE /api/food-trucks/:id/going': {
    build: async ({ sessions: s }) => ({ path: `/api/food-trucks/${await openTruckOf(s.owner)}/going` }),
    expect: CUSTOMER_ONLY,
  },
  'GET /api/food-trucks/:id/going': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/going` }),
    expect: OWNER_OR_ADMIN,
  },
  // Insights (issue 31): anyone reports views (counted only for diners); owners and admins read them.
  'POST /api/insights/views': {
    build: async ({ sessions: s }) => ({ path: '/api/insights/views', body: { views: [{ truckId: await truckOf(s.owner), kind: 'card_view' }] } }),
    expect: [204, 204, 204, 204, 204, 204],
  },
  'GET /api/food-trucks/:id/insights': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/insights?days=30` }),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/food-trucks/:id/insights.csv': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/insights.csv` }),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/operators/:operatorId/insights/demand': {
    build: async ({ owner }) => ({ path: `/api/operators/${owner.user.id}/insights/demand?days=90` }),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/auth/user/insights-preferences': {
    build: async () => ({ path: '/api/auth/user/insights-preferences' }),
    expect: CUSTOMER_ONLY,
  },
  'PUT /api/auth/user/insights-preferences': {
    build: async () => ({ path: '/api/auth/user/insights-preferences', body: { countMyVisits: false } }),
    expect: CUSTOMER_ONLY,
    freshCaller: true,
  },
  'GET /api/food-trucks/:id/rating': {
    build: async ({ sessions: s }) => ({ path: `/api/food-trucks/${await truckOf(s.owner)}/rating` }),
    expect: CUSTOMER_ONLY,
  },
  'PUT /api/food-trucks/:id/rating': {
    build: async ({ sessions: s }) => ({ path: `/api/food-trucks/${await truckOf(s.owner)}/rating`, body: { stars: 4 } }),
    expect: CUSTOMER_ONLY,
  },
  'DELETE /api/food-trucks/:id/rating': {
    build: async ({ sessions: s, caller }) => {
      const truckId = await truckOf(s.owner);
      // Something to remove, so a refusal has something it must not touch.
      const rater = caller === 'customer' ? s.customer : await server.signUp('customer');
      await ok(server.request('PUT', `/api/food-trucks/${truckId}/rating`, { token: rater.token, body: { stars: 5 } }), 'rate');
      return { path: `/api/food-trucks/${truckId}/rating` };
    },
    expect: CUSTOMER_ONLY,
  },

  // An operator's trucks.
  'GET /api/operators/:operatorId/food-trucks': {
    build: async ({ owner }) => ({ path: `/api/operators/${owner.user.id}/food-trucks` }),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/operators/:operatorId/food-trucks': {
    build: async ({ owner }) => ({
      path: `/api/operators/${owner.user.id}/food-trucks`,
      body: { name: 'Path Tacos', cuisine: 'Mexican' },
    }),
    expect: CREATE_OWNED,
  },
  'POST /api/food-trucks': {
    // An admin names the operator; an operator's own operatorId is ignored (the caller owns it).
    build: async ({ owner }) => ({
      path: '/api/food-trucks',
      body: { name: 'New Tacos', cuisine: 'Mexican', operatorId: owner.user.id },
    }),
    expect: [401, 403, 201, 201, 201, 201],
  },
  'PATCH /api/food-trucks/:truckId': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}`, body: { name: 'Renamed' } }),
    expect: OWNER_OR_ADMIN,
  },
  'PATCH /api/food-trucks/:id/location': {
    build: async ({ owner }) => ({
      path: `/api/food-trucks/${await truckOf(owner)}/location`,
      body: { latitude: 30.3, longitude: -97.7 },
    }),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/food-trucks/:id/open': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/open`, body: AUSTIN }),
    // An operator without an active subscription cannot open (402).
    expect: [401, 403, 404, 200, 402, 200],
  },
  'POST /api/food-trucks/:id/heartbeat': {
    // "Still here" needs an open truck (409 when closed); opening is the only subscription gate.
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await openTruckOf(owner)}/heartbeat`, body: { confirmed: true } }),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/food-trucks/:id/close': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/close` }),
    expect: OWNER_OR_ADMIN,
  },
  'DELETE /api/food-trucks/:id': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}` }),
    expect: OWNER_OR_ADMIN,
  },

  // Menu items.
  'POST /api/menu-items': {
    build: async ({ owner }) => ({
      path: '/api/menu-items',
      body: { foodTruckId: await truckOf(owner), name: 'Elote', price: 4 },
    }),
    expect: CREATE_OWNED,
  },
  'PUT /api/menu-items/:id': {
    build: async ({ owner }) => ({ path: `/api/menu-items/${await menuItemOf(owner)}`, body: { name: 'Renamed' } }),
    expect: OWNER_OR_ADMIN,
  },
  'PUT /api/menu-items/:id/image': {
    // The caller's own upload where it may upload (an operator may attach only its own objects).
    build: async ({ owner, session, caller }) => {
      const uploader = session && caller !== 'customer' ? session : owner;
      return { path: `/api/menu-items/${await menuItemOf(owner)}/image`, body: { imageURL: await uploadAs(uploader) } };
    },
    expect: OWNER_OR_ADMIN,
  },
  'DELETE /api/menu-items/:id': {
    build: async ({ owner }) => ({ path: `/api/menu-items/${await menuItemOf(owner)}` }),
    expect: OWNER_OR_ADMIN,
  },

  // Address search for operators' place fields (ADR 0151): operators (paid or not) and admins.
  'GET /api/geocode/search': { build: async () => ({ path: '/api/geocode/search?q=rainey' }), expect: [401, 403, 200, 200, 200, 200] },
  'GET /api/geocode/reverse': {
    build: async () => ({ path: '/api/geocode/reverse?lat=30.2587&lng=-97.7383' }),
    expect: [401, 403, 200, 200, 200, 200],
  },

  // Uploads: URLs for operators and admins; the PUT only by the uploader it was made for.
  'POST /api/objects/upload': {
    build: async () => ({ path: '/api/objects/upload', body: { purpose: 'image' } }),
    expect: [401, 403, 200, 200, 200, 200],
  },
  'PUT /api/objects/upload/:signature/:id': {
    build: async ({ owner }) => {
      const url = await uploadURLFor(owner);
      return { path: new URL(url).pathname, url, bytes: await png() };
    },
    expect: [401, 403, 403, 200, 200, 403],
  },

  // Subscriptions and payments: operators, each its own.
  'GET /api/subscription-status': { build: async () => ({ path: '/api/subscription-status' }), expect: SIGNED_IN },
  'POST /api/create-operator-subscription': {
    build: async () => ({ path: '/api/create-operator-subscription' }),
    expect: [401, 403, 409, 409, 200, 403],
    freshCaller: true,
  },
  'POST /api/payments/test/confirm': {
    // The unsubscribed operator pays its own pending subscription; everyone else tries to pay it.
    build: async ({ caller, session }) => {
      const payer = caller === 'unsubscribed operator' && session ? session : await server.signUp('operator');
      return { path: '/api/payments/test/confirm', body: { clientSecret: await pendingSubscription(payer), ...card } };
    },
    expect: [401, 403, 404, 404, 200, 403],
    freshCaller: true,
  },
  'POST /api/subscription/cancel': {
    build: async () => ({ path: '/api/subscription/cancel' }),
    // Nothing to cancel or renew without a subscription: 409.
    expect: [401, 403, 200, 200, 409, 403],
    freshCaller: true,
  },
  'POST /api/subscription/resume-renewal': {
    build: async () => ({ path: '/api/subscription/resume-renewal' }),
    expect: [401, 403, 200, 200, 409, 403],
    freshCaller: true,
  },
  'POST /api/stripe/webhook': {
    // Test mode: Stripe's webhook does not exist here (stripe-webhook.api.test.ts covers Stripe mode).
    build: async () => ({ path: '/api/stripe/webhook', raw: { body: '{"id":"evt_1"}', contentType: 'application/json' } }),
    expect: [404, 404, 404, 404, 404, 404],
  },

  // Order ahead (issue 30, ADR 0162): diners order their own; operators work their own trucks' queues.
  'GET /api/food-trucks/:id/ordering': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await openTruckOf(owner)}/ordering` }),
    // The unsubscribed operator's truck is invisible to everyone.
    expect: [200, 200, 200, 200, 404, 200],
  },
  'POST /api/orders': {
    build: async ({ sessions }) => {
      const { truckId, itemId } = await orderableTruckOf(sessions.owner);
      return {
        path: '/api/orders',
        body: { foodTruckId: truckId, items: [{ menuItemId: itemId, quantity: 1 }], pickup: 'asap', card },
        headers: { 'idempotency-key': `matrix-${randomBytes(8).toString('hex')}` },
      };
    },
    expect: [401, 201, 403, 403, 403, 403],
  },
  'GET /api/orders': { build: async () => ({ path: '/api/orders' }), expect: CUSTOMER_ONLY },
  'GET /api/orders/:id': { build: async ({ owner }) => ({ path: `/api/orders/${await orderOf(owner)}` }), expect: [401, 200, 404, 200, 200, 200] },
  'PATCH /api/orders/:id/status': {
    build: async ({ owner }) => ({ path: `/api/orders/${await orderOf(owner)}/status`, body: { status: 'preparing' } }),
    expect: OWNER_OR_ADMIN,
  },
  'POST /api/orders/:id/refuse': { build: async ({ owner }) => ({ path: `/api/orders/${await orderOf(owner)}/refuse`, body: {} }), expect: OWNER_OR_ADMIN },
  'POST /api/orders/:id/cancel': { build: async ({ owner }) => ({ path: `/api/orders/${await orderOf(owner)}/cancel` }), expect: CUSTOMER_ONLY },
  // Test mode: a paid order is answered as it is (Stripe mode is in orders.api.test.ts).
  'POST /api/orders/:id/confirm-payment': {
    build: async ({ owner }) => ({ path: `/api/orders/${await orderOf(owner)}/confirm-payment` }),
    expect: CUSTOMER_ONLY,
  },
  'GET /api/food-trucks/:id/orders': { build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/orders` }), expect: OWNER_OR_ADMIN },
  'GET /api/food-trucks/:id/order-settings': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/order-settings` }),
    expect: OWNER_OR_ADMIN,
  },
  'PUT /api/food-trucks/:id/order-settings': {
    build: async ({ owner }) => ({ path: `/api/food-trucks/${await truckOf(owner)}/order-settings`, body: { pauseMinutes: 5 } }),
    expect: OWNER_OR_ADMIN,
  },
  'GET /api/operator/orders/counts': { build: async () => ({ path: '/api/operator/orders/counts' }), expect: [401, 403, 200, 200, 200, 403] },
  'GET /api/operator/payouts': { build: async () => ({ path: '/api/operator/payouts' }), expect: [401, 403, 200, 200, 200, 403] },
  'POST /api/operator/payouts/connect': {
    build: async () => ({ path: '/api/operator/payouts/connect' }),
    expect: [401, 403, 200, 200, 200, 403],
    freshCaller: true,
  },
  'GET /api/admin/orders': { build: async () => ({ path: '/api/admin/orders' }), expect: ADMIN_ONLY },
  'GET /api/admin/refunds': { build: async () => ({ path: '/api/admin/refunds' }), expect: ADMIN_ONLY },
  'POST /api/admin/orders/:id/refund': { build: async ({ sessions }) => ({ path: `/api/admin/orders/${await orderOf(sessions.owner)}/refund` }), expect: ADMIN_ONLY },

  // Voice.
  'POST /api/voice-assistant': {
    build: async () => ({ path: '/api/voice-assistant', body: { text: 'which trucks are open' } }),
    expect: SIGNED_IN,
  },
  'POST /api/voice-assistant-free': {
    build: async () => ({ path: '/api/voice-assistant-free', body: { text: 'which trucks are open' } }),
    expect: PUBLIC,
  },
};

async function freshSession(caller: Caller): Promise<AuthResponse | undefined> {
  switch (caller) {
    case 'anonymous':
      return undefined;
    case 'customer':
      return server.signUp('customer');
    case 'other operator':
    case 'owning operator':
      return server.signUpSubscribedOperator();
    case 'unsubscribed operator':
      return server.signUp('operator');
    case 'admin':
      return server.signUpAdmin();
  }
}

function sharedSession(caller: Caller): AuthResponse | undefined {
  const map: Record<Caller, AuthResponse | undefined> = {
    anonymous: undefined,
    customer: sessions.customer,
    'other operator': sessions.other,
    'owning operator': sessions.owner,
    'unsubscribed operator': sessions.unsubscribed,
    admin: sessions.admin,
  };
  return map[caller];
}

interface Answer {
  status: number;
  body: unknown;
}

async function send(method: string, call: Call, session: AuthResponse | undefined): Promise<Answer> {
  const headers: Record<string, string> = { ...call.headers };
  if (session) headers.authorization = `Bearer ${session.token}`;
  let body: BodyInit | undefined;
  if (call.bytes) {
    body = new Uint8Array(call.bytes);
    headers['content-type'] = 'image/png';
  } else if (call.raw) {
    body = call.raw.body;
    headers['content-type'] = call.raw.contentType;
  } else if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] = 'application/json';
  }
  const controller = new AbortController();
  const res = await fetch(call.url ?? server.url + call.path, { method, headers, body, signal: controller.signal });
  if (call.stream && res.status === 200) {
    controller.abort();
    return { status: res.status, body: undefined };
  }
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed };
}

const hasMessage = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string';

describe('the authorization matrix', () => {
  it('has an entry for every route of the route table, and no entry for a route that is gone', () => {
    const routes = server.app.routeTable
      .filter((r) => !r.url.startsWith('/api/docs'))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(Object.keys(MATRIX).sort()).toEqual(routes);
  });

  for (const [route, entry] of Object.entries(MATRIX)) {
    it(`${route}: ${CALLERS.map((c, i) => `${c} ${entry.expect[i]}`).join(', ')}`, async () => {
      const method = route.split(' ')[0] ?? 'GET';
      const problems: string[] = [];
      for (const [i, caller] of CALLERS.entries()) {
        const session = entry.freshCaller ? await freshSession(caller) : sharedSession(caller);
        const owner = caller === 'unsubscribed operator' ? sessions.unsubscribed : sessions.owner;
        const call = await entry.build({ caller, session, owner, sessions });
        const before = await dbFingerprint(server.db);
        const answer = await send(method, call, session);
        const expected = entry.expect[i];
        if (answer.status !== expected) {
          problems.push(`${caller}: ${answer.status} (expected ${expected}) ${JSON.stringify(answer.body)}`);
        }
        if (answer.status >= 400) {
          if (!hasMessage(answer.body)) problems.push(`${caller}: refusal without a JSON message`);
          const after = await dbFingerprint(server.db);
          const changed = Object.keys(before).filter((t) => before[t] !== after[t]);
          if (changed.length > 0) problems.push(`${caller}: refused (${answer.status}) but changed ${changed.join(', ')}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('keeps an unsubscribed operator’s truck hidden from everyone but its operator and admins', async () => {
    const truckId = await truckOf(sessions.unsubscribed);
    const expected: Row = [404, 404, 404, 404, 200, 200];
    for (const path of [`/api/food-trucks/${truckId}`, `/api/food-trucks/${truckId}/menu`]) {
      const statuses = [];
      for (const caller of CALLERS) statuses.push((await send('GET', { path }, sharedSession(caller))).status);
      expect(statuses, path).toEqual(expected);
    }
    // Its public pages are 404 for everyone, its operator included: they read as an anonymous diner.
    for (const path of [`/trucks/${truckId}`, `/embed/trucks/${truckId}`]) {
      const statuses = [];
      for (const caller of CALLERS) statuses.push((await send('GET', { path }, sharedSession(caller))).status);
      expect(statuses, path).toEqual([404, 404, 404, 404, 404, 404]);
    }
    // Nor can a customer favourite or rate it (404), and those refusals change nothing.
    const before = await dbFingerprint(server.db);
    const favourite = await send('POST', { path: '/api/favorites', body: { foodTruckId: truckId } }, sessions.customer);
    const rating = await send('PUT', { path: `/api/food-trucks/${truckId}/rating`, body: { stars: 1 } }, sessions.customer);
    expect([favourite.status, rating.status]).toEqual([404, 404]);
    expect(await dbFingerprint(server.db)).toEqual(before);
    // A refusal of a subscription change leaves the subscription table alone (checked above too).
    const [row] = await server.db
      .select()
      .from(operatorSubscriptions)
      .where(eq(operatorSubscriptions.operatorId, sessions.unsubscribed.user.id));
    expect(row).toBeUndefined();
  });
});
