import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { SMS_OPT_OUT_TEXT } from '@shared/constants';
import type { Database, DbOrTx } from '../../db/client';
import { smsOutbox, userFavorites, users } from '../../db/schema';
import { SmsOutcomeUnknown, type SmsProvider } from '../../integrations/sms';
import type { TruckRow } from '../trucks/truck.repository';
import { inQuietHours } from '../quiet-hours/quiet-hours';

/** NOTIFYed (after commit) when new outbox rows are due: the sms-outbox worker wakes at once. */
export const SMS_OUTBOX_CHANNEL = 'sms_outbox';

/** Why an alert was not sent to a number nobody confirmed (ADR 0189): the admin's Messages tab shows it. */
export const NOT_CONFIRMED = 'The number is not confirmed';

/** At most one opening SMS per truck per customer in this window (DESIGN.md). */
export const SMS_REPEAT_WINDOW_HOURS = 12;

export interface SmsOutboxOptions {
  /** Rows claimed per transaction. */
  batchSize: number;
  /**
   * A claimed row is not claimed again before this: the time one send may take. A worker that died
   * mid-batch leaves its unsent rows to be claimed after it; the one in flight is reconciled first.
   */
  leaseMs: number;
  /** After this many failed attempts the row is `failed`. */
  maxAttempts: number;
  /** Delay before attempt n+1 is baseBackoffMs · 2^(n-1), at most maxBackoffMs. */
  baseBackoffMs: number;
  maxBackoffMs: number;
}

export const SMS_OUTBOX_DEFAULTS: SmsOutboxOptions = {
  batchSize: 20,
  leaseMs: 5 * 60_000,
  maxAttempts: 5,
  baseBackoffMs: 30_000,
  maxBackoffMs: 60 * 60_000,
};

/** The text of the opening SMS: the truck's message, its name, a link to it on the map and how to opt out. */
export function openingSmsBody(truck: Pick<TruckRow, 'id' | 'name' | 'smsMessage'>, publicUrl: string): string {
  return `${truck.smsMessage}\n${truck.name}\n${publicUrl}/find-trucks?truck=${truck.id}\n${SMS_OPT_OUT_TEXT}`;
}

/**
 * Call inside the transaction that opens the truck (closed → open). Writes one outbox row per
 * customer who has the truck as a favourite, has a confirmed phone (ADR 0189: a row for an
 * unconfirmed one would only fail, and would count against the 12-hour rule once it is confirmed),
 * has not opted out and got no opening SMS of this truck in the last 12 hours, and wakes the worker once the transaction commits. The truck
 * row is locked by the opening transaction, so two opens of one truck cannot both pass the 12-hour
 * test. Returns how many rows were written.
 */
export async function queueOpeningSms(
  tx: DbOrTx,
  truck: Pick<TruckRow, 'id' | 'name' | 'smsMessage'>,
  publicUrl: string,
): Promise<number> {
  const body = openingSmsBody(truck, publicUrl);
  const recentlyTexted = sql`exists (select 1 from ${smsOutbox} o where o.user_id = ${users.id} and o.food_truck_id = ${truck.id} and o.created_at > now() - make_interval(hours => ${SMS_REPEAT_WINDOW_HOURS}))`;
  const recipients = await tx
    .select({ userId: users.id, toPhone: users.phone })
    .from(userFavorites)
    .innerJoin(users, eq(users.id, userFavorites.userId))
    .where(
      and(
        eq(userFavorites.foodTruckId, truck.id),
        eq(users.role, 'customer'),
        sql`${users.phone} is not null and ${users.phone} <> '' and ${users.phoneConfirmedAt} is not null`,
        eq(users.smsOptOut, false),
        sql`not ${recentlyTexted}`,
        // Quiet hours (issue 29): no opening SMS then (not held back: "open now" is stale by morning).
        sql`not ${inQuietHours(users.id)}`,
      ),
    );
  const rows = recipients.flatMap(({ userId, toPhone }) =>
    toPhone ? [{ userId, foodTruckId: truck.id, toPhone, body }] : [],
  );
  if (rows.length === 0) return 0;
  const inserted = await tx.insert(smsOutbox).values(rows).returning({ id: smsOutbox.id });
  if (inserted.length > 0) await tx.execute(sql`select pg_notify(${SMS_OUTBOX_CHANNEL}, '')`);
  return inserted.length;
}

/**
 * Call inside the transaction that decides to text someone (a listing's claim code, a claim's
 * outcome): writes one outbox row and wakes the worker once the transaction commits. `userId` is
 * the account the message is for (its opt-out applies; deleting it deletes the message).
 */
export async function queueSms(
  tx: DbOrTx,
  message: { userId: number; foodTruckId: number | null; toPhone: string; body: string; requested?: boolean },
): Promise<void> {
  await tx.insert(smsOutbox).values(message);
  await tx.execute(sql`select pg_notify(${SMS_OUTBOX_CHANNEL}, '')`);
}

interface ClaimedMessage {
  id: number;
  to: string;
  body: string;
  attempts: number;
  /** The previous attempt was claimed but never finished: it may have reached the provider. */
  uncertainSince: Date | null;
  optedOut: boolean;
  /** Not asked for, and not to the account's confirmed number (ADR 0189). */
  unconfirmed: boolean;
}

/**
 * Claims up to `batchSize` due rows: locks them (SKIP LOCKED, so processes never wait for or share
 * a row), counts the attempt and leases them for `leaseMs`, and commits before anything is sent.
 */
async function claimDue(db: Database, provider: SmsProvider, options: SmsOutboxOptions): Promise<ClaimedMessage[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: smsOutbox.id,
        to: smsOutbox.toPhone,
        body: smsOutbox.body,
        attempts: smsOutbox.attempts,
        lastError: smsOutbox.lastError,
        // When the previous attempt was claimed (its lease began), a minute early for clock skew.
        claimedAtMs: sql<number>`(extract(epoch from ${smsOutbox.nextAttemptAt}) * 1000 - ${options.leaseMs + 60_000})::float8`.mapWith(Number),
        createdAt: smsOutbox.createdAt,
        // A text its recipient just asked for (a code) goes even to an account with texts off.
        optedOut: sql<boolean>`not ${smsOutbox.requested} and coalesce(${users.smsOptOut}, true)`,
        // Alerts go only to the account's own number, confirmed by a code texted to it (ADR 0189).
        unconfirmed: sql<boolean>`not ${smsOutbox.requested} and (${users.phoneConfirmedAt} is null or ${users.phone} is distinct from ${smsOutbox.toPhone})`,
      })
      .from(smsOutbox)
      .leftJoin(users, eq(users.id, smsOutbox.userId))
      .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(smsOutbox.nextAttemptAt), asc(smsOutbox.id))
      .limit(options.batchSize)
      .for('update', { of: smsOutbox, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})`,
        provider: provider.name,
        lastError: null,
        updatedAt: sql`now()`,
      })
      .where(inArray(smsOutbox.id, due.map((row) => row.id)));
    return due.map((row) => ({
      id: row.id,
      to: row.to,
      body: row.body,
      attempts: row.attempts + 1,
      // Attempts ran before and none recorded an error: the last one stopped mid-send. Or the
      // provider did not answer it: it may have taken the message (any time since the row was
      // written; the 12-hour rule keeps another message with this text from that window).
      uncertainSince:
        row.attempts > 0 && row.lastError === null
          ? new Date(row.claimedAtMs)
          : row.lastError?.startsWith(OUTCOME_UNKNOWN)
            ? row.createdAt
            : null,
      optedOut: Boolean(row.optedOut),
      unconfirmed: Boolean(row.unconfirmed),
    }));
  });
}

/** Only the claim that holds the row may finish it (a lease that ran out may have been re-claimed). */
const heldBy = (message: ClaimedMessage) =>
  and(eq(smsOutbox.id, message.id), eq(smsOutbox.attempts, message.attempts), eq(smsOutbox.status, 'pending'));

/**
 * Right before a send: extends the lease if this claim still holds the row, atomically. False when
 * the lease ran out meanwhile and another worker took the row (then this one must not send it).
 */
async function renewLease(db: Database, message: ClaimedMessage, options: SmsOutboxOptions): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ nextAttemptAt: sql`now() + make_interval(secs => ${options.leaseMs / 1000})` })
    .where(heldBy(message))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

async function markSent(db: Database, message: ClaimedMessage, providerMessageId: string): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ status: 'sent', providerMessageId, sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(heldBy(message));
}

async function markFailedAttempt(
  db: Database,
  message: ClaimedMessage,
  error: string,
  options: SmsOutboxOptions,
  final = false,
): Promise<void> {
  const last = final || message.attempts >= options.maxAttempts;
  const delayMs = Math.min(options.baseBackoffMs * 2 ** (message.attempts - 1), options.maxBackoffMs);
  await db
    .update(smsOutbox)
    .set({
      status: last ? 'failed' : 'pending',
      lastError: error.slice(0, 500) || 'Unknown error',
      nextAttemptAt: last ? sql`now()` : sql`now() + make_interval(secs => ${delayMs / 1000})`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(message));
}

/** lastError of an attempt the provider did not answer: the next one asks it before sending. */
const OUTCOME_UNKNOWN = 'Outcome unknown: ';

const errorMessage = (err: unknown) => (err instanceof Error ? err.message : String(err));
const errorText = (err: unknown) => (err instanceof SmsOutcomeUnknown ? OUTCOME_UNKNOWN : '') + errorMessage(err);

async function deliver(db: Database, provider: SmsProvider, message: ClaimedMessage, options: SmsOutboxOptions) {
  if (message.optedOut) {
    await markFailedAttempt(db, message, 'Recipient opted out before sending', options, true);
    return;
  }
  if (message.unconfirmed) {
    await markFailedAttempt(db, message, NOT_CONFIRMED, options, true);
    return;
  }
  const sms = { id: message.id, to: message.to, body: message.body };
  if (!(await renewLease(db, message, options))) return;
  try {
    // Reconcile before resending: an interrupted call may already have reached the provider (and
    // while that cannot be checked, the attempt stays unknown: never a blind resend).
    const already = message.uncertainSince
      ? await provider.findSent(sms, message.uncertainSince).catch((err: unknown) => {
          throw new SmsOutcomeUnknown(`Could not check an earlier attempt: ${errorMessage(err)}`);
        })
      : null;
    const sid = already ?? (await provider.send(sms)).providerMessageId;
    await markSent(db, message, sid);
  } catch (err) {
    await markFailedAttempt(db, message, errorText(err), options);
  }
}

/**
 * One round of the outbox: claim a batch, send each message, record each result at once; repeat
 * until nothing is due. Returns how many messages were handled.
 */
export async function drainSmsOutbox(
  db: Database,
  provider: SmsProvider,
  options: SmsOutboxOptions = SMS_OUTBOX_DEFAULTS,
): Promise<number> {
  let handled = 0;
  for (;;) {
    const batch = await claimDue(db, provider, options);
    for (const message of batch) await deliver(db, provider, message, options);
    handled += batch.length;
    if (batch.length < options.batchSize) return handled;
  }
}

/** The newest outbox rows (npm run sms:outbox; the admin panel's view later). */
export async function recentSmsOutbox(db: DbOrTx, limit = 20) {
  return db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
}

/** Favourites' opt-out: STOP / START replies and the switch on the favourites screen. */
export async function setSmsOptOut(db: DbOrTx, where: { userId: number } | { phone: string }, optOut: boolean) {
  const match = 'userId' in where ? eq(users.id, where.userId) : eq(users.phone, where.phone);
  const rows = await db
    .update(users)
    .set({ smsOptOut: optOut, updatedAt: sql`now()` })
    .where(match)
    .returning({ id: users.id, smsOptOut: users.smsOptOut });
  return rows.length;
}

export async function smsOptedOut(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db.select({ optOut: users.smsOptOut }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.optOut ?? false;
}
