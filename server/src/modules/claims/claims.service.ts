import { and, count, desc, eq, ilike, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminClaimSchema, adminClaimsQuerySchema, claimSchema, Page } from '@shared/contracts';
import type { ClaimMethod } from '@shared/constants';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { dataImports, foodTrucks, truckClaims, truckListings, users } from '../../db/schema';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../lib/http-errors';
import { takeOrRefuse, tooManyRequests, HOUR_MS } from '../../lib/rate-limits';
import type { AuthUser } from '../../plugins/auth';
import { fetchPage, substringPattern } from '../admin/admin-paging';
import { writeAudit } from '../admin/audit-log';
import { queueSms } from '../sms/sms-outbox.service';
import { publishTruckEvent } from '../trucks/truck-events';
import { truckColumns } from '../trucks/truck.repository';
import {
  attemptsLeft,
  claimCodeMatches,
  claimCodeSms,
  claimDecisionSms,
  claimExpiry,
  codeRefusal,
  effectiveStatus,
  hashClaimCode,
  newClaimCode,
  resendAt,
  resendRefusal,
} from './claim-rules';

/**
 * Claiming a listing (issue 26, ADR 0158): an operator starts a claim of an unclaimed listing; a
 * code texted to the listing's phone (through the SMS outbox) or an admin's decision approves it,
 * and the approving transaction makes the listing the operator's truck. Every change to a claim
 * happens under a lock of its row; every approval under a lock of the truck's row, and the unique
 * index on approved claims backs both: two operators can never both own one listing.
 */

export interface ClaimDeps {
  db: Database;
  publicUrl: string;
  /** Codes texted per operator per hour (each one costs an SMS). */
  claimTextsPerHour: number;
}

export const CLAIM_MESSAGES = {
  listingNotFound: 'Listing not found',
  claimNotFound: 'Claim not found',
  alreadyYours: 'This truck is already yours',
  alreadyClaimed: 'This listing has already been claimed by its operator',
  noPhone: 'This listing has no phone to text a code to: ask an administrator to approve your claim instead',
  wrongCode: (left: number) =>
    left > 0 ? `That code is not right: ${left} ${left === 1 ? 'try' : 'tries'} left` : 'That code is not right, and it no longer works: send a new code',
  expired: 'This code has expired: send a new code',
  claimExpired: 'This claim has expired: start a new one from the truck’s page',
  locked: 'Too many wrong codes: send a new code',
  waitsForAdmin: 'This claim waits for an administrator',
  noMoreCodes: 'No more codes for this claim: ask an administrator to approve it instead',
  cooldown: (seconds: number) => `Wait ${seconds} seconds before asking for another code`,
  notPending: (status: string) => `This claim is ${status}`,
  tooManyTexts: 'Too many codes asked for: try again later',
  closedByOther: 'Another claim of this listing was approved',
} as const;

const claimSelection = {
  id: truckClaims.id,
  foodTruckId: truckClaims.foodTruckId,
  operatorId: truckClaims.operatorId,
  truckName: foodTrucks.name,
  address: foodTrucks.address,
  sourceName: sql<string | null>`coalesce(${foodTrucks.listing} ->> 'sourceName', ${dataImports.sourceName})`,
  method: truckClaims.method,
  status: truckClaims.status,
  listingPhone: truckListings.phone,
  attempts: truckClaims.attempts,
  codesSent: truckClaims.codesSent,
  codeSentAt: truckClaims.codeSentAt,
  expiresAt: truckClaims.expiresAt,
  reason: truckClaims.reason,
  createdAt: truckClaims.createdAt,
  decidedAt: truckClaims.decidedAt,
  source: truckListings.source,
  sourceId: truckListings.sourceId,
  operatorUsername: users.username,
  operatorEmail: users.email,
  operatorPhone: users.phone,
};

function claimsQuery(db: DbOrTx) {
  return db
    .select(claimSelection)
    .from(truckClaims)
    .innerJoin(foodTrucks, eq(foodTrucks.id, truckClaims.foodTruckId))
    .innerJoin(truckListings, eq(truckListings.foodTruckId, truckClaims.foodTruckId))
    .leftJoin(dataImports, eq(dataImports.id, truckListings.importId))
    .innerJoin(users, eq(users.id, truckClaims.operatorId));
}
type ClaimRow = Awaited<ReturnType<typeof claimsQuery>>[number];

/** The operator's view of a claim (the presenter: the code's hash and the listing's phone stay here). */
export function toClaim(row: ClaimRow, now: Date): z.output<typeof claimSchema> {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    foodTruckId: row.foodTruckId,
    truckName: row.truckName,
    address: row.address,
    sourceName: row.sourceName,
    method: row.method,
    status,
    phoneLast4: row.method === 'sms' && row.listingPhone ? row.listingPhone.slice(-4) : null,
    expiresAt: row.expiresAt,
    resendAt: resendAt(row, now),
    attemptsLeft: status === 'pending' ? attemptsLeft(row) : 0,
    reason: row.reason,
    createdAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

function toAdminClaim(row: ClaimRow, now: Date): z.output<typeof adminClaimSchema> {
  return {
    ...toClaim(row, now),
    operator: { id: row.operatorId, username: row.operatorUsername, email: row.operatorEmail, phone: row.operatorPhone },
    source: row.source,
    sourceId: row.sourceId,
    listingPhone: row.listingPhone,
  };
}

async function readClaim(db: DbOrTx, id: number): Promise<ClaimRow> {
  const [row] = await claimsQuery(db).where(eq(truckClaims.id, id)).limit(1);
  if (!row) throw notFound(CLAIM_MESSAGES.claimNotFound);
  return row;
}

/** Marks pending claims past their expiry as expired (what every read already shows them as). */
async function expireStale(db: DbOrTx, where: SQL | undefined): Promise<void> {
  await db
    .update(truckClaims)
    .set({ status: 'expired', codeHash: null })
    .where(and(eq(truckClaims.status, 'pending'), lte(truckClaims.expiresAt, sql`now()`), where));
}

/**
 * Locks a claim and its listing's truck — the truck first, then the claim. Every path that changes
 * a claim takes the locks in this order (an approval also closes the listing's other pending
 * claims), so two transactions never hold one each and wait for the other's (a deadlock that
 * PostgreSQL would end with an error).
 */
async function lockClaim(tx: Tx, where: SQL | undefined) {
  const [peek] = await tx.select({ foodTruckId: truckClaims.foodTruckId }).from(truckClaims).where(where);
  if (!peek) throw notFound(CLAIM_MESSAGES.claimNotFound);
  await tx.select({ id: foodTrucks.id }).from(foodTrucks).where(eq(foodTrucks.id, peek.foodTruckId)).for('update');
  const [claim] = await tx.select().from(truckClaims).where(where).for('update');
  if (!claim) throw notFound(CLAIM_MESSAGES.claimNotFound);
  return claim;
}

/** Locks the caller's own claim (ownership in the where clause: someone else's claim is missing). */
const lockOwnClaim = (tx: Tx, operator: AuthUser, claimId: number) =>
  lockClaim(tx, and(eq(truckClaims.id, claimId), eq(truckClaims.operatorId, operator.id)));

/** Texts a new code for a claim: stores its hash, restarts the tries and the expiry. */
async function textNewCode(tx: Tx, deps: ClaimDeps, claim: { id: number; operatorId: number; foodTruckId: number }, toPhone: string, truckName: string, now: Date) {
  await takeOrRefuse(tx, `claim-texts:${claim.operatorId}`, deps.claimTextsPerHour, HOUR_MS, CLAIM_MESSAGES.tooManyTexts);
  const code = newClaimCode();
  await tx
    .update(truckClaims)
    .set({
      codeHash: hashClaimCode(claim.id, code),
      attempts: 0,
      codesSent: sql`${truckClaims.codesSent} + 1`,
      codeSentAt: now,
      expiresAt: claimExpiry('sms', now),
    })
    .where(eq(truckClaims.id, claim.id));
  // Asked for by the operator, to the listing's phone: sent whatever their own texts are set to (ADR 0187).
  await queueSms(tx, { userId: claim.operatorId, foodTruckId: claim.foodTruckId, toPhone, body: claimCodeSms(truckName, code), requested: true });
}

/**
 * POST /api/food-trucks/:id/claims. A new claim of an unclaimed listing, or the caller's pending
 * one (then `method: 'admin'` turns a code claim into a review). 201 for a new claim, 200 otherwise.
 */
export async function startClaim(
  deps: ClaimDeps,
  operator: AuthUser,
  truckId: number,
  requested: ClaimMethod | undefined,
  now = new Date(),
): Promise<{ created: boolean; claim: z.output<typeof claimSchema> }> {
  const { id, created } = await deps.db.transaction(async (tx) => {
    const [listing] = await tx
      .select({ operatorId: foodTrucks.operatorId, name: foodTrucks.name, retiredAt: foodTrucks.retiredAt, phone: truckListings.phone })
      .from(foodTrucks)
      .innerJoin(truckListings, eq(truckListings.foodTruckId, foodTrucks.id))
      .where(eq(foodTrucks.id, truckId))
      .for('update', { of: foodTrucks });
    if (!listing || (listing.operatorId === null && listing.retiredAt !== null)) throw notFound(CLAIM_MESSAGES.listingNotFound);
    if (listing.operatorId === operator.id) throw conflict(CLAIM_MESSAGES.alreadyYours);
    if (listing.operatorId !== null) throw conflict(CLAIM_MESSAGES.alreadyClaimed);
    await expireStale(tx, and(eq(truckClaims.foodTruckId, truckId), eq(truckClaims.operatorId, operator.id)));
    const method: ClaimMethod = requested ?? (listing.phone ? 'sms' : 'admin');
    if (method === 'sms' && !listing.phone) throw badRequest(CLAIM_MESSAGES.noPhone, { method: [CLAIM_MESSAGES.noPhone] });

    const [pending] = await tx
      .select()
      .from(truckClaims)
      .where(and(eq(truckClaims.foodTruckId, truckId), eq(truckClaims.operatorId, operator.id), eq(truckClaims.status, 'pending')))
      .for('update');
    if (pending) {
      if (pending.method === 'sms' && method === 'admin') {
        // "I can't receive texts there": the code stops working, an admin decides.
        await tx
          .update(truckClaims)
          .set({ method: 'admin', codeHash: null, attempts: 0, expiresAt: claimExpiry('admin', now) })
          .where(eq(truckClaims.id, pending.id));
      }
      return { id: pending.id, created: false };
    }
    const [claim] = await tx
      .insert(truckClaims)
      .values({ foodTruckId: truckId, operatorId: operator.id, method, expiresAt: claimExpiry(method, now) })
      .returning({ id: truckClaims.id, operatorId: truckClaims.operatorId, foodTruckId: truckClaims.foodTruckId });
    if (!claim) throw new Error('claim insert returned no row');
    if (method === 'sms' && listing.phone) await textNewCode(tx, deps, claim, listing.phone, listing.name, now);
    return { id: claim.id, created: true };
  });
  return { created, claim: toClaim(await readClaim(deps.db, id), now) };
}

/** GET /api/claims: the caller's claims, newest first. */
export async function listOwnClaims(db: Database, operator: AuthUser, now = new Date()): Promise<z.output<typeof claimSchema>[]> {
  await expireStale(db, eq(truckClaims.operatorId, operator.id));
  const rows = await claimsQuery(db).where(eq(truckClaims.operatorId, operator.id)).orderBy(desc(truckClaims.id)).limit(50);
  return rows.map((row) => toClaim(row, now));
}

/** POST /api/claims/:id/resend: another code, after the cool-down, at most CLAIM_MAX_CODES in all. */
export async function resendClaimCode(deps: ClaimDeps, operator: AuthUser, claimId: number, now = new Date()) {
  await deps.db.transaction(async (tx) => {
    const claim = await lockOwnClaim(tx, operator, claimId);
    const refusal = resendRefusal(claim, now);
    if (refusal?.kind === 'cooldown') throw tooManyRequests(CLAIM_MESSAGES.cooldown(Math.ceil(refusal.waitMs / 1000)), refusal.waitMs);
    if (refusal?.kind === 'no-more-codes') throw conflict(CLAIM_MESSAGES.noMoreCodes);
    if (refusal?.kind === 'not-sms') throw conflict(CLAIM_MESSAGES.waitsForAdmin);
    if (refusal) throw conflict(CLAIM_MESSAGES.notPending(effectiveStatus(claim, now)));
    const [listing] = await tx
      .select({ phone: truckListings.phone, name: foodTrucks.name, operatorId: foodTrucks.operatorId })
      .from(truckListings)
      .innerJoin(foodTrucks, eq(foodTrucks.id, truckListings.foodTruckId))
      .where(eq(truckListings.foodTruckId, claim.foodTruckId));
    if (!listing?.phone) throw conflict(CLAIM_MESSAGES.noPhone);
    if (listing.operatorId !== null) throw conflict(CLAIM_MESSAGES.alreadyClaimed);
    await textNewCode(tx, deps, claim, listing.phone, listing.name, now);
  });
  return toClaim(await readClaim(deps.db, claimId), now);
}

/**
 * POST /api/claims/:id/code. The right code approves the claim (in the same transaction); a wrong
 * one counts a try — that count is committed, then the refusal is answered.
 */
export async function verifyClaimCode(deps: ClaimDeps, operator: AuthUser, claimId: number, code: string, now = new Date()) {
  const refusal = await deps.db.transaction(async (tx): Promise<HttpError | null> => {
    const claim = await lockOwnClaim(tx, operator, claimId);
    const refused = codeRefusal(claim, now);
    if (refused === 'not-pending') return conflict(CLAIM_MESSAGES.notPending(claim.status));
    if (refused === 'not-sms') return conflict(CLAIM_MESSAGES.waitsForAdmin);
    if (refused === 'expired') return new HttpError(410, CLAIM_MESSAGES.expired);
    if (refused === 'locked') return tooManyRequests(CLAIM_MESSAGES.locked, 0);
    if (!claimCodeMatches(claim.id, code, claim.codeHash)) {
      const [after] = await tx
        .update(truckClaims)
        .set({ attempts: sql`${truckClaims.attempts} + 1` })
        .where(eq(truckClaims.id, claim.id))
        .returning({ attempts: truckClaims.attempts });
      const message = CLAIM_MESSAGES.wrongCode(attemptsLeft({ method: 'sms', attempts: after?.attempts ?? claim.attempts + 1 }));
      return badRequest(message, { code: [message] });
    }
    await approveInTx(tx, claim, null, now);
    return null;
  });
  if (refusal) throw refusal;
  return toClaim(await readClaim(deps.db, claimId), now);
}

/**
 * Makes the listing the claimant's truck, inside the caller's transaction (truck and claim rows
 * locked by lockClaim, so approvals of one listing run one after the other), and sets the operator
 * only while there is none. Same truck id: its stops, ratings, favourites and source
 * record stay (truck_listings records who claimed it when). The listing line goes (`listing` null:
 * no longer "Unclaimed"); the other pending claims of the listing close; diners get the change.
 */
async function approveInTx(
  tx: Tx,
  claim: { id: number; foodTruckId: number; operatorId: number },
  decidedBy: number | null,
  now: Date,
): Promise<void> {
  // Locked already by lockClaim (truck, then claim); read under that lock.
  const [truck] = await tx
    .select({ operatorId: foodTrucks.operatorId })
    .from(foodTrucks)
    .where(eq(foodTrucks.id, claim.foodTruckId))
    .for('update');
  if (!truck) throw notFound(CLAIM_MESSAGES.listingNotFound);
  if (truck.operatorId !== null) throw conflict(CLAIM_MESSAGES.alreadyClaimed);
  const [claimed] = await tx
    .update(foodTrucks)
    .set({ operatorId: claim.operatorId, listing: null, retiredAt: null, lastUpdated: now })
    .where(and(eq(foodTrucks.id, claim.foodTruckId), isNull(foodTrucks.operatorId)))
    .returning(truckColumns);
  if (!claimed) throw conflict(CLAIM_MESSAGES.alreadyClaimed);
  try {
    await tx
      .update(truckClaims)
      .set({ status: 'approved', codeHash: null, decidedBy, decidedAt: now })
      .where(eq(truckClaims.id, claim.id));
  } catch (err) {
    // The unique index on approved claims: the last guard should the truck lock ever be skipped.
    if (isUniqueViolation(err)) throw conflict(CLAIM_MESSAGES.alreadyClaimed);
    throw err;
  }
  await tx
    .update(truckListings)
    .set({ claimedBy: claim.operatorId, claimedAt: now, updatedAt: now })
    .where(eq(truckListings.foodTruckId, claim.foodTruckId));
  await tx
    .update(truckClaims)
    .set({ status: 'rejected', codeHash: null, reason: CLAIM_MESSAGES.closedByOther, decidedAt: now })
    .where(and(eq(truckClaims.foodTruckId, claim.foodTruckId), eq(truckClaims.status, 'pending'), ne(truckClaims.id, claim.id)));
  await publishTruckEvent(tx, 'updated', claimed);
}

type AdminClaimsFilter = z.output<typeof adminClaimsQuerySchema>;

/** GET /api/admin/claims: by status (pending first of all), newest first by id cursor. */
export async function listAdminClaims(db: Database, query: AdminClaimsFilter, now = new Date()): Promise<Page<z.output<typeof adminClaimSchema>>> {
  await expireStale(db, undefined);
  const pattern = query.search ? substringPattern(query.search) : undefined;
  const where = and(
    query.status ? eq(truckClaims.status, query.status) : undefined,
    pattern
      ? or(
          ilike(foodTrucks.name, pattern),
          sql`lower(coalesce(${users.username}, '')) like ${pattern}`,
          sql`lower(coalesce(${users.email}, '')) like ${pattern}`,
          sql`coalesce(${users.phone}, '') like ${pattern}`,
          sql`lower(${truckListings.sourceId}) like ${pattern}`,
        )
      : undefined,
  );
  const page = await fetchPage(
    claimsQuery(db)
      .where(and(where, query.cursor ? lt(truckClaims.id, query.cursor) : undefined))
      .orderBy(desc(truckClaims.id))
      .limit(query.limit),
    db
      .select({ n: count() })
      .from(truckClaims)
      .innerJoin(foodTrucks, eq(foodTrucks.id, truckClaims.foodTruckId))
      .innerJoin(truckListings, eq(truckListings.foodTruckId, truckClaims.foodTruckId))
      .innerJoin(users, eq(users.id, truckClaims.operatorId))
      .where(where),
    query.limit,
  );
  return { ...page, items: page.items.map((row) => toAdminClaim(row, now)) };
}

/**
 * An admin's decision on a pending claim (either method): approve makes the listing the
 * operator's truck; reject records the reason. Both are audit-logged in the same transaction and
 * text the operator (when they have a phone) through the outbox; their dashboard shows it too.
 */
export async function decideClaim(
  deps: ClaimDeps,
  admin: AuthUser,
  claimId: number,
  decision: { approved: true } | { approved: false; reason: string },
  now = new Date(),
) {
  await deps.db.transaction(async (tx) => {
    const claim = await lockClaim(tx, eq(truckClaims.id, claimId));
    const status = effectiveStatus(claim, now);
    if (status !== 'pending') throw conflict(CLAIM_MESSAGES.notPending(status));
    if (decision.approved) await approveInTx(tx, claim, admin.id, now);
    else {
      await tx
        .update(truckClaims)
        .set({ status: 'rejected', codeHash: null, reason: decision.reason, decidedBy: admin.id, decidedAt: now })
        .where(eq(truckClaims.id, claim.id));
    }
    const [who] = await tx
      .select({ phone: users.phone, optOut: users.smsOptOut, truckName: foodTrucks.name })
      .from(users)
      .innerJoin(foodTrucks, eq(foodTrucks.id, claim.foodTruckId))
      .where(eq(users.id, claim.operatorId));
    await writeAudit(tx, {
      adminId: admin.id,
      action: decision.approved ? 'approve_claim' : 'reject_claim',
      targetTable: 'truck_claims',
      targetId: claim.id,
      oldValues: { status: 'pending', truck: who?.truckName ?? null, foodTruckId: claim.foodTruckId, operatorId: claim.operatorId, method: claim.method },
      newValues: decision.approved ? { status: 'approved' } : { status: 'rejected', reason: decision.reason },
    });
    if (who?.phone && !who.optOut) {
      await queueSms(tx, { userId: claim.operatorId, foodTruckId: claim.foodTruckId, toPhone: who.phone, body: claimDecisionSms(who.truckName, decision, deps.publicUrl) });
    }
  });
  return toAdminClaim(await readClaim(deps.db, claimId), now);
}
