import { eq } from 'drizzle-orm';
import { formatCents } from '@shared/contracts/orders';
import type { DbOrTx } from '../../db/client';
import { queueOrderPush } from '../push/push-outbox.service';
import { queueSms } from '../sms/sms-outbox.service';
import { users } from '../../db/schema';

/** The order a notice is about, as its transaction knows it. */
export interface NoticeOrder {
  id: number;
  customerId: number;
  foodTruckId: number;
  truckName: string;
}

/** A refused order: what was refunded, and the truck's reason (or none). */
export interface RefusedNoticeOrder extends NoticeOrder {
  refusalReason: string | null;
  totalCents: number;
  currency: string;
}

/** The text a diner gets when their order is ready. */
export function orderReadySmsBody(order: { id: number; truckName: string }, publicUrl: string): string {
  return `Your order ${order.id} from ${order.truckName} is ready for pickup.\n${publicUrl}/orders/${order.id}`;
}

/** "Taco Libre could not take it: Out of brisket." — the reason as a sentence, or none. */
const couldNotTake = (order: RefusedNoticeOrder, it: string): string => {
  const reason = order.refusalReason?.trim();
  if (!reason) return `${order.truckName} could not take ${it}.`;
  return `${order.truckName} could not take ${it}: ${reason}${/[.!?]$/.test(reason) ? '' : '.'}`;
};

const refunded = (order: RefusedNoticeOrder) => `${formatCents(order.totalCents, order.currency)} is refunded in full to your card.`;

/** The text a diner gets when their paid order is refused (by the truck, an admin, or nobody answering). */
export function orderRefusedSmsBody(order: RefusedNoticeOrder, publicUrl: string): string {
  return `${couldNotTake(order, `your order ${order.id}`)} ${refunded(order)}\n${publicUrl}/orders/${order.id}`;
}

/** An SMS through the durable SMS outbox (the worker skips it if they replied STOP or never confirmed the number). */
async function textDiner(tx: DbOrTx, order: NoticeOrder, body: string): Promise<void> {
  const [diner] = await tx.select({ phone: users.phone }).from(users).where(eq(users.id, order.customerId)).limit(1);
  if (diner?.phone) await queueSms(tx, { userId: order.customerId, foodTruckId: order.foodTruckId, toPhone: diner.phone, body });
}

/**
 * "Ready" reaches the diner with the page closed: an SMS and a push to each of their devices
 * (unless they turned order pushes off). Call inside the transaction that marks the order ready.
 */
export async function queueOrderReadyNotices(tx: DbOrTx, order: NoticeOrder, publicUrl: string): Promise<void> {
  await textDiner(tx, order, orderReadySmsBody(order, publicUrl));
  await queueOrderPush(tx, order, { kind: 'order-ready', title: `Order ${order.id} is ready`, body: `Pick it up at ${order.truckName}.` });
}

/**
 * A paid order refused — by its truck, by an admin's refund, or because nobody at the truck accepted
 * it in time (ADR 0191) — reaches the diner the same two ways as "ready" (ADR 0192): they may be
 * on their way to pick it up. Not when the diner cancelled it themselves. Call inside the
 * transaction that ends the order.
 */
export async function queueOrderRefusedNotices(tx: DbOrTx, order: RefusedNoticeOrder, publicUrl: string): Promise<void> {
  await textDiner(tx, order, orderRefusedSmsBody(order, publicUrl));
  await queueOrderPush(tx, order, {
    kind: 'order-refused',
    title: `Order ${order.id} refunded`,
    body: `${couldNotTake(order, 'it')} ${refunded(order)}`,
  });
}
