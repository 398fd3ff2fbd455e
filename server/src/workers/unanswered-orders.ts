import { refuseUnanswered } from '../modules/orders/orders.service';
import type { BackgroundWorker, WorkerContext } from './worker';

/**
 * Paid orders nobody at the truck accepted (still `received`) UNANSWERED_ORDER_MINUTES after the time
 * they were to be ready are refused and refunded in full (ADR 0191), as if the operator had refused
 * them: the diner's page says so live, a text and a push tell them (ADR 0192), and the money goes
 * back. Each order in its own transaction under its row lock, so every process may run it: an
 * order another process or an operator holds is skipped this round. Tests pass `now` instead of waiting.
 */
export const unansweredOrders = {
  name: 'unanswered-orders',
  intervalMs: 60_000,
  run: (ctx: WorkerContext, now: Date = new Date()) => refuseUnanswered({ db: ctx.db, payments: ctx.integrations.payments, publicUrl: ctx.config.publicUrl }, now),
} satisfies BackgroundWorker;
