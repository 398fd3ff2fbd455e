import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TEXTED_CODE_MAX_ATTEMPTS } from '@shared/constants';
import { TEXTED_CODE_MESSAGE, RESET_CODE_SENT, type AuthResponse, type ErrorResponse } from '@shared/contracts';
import { smsOutbox, textedCodes, users } from '../../db/schema';
import { drainSmsOutbox, setSmsOptOut } from '../sms/sms-outbox.service';
import { startTestServer, type TestServer } from '../../test/harness';
import { textedCode as newestCode } from '../../test/texts';
import { TEXTED_CODE_REFUSALS as RESET_MESSAGES } from '../../lib/texted-codes';

/** "Forgot your password?" (ADR 0187): a code texted to the account's phone, then a new password with it. */
const PASSWORD = 'correct-horse-1';
let server: TestServer;
beforeAll(async () => {
  // Each request names its client address (X-Forwarded-For), so the per-address caps count only what a test means them to.
  server = await startTestServer({ trustProxy: true });
});
afterAll(() => server.close());

const me = (token: string) => server.request('GET', '/api/auth/me', { token });
const signIn = (username: string, password: string) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/login', { body: { username, password } });
let addresses = 0;
const anAddress = () => `198.51.100.${++addresses}`;
const ask = (phone: string, ip = anAddress()) =>
  server.request<{ message: string } & ErrorResponse>('POST', '/api/auth/password-reset', {
    body: { phone },
    headers: { 'x-forwarded-for': ip },
  });
const confirm = (body: Record<string, unknown>) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/password-reset/confirm', { body });
const textedCode = (phone: string) => newestCode(server.db, { phone });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const textsTo = async (phone: string) => server.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone));

describe('POST /api/auth/password-reset and /confirm', () => {
  it('texts a code; the code sets a new password, signs in, and ends every other session', async () => {
    const account = await server.signUp('customer');
    const phone = account.user.phone!;
    const asked = await ask(phone.replace('+1', '(').replace(/^\((\d{3})/, '($1) '));
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_CODE_SENT });
    const code = await textedCode(phone);
    const [stored] = await server.db.select().from(textedCodes).where(and(eq(textedCodes.userId, account.user.id), eq(textedCodes.purpose, 'password-reset')));
    expect(stored?.phone).toBe(phone);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);

    const done = await confirm({ phone, code: `${code.slice(0, 3)} ${code.slice(3)}`, newPassword: 'brand-new-pass-1' });
    expect(done.status).toBe(200);
    expect(done.body.user).toMatchObject({ id: account.user.id, role: 'customer' });
    expect((await me(done.body.token)).status).toBe(200);
    expect((await me(account.token)).status).toBe(401);
    expect((await signIn(phone, PASSWORD)).status).toBe(401);
    expect((await signIn(phone, 'brand-new-pass-1')).status).toBe(200);
    // Used up: the same code does nothing more.
    const again = await confirm({ phone, code, newPassword: 'third-pass-123' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_MESSAGES.noCode);
    expect((await signIn(phone, 'brand-new-pass-1')).status).toBe(200);
  });

  it('answers a number with no account alike, texting nobody; an admin is not reset here', async () => {
    const nobody = '+15555550987';
    const asked = await ask(nobody);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ message: RESET_CODE_SENT });
    expect(await textsTo(nobody)).toEqual([]);
    const tried = await confirm({ phone: nobody, code: '123456', newPassword: 'brand-new-pass-1' });
    expect(tried.status).toBe(400);
    expect(tried.body).toEqual({ message: RESET_MESSAGES.noCode, fieldErrors: { code: [RESET_MESSAGES.noCode] } });

    const admin = await server.signUpAdmin();
    expect((await ask(admin.user.phone!)).status).toBe(202);
    expect(await textsTo(admin.user.phone!)).toEqual([]);
  });

  it('counts wrong codes: the last one ends the code, and a new code works again', async () => {
    const account = await server.signUp('operator');
    const phone = account.user.phone!;
    await ask(phone);
    const code = await textedCode(phone);
    for (let left = TEXTED_CODE_MAX_ATTEMPTS - 1; left >= 0; left--) {
      const miss = await confirm({ phone, code: wrong(code), newPassword: 'brand-new-pass-1' });
      expect(miss.status).toBe(400);
      expect(miss.body.message).toBe(RESET_MESSAGES.wrongCode(left));
    }
    // The right code no longer works, and nothing changed.
    expect((await confirm({ phone, code, newPassword: 'brand-new-pass-1' })).body.message).toBe(RESET_MESSAGES.noCode);
    expect((await me(account.token)).status).toBe(200);
    expect((await signIn(phone, PASSWORD)).status).toBe(200);

    await ask(phone);
    const fresh = await textedCode(phone);
    expect((await confirm({ phone, code: fresh, newPassword: 'brand-new-pass-1' })).status).toBe(200);
  });

  it('refuses an expired code, and bad input with field messages, changing nothing', async () => {
    const account = await server.signUp('customer');
    const phone = account.user.phone!;
    await ask(phone);
    const code = await textedCode(phone);
    const short = await confirm({ phone, code, newPassword: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors?.newPassword).toBeDefined();
    const letters = await confirm({ phone, code: 'abc', newPassword: 'brand-new-pass-1' });
    expect(letters.status).toBe(400);
    expect(letters.body.fieldErrors?.code).toEqual([TEXTED_CODE_MESSAGE]);
    expect((await ask('12')).status).toBe(400);

    await server.db.update(textedCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(textedCodes.userId, account.user.id));
    expect((await confirm({ phone, code, newPassword: 'brand-new-pass-1' })).body.message).toBe(RESET_MESSAGES.noCode);
    expect((await signIn(phone, PASSWORD)).status).toBe(200);
  });

  it('texts the code even to an account that turned its texts off (it asked for it)', async () => {
    const account = await server.signUp('customer');
    const phone = account.user.phone!;
    await setSmsOptOut(server.db, { userId: account.user.id }, true);
    await ask(phone);
    await drainSmsOutbox(server.db, server.integrations.sms);
    const [text] = await textsTo(phone);
    expect(text).toMatchObject({ requested: true, status: 'sent' });
    const [still] = await server.db.select({ optOut: users.smsOptOut }).from(users).where(eq(users.id, account.user.id));
    expect(still?.optOut).toBe(true);
  });

  it('caps the codes one number is sent (each one is a text)', async () => {
    const account = await server.signUp('customer');
    const phone = account.user.phone!;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await ask(phone, `203.0.113.${i + 10}`)).status);
    expect(answers).toEqual([202, 202, 202, 429]);
    expect(await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.requested, true)))).toHaveLength(3);
  });

  it('caps the codes one client address asks for, over every number', async () => {
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push((await ask(`+1555555${String(1000 + i)}`, '203.0.113.99')).status);
    expect(answers.slice(0, 10).every((status) => status === 202)).toBe(true);
    expect(answers[10]).toBe(429);
  });
});
