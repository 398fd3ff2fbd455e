import { and, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { foodTrucks, operatorSubscriptions } from '../../db/schema';
import { paymentRequired } from '../../lib/http-errors';

/**
 * The one home of "this operator's subscription is active" (DESIGN.md, subscription gate): diners
 * see an operator's trucks, and the operator may open them, only while it is. The diners' list, the
 * truck reads, the event stream, the open/location gate and the subscription lifecycle (the status
 * it passes to publishOperatorVisibility) all use these; nothing else spells out the rule.
 * This file imports no module (ESLint checks it), so every module may use it without a cycle.
 */
export const ACTIVE_SUBSCRIPTION_STATUS = 'active' as const;

/** Join condition for truck queries: `leftJoin(operatorSubscriptions, activeSubscriptionOfTruck)`. */
export const activeSubscriptionOfTruck = and(
  eq(operatorSubscriptions.operatorId, foodTrucks.operatorId),
  eq(operatorSubscriptions.status, ACTIVE_SUBSCRIPTION_STATUS),
);

/**
 * `true` when the operator in `operatorId` (a column of the outer query) is subscribed, as a
 * boolean SQL expression for selects that don't join trucks (e.g. the event stream's rows).
 */
export function operatorIsSubscribed(operatorId: AnyPgColumn): SQL<boolean> {
  // Qualified by hand: in a one-table select Drizzle renders the outer column unqualified, which
  // inside this subquery would bind to operator_subscriptions.
  const outer = sql`${sql.identifier(getTableName(operatorId.table))}.${sql.identifier(operatorId.name)}`;
  return sql<boolean>`exists (select 1 from operator_subscriptions s where s.operator_id = ${outer} and s.status = ${ACTIVE_SUBSCRIPTION_STATUS})`;
}

export async function operatorHasActiveSubscription(db: DbOrTx, operatorId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: operatorSubscriptions.id })
    .from(operatorSubscriptions)
    .where(
      and(
        eq(operatorSubscriptions.operatorId, operatorId),
        eq(operatorSubscriptions.status, ACTIVE_SUBSCRIPTION_STATUS),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The gate: 402 naming /subscribe unless the operator's subscription is active. */
export async function requireActiveSubscription(
  db: DbOrTx,
  operatorId: number,
  message = 'An active subscription is required to open a truck. Subscribe at /subscribe.',
): Promise<void> {
  if (!(await operatorHasActiveSubscription(db, operatorId))) throw paymentRequired(message);
}
