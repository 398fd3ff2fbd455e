import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { AuthResponse, ErrorResponse, FoodTruck, PublicUser } from '@shared/contracts';
import { smsOutbox, users } from '../../db/schema';
import { OfflineSms, type SmsMessage } from '../../integrations/sms';
import { startTestServer, uniquePhone, type TestServer } from '../../test/harness';
import { textedCode } from '../../test/texts';
import { drainSmsOutbox, NOT_CONFIRMED } from '../sms/sms-outbox.service';
import { CODES_CAPPED } from './auth.routes';
import { ALREADY_CONFIRMED, NO_PHONE } from './own-details.service';

/** Alerts are texted only to a number a texted code confirmed (ADR 0189). */
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const PASSWORD = 'correct-horse-1';

/** The offline provider, remembering what it sent. */
class RecordingSms extends OfflineSms {
  sent: SmsMessage[] = [];
  override async send(message: SmsMessage) {
    this.sent.push(message);
    return super.send(message);
  }
}
const provider = new RecordingSms();
let server: TestServer;
let operator: AuthResponse;
beforeAll(async () => {
  server = await startTestServer({}, { integrations: { sms: provider } });
  operator = await server.signUpSubscribedOperator();
});
afterAll(() => server.close());

/** A new account as a diner makes one: its number not confirmed. */
async function register(): Promise<AuthResponse> {
  const res = await server.request<AuthResponse>('POST', '/api/auth/register', { body: { phone: uniquePhone(), password: PASSWORD, role: 'customer' } });
  expect(res.status).toBe(201);
  return res.body;
}
/** A new truck of the operator's, made a favourite of `diner`. */
async function favourite(diner: AuthResponse, name: string): Promise<number> {
  const truck = await server.request<FoodTruck>('POST', '/api/food-trucks', { token: operator.token, body: { name, cuisine: 'Mexican', ...AUSTIN } });
  expect((await server.request('POST', '/api/favorites', { token: diner.token, body: { foodTruckId: truck.body.id } })).status).toBe(200);
  return truck.body.id;
}
const openTruck = async (truckId: number) =>
  expect((await server.request('POST', `/api/food-trucks/${truckId}/open`, { token: operator.token, body: AUSTIN })).status).toBe(200);
const closeTruck = async (truckId: number) =>
  expect((await server.request('POST', `/api/food-trucks/${truckId}/close`, { token: operator.token })).status).toBe(200);
/** The outbox's rows for a truck's texts, once the worker has drained it. */
async function textsOf(truckId: number) {
  await drainSmsOutbox(server.db, provider);
  return server.db.select().from(smsOutbox).where(eq(smsOutbox.foodTruckId, truckId)).orderBy(asc(smsOutbox.id));
}
const me = async (token: string) => (await server.request<PublicUser>('GET', '/api/auth/me', { token })).body;
const askCode = (token: string | undefined) =>
  server.request<{ phoneToConfirm: string } & ErrorResponse>('POST', '/api/auth/me/phone/code', { token });
const confirm = (token: string, code: string) =>
  server.request<AuthResponse & ErrorResponse>('POST', '/api/auth/me/phone', { token, body: { code } });

describe('texts only to a confirmed number', () => {
  it('a new account gets no alert until its number is confirmed by a code; then it does', async () => {
    const diner = await register();
    expect(diner.user.phoneConfirmed).toBe(false);
    const phone = diner.user.phone!;
    const truckId = await favourite(diner, 'Unconfirmed Tacos');
    await openTruck(truckId);
    // Nothing queued: a row would only fail, and would hold back the text once the number is confirmed.
    expect(await textsOf(truckId)).toEqual([]);
    expect(provider.sent.filter((m) => m.to === phone)).toEqual([]);

    const asked = await askCode(diner.token);
    expect(asked.status).toBe(202);
    expect(asked.body).toEqual({ phoneToConfirm: phone });
    await drainSmsOutbox(server.db, provider);
    // The code itself is sent: it was asked for.
    expect(provider.sent.filter((m) => m.to === phone)).toHaveLength(1);
    const done = await confirm(diner.token, await textedCode(server.db, { phone }));
    expect(done.status).toBe(200);
    expect(done.body.user).toEqual({ ...diner.user, phoneConfirmed: true });
    expect((await me(diner.token)).phoneConfirmed).toBe(true);

    // The same truck, opening again within 12 hours of the first time, is texted now.
    await closeTruck(truckId);
    await openTruck(truckId);
    expect(await textsOf(truckId)).toEqual([expect.objectContaining({ status: 'sent', toPhone: phone })]);
    expect((await askCode(diner.token)).body.message).toBe(ALREADY_CONFIRMED);
  });

  it('an alert queued for a number that is changed before it is sent is not sent to either', async () => {
    const diner = await server.signUp('customer');
    const truckId = await favourite(diner, 'Moved Number Tacos');
    const admin = await server.signUpAdmin();
    // Queued while the number is confirmed; the admin's edit lands before the worker claims the row.
    await openTruck(truckId);
    const phone = `+1${uniquePhone()}`;
    expect((await server.request('PATCH', `/api/admin/customers/${diner.user.id}`, { token: admin.token, body: { phone } })).status).toBe(200);
    expect(await textsOf(truckId)).toEqual([expect.objectContaining({ status: 'failed', lastError: NOT_CONFIRMED })]);
    expect(provider.sent.filter((m) => m.to === phone || m.to === diner.user.phone)).toEqual([]);
  });

  it('a number changed by an admin is not confirmed; a password reset by code confirms it', async () => {
    const diner = await server.signUp('customer');
    expect(diner.user.phoneConfirmed).toBe(true);
    const admin = await server.signUpAdmin();
    const phone = `+1${uniquePhone()}`;
    const edited = await server.request('PATCH', `/api/admin/customers/${diner.user.id}`, { token: admin.token, body: { phone } });
    expect(edited.status).toBe(200);
    expect(await me(diner.token)).toMatchObject({ phone, phoneConfirmed: false });
    // The same update with other fields keeps a confirmation.
    await server.db.update(users).set({ phoneConfirmedAt: new Date() }).where(eq(users.id, diner.user.id));
    await server.request('PATCH', `/api/admin/customers/${diner.user.id}`, { token: admin.token, body: { email: 'kept@example.com' } });
    expect((await me(diner.token)).phoneConfirmed).toBe(true);

    const fresh = await register();
    const freshPhone = fresh.user.phone!;
    expect((await server.request('POST', '/api/auth/password-reset', { body: { phone: freshPhone } })).status).toBe(202);
    const reset = await server.request<AuthResponse>('POST', '/api/auth/password-reset/confirm', {
      body: { phone: freshPhone, code: await textedCode(server.db, { phone: freshPhone }), newPassword: 'another-pass-2' },
    });
    expect(reset.body.user.phoneConfirmed).toBe(true);
  });

  it('asking for a code: three an hour, not for an account without a phone, not anonymously', async () => {
    const diner = await register();
    for (let i = 0; i < 3; i += 1) expect((await askCode(diner.token)).status).toBe(202);
    const capped = await askCode(diner.token);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe(CODES_CAPPED);
    // An admin made from ADMIN_* has no phone.
    const admin = await server.signUpAdmin();
    await server.db.update(users).set({ phone: null }).where(eq(users.id, admin.user.id));
    const noPhone = await askCode(admin.token);
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.message).toBe(NO_PHONE);
    expect((await askCode(undefined)).status).toBe(401);
  });
});
