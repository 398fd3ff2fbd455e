import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ACTIVE_ORDER_STATUSES } from '@shared/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { foodTrucks, orders } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments';
import { conflict } from '../../lib/http-errors';
import { atProvider } from '../subscriptions/subscription-lifecycle.service';

/**
 * Deleting a truck or an account deletes its orders with it (foreign keys). An order in progress
 * has been paid and not yet picked up or refunded: deleting it would keep the diner's money with
 * no order and no refund. So a truck, a diner or an operator with one is not deleted (409) until
 * each is picked up, refused or refunded (refusing and the admin's refund pay the diner back).
 * An order still awaiting payment (Stripe) has its payment cancelled at the provider first, so it
 * cannot go through once the order is gone; one that went through meanwhile is in progress (409;
 * its webhook makes it received).
 * Call inside the deleting transaction, after locking what is deleted.
 */
export async function refuseWhileOrdersInProgress(
  tx: DbOrTx,
  payments: PaymentProvider,
  of: { truckId: number } | { accountId: number },
  message: string,
): Promise<void> {
  const whose =
    'truckId' in of
      ? eq(orders.foodTruckId, of.truckId)
      : or(
          eq(orders.customerId, of.accountId),
          inArray(
            orders.foodTruckId,
            tx.select({ id: foodTrucks.id }).from(foodTrucks).where(eq(foodTrucks.operatorId, of.accountId)),
          ),
        );
  const [inProgress] = await tx
    .select({ n: sql<number>`1` })
    .from(orders)
    .where(and(inArray(orders.status, [...ACTIVE_ORDER_STATUSES]), whose))
    .limit(1);
  if (inProgress) throw conflict(message);
  if (payments.mode !== 'stripe') return;
  const unpaid = await tx
    .select({ paymentId: orders.providerPaymentId })
    .from(orders)
    .where(and(eq(orders.status, 'awaiting_payment'), whose))
    .for('update');
  for (const { paymentId } of unpaid) {
    // A provider that fails is a 502 and nothing is deleted; cancelling again is answered as cancelled.
    if ((await atProvider(() => payments.cancelOrderPayment(paymentId))) === 'succeeded') throw conflict(message);
  }
}
