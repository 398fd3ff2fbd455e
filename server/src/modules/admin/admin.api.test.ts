import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import sharp from 'sharp';
import type {
  AdminDeleteResponse,
  AdminOperator,
  AdminStats,
  AdminUser,
  AuthResponse,
  ErrorResponse,
  FoodTruck,
  Page,
} from '@shared/contracts';
import {
  auditLog,
  foodTrucks,
  menuItems,
  operatorSubscriptions,
  smsOutbox,
  storedObjects,
  truckEvents,
  truckRatings,
  userFavorites,
  users,
} from '../../db/schema';
import { startTestServer, uniquePhone, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';
import { storeFile } from '../uploads/stored-objects';

let server: TestServer;
let admin: AuthResponse;
let customer: AuthResponse;
let operator: AuthResponse;

beforeAll(async () => {
  server = await startTestServer({ adminUsername: 'chief' });
  [admin, customer, operator] = await Promise.all([
    server.signUpAdmin(),
    server.signUp('customer'),
    server.signUpSubscribedOperator(),
  ]);
});
afterAll(() => server.close());

type Res<T> = T & ErrorResponse;
const asAdmin = <T>(method: string, path: string, body?: unknown) =>
  server.request<Res<T>>(method, path, { token: admin.token, body });
const userRow = async (id: number) => (await server.db.select().from(users).where(eq(users.id, id)))[0];
const auditRows = (targetId: number) =>
  server.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));
const auditCount = async () => (await server.db.select({ n: count() }).from(auditLog))[0]?.n ?? 0;
const AUSTIN = { latitude: 30.2672, longitude: -97.7431, isOpen: true };

/** A state that every refused call must leave exactly as it was. */
async function snapshot() {
  const [accounts, subscriptions, trucks] = await Promise.all([
    server.db.select().from(users).orderBy(users.id),
    server.db.select().from(operatorSubscriptions).orderBy(operatorSubscriptions.id),
    server.db.select({ id: foodTrucks.id }).from(foodTrucks).orderBy(foodTrucks.id),
  ]);
  return { accounts, subscriptions, trucks, audit: await auditCount() };
}

describe('authorization matrix: every admin route', () => {
  it('answers 401 without a valid token and 403 for customers and operators, changing nothing', async () => {
    const routes = server.app.routeTable.filter((r) => r.url.startsWith('/api/admin/'));
    // 15 + the past imports' list (issue 26) + the claims section's list, approve and reject (ADR 0158)
    // + orders, refunds and an order's refund (issue 30, ADR 0162).
    expect(routes.length).toBe(22);
    const target = await server.signUpSubscribedOperator();
    const before = await snapshot();
    for (const route of routes) {
      const url = route.url.replace(
        ':id',
        String(route.url.includes('customers') ? customer.user.id : target.user.id),
      );
      const body = route.method === 'PATCH' ? { email: 'hijack@example.com' } : undefined;
      for (const [token, expected] of [
        [undefined, 401],
        ['not-a-token', 401],
        [customer.token, 403],
        [operator.token, 403],
      ] as const) {
        const res = await server.request<ErrorResponse>(route.method, url, { token, body });
        expect(res.status, `${route.method} ${url} with ${String(token).slice(0, 12)}`).toBe(expected);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('GET /api/admin/stats', () => {
  it("counts customers, operators, active subscriptions and operators' trucks; unclaimed listings apart", async () => {
    // An unclaimed listing (issue 26: operator_id null) and a retired one: neither is an operator's truck.
    const listing = { sourceName: 'Stats data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T00:00:00Z' };
    await server.db.insert(foodTrucks).values([
      { name: 'Stats Listing', cuisine: 'Tacos', listing },
      { name: 'Stats Retired Listing', cuisine: 'Tacos', listing, retiredAt: new Date() },
    ]);
    const res = await asAdmin<AdminStats>('GET', '/api/admin/stats');
    expect(res.status).toBe(200);
    const n = async (
      table: typeof users | typeof foodTrucks | typeof operatorSubscriptions,
      where?: SQL,
    ) => (await server.db.select({ n: count() }).from(table).where(where))[0]?.n;
    expect(res.body).toEqual({
      totalCustomers: await n(users, eq(users.role, 'customer')),
      totalOperators: await n(users, eq(users.role, 'operator')),
      activeSubscriptions: await n(operatorSubscriptions, eq(operatorSubscriptions.status, 'active')),
      totalTrucks: await n(foodTrucks, isNotNull(foodTrucks.operatorId)),
      unclaimedListings: await n(foodTrucks, and(isNull(foodTrucks.operatorId), isNull(foodTrucks.retiredAt))),
    });
    expect(res.body.unclaimedListings).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/admin/customers and /operators', () => {
  it('lists customers only, newest first, without password hashes', async () => {
    const fresh = await server.signUp('customer', { username: 'listed_cust', email: 'listed@example.com' });
    const res = await asAdmin<Page<AdminUser>>('GET', '/api/admin/customers?search=listed_cust');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      items: [
        {
          id: fresh.user.id,
          username: 'listed_cust',
          email: 'listed@example.com',
          phone: fresh.user.phone,
          phoneConfirmed: true,
          role: 'customer',
          createdAt: expect.any(String),
          smsOptOut: false,
        },
      ],
      total: 1,
      nextCursor: null,
    });
    const all = await asAdmin<Page<AdminUser>>('GET', '/api/admin/customers');
    expect(all.body.items.every((u) => u.role === 'customer')).toBe(true);
    expect(JSON.stringify(all.body)).not.toContain('scrypt');
  });

  it('lists operators with truck names, truckCount and subscriptionData in cents (or null)', async () => {
    const paid = await server.signUpSubscribedOperator();
    const unpaid = await server.signUp('operator', { username: 'unpaid_op' });
    await insertTruck(server.db, paid.user.id, { name: 'Zebra Tacos' });
    await insertTruck(server.db, paid.user.id, { name: 'Zebra Burgers' });
    const res = await asAdmin<Page<AdminOperator>>('GET', '/api/admin/operators?search=zebra');
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(1);
    expect(res.body.items[0]).toMatchObject({
      id: paid.user.id,
      role: 'operator',
      truckCount: 2,
      trucks: [{ name: 'Zebra Tacos' }, { name: 'Zebra Burgers' }],
      subscriptionData: { status: 'active', amount: 2999 },
    });
    const none = await asAdmin<Page<AdminOperator>>('GET', '/api/admin/operators?search=unpaid_op');
    expect(none.body.items[0]).toMatchObject({
      id: unpaid.user.id,
      truckCount: 0,
      trucks: [],
      subscriptionData: null,
    });
  });

  it('refuses a bad page size or cursor with 400', async () => {
    for (const query of ['limit=0', 'limit=201', 'limit=abc', 'cursor=-1', 'cursor=1e3']) {
      const res = await asAdmin<unknown>('GET', `/api/admin/customers?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('PATCH /api/admin/customers/:id and /operators/:id', () => {
  it('changes only the fields sent and writes an audit row of just those', async () => {
    const target = await server.signUp('customer', { username: 'patch_me', email: 'old@example.com' });
    const before = await userRow(target.user.id);
    const res = await asAdmin<AdminUser>('PATCH', `/api/admin/customers/${target.user.id}`, {
      email: 'new@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: target.user.id,
      username: 'patch_me',
      email: 'new@example.com',
      phone: target.user.phone,
    });
    const after = await userRow(target.user.id);
    expect(after).toMatchObject({
      username: 'patch_me',
      phone: before?.phone,
      passwordHash: before?.passwordHash,
      email: 'new@example.com',
    });
    expect(after?.sessionVersion).toBe(before?.sessionVersion);
    // The old session is still good: only a password or role change ends sessions.
    expect((await server.request('GET', '/api/auth/me', { token: target.token })).status).toBe(200);
    const [row] = await auditRows(target.user.id);
    expect(row).toMatchObject({
      adminId: admin.user.id,
      action: 'update_customer',
      targetTable: 'users',
      targetId: target.user.id,
      oldValues: { email: 'old@example.com' },
      newValues: { email: 'new@example.com' },
    });
  });

  it('normalises a phone as registration does and accepts an operator on the operators path', async () => {
    const target = await server.signUp('operator');
    const phone = uniquePhone();
    const res = await asAdmin<AdminUser>('PATCH', `/api/admin/operators/${target.user.id}`, {
      phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
      username: 'renamed_op',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: `+1${phone}`, username: 'renamed_op', role: 'operator' });
    expect((await auditRows(target.user.id))[0]).toMatchObject({
      action: 'update_operator',
      newValues: { phone: `+1${phone}`, username: 'renamed_op' },
    });
  });

  it('re-hashes a new password, ends every session of that user, and never writes the password to the audit log', async () => {
    const target = await server.signUp('customer');
    const res = await asAdmin<AdminUser>('PATCH', `/api/admin/customers/${target.user.id}`, {
      password: 'brand-new-secret-9',
    });
    expect(res.status).toBe(200);
    expect((await server.request('GET', '/api/auth/me', { token: target.token })).status).toBe(401);
    const login = await server.request<AuthResponse>('POST', '/api/auth/login', {
      body: { username: target.user.phone, password: 'brand-new-secret-9' },
    });
    expect(login.status).toBe(200);
    const oldLogin = await server.request('POST', '/api/auth/login', {
      body: { username: target.user.phone, password: 'correct-horse-1' },
    });
    expect(oldLogin.status).toBe(401);
    const [row] = await auditRows(target.user.id);
    expect(row?.newValues).toEqual({ passwordChanged: true });
    const hash = (await userRow(target.user.id))?.passwordHash ?? '';
    const everything = JSON.stringify(await server.db.select().from(auditLog));
    expect(everything).not.toContain('brand-new-secret-9');
    expect(everything).not.toContain(hash);
    expect(everything).not.toContain('scrypt$');
  });

  it('treats a blank password as unchanged, and an edit that changes nothing as no change (no audit row)', async () => {
    const target = await server.signUp('customer', { email: 'same@example.com' });
    const before = await auditCount();
    const res = await asAdmin<AdminUser>('PATCH', `/api/admin/customers/${target.user.id}`, {
      email: 'same@example.com',
      password: '   ',
    });
    expect(res.status).toBe(200);
    expect(await auditCount()).toBe(before);
    expect((await server.request('GET', '/api/auth/me', { token: target.token })).status).toBe(200);
  });

  it('validates as registration does, with 409 for taken or reserved names and taken phones, changing nothing', async () => {
    const target = await server.signUp('customer', { username: 'valid_target' });
    const other = await server.signUp('customer', { username: 'taken_name' });
    const cases: [unknown, number, string][] = [
      [{ phone: '123' }, 400, 'Phone number must be at least 10 digits'],
      [{ phone: '0123456789' }, 400, 'Invalid phone number format'],
      [{ email: 'not-an-email' }, 400, 'Invalid email address'],
      [{ password: 'short' }, 400, 'Password must be at least 8 characters'],
      [{ username: 'a!' }, 400, 'Username must be at least 3 characters'],
      [{ role: 'admin' }, 400, ''],
      [{}, 400, 'No changes to save'],
      [{ username: 'TAKEN_NAME' }, 409, 'This username is already taken'],
      [{ phone: other.user.phone }, 409, 'An account with this phone number already exists'],
      [{ username: 'Admin' }, 409, 'This username is reserved'],
      [{ username: 'chief' }, 409, 'This username is reserved'],
    ];
    const before = await snapshot();
    for (const [body, status, message] of cases) {
      const res = await asAdmin<unknown>('PATCH', `/api/admin/customers/${target.user.id}`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('the id must belong to the path’s role, and an admin cannot act on themselves', () => {
  it('answers 404 for a customer id on the operators path, an operator id on the customers path, admins and unknown ids', async () => {
    const otherAdmin = await server.signUpAdmin();
    const before = await snapshot();
    const calls: [string, string][] = [
      ['PATCH', `/api/admin/operators/${customer.user.id}`],
      ['DELETE', `/api/admin/operators/${customer.user.id}`],
      ['POST', `/api/admin/operators/${customer.user.id}/subscription/pause`],
      ['PATCH', `/api/admin/customers/${operator.user.id}`],
      ['DELETE', `/api/admin/customers/${operator.user.id}`],
      ['DELETE', `/api/admin/customers/${otherAdmin.user.id}`],
      ['PATCH', `/api/admin/operators/${otherAdmin.user.id}`],
      ['DELETE', '/api/admin/customers/999999'],
      ['DELETE', '/api/admin/customers/abc'],
      ['POST', '/api/admin/operators/0/subscription/resume'],
    ];
    for (const [method, path] of calls) {
      const res = await asAdmin<unknown>(
        method,
        path,
        method === 'PATCH' ? { email: 'x@example.com' } : undefined,
      );
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses (403) to delete or edit the calling admin, on either path', async () => {
    const before = await snapshot();
    for (const path of ['customers', 'operators']) {
      const del = await asAdmin<unknown>('DELETE', `/api/admin/${path}/${admin.user.id}`);
      expect(del.status).toBe(403);
      expect(del.body.message).toBe('You cannot change or delete your own admin account here.');
      const patch = await asAdmin<unknown>('PATCH', `/api/admin/${path}/${admin.user.id}`, {
        username: 'demoted',
      });
      expect(patch.status).toBe(403);
    }
    expect(await snapshot()).toEqual(before);
    expect((await userRow(admin.user.id))?.role).toBe('admin');
  });
});

const picture = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: '#48c' } })
    .png()
    .toBuffer();
const objectId = (objectPath: string) => objectPath.split('/').pop() ?? '';

describe('DELETE: the account and everything it owns, in one transaction', () => {
  it('deletes an operator: trucks (published as removed), menu items, favourites, ratings, outbox rows, subscription and stored objects', async () => {
    const target = await server.signUpSubscribedOperator();
    const otherOperator = await server.signUpSubscribedOperator();
    const fan = await server.signUp('customer');
    const storage = server.integrations.storage;
    const [banner, galleryImage, shared, uploadedUnused] = await Promise.all([
      picture().then((b) => storeFile(storage, server.db, target.user.id, b, 'truck-image')),
      picture().then((b) => storeFile(storage, server.db, target.user.id, b, 'gallery')),
      picture().then((b) => storeFile(storage, server.db, otherOperator.user.id, b, 'banner')),
      picture().then((b) => storeFile(storage, server.db, target.user.id, b, 'image')),
    ]);
    const truck = await insertTruck(server.db, target.user.id, {
      name: 'Doomed Tacos',
      image: banner,
      gallery: [galleryImage, shared],
      ...AUSTIN,
    });
    const second = await insertTruck(server.db, target.user.id, { name: 'Doomed Burgers' });
    await insertTruck(server.db, otherOperator.user.id, { name: 'Survivor', image: shared });
    await server.db.insert(menuItems).values({ foodTruckId: truck.id, name: 'Taco', priceCents: 350 });
    await server.db.insert(userFavorites).values({ userId: fan.user.id, foodTruckId: truck.id });
    await server.db.insert(truckRatings).values({ userId: fan.user.id, foodTruckId: truck.id, stars: 5 });
    await server.db.insert(smsOutbox).values({
      userId: fan.user.id,
      foodTruckId: truck.id,
      toPhone: fan.user.phone ?? '',
      body: 'Doomed Tacos is open',
    });
    const active = await server.request<FoodTruck[]>('GET', '/api/food-trucks/active');
    expect(active.body.map((t) => t.id)).toContain(truck.id);
    const [lastEvent] = await server.db
      .select({ id: truckEvents.id })
      .from(truckEvents)
      .orderBy(desc(truckEvents.id))
      .limit(1);

    const res = await asAdmin<AdminDeleteResponse>('DELETE', `/api/admin/operators/${target.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedUser: { id: target.user.id, username: target.user.username } });

    expect(await userRow(target.user.id)).toBeUndefined();
    const truckIds = [truck.id, second.id];
    expect(await server.db.select().from(foodTrucks).where(inArray(foodTrucks.id, truckIds))).toEqual([]);
    expect(await server.db.select().from(menuItems).where(eq(menuItems.foodTruckId, truck.id))).toEqual([]);
    expect(
      await server.db.select().from(userFavorites).where(eq(userFavorites.foodTruckId, truck.id)),
    ).toEqual([]);
    expect(await server.db.select().from(truckRatings).where(eq(truckRatings.foodTruckId, truck.id))).toEqual(
      [],
    );
    expect(
      await server.db
        .select()
        .from(operatorSubscriptions)
        .where(eq(operatorSubscriptions.operatorId, target.user.id)),
    ).toEqual([]);
    // The customer's message stays (it is theirs), no longer pointing at the deleted truck.
    const [message] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.userId, fan.user.id));
    expect(message?.foodTruckId).toBeNull();
    // Trucks went out as 'removed' events in the same transaction: diners' screens drop them live.
    const events = await server.db
      .select({ type: truckEvents.type, truckId: truckEvents.truckId })
      .from(truckEvents)
      .where(gt(truckEvents.id, lastEvent?.id ?? 0));
    expect(events).toEqual(expect.arrayContaining(truckIds.map((truckId) => ({ type: 'removed', truckId }))));
    const after = await server.request<FoodTruck[]>('GET', '/api/food-trucks/active');
    expect(after.body.map((t) => t.id)).not.toContain(truck.id);
    // Its objects are gone from the table and from the store; the one another truck shows stays.
    for (const gone of [banner, galleryImage, uploadedUnused]) {
      expect(
        await server.db
          .select()
          .from(storedObjects)
          .where(eq(storedObjects.id, objectId(gone))),
      ).toEqual([]);
      expect(await storage.get(objectId(gone))).toBeNull();
      expect((await fetch(server.url + gone)).status).toBe(404);
    }
    expect((await fetch(server.url + shared)).status).toBe(200);
    expect((await auditRows(target.user.id))[0]).toMatchObject({
      adminId: admin.user.id,
      action: 'delete_operator',
      targetTable: 'users',
      oldValues: { phone: target.user.phone, truckCount: 2, subscriptionStatus: 'active', storedObjects: 3 },
      newValues: null,
    });
  });

  it('deletes a customer with their favourites, ratings (truck totals follow), outbox rows and uploads', async () => {
    const target = await server.signUp('customer', { username: 'leaving_cust' });
    const truck = await insertTruck(server.db, operator.user.id, { name: 'Rated Truck' });
    await server.db.insert(userFavorites).values({ userId: target.user.id, foodTruckId: truck.id });
    await server.db.insert(truckRatings).values({ userId: target.user.id, foodTruckId: truck.id, stars: 4 });
    await server.db
      .insert(smsOutbox)
      .values({ userId: target.user.id, toPhone: target.user.phone ?? '', body: 'hi' });
    const upload = await storeFile(
      server.integrations.storage,
      server.db,
      target.user.id,
      await picture(),
      'image',
    );
    const rated = async () =>
      (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, truck.id)))[0];
    expect(await rated()).toMatchObject({ ratingSum: 4, ratingCount: 1 });

    const res = await asAdmin<AdminDeleteResponse>('DELETE', `/api/admin/customers/${target.user.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deletedUser: { id: target.user.id, username: 'leaving_cust' } });
    expect(await userRow(target.user.id)).toBeUndefined();
    expect(
      await server.db.select().from(userFavorites).where(eq(userFavorites.userId, target.user.id)),
    ).toEqual([]);
    expect(
      await server.db.select().from(truckRatings).where(eq(truckRatings.userId, target.user.id)),
    ).toEqual([]);
    expect(await server.db.select().from(smsOutbox).where(eq(smsOutbox.userId, target.user.id))).toEqual([]);
    expect(await rated()).toMatchObject({ ratingSum: 0, ratingCount: 0 });
    // Open pages hear the new totals at once: a 'rated' event for the truck, without the vote.
    const [event] = await server.db
      .select()
      .from(truckEvents)
      .where(and(eq(truckEvents.truckId, truck.id), eq(truckEvents.type, 'rated')))
      .orderBy(desc(truckEvents.id))
      .limit(1);
    expect(event?.payload).toMatchObject({ id: truck.id, rating: null });
    expect(await server.integrations.storage.get(objectId(upload))).toBeNull();
    expect((await server.request('GET', '/api/auth/me', { token: target.token })).status).toBe(401);
    expect((await auditRows(target.user.id))[0]).toMatchObject({
      action: 'delete_customer',
      oldValues: { username: 'leaving_cust' },
    });
  });
});

describe('POST /api/admin/operators/:id/subscription/pause and /resume', () => {
  it('pauses (trucks leave the diners’ list, removed events) and resumes (they return), with audit rows', async () => {
    const target = await server.signUpSubscribedOperator();
    const truck = await insertTruck(server.db, target.user.id, { name: 'Pausable', ...AUSTIN });
    const activeIds = async () =>
      (await server.request<FoodTruck[]>('GET', '/api/food-trucks/active')).body.map((t) => t.id);
    const lastEvent = async () =>
      (
        await server.db
          .select()
          .from(truckEvents)
          .where(eq(truckEvents.truckId, truck.id))
          .orderBy(desc(truckEvents.id))
          .limit(1)
      )[0];
    expect(await activeIds()).toContain(truck.id);

    const paused = await asAdmin<unknown>(
      'POST',
      `/api/admin/operators/${target.user.id}/subscription/pause`,
    );
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({ operatorId: target.user.id, status: 'paused' });
    expect(await activeIds()).not.toContain(truck.id);
    expect((await lastEvent())?.type).toBe('removed');
    const again = await asAdmin<unknown>('POST', `/api/admin/operators/${target.user.id}/subscription/pause`);
    expect(again.status).toBe(409);

    const resumed = await asAdmin<unknown>(
      'POST',
      `/api/admin/operators/${target.user.id}/subscription/resume`,
    );
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ operatorId: target.user.id, status: 'active' });
    expect(await activeIds()).toContain(truck.id);
    expect((await lastEvent())?.type).toBe('updated');

    const [subscription] = await server.db
      .select()
      .from(operatorSubscriptions)
      .where(eq(operatorSubscriptions.operatorId, target.user.id));
    const rows = await server.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.targetTable, 'operator_subscriptions'), eq(auditLog.targetId, subscription?.id ?? 0)),
      )
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.oldValues, r.newValues])).toEqual([
      [
        'pause_subscription',
        { operatorId: target.user.id, status: 'active' },
        { operatorId: target.user.id, status: 'paused' },
      ],
      [
        'resume_subscription',
        { operatorId: target.user.id, status: 'paused' },
        { operatorId: target.user.id, status: 'active' },
      ],
    ]);
  });

  it('answers 404 for an operator without a subscription and 409 when resuming an active one, writing no audit row', async () => {
    const unpaid = await server.signUp('operator');
    const before = await auditCount();
    expect(
      (await asAdmin<unknown>('POST', `/api/admin/operators/${unpaid.user.id}/subscription/pause`)).status,
    ).toBe(404);
    expect(
      (await asAdmin<unknown>('POST', `/api/admin/operators/${operator.user.id}/subscription/resume`)).status,
    ).toBe(409);
    expect(await auditCount()).toBe(before);
  });
});
