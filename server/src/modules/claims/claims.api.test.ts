import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminClaim, AuthResponse, Claim, Page } from '@shared/contracts';
import { CLAIM_MAX_CODE_ATTEMPTS, CLAIM_MAX_CODES } from '@shared/constants';
import { auditLog, foodTrucks, menuItems, smsOutbox, truckClaims, truckEvents, truckListings, truckScheduleStops, userFavorites } from '../../db/schema';
import { startTestServer, signUpCast, type TestCast, type TestServer } from '../../test/harness';
import { dbFingerprint } from '../../test/db-fingerprint';
import { drainSmsOutbox, setSmsOptOut } from '../sms/sms-outbox.service';
import { insertListing as createListing } from '../../test/listings';
import { textedCode as newestCode } from '../../test/texts';
import { runQueuedImports } from '../imports/imports.service';
import { cameFromOpenData, publishOperatorVisibility } from '../trucks/truck-visibility';
import { CLAIM_MESSAGES } from './claims.service';

let server: TestServer;
let cast: TestCast;

beforeAll(async () => {
  server = await startTestServer();
  cast = await signUpCast(server);
});
afterAll(() => server.close());

const insertListing = (phone?: string | null) => createListing(server.db, phone);

const start = (who: AuthResponse | undefined, truckId: number, body: Record<string, unknown> = {}) =>
  server.request<Claim & { message?: string }>('POST', `/api/food-trucks/${truckId}/claims`, { token: who?.token, body });
const verify = (who: AuthResponse, claimId: number, code: string) =>
  server.request<Claim & { message?: string; fieldErrors?: Record<string, string[]> }>('POST', `/api/claims/${claimId}/code`, { token: who.token, body: { code } });
const resend = (who: AuthResponse, claimId: number) =>
  server.request<Claim & { message?: string }>('POST', `/api/claims/${claimId}/resend`, { token: who.token });

const textedCode = (truckId: number) => newestCode(server.db, { truckId });
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
const truckRow = async (id: number) => (await server.db.select().from(foodTrucks).where(eq(foodTrucks.id, id)))[0];
const claimRow = async (id: number) => (await server.db.select().from(truckClaims).where(eq(truckClaims.id, id)))[0];
/** The cool-down and the code's expiry, as if the time had passed. */
const age = (claimId: number, values: Partial<typeof truckClaims.$inferInsert>) =>
  server.db.update(truckClaims).set(values).where(eq(truckClaims.id, claimId));

describe('claim by a texted code', () => {
  it('texts a hashed, expiring code to the listing; the right code makes the listing the operator’s truck with its history', async () => {
    const truck = await insertListing('+14155550123');
    // Another operator waits for an admin on the same listing: the approval closes that claim.
    const rival = await start(cast.other, truck.id, { method: 'admin' });
    expect(rival.status).toBe(201);

    const started = await start(cast.unpaid, truck.id);
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ method: 'sms', status: 'pending', phoneLast4: '0123', attemptsLeft: CLAIM_MAX_CODE_ATTEMPTS, truckName: truck.name, sourceName: 'SF open data' });
    expect(JSON.stringify(started.body)).not.toContain('4155550123');
    const [text] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.foodTruckId, truck.id));
    expect(text).toMatchObject({ toPhone: '+14155550123', userId: cast.unpaid.user.id, status: 'pending' });
    const code = await textedCode(truck.id);
    const stored = await claimRow(started.body.id);
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    // Asking again returns the same claim: no second claim, no second text.
    const again = await start(cast.unpaid, truck.id);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(started.body.id);

    // The worker delivers it (a claim text is the operator's, not opted out).
    await drainSmsOutbox(server.db, server.integrations.sms);
    const [sent] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.foodTruckId, truck.id));
    expect(sent?.status).toBe('sent');

    const miss = await verify(cast.unpaid, started.body.id, wrong(code));
    expect(miss.status).toBe(400);
    expect(miss.body.message).toBe(CLAIM_MESSAGES.wrongCode(CLAIM_MAX_CODE_ATTEMPTS - 1));
    expect(miss.body.fieldErrors?.code).toEqual([miss.body.message]);
    expect((await truckRow(truck.id))?.operatorId).toBeNull();

    const ok = await verify(cast.unpaid, started.body.id, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'approved', attemptsLeft: 0, resendAt: null });

    // Same truck id, now the operator's: no longer "Unclaimed", its stop and source record kept.
    expect(await truckRow(truck.id)).toMatchObject({ operatorId: cast.unpaid.user.id, listing: null, name: truck.name });
    expect(await server.db.select().from(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, truck.id))).toHaveLength(1);
    const [record] = await server.db.select().from(truckListings).where(eq(truckListings.foodTruckId, truck.id));
    expect(record).toMatchObject({ claimedBy: cast.unpaid.user.id, sourceId: `rec-${truck.id}` });
    expect(record?.claimedAt).toBeInstanceOf(Date);
    expect(await claimRow(rival.body.id)).toMatchObject({ status: 'rejected', reason: CLAIM_MESSAGES.closedByOther });

    const own = await server.request<Array<{ id: number }>>('GET', `/api/operators/${cast.unpaid.user.id}/food-trucks`, { token: cast.unpaid.token });
    expect(own.body.map((t) => t.id)).toContain(truck.id);

    // Not subscribed yet: diners still see it (by its schedule), it just cannot go live.
    const page = await server.request<{ id: number; listing?: unknown; operatorId: number }>('GET', `/api/food-trucks/${truck.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ id: truck.id, operatorId: cast.unpaid.user.id, listing: null });
    const active = await server.request<Array<{ id: number }>>('GET', '/api/food-trucks/active?view=summary');
    expect(active.body.map((t) => t.id)).toContain(truck.id);
    const open = await server.request('POST', `/api/food-trucks/${truck.id}/open`, { token: cast.unpaid.token, body: { latitude: 37.7592, longitude: -122.4188 } });
    expect(open.status).toBe(402);

    // Claimed: nobody else may claim it, and its owner is told it is theirs.
    expect((await start(cast.other, truck.id)).body.message).toBe(CLAIM_MESSAGES.alreadyClaimed);
    expect((await start(cast.other, truck.id)).status).toBe(409);
    expect((await start(cast.unpaid, truck.id)).body.message).toBe(CLAIM_MESSAGES.alreadyYours);
    // A used code does nothing more.
    expect((await verify(cast.unpaid, started.body.id, code)).status).toBe(409);
  });

  it('texts the code to the listing even when the operator turned their own texts off (they asked for it)', async () => {
    const operator = await server.signUp('operator');
    await setSmsOptOut(server.db, { userId: operator.user.id }, true);
    const truck = await insertListing('+14155550188');
    expect((await start(operator, truck.id)).status).toBe(201);
    await drainSmsOutbox(server.db, server.integrations.sms);
    const [sent] = await server.db.select().from(smsOutbox).where(eq(smsOutbox.foodTruckId, truck.id));
    expect(sent).toMatchObject({ toPhone: '+14155550188', requested: true, status: 'sent' });
  });

  it('an expired code changes nothing and reads as expired; a new claim starts over', async () => {
    const truck = await insertListing();
    const started = await start(cast.owner, truck.id);
    const code = await textedCode(truck.id);
    await age(started.body.id, { expiresAt: new Date(Date.now() - 1000) });
    const late = await verify(cast.owner, started.body.id, code);
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(CLAIM_MESSAGES.expired);
    expect((await truckRow(truck.id))?.operatorId).toBeNull();
    const mine = await server.request<Claim[]>('GET', '/api/claims', { token: cast.owner.token });
    expect(mine.body.find((c) => c.id === started.body.id)).toMatchObject({ status: 'expired', resendAt: null });
    expect((await claimRow(started.body.id))?.status).toBe('expired');
    expect((await resend(cast.owner, started.body.id)).status).toBe(409);
    const fresh = await start(cast.owner, truck.id);
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).not.toBe(started.body.id);
  });

  it('too many wrong codes lock the code; resends wait for the cool-down and stop after a few', async () => {
    const truck = await insertListing();
    const started = await start(cast.owner, truck.id);
    const code = await textedCode(truck.id);
    // Right after the first text: wait.
    const early = await resend(cast.owner, started.body.id);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toMatch(/^\d+$/);
    for (let i = CLAIM_MAX_CODE_ATTEMPTS - 1; i >= 0; i--) {
      expect((await verify(cast.owner, started.body.id, wrong(code))).body.message).toBe(CLAIM_MESSAGES.wrongCode(i));
    }
    const locked = await verify(cast.owner, started.body.id, code);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(CLAIM_MESSAGES.locked);
    expect((await truckRow(truck.id))?.operatorId).toBeNull();

    // A new code starts the tries again; the old code no longer works.
    let last = code;
    for (let n = 2; n <= CLAIM_MAX_CODES; n++) {
      await age(started.body.id, { codeSentAt: new Date(Date.now() - 120_000) });
      const again = await resend(cast.owner, started.body.id);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body.attemptsLeft).toBe(CLAIM_MAX_CODE_ATTEMPTS);
      const next = await textedCode(truck.id);
      if (next !== last) expect((await verify(cast.owner, started.body.id, last)).status).toBe(400);
      last = next;
    }
    await age(started.body.id, { codeSentAt: new Date(Date.now() - 120_000) });
    const spent = await resend(cast.owner, started.body.id);
    expect(spent.status).toBe(409);
    expect(spent.body.message).toBe(CLAIM_MESSAGES.noMoreCodes);
    expect((await verify(cast.owner, started.body.id, last)).body.status).toBe('approved');
  });

  it("someone else's claim reads as missing; customers, admins and visitors cannot claim; bad input changes nothing", async () => {
    const truck = await insertListing();
    const mine = await start(cast.owner, truck.id);
    const code = await textedCode(truck.id);
    const before = await dbFingerprint(server.db);
    expect((await verify(cast.other, mine.body.id, code)).status).toBe(404);
    expect((await resend(cast.other, mine.body.id)).status).toBe(404);
    const others = await server.request<Claim[]>('GET', '/api/claims', { token: cast.other.token });
    expect(others.body.some((c) => c.id === mine.body.id)).toBe(false);
    expect((await start(undefined, truck.id)).status).toBe(401);
    expect((await start(cast.customer, truck.id)).status).toBe(403);
    expect((await start(cast.admin, truck.id)).status).toBe(403);
    expect((await start(cast.owner, 999_999)).status).toBe(404);
    expect((await start(cast.owner, truck.id, { method: 'pigeon' })).status).toBe(400);
    const badCode = await verify(cast.owner, mine.body.id, '12ab56');
    expect(badCode.status).toBe(400);
    expect(badCode.body.fieldErrors?.code).toBeDefined();
    // A truck that did not come from open data is nobody's to claim.
    const [plain] = await server.db.insert(foodTrucks).values({ name: 'Own Truck', cuisine: 'Other', operatorId: cast.other.user.id }).returning({ id: foodTrucks.id });
    const afterInsert = await dbFingerprint(server.db);
    expect((await start(cast.owner, plain!.id)).status).toBe(404);
    expect(await dbFingerprint(server.db)).toEqual(afterInsert);
    expect(afterInsert).not.toEqual(before);
  });

  it('a listing without a phone goes to an admin; "I can’t receive texts" turns a code claim into a review', async () => {
    const noPhone = await insertListing(null);
    const review = await start(cast.owner, noPhone.id);
    expect(review.body).toMatchObject({ method: 'admin', status: 'pending', phoneLast4: null, resendAt: null });
    expect((await start(cast.owner, noPhone.id, { method: 'sms' })).status).toBe(400);
    expect((await verify(cast.owner, review.body.id, '123456')).body.message).toBe(CLAIM_MESSAGES.waitsForAdmin);

    const withPhone = await insertListing();
    const coded = await start(cast.owner, withPhone.id);
    const switched = await start(cast.owner, withPhone.id, { method: 'admin' });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ id: coded.body.id, method: 'admin' });
    expect((await claimRow(coded.body.id))?.codeHash).toBeNull();
  });
});

describe('admin decisions', () => {
  const list = (query = '') => server.request<Page<AdminClaim>>('GET', `/api/admin/claims${query}`, { token: cast.admin.token });

  it('lists pending claims with the listing, its source and the operator’s contact; reject needs a reason, is audited and tells the operator', async () => {
    const truck = await insertListing(null);
    const claim = await start(cast.owner, truck.id);
    const pending = await list('?status=pending');
    const row = pending.body.items.find((c) => c.id === claim.body.id);
    expect(row).toMatchObject({
      truckName: truck.name,
      source: 'claims-test',
      sourceId: `rec-${truck.id}`,
      listingPhone: null,
      operator: { id: cast.owner.user.id, phone: cast.owner.user.phone },
    });
    expect((await list(`?search=rec-${truck.id}`)).body.items.map((c) => c.id)).toEqual([claim.body.id]);
    expect((await list('?status=nope')).status).toBe(400);

    const before = await dbFingerprint(server.db);
    const noReason = await server.request('POST', `/api/admin/claims/${claim.body.id}/reject`, { token: cast.admin.token, body: { reason: '  ' } });
    expect(noReason.status).toBe(400);
    expect((await server.request('POST', `/api/admin/claims/${claim.body.id}/reject`, { token: cast.owner.token, body: { reason: 'x' } })).status).toBe(403);
    expect(await dbFingerprint(server.db)).toEqual(before);

    const rejected = await server.request<AdminClaim>('POST', `/api/admin/claims/${claim.body.id}/reject`, {
      token: cast.admin.token,
      body: { reason: 'The permit names another business' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'rejected', reason: 'The permit names another business' });
    expect(await truckRow(truck.id)).toMatchObject({ operatorId: null, listing: { sourceName: 'SF open data' } });
    const [audit] = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'reject_claim'), eq(auditLog.targetId, claim.body.id)));
    expect(audit).toMatchObject({ adminId: cast.admin.user.id, targetTable: 'truck_claims', newValues: { status: 'rejected', reason: 'The permit names another business' } });
    const log = await server.request<Page<{ action: string; targetName: string | null }>>('GET', '/api/admin/audit-log?action=reject_claim', { token: cast.admin.token });
    expect(log.body.items[0]).toMatchObject({ action: 'reject_claim', targetName: cast.owner.user.username ?? cast.owner.user.phone });
    const [told] = await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.foodTruckId, truck.id), eq(smsOutbox.toPhone, cast.owner.user.phone!)));
    expect(told?.body).toContain('was not approved: The permit names another business');
    const mine = await server.request<Claim[]>('GET', '/api/claims', { token: cast.owner.token });
    expect(mine.body.find((c) => c.id === claim.body.id)).toMatchObject({ status: 'rejected', reason: 'The permit names another business' });
    // Decided: no second decision.
    expect((await server.request('POST', `/api/admin/claims/${claim.body.id}/approve`, { token: cast.admin.token })).status).toBe(409);
  });

  it('approve makes the listing the operator’s truck, audited, and texts the operator', async () => {
    const truck = await insertListing(null);
    const claim = await start(cast.other, truck.id);
    const approved = await server.request<AdminClaim>('POST', `/api/admin/claims/${claim.body.id}/approve`, { token: cast.admin.token });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('approved');
    expect(await truckRow(truck.id)).toMatchObject({ operatorId: cast.other.user.id, listing: null });
    const [audit] = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'approve_claim'), eq(auditLog.targetId, claim.body.id)));
    expect(audit?.oldValues).toMatchObject({ status: 'pending', foodTruckId: truck.id, operatorId: cast.other.user.id });
    const [told] = await server.db.select().from(smsOutbox).where(and(eq(smsOutbox.foodTruckId, truck.id), eq(smsOutbox.toPhone, cast.other.user.phone!)));
    expect(told?.body).toContain(`your claim of ${truck.name} was approved`);
    expect((await server.request('POST', '/api/admin/claims/999999/approve', { token: cast.admin.token })).status).toBe(404);
  });
});

describe('two operators never both own one listing', () => {
  it('concurrent admin approvals of two claims: exactly one wins', async () => {
    const truck = await insertListing(null);
    const a = await start(cast.owner, truck.id);
    const b = await start(cast.other, truck.id);
    const answers = await Promise.all(
      [a, b].map((c) => server.request<AdminClaim>('POST', `/api/admin/claims/${c.body.id}/approve`, { token: cast.admin.token })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.status === 200)!.body;
    expect((await truckRow(truck.id))?.operatorId).toBe(winner.operator.id);
    const approved = await server.db.select().from(truckClaims).where(and(eq(truckClaims.foodTruckId, truck.id), eq(truckClaims.status, 'approved')));
    expect(approved).toHaveLength(1);
  });

  it('concurrent code checks of two operators and an admin approval: exactly one wins', async () => {
    const truck = await insertListing();
    const a = await start(cast.owner, truck.id);
    const codeA = await textedCode(truck.id);
    const b = await start(cast.other, truck.id);
    const codeB = await textedCode(truck.id);
    const c = await start(cast.unpaid, truck.id, { method: 'admin' });
    const answers = await Promise.all([
      verify(cast.owner, a.body.id, codeA),
      verify(cast.other, b.body.id, codeB),
      server.request('POST', `/api/admin/claims/${c.body.id}/approve`, { token: cast.admin.token }),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(2);
    const approved = await server.db.select().from(truckClaims).where(and(eq(truckClaims.foodTruckId, truck.id), eq(truckClaims.status, 'approved')));
    expect(approved).toHaveLength(1);
    expect((await truckRow(truck.id))?.operatorId).toBe(approved[0]!.operatorId);
  });

  it('the database refuses a second approved claim even without the service', async () => {
    const truck = await insertListing(null);
    const one = await start(cast.owner, truck.id);
    const two = await start(cast.other, truck.id);
    await server.db.update(truckClaims).set({ status: 'approved' }).where(eq(truckClaims.id, one.body.id));
    await expect(server.db.update(truckClaims).set({ status: 'approved' }).where(eq(truckClaims.id, two.body.id))).rejects.toThrow();
  });
});

/** SF permits: the header, Mission Dogs, Taqueria Movil, a row not approved, … */
const PERMITS = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../imports/fixtures/sf-permits.csv'), 'utf8').split('\n');

/** Imports a CSV as the admin does (the form, then the worker) and returns its report. */
async function importPermits(source: string, text: string) {
  const form = new FormData();
  form.append('source', source);
  form.append('file', new Blob([text]), 'permits.csv');
  const res = await fetch(`${server.url}/api/admin/imports`, { method: 'POST', body: form, headers: { authorization: `Bearer ${cast.admin.token}` } });
  const started = (await res.json()) as { id: number; message?: string };
  expect(res.status, started.message).toBe(202);
  await runQueuedImports(server.db, server.config.dataDir);
  type Report = { status: string; created: number; updated: number; retired: number };
  return (await server.request<Report>('GET', `/api/admin/imports/${started.id}`, { token: cast.admin.token })).body;
}

describe('re-imports of the source', () => {
  it('never write over or retire a claimed listing; unclaimed ones still refresh and retire', async () => {
    const [header, dogs, tacos, requested] = PERMITS;
    const importCsv = (text: string) => importPermits('claims-reimport', text);
    expect(await importCsv([header, dogs, tacos].join('\n'))).toMatchObject({ status: 'done', created: 2 });
    const [dogsTruck] = await server.db.select().from(foodTrucks).where(eq(foodTrucks.name, 'Mission Dogs'));
    const claim = await start(cast.owner, dogsTruck!.id);
    expect(claim.body.method).toBe('admin');
    expect((await server.request('POST', `/api/admin/claims/${claim.body.id}/approve`, { token: cast.admin.token })).status).toBe(200);
    // The operator makes it theirs: a new name, their own hours.
    await server.db.update(foodTrucks).set({ name: 'Our Dogs' }).where(eq(foodTrucks.id, dogsTruck!.id));
    await server.db.delete(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, dogsTruck!.id));

    expect(await importCsv([header, dogs, tacos].join('\n'))).toMatchObject({ status: 'done', created: 0 });
    expect(await truckRow(dogsTruck!.id)).toMatchObject({ name: 'Our Dogs', listing: null, operatorId: cast.owner.user.id, retiredAt: null });
    expect(await server.db.select().from(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, dogsTruck!.id))).toHaveLength(0);

    // The source drops both (its one row is not approved): the unclaimed one retires, the claimed one stays.
    expect(await importCsv([header, requested].join('\n'))).toMatchObject({ status: 'done', retired: 1 });
    expect((await truckRow(dogsTruck!.id))?.retiredAt).toBeNull();
    const [tacosTruck] = await server.db.select().from(foodTrucks).where(eq(foodTrucks.name, 'Taqueria Movil'));
    expect(tacosTruck?.retiredAt).toBeInstanceOf(Date);
    const record = (await server.db.select().from(truckListings).where(eq(truckListings.foodTruckId, dogsTruck!.id)))[0];
    expect(record?.claimedBy).toBe(cast.owner.user.id);
  });
});

describe('what diners see of a claimed listing', () => {
  it('stays in the event stream for diners while its operator has no subscription', async () => {
    const operator = await server.signUp('operator');
    const truck = await insertListing(null);
    const claim = await start(operator, truck.id);
    await server.request('POST', `/api/admin/claims/${claim.body.id}/approve`, { token: cast.admin.token });
    const [event] = await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, truck.id)).orderBy(desc(truckEvents.id)).limit(1);
    expect(event).toMatchObject({ type: 'updated', operatorId: operator.user.id });
    const hubSees = await server.db
      .select({ seen: sql<boolean>`${cameFromOpenData(truckEvents.truckId)}` })
      .from(truckEvents)
      .where(eq(truckEvents.id, event!.id));
    expect(hubSees[0]?.seen).toBe(true);
    // A lapsed subscription: the claimed listing is published as still there, not removed.
    await server.db.transaction((tx) => publishOperatorVisibility(tx, operator.user.id, { visible: false }));
    const [lapsed] = await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, truck.id)).orderBy(desc(truckEvents.id)).limit(1);
    expect(lapsed?.type).toBe('updated');
    expect((await server.request('GET', `/api/food-trucks/${truck.id}`)).status).toBe(200);
  });
});

describe('deleting an operator who claimed a listing (issue 26)', () => {
  const importFile = () => importPermits('claims-release', PERMITS.slice(0, 3).join('\n'));
  const bySourceId = async (sourceId: string) =>
    (await server.db.select().from(truckListings).where(and(eq(truckListings.source, 'claims-release'), eq(truckListings.sourceId, sourceId))))[0];

  it('gives the claimed listing back to open data, unclaimed and claimable, deletes only the operator’s own trucks, and a re-import adds nothing', async () => {
    expect(await importFile()).toMatchObject({ status: 'done', created: 2 });
    const record = await bySourceId('1723891');
    const truckId = record!.foodTruckId;
    const imported = await truckRow(truckId);
    expect(imported?.listing).toMatchObject({ sourceName: expect.any(String) });

    const operator = await server.signUp('operator');
    const claim = await start(operator, truckId);
    expect((await server.request('POST', `/api/admin/claims/${claim.body.id}/approve`, { token: cast.admin.token })).status).toBe(200);
    // The operator makes it theirs: a menu, a phone, a dated stop; and has a truck of their own.
    await server.db.update(foodTrucks).set({ phone: '+14155550999', accessNote: 'Ring the bell' }).where(eq(foodTrucks.id, truckId));
    await server.db.insert(menuItems).values({ foodTruckId: truckId, name: 'Their dog', priceCents: 600 });
    await server.db.insert(truckScheduleStops).values({ foodTruckId: truckId, kind: 'once', date: '2030-01-02', startMinute: 600, endMinute: 900, latitude: 37.76, longitude: -122.42, address: 'Their event' });
    const own = await server.request<{ id: number }>('POST', '/api/food-trucks', { token: operator.token, body: { name: 'Their Own Truck', cuisine: 'Mexican' } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    // A diner's favourite and rating are the truck's history: they stay.
    const diner = await server.signUp('customer');
    expect((await server.request('POST', '/api/favorites', { token: diner.token, body: { foodTruckId: truckId } })).status).toBe(200);

    const deleted = await server.request('DELETE', `/api/admin/operators/${operator.user.id}`, { token: cast.admin.token });
    expect(deleted.status).toBe(200);

    // Same truck, an unclaimed listing again, as the import wrote it.
    const after = await truckRow(truckId);
    expect(after).toMatchObject({ id: truckId, operatorId: null, isOpen: false, retiredAt: null, phone: null, accessNote: null, name: imported!.name, listing: imported!.listing });
    expect(await bySourceId('1723891')).toMatchObject({ foodTruckId: truckId, claimedBy: null, claimedAt: null });
    expect(await server.db.select().from(menuItems).where(eq(menuItems.foodTruckId, truckId))).toHaveLength(0);
    const stops = await server.db.select().from(truckScheduleStops).where(eq(truckScheduleStops.foodTruckId, truckId));
    expect(stops.length).toBeGreaterThan(0);
    expect(stops.every((stop) => stop.kind === 'weekly')).toBe(true);
    expect(await server.db.select().from(userFavorites).where(eq(userFavorites.foodTruckId, truckId))).toHaveLength(1);
    // The operator's own truck went with the account.
    expect(await truckRow(own.body.id)).toBeUndefined();

    // Diners got it live: the listing as updated (no operator), the own truck removed.
    const [event] = await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, truckId)).orderBy(desc(truckEvents.id)).limit(1);
    expect(event).toMatchObject({ type: 'updated', operatorId: null });
    const [ownEvent] = await server.db.select().from(truckEvents).where(eq(truckEvents.truckId, own.body.id)).orderBy(desc(truckEvents.id)).limit(1);
    expect(ownEvent?.type).toBe('removed');
    const page = await server.request<{ id: number; operatorId: number | null; listing: unknown }>('GET', `/api/food-trucks/${truckId}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ operatorId: null, listing: imported!.listing });
    const active = await server.request<Array<{ id: number; listing: unknown }>>('GET', '/api/food-trucks/active?view=summary');
    expect(active.body.find((t) => t.id === truckId)).toMatchObject({ listing: imported!.listing });

    // Audited as the deletion is, naming the listing it gave back.
    const [audit] = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'delete_operator'), eq(auditLog.targetId, operator.user.id)));
    expect(audit?.oldValues).toMatchObject({ truckCount: 1, releasedListings: [truckId] });

    // Claimable again, by someone else.
    const again = await start(cast.other, truckId);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ status: 'pending', foodTruckId: truckId });

    // The next import of the same file finds it by its source id: nothing new.
    const count = async () => (await server.db.select().from(truckListings).where(eq(truckListings.source, 'claims-release'))).length;
    expect(await importFile()).toMatchObject({ status: 'done', created: 0, updated: 2, retired: 0 });
    expect(await count()).toBe(2);
    expect(await truckRow(truckId)).toMatchObject({ id: truckId, operatorId: null, retiredAt: null });
  });

  it('an operator with no claimed listing is deleted as before: no listing is touched', async () => {
    const operator = await server.signUp('operator');
    const before = await dbFingerprint(server.db);
    expect((await server.request('DELETE', `/api/admin/operators/${operator.user.id}`, { token: cast.admin.token })).status).toBe(200);
    expect((await dbFingerprint(server.db)).truck_listings).toBe(before.truck_listings);
    const [audit] = await server.db.select().from(auditLog).where(and(eq(auditLog.action, 'delete_operator'), eq(auditLog.targetId, operator.user.id)));
    expect(audit?.oldValues).not.toHaveProperty('releasedListings');
  });
});
