import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { messagesQuerySchema, outboxMessageSchema, Page } from '@shared/contracts';
import type { Database } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { fetchPage, substringPattern } from './admin-paging';

type MessagesQuery = z.output<typeof messagesQuerySchema>;

/**
 * GET /api/admin/messages: the SMS outbox (written by the customers module, drained by its worker),
 * newest first by id cursor, filtered by status; search matches the recipient or the text.
 */
export async function listMessages(
  db: Database,
  query: MessagesQuery,
): Promise<Page<z.output<typeof outboxMessageSchema>>> {
  const pattern = query.search ? substringPattern(query.search) : undefined;
  const where = and(
    query.status ? eq(smsOutbox.status, query.status) : undefined,
    pattern
      ? or(sql`${smsOutbox.toPhone} like ${pattern}`, sql`lower(${smsOutbox.body}) like ${pattern}`)
      : undefined,
  );
  return fetchPage(
    db
      .select({
        id: smsOutbox.id,
        toPhone: smsOutbox.toPhone,
        body: smsOutbox.body,
        status: smsOutbox.status,
        attempts: smsOutbox.attempts,
        lastError: smsOutbox.lastError,
        createdAt: smsOutbox.createdAt,
        nextAttemptAt: smsOutbox.nextAttemptAt,
        sentAt: smsOutbox.sentAt,
      })
      .from(smsOutbox)
      .where(and(where, query.cursor ? lt(smsOutbox.id, query.cursor) : undefined))
      .orderBy(desc(smsOutbox.id))
      .limit(query.limit),
    db.select({ n: count() }).from(smsOutbox).where(where),
    query.limit,
  );
}
