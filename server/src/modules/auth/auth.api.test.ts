import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { AuthResponse, ErrorResponse, PublicUser } from '@shared/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';
import { startTestServer, uniquePhone, type TestServer } from '../../test/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const register = (body: Record<string, unknown>) => server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/register', { body });
const login = (username: string, password: string) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/login', { body: { username, password } });

describe('POST /api/auth/register', () => {
  it('creates a customer, stores the phone as E.164 and returns { user, token } without the password', async () => {
    const res = await register({ username: 'maria', email: 'maria@example.com', phone: '(512) 555-7001', password: 'tacos-forever', role: 'customer' });
    expect(res.status).toBe(201);
    // Not confirmed until a code texted to it comes back (ADR 0189).
    expect(res.body.user).toEqual({ id: expect.any(Number), username: 'maria', email: 'maria@example.com', phone: '+15125557001', phoneConfirmed: false, role: 'customer' });
    expect(res.body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt/i);
  });

  it('creates an operator when asked and defaults to customer otherwise', async () => {
    const op = await register({ phone: '5125557002', password: 'brisket-all-day', role: 'operator' });
    expect(op.body.user.role).toBe('operator');
    const plain = await register({ phone: '5125557003', password: 'brisket-all-day' });
    expect(plain.body.user.role).toBe('customer');
    expect(plain.body.user.username).toBeNull();
  });

  it('refuses the admin role: admins come only from configuration', async () => {
    const res = await register({ phone: '5125557004', password: 'let-me-in-please', role: 'admin' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Role must be customer or operator');
  });

  it.each([
    [{ phone: '512555', password: 'long-enough-1' }, 'Phone number must be at least 10 digits'],
    [{ phone: '0125557005', password: 'long-enough-1' }, 'Invalid phone number format'],
    [{ phone: '512-555-70a5', password: 'long-enough-1' }, 'Invalid phone number format'],
    [{ phone: '5125557006', password: '' }, 'Password is required'],
    [{ phone: '5125557006', password: 'short' }, 'Password must be at least 8 characters'],
    [{ phone: '5125557006', password: 'long-enough-1', email: 'not-an-email' }, 'Invalid email address'],
    [{ password: 'long-enough-1' }, 'Phone number is required'],
  ])('answers 400 with the spec message for %j', async (body, message) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.fieldErrors).toBeDefined();
  });

  it('answers 409 for a phone that is taken, in any formatting', async () => {
    expect((await register({ phone: '512-555-7010', password: 'long-enough-1' })).status).toBe(201);
    const again = await register({ phone: '(512) 555 7010', password: 'long-enough-1' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An account with this phone number already exists');
  });

  it('answers 409 for a username that is taken, ignoring case', async () => {
    expect((await register({ username: 'Pitmaster', phone: '5125557011', password: 'long-enough-1' })).status).toBe(201);
    const again = await register({ username: 'pitmaster', phone: '5125557012', password: 'long-enough-1' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This username is already taken');
  });

  it('answers 400 JSON for a body that is not JSON, and creates nothing', async () => {
    const res = await server.request<ErrorResponse>('POST', '/api/auth/register', {
      raw: '{"phone": "5125557013",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(typeof res.body.message).toBe('string');
    expect((await login('5125557013', 'whatever-1')).status).toBe(401);
  });
});

describe('POST /api/auth/register-customer', () => {
  it('signs a customer up by phone and password', async () => {
    const res = await server.request<AuthResponse>('POST', '/api/auth/register-customer', {
      body: { phone: '(512) 555-7020', password: 'street-food-1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ phone: '+15125557020', role: 'customer', username: null });
  });

  it('ignores a role smuggled into the body', async () => {
    const res = await server.request<AuthResponse>('POST', '/api/auth/register-customer', {
      body: { phone: '5125557021', password: 'street-food-1', role: 'operator' },
    });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('customer');
  });

  it('validates phone and password with the same messages', async () => {
    const res = await server.request<ErrorResponse>('POST', '/api/auth/register-customer', { body: { phone: '123', password: 'street-food-1' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Phone number must be at least 10 digits');
  });
});

describe('POST /api/auth/login', () => {
  beforeAll(async () => {
    await register({ username: 'smoky', phone: '(512) 555-0100', password: 'low-and-slow-1', role: 'operator' });
  });

  it.each(['smoky', 'SMOKY', '(512) 555-0100', '512-555-0100', '5125550100', '+15125550100'])(
    'accepts the username or phone typed as %s',
    async (username) => {
      const res = await login(username, 'low-and-slow-1');
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ username: 'smoky', role: 'operator', phone: '+15125550100' });
    },
  );

  it('answers 401 Invalid credentials for a wrong password and for an unknown user alike', async () => {
    const wrong = await login('smoky', 'not-the-password');
    const unknown = await login('nobody-here', 'not-the-password');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid credentials' });
    expect(unknown.body).toEqual({ message: 'Invalid credentials' });
  });

  it.each([
    [{ username: '', password: 'x' }, 'Username is required'],
    [{ username: '  ()-', password: 'x' }, 'Username is required'],
    [{ username: 'smoky', password: '' }, 'Password is required'],
    [{ password: 'x' }, 'Username is required'],
  ])('answers 400 for %j', async (body, message) => {
    const res = await server.request<ErrorResponse>('POST', '/api/auth/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});

describe('GET /api/auth/me', () => {
  it('returns the signed-in user for a valid token', async () => {
    const { user, token } = await server.signUp('customer');
    const res = await server.request<PublicUser>('GET', '/api/auth/me', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(user);
  });

  it('answers 401 without a token, with a malformed token, with a forged one and with an expired one', async () => {
    const { user } = await server.signUp('customer');
    const forged = await new SignJWT({ role: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-of-32-characters!!'));
    const expired = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(server.config.jwtSecret));
    for (const token of [undefined, 'garbage', forged, expired]) {
      const res = await server.request<ErrorResponse>('GET', '/api/auth/me', { token });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Authentication required');
    }
  });
});

describe('GET /api/health', () => {
  it('is ok while the database answers', async () => {
    const res = await server.request('GET', '/api/health');
    expect(res).toMatchObject({ status: 200, body: { status: 'ok' } });
  });
});

describe('unknown API routes', () => {
  it('answer 404 JSON', async () => {
    const res = await server.request<ErrorResponse>('GET', '/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('not found');
  });
});

describe('sign-in rate limit', () => {
  it('answers 429 JSON past the per-minute limit, and a forged X-Forwarded-For does not reset it', async () => {
    const limited = await startTestServer({ authRateLimitPerMinute: 3 });
    try {
      const attempt = (ip: string) =>
        limited.request<ErrorResponse>('POST', '/api/auth/login', {
          body: { username: 'nobody', password: 'wrong-password' },
          headers: { 'x-forwarded-for': ip },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`10.0.0.${i}`)).status).toBe(401);
      const blocked = await attempt('10.0.0.99');
      expect(blocked.status).toBe(429);
      expect(typeof blocked.body.message).toBe('string');
    } finally {
      await limited.close();
    }
  });
});

describe('issue 7 (High): admin names and session versions', () => {
  const me = (token: string) => server.request<PublicUser & ErrorResponse>('GET', '/api/auth/me', { token });

  it.each(['admin', 'Administrator', 'ROOT', 'support'])('refuses to register the reserved username %j with 409', async (username) => {
    const res = await register({ username, phone: uniquePhone(), password: 'long-enough-1', role: 'operator' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This username is reserved');
  });

  it('reserves the configured ADMIN_USERNAME in any case, so nobody can take it before the admin exists', async () => {
    const withAdmin = await startTestServer({ adminUsername: 'chief' });
    try {
      const res = await withAdmin.request<ErrorResponse>('POST', '/api/auth/register', {
        body: { username: 'Chief', phone: uniquePhone(), password: 'long-enough-1' },
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This username is reserved');
      const other = await withAdmin.request('POST', '/api/auth/register', {
        body: { username: 'chief_cook', phone: uniquePhone(), password: 'long-enough-1' },
      });
      expect(other.status).toBe(201);
    } finally {
      await withAdmin.close();
    }
  });

  it('ends old sessions when the role changes: the old token gains nothing', async () => {
    const session = await server.signUp('customer');
    expect((await me(session.token)).status).toBe(200);
    await server.db.update(users).set({ role: 'admin' }).where(eq(users.id, session.user.id));
    const old = await me(session.token);
    expect(old.status).toBe(401);
    // An admin-only route refuses it too (not a 403: the token is simply no longer valid).
    expect((await server.request('POST', '/api/food-trucks', { token: session.token, body: {} })).status).toBe(401);
    const again = await login(session.user.phone ?? '', 'correct-horse-1');
    expect(again.status).toBe(200);
    expect((await me(again.body.token)).body.role).toBe('admin');
  });

  it('ends old sessions when the password changes, but not when something else changes', async () => {
    const session = await server.signUp('customer');
    await server.db.update(users).set({ email: 'new@example.com' }).where(eq(users.id, session.user.id));
    expect((await me(session.token)).status).toBe(200);
    await server.db
      .update(users)
      .set({ passwordHash: await hashPassword('a-new-password') })
      .where(eq(users.id, session.user.id));
    expect((await me(session.token)).status).toBe(401);
    expect((await login(session.user.phone ?? '', 'a-new-password')).status).toBe(200);
  });

  it('refuses a token signed with the server secret but without exp or session version', async () => {
    const { user } = await server.signUp('customer');
    const key = new TextEncoder().encode(server.config.jwtSecret);
    const noExp = await new SignJWT({ sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).sign(key);
    const noVersion = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(user.id)).setExpirationTime('1h').sign(key);
    const hexSub = await new SignJWT({ sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(`0x${user.id.toString(16)}`).setExpirationTime('1h').sign(key);
    for (const token of [noExp, noVersion, hexSub]) expect((await me(token)).status).toBe(401);
  });
});
