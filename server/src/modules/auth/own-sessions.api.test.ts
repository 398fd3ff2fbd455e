import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_WRONG, type AuthResponse, type ErrorResponse } from '@shared/contracts';
import { startTestServer, type TestServer } from '../../test/harness';

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
