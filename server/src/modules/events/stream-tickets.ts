import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { eventStreamTickets } from '../../db/schema';
import { findAuthUser, type AuthUser } from '../../plugins/auth';

/** Long enough to open the stream right after asking for the ticket; a reconnect asks again. */
export const STREAM_TICKET_TTL_SECONDS = 60;

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/**
 * Tickets for GET /api/events?ticket=…: EventSource cannot send an Authorization header, and a
 * bearer token in a URL ends up in access logs. A ticket is a random string that only opens the
 * event stream, once, within a minute (ADR 0060): the row is deleted when it is used, so a ticket
 * copied from a log or a history is worthless, in this process and in every other one.
 */
export async function issueStreamTicket(db: Database, user: AuthUser): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await db.delete(eventStreamTickets).where(lt(eventStreamTickets.expiresAt, new Date()));
  await db.insert(eventStreamTickets).values({
    ticketHash: hashOf(ticket),
    userId: user.id,
    sessionVersion: user.sessionVersion,
    expiresAt: new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000),
  });
  return ticket;
}

/**
 * The viewer a ticket was issued to, using the ticket up; null when it is unknown, used, expired,
 * or the account's role or password changed since (another session version).
 */
export async function redeemStreamTicket(db: Database, ticket: string): Promise<AuthUser | null> {
  const [row] = await db
    .delete(eventStreamTickets)
    .where(
      and(eq(eventStreamTickets.ticketHash, hashOf(ticket)), gt(eventStreamTickets.expiresAt, new Date())),
    )
    .returning({ userId: eventStreamTickets.userId, sessionVersion: eventStreamTickets.sessionVersion });
  if (!row) return null;
  const user = await findAuthUser(db, row.userId);
  return user?.sessionVersion === row.sessionVersion ? user : null;
}
