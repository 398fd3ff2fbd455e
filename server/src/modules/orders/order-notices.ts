import type { DbOrTx } from '../../db/client';
import { queueOrderReadyPush } from '../push/push-outbox.service';
import { queueSms } from '../sms/sms-outbox.service';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';

/** The text a diner gets when their order is ready. */
export function orderReadySmsBody(order: { id: number; truckName: string }, publicUrl: string): string {
  return `Your order ${order.id} from ${order.truckName} is ready for pickup.\n${publicUrl}/orders/${order.id}`;
}

/**
 * "Ready" reaches the diner with the page closed: an SMS through the durable SMS outbox (the
 * worker skips it if they replied STOP) and a push to each of their devices (unless turned off).
 * Call inside the transaction that marks the order ready.
 */
export async function queueOrderReadySms(
  tx: DbOrTx,
  order: { id: number; customerId: number; foodTruckId: number; truckName: string },
  publicUrl: string,
): Promise<void> {
  const [diner] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.customerId)).limit(1);
  if (diner?.phone) {
    await queueSms(tx, { userId: order.customerId, foodTruckId: order.foodTruckId, toPhone: diner.phone, body: orderReadySmsBody(order, publicUrl) });
  }
  await queueOrderReadyPush(tx, order);
}
