import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { TEXTED_CODE_MESSAGE, type AuthResponse, type ErrorResponse, type OwnDetailsResponse, type PublicUser } from '@shared/contracts';
import { smsOutbox, textedCodes } from '../../db/schema';
import { TEXTED_CODE_REFUSALS } from '../../lib/texted-codes';
import { setSmsOptOut } from '../sms/sms-outbox.service';
import { startTestServer, uniquePhone, type TestServer } from '../../test/harness';
import { textedCode as newestCode } from '../../test/texts';
import { CODES_CAPPED } from './auth.routes';
import { PHONE_TAKEN_MESSAGE } from './auth.service';

/** A new phone number is the account's only once the code texted to it is given (ADR 0188). */
const PASSWORD = 'correct-horse-1';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const me = (token: string) => server.request<PublicUser>('GET', '/api/auth/me', { token });
const signIn = (username: string, password = PASSWORD) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/login', { body: { username, password } });
const moveTo = (account: AuthResponse, phone: string) =>
  server.request<OwnDetailsResponse & ErrorResponse>('PUT', '/api/auth/me', {
    token: account.token,
    body: { username: account.user.username ?? '', email: '', phone, currentPassword: PASSWORD },
  });
const confirm = (token: string | undefined, body: Record<string, unknown>) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/me/phone', { token, body });
const textsTo = (phone: string) => server.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone)).orderBy(desc(smsOutbox.id));
const textedCode = (phone: string) => newestCode(server.db, { phone });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('PUT /api/auth/me with a new phone, then POST /api/auth/me/phone', () => {
  it('texts a code to the new number; the code moves the account there; the session goes on', async () => {
    const account = await server.signUp('customer');
    const oldPhone = account.user.phone!;
    const newPhone = `+1${uniquePhone()}`;
    const asked = await moveTo(account, newPhone);
    expect(asked.status).toBe(200);
    expect(asked.body.phoneToConfirm).toBe(newPhone);
    const [text] = await textsTo(newPhone);
    expect(text).toMatchObject({ userId: account.user.id, requested: true });
    expect(text?.body).toMatch(/^\d{6} is your Food Truck Finder code to use this number for your account\. It works for 15 minutes\./);
    const code = await textedCode(newPhone);
    expect(await textsTo(oldPhone)).toEqual([]);

    const miss = await confirm(account.token, { code: wrong(code) });
    expect(miss.status).toBe(400);
    expect(miss.body).toEqual({ message: TEXTED_CODE_REFUSALS.wrongCode(4), fieldErrors: { code: [TEXTED_CODE_REFUSALS.wrongCode(4)] } });
    expect((await me(account.token)).body.phone).toBe(oldPhone);

    const done = await confirm(account.token, { code: `${code.slice(0, 3)}-${code.slice(3)}` });
    expect(done.status).toBe(200);
    expect(done.body.user).toEqual({ ...account.user, phone: newPhone });
    expect((await me(account.token)).body.phone).toBe(newPhone);
    expect((await signIn(newPhone)).status).toBe(200);
    expect((await signIn(oldPhone)).status).toBe(401);
    // Used up.
    expect((await confirm(account.token, { code })).body.message).toBe(TEXTED_CODE_REFUSALS.noCode);
  });

  it('stops a password reset asked for on the old number', async () => {
    const account = await server.signUp('customer');
    const oldPhone = account.user.phone!;
    expect((await server.request('POST', '/api/auth/password-reset', { body: { phone: oldPhone } })).status).toBe(202);
    const resetCode = await textedCode(oldPhone);
    const newPhone = `+1${uniquePhone()}`;
    await moveTo(account, newPhone);
    expect((await confirm(account.token, { code: await textedCode(newPhone) })).status).toBe(200);
    const reset = await server.request<ErrorResponse>('POST', '/api/auth/password-reset/confirm', {
      body: { phone: oldPhone, code: resetCode, newPassword: 'taken-over-pass-1' },
    });
    expect(reset.status).toBe(400);
    expect(reset.body.message).toBe(TEXTED_CODE_REFUSALS.noCode);
    expect((await signIn(newPhone)).status).toBe(200);
  });

  it('refuses a number another account has, before texting it, and one taken while the code was on its way', async () => {
    const account = await server.signUp('customer');
    const holder = await server.signUp('operator');
    const taken = await moveTo(account, holder.user.phone!);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(PHONE_TAKEN_MESSAGE);
    expect(await textsTo(holder.user.phone!)).toEqual([]);

    const newPhone = `+1${uniquePhone()}`;
    await moveTo(account, newPhone);
    const code = await textedCode(newPhone);
    // Someone else signs up with that number before the code is given.
    expect((await server.request('POST', '/api/auth/register', { body: { phone: newPhone, password: PASSWORD, role: 'customer' } })).status).toBe(201);
    const late = await confirm(account.token, { code });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(PHONE_TAKEN_MESSAGE);
    expect((await me(account.token)).body.phone).toBe(account.user.phone);
  });

  it('refuses an expired code, bad input, a caller with no change under way, and anonymous callers', async () => {
    const account = await server.signUp('customer');
    expect((await confirm(account.token, { code: '123456' })).body).toEqual({
      message: TEXTED_CODE_REFUSALS.noCode,
      fieldErrors: { code: [TEXTED_CODE_REFUSALS.noCode] },
    });
    const newPhone = `+1${uniquePhone()}`;
    await moveTo(account, newPhone);
    const code = await textedCode(newPhone);
    const letters = await confirm(account.token, { code: 'abc' });
    expect(letters.status).toBe(400);
    expect(letters.body.fieldErrors?.code).toEqual([TEXTED_CODE_MESSAGE]);
    expect((await confirm(undefined, { code })).status).toBe(401);
    // Another account's code is not this one's.
    const other = await server.signUp('customer');
    expect((await confirm(other.token, { code })).body.message).toBe(TEXTED_CODE_REFUSALS.noCode);

    await server.db
      .update(textedCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(textedCodes.userId, account.user.id), eq(textedCodes.purpose, 'phone-change')));
    expect((await confirm(account.token, { code })).body.message).toBe(TEXTED_CODE_REFUSALS.noCode);
    expect((await me(account.token)).body.phone).toBe(account.user.phone);
  });

  it('takes five tries per code; the last wrong one ends it, and a new code starts again', async () => {
    const account = await server.signUp('operator');
    const newPhone = `+1${uniquePhone()}`;
    await moveTo(account, newPhone);
    const code = await textedCode(newPhone);
    for (const left of [4, 3, 2, 1, 0]) {
      expect((await confirm(account.token, { code: wrong(code) })).body.message).toBe(TEXTED_CODE_REFUSALS.wrongCode(left));
    }
    expect((await confirm(account.token, { code })).body.message).toBe(TEXTED_CODE_REFUSALS.noCode);
    await moveTo(account, newPhone);
    expect((await confirm(account.token, { code: await textedCode(newPhone) })).status).toBe(200);
  });

  it('texts the code even with texts turned off (it was asked for), and three codes an hour at most', async () => {
    const account = await server.signUp('customer');
    await setSmsOptOut(server.db, { userId: account.user.id }, true);
    const phones = [1, 2, 3, 4].map(() => `+1${uniquePhone()}`);
    for (const phone of phones.slice(0, 3)) expect((await moveTo(account, phone)).status).toBe(200);
    const capped = await moveTo(account, phones[3]!);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(CODES_CAPPED);
    expect(await textsTo(phones[3]!)).toEqual([]);
    // Only the newest code works.
    expect((await confirm(account.token, { code: await textedCode(phones[1]!) })).status).toBe(400);
    expect((await confirm(account.token, { code: await textedCode(phones[2]!) })).body.user?.phone).toBe(phones[2]);
    // A wrong password still counts nothing against the codes, and texts nothing.
    const other = await server.signUp('customer');
    const refused = await server.request<ErrorResponse>('PUT', '/api/auth/me', {
      token: other.token,
      body: { phone: phones[3], currentPassword: 'not-my-password' },
    });
    expect(refused.status).toBe(400);
    expect(await textsTo(phones[3]!)).toEqual([]);
  });

  it('texts one number three codes an hour at most, whichever accounts ask', async () => {
    const phone = `+1${uniquePhone()}`;
    const askers = await Promise.all([1, 2, 3, 4].map(() => server.signUp('customer')));
    for (const asker of askers.slice(0, 3)) expect((await moveTo(asker, phone)).status).toBe(200);
    expect((await moveTo(askers[3]!, phone)).body.message).toBe(CODES_CAPPED);
    expect(await textsTo(phone)).toHaveLength(3);
  });
});
