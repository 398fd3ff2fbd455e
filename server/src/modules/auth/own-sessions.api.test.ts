import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG, type AuthResponse, type ErrorResponse, type OwnDetailsResponse } from '@shared/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { auditLog, userFavorites } from '../../db/schema';
import { startTestServer, uniquePhone, type TestServer } from '../../test/harness';
import { insertTruck } from '../../test/trucks';

/** Issue 32: there was no server-side logout, and no way to change one's own password. */
const PASSWORD = 'correct-horse-1';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (token: string) => server.request('GET', '/api/auth/me', { token });
const signIn = (username: string, password: string) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/login', { body: { username, password } });

describe('POST /api/auth/logout', () => {
  it('ends the token at once (and the account’s other sessions); anonymous callers get 401', async () => {
    const account = await server.signUp('customer');
    const other = await signIn(account.user.phone ?? '', PASSWORD);
    expect((await me(account.token)).status).toBe(200);
    expect((await server.request('POST', '/api/auth/logout', { token: account.token })).status).toBe(204);
    expect((await me(account.token)).status).toBe(401);
    expect((await me(other.body.token)).status).toBe(401);
    expect((await server.request('POST', '/api/auth/logout')).status).toBe(401);
    // Signing in again works.
    expect((await me((await signIn(account.user.phone ?? '', PASSWORD)).body.token)).status).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  it('refuses a wrong current password with a field message and changes nothing', async () => {
    const account = await server.signUp('operator');
    const wrong = await server.request<ErrorResponse>('POST', '/api/auth/change-password', {
      token: account.token,
      body: { currentPassword: 'not-my-password', newPassword: 'brand-new-pass-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: CURRENT_PASSWORD_WRONG, fieldErrors: { currentPassword: [CURRENT_PASSWORD_WRONG] } });
    const short = await server.request<ErrorResponse>('POST', '/api/auth/change-password', {
      token: account.token,
      body: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect((await me(account.token)).status).toBe(200);
    expect((await signIn(account.user.phone ?? '', PASSWORD)).status).toBe(200);
  });

  it('changes it: every other session ends, this one goes on with the new token', async () => {
    const account = await server.signUp('customer');
    const phone = account.user.phone ?? '';
    const otherDevice = (await signIn(phone, PASSWORD)).body.token;
    const changed = await server.request<AuthResponse>('POST', '/api/auth/change-password', {
      token: account.token,
      body: { currentPassword: PASSWORD, newPassword: 'brand-new-pass-1' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toEqual(account.user);
    expect((await me(changed.body.token)).status).toBe(200);
    expect((await me(account.token)).status).toBe(401);
    expect((await me(otherDevice)).status).toBe(401);
    expect((await signIn(phone, PASSWORD)).status).toBe(401);
    expect((await signIn(phone, 'brand-new-pass-1')).status).toBe(200);
  });
});

describe('PUT /api/auth/me', () => {
  const put = (token: string, body: Record<string, unknown>) =>
    server.request<OwnDetailsResponse & ErrorResponse>('PUT', '/api/auth/me', { token, body });

  it("changes the caller's own username and email at once, and a new phone only by its code; other sessions go on", async () => {
    const account = await server.signUp('customer');
    const otherDevice = (await signIn(account.user.phone ?? '', PASSWORD)).body.token;
    const username = `renamed_${Date.now().toString(36)}`;
    const newPhone = uniquePhone();
    const written = `(${newPhone.slice(0, 3)}) ${newPhone.slice(3, 6)}-${newPhone.slice(6)}`;
    const changed = await put(account.token, { username, email: 'New@Example.com', phone: written, currentPassword: PASSWORD });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toEqual({ ...account.user, username, email: 'New@Example.com' });
    expect(changed.body.phoneToConfirm).toBe(`+1${newPhone}`);
    expect((await me(changed.body.token)).body).toEqual(changed.body.user);
    expect((await me(otherDevice)).status).toBe(200);
    expect((await signIn(username, PASSWORD)).status).toBe(200);
    // The number is not the account's until its code is given (phone-change.api.test).
    expect((await signIn(newPhone, PASSWORD)).status).toBe(401);
    expect((await signIn(account.user.phone ?? '', PASSWORD)).status).toBe(200);
    // An empty username or email removes it; the same number texts nothing.
    const cleared = await put(changed.body.token, { username: '', email: '', phone: account.user.phone, currentPassword: PASSWORD });
    expect(cleared.body.user).toMatchObject({ username: null, email: null });
    expect(cleared.body.phoneToConfirm).toBeNull();
  });

  it('refuses a wrong password, bad fields, a taken or reserved username and a taken phone, changing nothing', async () => {
    const account = await server.signUp('operator');
    const other = await server.signUp('customer', { username: `taken_${Date.now().toString(36)}` });
    const base = { phone: account.user.phone, currentPassword: PASSWORD };
    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...base, currentPassword: 'not-my-password', email: 'a@b.co' }, 400, CURRENT_PASSWORD_WRONG],
      [{ ...base, currentPassword: '' }, 400, 'Current password is required'],
      [{ ...base, email: 'not an email' }, 400, 'Invalid email address'],
      [{ ...base, phone: '123' }, 400, 'Phone number must be at least 10 digits'],
      [{ ...base, username: 'ab' }, 400, 'Username must be at least 3 characters'],
      [{ ...base, username: 'Admin' }, 409, 'This username is reserved'],
      [{ ...base, phone: other.user.phone }, 409, 'An account with this phone number already exists'],
      [{ ...base, username: other.user.username?.toUpperCase() }, 409, 'This username is already taken'],
    ];
    for (const [body, status, message] of cases) {
      const res = await put(account.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.message, JSON.stringify(body)).toContain(message);
      expect((await me(account.token)).body).toEqual(account.user);
    }
    expect((await server.request('PUT', '/api/auth/me', { body: base })).status).toBe(401);
  });
});

describe('POST /api/auth/delete-account', () => {
  const remove = (token: string | undefined, body: Record<string, unknown>) =>
    server.request<ErrorResponse>('POST', '/api/auth/delete-account', { token, body });

  it('deletes a customer with their password: the session ends, they cannot sign in, their favourites go, the audit log says who', async () => {
    const owner = await server.signUpSubscribedOperator();
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Leaving Tacos' });
    const account = await server.signUp('customer');
    expect((await server.request('POST', '/api/favorites', { token: account.token, body: { foodTruckId: truck.id } })).status).toBe(200);
    const wrong = await remove(account.token, { currentPassword: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CURRENT_PASSWORD_WRONG);
    expect((await remove(account.token, {})).status).toBe(400);
    expect((await me(account.token)).status).toBe(200);

    expect((await remove(account.token, { currentPassword: PASSWORD })).status).toBe(204);
    expect((await me(account.token)).status).toBe(401);
    expect((await signIn(account.user.phone ?? '', PASSWORD)).status).toBe(401);
    expect(await server.db.select().from(userFavorites).where(eq(userFavorites.userId, account.user.id))).toEqual([]);
    const [entry] = await server.db.select().from(auditLog).where(and(eq(auditLog.targetId, account.user.id), isNull(auditLog.adminId)));
    expect(entry).toMatchObject({ action: 'delete_customer', targetTable: 'users', oldValues: expect.objectContaining({ phone: account.user.phone, deletedBy: 'the account holder' }) });
    // The phone is free for a new account.
    expect((await server.request('POST', '/api/auth/register', { body: { phone: account.user.phone, password: PASSWORD } })).status).toBe(201);
  });

  it("deletes an operator with their trucks, which leave diners' lists", async () => {
    const owner = await server.signUpSubscribedOperator();
    const truck = await insertTruck(server.db, owner.user.id, { name: 'Closing Down BBQ', isOpen: true, latitude: 30.26, longitude: -97.74 });
    expect((await server.request('GET', `/api/food-trucks/${truck.id}`)).status).toBe(200);
    expect((await remove(owner.token, { currentPassword: PASSWORD })).status).toBe(204);
    expect((await server.request('GET', `/api/food-trucks/${truck.id}`)).status).toBe(404);
    expect((await me(owner.token)).status).toBe(401);
  });

  it('is not for admins (403) nor anonymous callers (401)', async () => {
    const admin = await server.signUpAdmin();
    expect((await remove(admin.token, { currentPassword: PASSWORD })).status).toBe(403);
    expect((await me(admin.token)).status).toBe(200);
    expect((await remove(undefined, { currentPassword: PASSWORD })).status).toBe(401);
  });
});
