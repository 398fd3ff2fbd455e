import { and, asc, count, desc, eq, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type {
  adminOperatorSchema,
  AdminSubscriptionResponse,
  AdminStats,
  adminUserSchema,
  adminListQuerySchema,
  adminUserUpdateSchema,
  Page,
} from '@shared/contracts';
import { toE164 } from '@shared/utils/phone';
import type { Database, Tx } from '../../db/client';
import { foodTrucks, operatorSubscriptions, users, userSearchText } from '../../db/schema';
import type { Integrations } from '../../integrations';
import { conflict, forbidden, notFound } from '../../lib/http-errors';
import { hashPassword } from '../../lib/passwords';
import type { AuthUser } from '../../plugins/auth';
import { accountConflict, checkCurrentPassword, isReservedUsername, publicUserColumns, RESERVED_USERNAME_MESSAGE } from '../auth/auth.service';
import {
  cancelSubscriptionForDeletion,
  pauseOperatorSubscription,
  resumeOperatorSubscription,
} from '../subscriptions/subscription-lifecycle.service';
import { ACTIVE_SUBSCRIPTION_STATUS } from '../subscriptions/subscriptions.service';
import { releaseClaimedListings } from '../claims/release-listings';
import { publishTruckEvents } from '../trucks/truck-events';
import { publishOperatorVisibility } from '../trucks/truck-visibility';
import { goingBeforeTruckRemoved } from '../going/going.service';
import { refuseWhileOrdersInProgress } from '../orders/orders-in-progress';
import { deleteObjectsOfAccount } from '../uploads/account-objects';
import { removeObjectFiles } from '../uploads/stored-objects';
import { writeAudit } from './audit-log';
import { fetchPage, substringPattern } from './admin-paging';
import { removeRatingsOf } from '../ratings/ratings.service';

/** The two kinds of account the panel manages; the path decides which (a wrong-role id is a 404). */
export type ManagedRole = 'customer' | 'operator';

export interface AdminDeps {
  db: Database;
  integrations: Pick<Integrations, 'payments' | 'storage'>;
  /** ADMIN_USERNAME: reserved for PATCH as for registration. */
  adminUsername?: string | undefined;
  log: FastifyBaseLogger;
  /** PUBLIC_URL: the link in the texts to diners going to a deleted operator's trucks. */
  publicUrl: string;
}

type ListQuery = z.output<typeof adminListQuerySchema>;
type UserUpdate = z.output<typeof adminUserUpdateSchema>;

const adminUserColumns = {
  ...publicUserColumns,
  createdAt: users.createdAt,
  smsOptOut: users.smsOptOut,
};
/** The fields an admin edits, as the audit log records them (never the password hash). */
const auditedFields = ['username', 'email', 'phone'] as const;

const label = (role: ManagedRole) => (role === 'customer' ? 'Customer' : 'Operator');

export async function adminStats(db: Database): Promise<AdminStats> {
  const [row] = await db
    .select({
      totalCustomers: sql<number>`(select count(*) from ${users} where ${users.role} = 'customer')::int`,
      totalOperators: sql<number>`(select count(*) from ${users} where ${users.role} = 'operator')::int`,
      activeSubscriptions: sql<number>`(select count(*) from ${operatorSubscriptions} where ${operatorSubscriptions.status} = ${ACTIVE_SUBSCRIPTION_STATUS})::int`,
      // Operators' trucks: an unclaimed listing (operator_id null, issue 26) is counted apart.
      totalTrucks: sql<number>`(select count(*) from ${foodTrucks} where ${foodTrucks.operatorId} is not null)::int`,
      unclaimedListings: sql<number>`(select count(*) from ${foodTrucks} where ${foodTrucks.operatorId} is null and ${foodTrucks.retiredAt} is null)::int`,
    })
    .from(sql`(select 1) as one`);
  if (!row) throw new Error('stats query returned no row');
  return row;
}

/**
 * The search condition of an account list: a substring of username, email or phone (the trigram
 * index users_search_trgm_idx serves it), and for operators also of a truck name.
 */
function searchCondition(role: ManagedRole, search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = substringPattern(search);
  const own = sql`${userSearchText(users)} like ${pattern}`;
  if (role === 'customer') return own;
  const truckName = sql`exists (select 1 from ${foodTrucks} where ${foodTrucks.operatorId} = ${users.id} and lower(${foodTrucks.name}) like ${pattern})`;
  return or(own, truckName);
}

async function listAccounts(
  db: Database,
  role: ManagedRole,
  query: ListQuery,
): Promise<Page<z.output<typeof adminUserSchema>>> {
  const where = and(eq(users.role, role), searchCondition(role, query.search));
  return fetchPage(
    db
      .select(adminUserColumns)
      .from(users)
      .where(and(where, query.cursor ? lt(users.id, query.cursor) : undefined))
      .orderBy(desc(users.id))
      .limit(query.limit),
    db.select({ n: count() }).from(users).where(where),
    query.limit,
  );
}

export const listCustomers = (db: Database, query: ListQuery) => listAccounts(db, 'customer', query);

/** Operators with their trucks' names and their subscription (status, amount in cents). */
export async function listOperators(
  db: Database,
  query: ListQuery,
): Promise<Page<z.output<typeof adminOperatorSchema>>> {
  const page = await listAccounts(db, 'operator', query);
  const ids = page.items.map((u) => u.id);
  if (ids.length === 0) return { ...page, items: [] };
  const [trucks, subscriptions] = await Promise.all([
    db
      .select({ id: foodTrucks.id, name: foodTrucks.name, operatorId: foodTrucks.operatorId })
      .from(foodTrucks)
      .where(inArray(foodTrucks.operatorId, ids))
      .orderBy(asc(foodTrucks.id)),
    db
      .select({
        operatorId: operatorSubscriptions.operatorId,
        status: operatorSubscriptions.status,
        amount: operatorSubscriptions.amountCents,
      })
      .from(operatorSubscriptions)
      .where(inArray(operatorSubscriptions.operatorId, ids)),
  ]);
  const items = page.items.map((user) => {
    const own = trucks.filter((t) => t.operatorId === user.id).map(({ id, name }) => ({ id, name }));
    const subscription = subscriptions.find((s) => s.operatorId === user.id);
    return {
      ...user,
      truckCount: own.length,
      trucks: own,
      subscriptionData: subscription ? { status: subscription.status, amount: subscription.amount } : null,
    };
  });
  return { ...page, items };
}

/** An admin changes and deletes other accounts only: never their own (nor demotes themselves). */
function assertNotSelf(actor: AuthUser, id: number): void {
  if (actor.id === id) throw forbidden('You cannot change or delete your own admin account here.');
}

/** The account with this id and role, locked for the change; 404 when missing or of another role. */
async function lockAccount(tx: Tx, role: ManagedRole, id: number) {
  const [row] = await tx
    .select(adminUserColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, role)))
    .for('update');
  if (!row) throw notFound(`${label(role)} not found`);
  return row;
}

const changedFrom = (before: Record<string, unknown>, after: Record<string, unknown>) =>
  Object.fromEntries(Object.keys(after).map((key) => [key, before[key] ?? null]));

/**
 * PATCH /api/admin/{customers|operators}/:id: only the fields sent change, with the registration
 * rules (the contract) and its reserved names. A new password is hashed and ends every session of
 * that user (the session_version trigger of migration 0002). 409 on a taken username or phone.
 */
export async function updateAccount(
  deps: AdminDeps,
  actor: AuthUser,
  role: ManagedRole,
  id: number,
  input: UserUpdate,
): Promise<z.output<typeof adminUserSchema>> {
  assertNotSelf(actor, id);
  if (input.username && isReservedUsername(input.username, deps.adminUsername))
    throw conflict(RESERVED_USERNAME_MESSAGE);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await lockAccount(tx, role, id);
      const next = {
        username: input.username,
        email: input.email,
        phone: input.phone === undefined ? undefined : toE164(input.phone),
      };
      const changed = Object.fromEntries(
        auditedFields.filter((f) => next[f] !== undefined && next[f] !== before[f]).map((f) => [f, next[f]]),
      );
      if (Object.keys(changed).length === 0 && !passwordHash) return before;
      const [after] = await tx
        .update(users)
        .set({ ...changed, ...(passwordHash ? { passwordHash } : {}), updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning(adminUserColumns);
      if (!after) throw notFound(`${label(role)} not found`);
      await writeAudit(tx, {
        adminId: actor.id,
        action: role === 'customer' ? 'update_customer' : 'update_operator',
        targetTable: 'users',
        targetId: id,
        oldValues: changedFrom(before, changed),
        newValues: passwordHash ? { ...changed, passwordChanged: true } : changed,
      });
      return after;
    });
  } catch (err) {
    throw accountConflict(err);
  }
}

/** Why an account with orders in progress is not deleted (refuseWhileOrdersInProgress). */
export const ACCOUNT_ORDERS_IN_PROGRESS: Record<ManagedRole, string> = {
  customer:
    'This customer has orders in progress. Refund them in Orders, or let the trucks finish them, before deleting the account.',
  operator:
    "This operator's trucks have orders in progress. Refund them in Orders, or let the operator finish them, before deleting the account.",
};

/**
 * Deletes an account in `tx` (locked by the caller), refused with a 409 while it has orders in
 * progress, as diner or as operator (they would go with it, never refunded; `inProgress` says so):
 * an operator's subscription is cancelled at the provider; the listings they claimed from open data
 * become unclaimed listings again (releaseClaimedListings, published as updated) and their own
 * trucks are published as removed (diners' screens drop them live); the account's stored objects
 * are deleted; then the account, and with it (foreign keys) its own trucks, menu items, favourites,
 * ratings, SMS outbox rows and the subscription. Returns what the audit row records, and the
 * objects whose files leave the store after the commit.
 */
async function removeAccount(
  tx: Tx,
  deps: AdminDeps,
  before: { id: number; username: string | null; email: string | null; phone: string | null; role: string },
  inProgress: string,
) {
  const id = before.id;
  await refuseWhileOrdersInProgress(tx, deps.integrations.payments, { accountId: id }, inProgress);
  let oldValues: Record<string, unknown> = {
    username: before.username,
    email: before.email,
    phone: before.phone,
  };
  if (before.role === 'operator') {
    // The trucks go with the account: the diners going to their stops are told, as for one truck.
    const trucks = await tx
      .select({ id: foodTrucks.id, name: foodTrucks.name })
      .from(foodTrucks)
      .where(eq(foodTrucks.operatorId, id))
      .for('update');
    for (const truck of trucks) await goingBeforeTruckRemoved(tx, deps, truck);
    const subscription = await cancelSubscriptionForDeletion(tx, deps.integrations.payments, id);
    // Listings the operator claimed go back to being listings (before their objects and the rest go).
    const released = await releaseClaimedListings(tx, id);
    await publishTruckEvents(tx, 'updated', released);
    const truckCount = await publishOperatorVisibility(tx, id, { visible: false });
    oldValues = {
      ...oldValues,
      truckCount,
      ...(released.length > 0 ? { releasedListings: released.map((t) => t.id) } : {}),
      subscriptionStatus: subscription?.status ?? null,
    };
  }
  const ratings = await removeRatingsOf(tx, id);
  if (ratings > 0) oldValues = { ...oldValues, ratings };
  const objects = await deleteObjectsOfAccount(tx, id);
  await tx.delete(users).where(eq(users.id, id));
  return { oldValues: { ...oldValues, storedObjects: objects.length }, objects };
}

/** The files of a deleted account's objects leave the store (after the commit that deleted their rows). */
async function removeFilesOf(deps: AdminDeps, objects: Awaited<ReturnType<typeof removeAccount>>['objects']): Promise<void> {
  try {
    await removeObjectFiles(deps.integrations.storage, objects);
  } catch (err) {
    // The rows are gone, so nothing serves these files any more; a failed removal only leaves bytes.
    deps.log.error({ err, objects: objects.map((o) => o.id) }, 'files of a deleted account were not removed');
  }
}

/** DELETE /api/admin/{customers|operators}/:id, in one transaction with its audit row (removeAccount). */
export async function deleteAccount(
  deps: AdminDeps,
  actor: AuthUser,
  role: ManagedRole,
  id: number,
): Promise<{ deletedUser: { id: number; username: string | null } }> {
  assertNotSelf(actor, id);
  const { before, objects } = await deps.db.transaction(async (tx) => {
    const before = await lockAccount(tx, role, id);
    const { oldValues, objects } = await removeAccount(tx, deps, before, ACCOUNT_ORDERS_IN_PROGRESS[role]);
    await writeAudit(tx, {
      adminId: actor.id,
      action: role === 'customer' ? 'delete_customer' : 'delete_operator',
      targetTable: 'users',
      targetId: id,
      oldValues,
      newValues: null,
    });
    return { before, objects };
  });
  await removeFilesOf(deps, objects);
  return { deletedUser: { id: before.id, username: before.username } };
}

/** Why one's own account with orders in progress is not deleted. */
export const OWN_ORDERS_IN_PROGRESS: Record<ManagedRole, string> = {
  customer: 'You have orders in progress. Delete your account once they are picked up, or cancel them first.',
  operator: 'Your trucks have orders in progress. Finish or refuse them before deleting your account.',
};

/**
 * DELETE /api/auth/me: a customer or an operator deletes their own account, confirmed with their
 * password, as an admin's delete does (removeAccount); the audit row names no admin and says so.
 * An admin's own account is not deleted here (403): another admin, or `npm run admin:create`.
 */
export async function deleteOwnAccount(deps: AdminDeps, actor: AuthUser, currentPassword: string): Promise<void> {
  if (actor.role !== 'customer' && actor.role !== 'operator') throw forbidden('An admin account is not deleted here.');
  const role: ManagedRole = actor.role;
  await checkCurrentPassword(deps.db, actor.id, currentPassword);
  const { objects } = await deps.db.transaction(async (tx) => {
    const before = await lockAccount(tx, role, actor.id);
    const { oldValues, objects } = await removeAccount(tx, deps, before, OWN_ORDERS_IN_PROGRESS[role]);
    await writeAudit(tx, {
      adminId: null,
      action: role === 'customer' ? 'delete_customer' : 'delete_operator',
      targetTable: 'users',
      targetId: actor.id,
      oldValues: { ...oldValues, deletedBy: 'the account holder' },
      newValues: null,
    });
    return { objects };
  });
  await removeFilesOf(deps, objects);
}

/**
 * POST /api/admin/operators/:id/subscription/{pause|resume}: through the payment provider (Stripe's
 * pause_collection); the lifecycle service publishes the trucks' visibility, and the audit row is
 * written in its transaction.
 */
export async function changeSubscription(
  deps: AdminDeps,
  actor: AuthUser,
  id: number,
  action: 'pause' | 'resume',
): Promise<AdminSubscriptionResponse> {
  const [operator] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, 'operator')));
  if (!operator) throw notFound('Operator not found');
  const change = action === 'pause' ? pauseOperatorSubscription : resumeOperatorSubscription;
  const row = await change(deps.db, deps.integrations, id, (tx, before, after) =>
    writeAudit(tx, {
      adminId: actor.id,
      action: action === 'pause' ? 'pause_subscription' : 'resume_subscription',
      targetTable: 'operator_subscriptions',
      targetId: after.id,
      oldValues: { operatorId: id, status: before.status },
      newValues: { operatorId: id, status: after.status },
    }),
  );
  return { operatorId: id, status: row.status };
}
