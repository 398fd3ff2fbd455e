import { and, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditAction, auditEntrySchema, auditLogQuerySchema, Page } from '@shared/contracts';
import type { Database, Tx } from '../../db/client';
import { auditLog, users } from '../../db/schema';
import { fetchPage, substringPattern } from './admin-paging';

export interface AuditRecord {
  /** null: the account holder themselves (deleting their own account). */
  adminId: number | null;
  action: AuditAction;
  targetTable: 'users' | 'operator_subscriptions' | 'truck_claims' | 'orders';
  targetId: number;
  oldValues: Record<string, unknown> | null;
  newValues: Record<string, unknown> | null;
}

/** Keys that must never reach the audit log, whatever a caller passes. */
const SECRET_KEYS = new Set(['password', 'passwordHash', 'password_hash', 'token']);
const withoutSecrets = (values: Record<string, unknown> | null) =>
  values && Object.fromEntries(Object.entries(values).filter(([key]) => !SECRET_KEYS.has(key)));

/**
 * Writes the audit row of an admin change. Call it inside the transaction that makes the change,
 * so the row exists exactly when the change does.
 */
export async function writeAudit(tx: Tx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    ...record,
    oldValues: withoutSecrets(record.oldValues),
    newValues: withoutSecrets(record.newValues),
  });
}

type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/**
 * The account an entry is about, by name (username, else phone, else email): the user itself, or
 * the operator of a subscription or of a claim. A deleted account keeps the name its delete entry recorded.
 */
const targetName = sql<string | null>`coalesce(
  (select coalesce(target.username, target.phone, target.email) from users target
    where target.id = case when ${auditLog.targetTable} = 'users' then ${auditLog.targetId}
      when ${auditLog.targetTable} = 'truck_claims' then (select c.operator_id from truck_claims c where c.id = ${auditLog.targetId})
      when ${auditLog.targetTable} = 'orders' then (select o.customer_id from orders o where o.id = ${auditLog.targetId})
      else (select s.operator_id from operator_subscriptions s where s.id = ${auditLog.targetId}) end),
  ${auditLog.oldValues} ->> 'username', ${auditLog.oldValues} ->> 'phone', ${auditLog.oldValues} ->> 'email')`;

/** GET /api/admin/audit-log: newest first, by id cursor; search on the admin's name, the action or the target id. */
export async function listAuditLog(
  db: Database,
  query: AuditLogQuery,
): Promise<Page<z.output<typeof auditEntrySchema>>> {
  const filters: (SQL | undefined)[] = [query.action ? eq(auditLog.action, query.action) : undefined];
  if (query.search) {
    const pattern = substringPattern(query.search);
    const targetId = /^\d{1,9}$/.test(query.search) ? Number(query.search) : undefined;
    filters.push(
      or(
        sql`lower(${users.username}) like ${pattern}`,
        sql`${auditLog.action} like ${pattern}`,
        targetId !== undefined ? eq(auditLog.targetId, targetId) : undefined,
      ),
    );
  }
  const where = and(...filters);
  return fetchPage(
    db
      .select({
        id: auditLog.id,
        adminId: auditLog.adminId,
        adminUsername: users.username,
        action: auditLog.action,
        targetTable: auditLog.targetTable,
        targetId: auditLog.targetId,
        targetName,
        oldValues: auditLog.oldValues,
        newValues: auditLog.newValues,
        timestamp: auditLog.timestamp,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.adminId))
      .where(and(where, query.cursor ? lt(auditLog.id, query.cursor) : undefined))
      .orderBy(desc(auditLog.id))
      .limit(query.limit),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.adminId)).where(where),
    query.limit,
  );
}
