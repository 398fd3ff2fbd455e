import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import {
  ACTIVE_ORDER_STATUSES,
  ORDER_LIMITS,
  ORDERING_REFUSALS,
  UNANSWERED_ORDER_MINUTES,
  UNANSWERED_REASON,
  type Order,
  type OrderCreateInput,
  type OrderProgressStatus,
  type OrderSettings,
  type OrderStatus,
  type TruckOrderCount,
  type TruckOrdering,
} from '@shared/contracts/orders';
import type { Database, DbOrTx, Tx } from '../../db/client';
import { foodTrucks, menuItems, orderRefunds, orders, payoutAccounts, truckOrderSettings, users } from '../../db/schema';
import type { PaymentProvider } from '../../integrations/payments';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-errors';
import { isRowId } from '../../lib/route-params';
import { isAdmin, type AuthUser } from '../../plugins/auth';
import { endOfTruckDay } from '../menu-items/menu-items.service';
import { expandStops } from '../schedules/occurrences';
import { atProvider } from '../subscriptions/subscription-lifecycle.service';
import { loadStops } from '../schedules/schedule.repository';
import { operatorHasActiveSubscription } from '../subscriptions/subscriptions.service';
import { manageableTruck } from '../trucks/truck-access';
import { findTruck } from '../trucks/truck.repository';
import { findVisibleTruck } from '../trucks/trucks.service';
import { publishTruckEvent } from '../trucks/truck-events';
import { ORDER_EVENTS_CHANNEL } from './order-events';
import { queueOrderReadyNotices, queueOrderRefusedNotices } from './order-notices';


export interface OrderServiceDeps {
  db: Database;
  payments: PaymentProvider;
  defaultTimeZone: string;
  publicUrl: string;
  /** ORDER_PLATFORM_FEE_BPS (default 0). */
  platformFeeBps: number;
}

type OrderRow = typeof orders.$inferSelect;

const ORDER_NOT_FOUND = 'Order not found';
const DEFAULT_PREP_MINUTES = 10;

/** Everything an order's wire shape needs: the row, its truck's name, the diner's name and its refund. */
const orderColumns = {
  order: orders,
  truckName: foodTrucks.name,
  operatorId: foodTrucks.operatorId,
  customerName: sql<string>`coalesce(${users.username}, 'Diner')`,
  refundAmountCents: orderRefunds.amountCents,
  refundReason: orderRefunds.reason,
  refundAt: orderRefunds.createdAt,
};

function ordersQuery(db: DbOrTx) {
  return db
    .select(orderColumns)
    .from(orders)
    .innerJoin(foodTrucks, eq(foodTrucks.id, orders.foodTruckId))
    .innerJoin(users, eq(users.id, orders.customerId))
    .leftJoin(orderRefunds, eq(orderRefunds.orderId, orders.id));
}

type OrderJoinRow = Awaited<ReturnType<ReturnType<typeof ordersQuery>['execute']>>[number];

export interface PresentedOrder extends Omit<Order, 'pickupAt' | 'estimatedReadyAt' | 'createdAt' | 'updatedAt' | 'refund'> {
  pickupAt: Date | null;
  estimatedReadyAt: Date;
  createdAt: Date;
  updatedAt: Date;
  refund: { amountCents: number; reason: string; createdAt: Date } | null;
}

function presentOrder(row: OrderJoinRow): PresentedOrder & { customerId: number; provider: string; providerPaymentId: string; platformFeeCents: number; operatorId: number | null } {
  const o = row.order;
  return {
    id: o.id,
    number: String(o.id),
    foodTruckId: o.foodTruckId,
    truckName: row.truckName,
    status: o.status,
    lines: o.lines,
    subtotalCents: o.subtotalCents,
    totalCents: o.totalCents,
    currency: o.currency,
    note: o.note,
    pickupAt: o.pickupAt,
    estimatedReadyAt: o.estimatedReadyAt,
    cardBrand: o.cardBrand,
    cardLast4: o.cardLast4,
    refusalReason: o.refusalReason,
    refund:
      row.refundAmountCents !== null && row.refundReason !== null && row.refundAt !== null
        ? { amountCents: row.refundAmountCents, reason: row.refundReason, createdAt: row.refundAt }
        : null,
    customerName: row.customerName,
    createdAt: o.createdAt,
    updatedAt: o.updatedAt,
    customerId: o.customerId,
    provider: o.provider,
    providerPaymentId: o.providerPaymentId,
    platformFeeCents: o.platformFeeCents,
    operatorId: row.operatorId,
  };
}

/**
 * Who may read an order: the diner who placed it, the operator of its truck, or an admin. A
 * `where` condition, so an order that is not yours reads as missing (404).
 */
export function readableOrder(actor: AuthUser, id: number): SQL | undefined {
  if (isAdmin(actor)) return eq(orders.id, id);
  if (actor.role === 'operator') return and(eq(orders.id, id), eq(foodTrucks.operatorId, actor.id));
  return and(eq(orders.id, id), eq(orders.customerId, actor.id));
}

/** One order by id with its truck and refund, for the event hub (which decides who sees it). */
export async function findOrderForEvent(db: DbOrTx, id: number) {
  const [row] = await ordersQuery(db).where(eq(orders.id, id)).limit(1);
  return row ? presentOrder(row) : undefined;
}

/** An order as the service holds it: the wire fields and the ids the response schemas leave out. */
export type FullOrder = ReturnType<typeof presentOrder>;

export async function getOrder(db: DbOrTx, actor: AuthUser, id: number): Promise<FullOrder> {
  const [row] = isRowId(id) ? await ordersQuery(db).where(readableOrder(actor, id)).limit(1) : [];
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return presentOrder(row);
}

/** The diner's own orders, newest first (the last 50). */
export async function listMyOrders(db: DbOrTx, actor: AuthUser): Promise<PresentedOrder[]> {
  const rows = await ordersQuery(db).where(eq(orders.customerId, actor.id)).orderBy(desc(orders.id)).limit(50);
  return rows.map(presentOrder);
}

/** The operator's trucks with orders in progress: how many wait to be accepted, how many in all. */
export async function operatorOrderCounts(db: DbOrTx, actor: AuthUser): Promise<TruckOrderCount[]> {
  return db
    .select({
      foodTruckId: orders.foodTruckId,
      received: sql<number>`(count(*) filter (where ${orders.status} = 'received'))::int`,
      active: sql<number>`count(*)::int`,
    })
    .from(orders)
    .innerJoin(foodTrucks, eq(foodTrucks.id, orders.foodTruckId))
    .where(and(eq(foodTrucks.operatorId, actor.id), inArray(orders.status, [...ACTIVE_ORDER_STATUSES])))
    .groupBy(orders.foodTruckId)
    .orderBy(orders.foodTruckId);
}

/**
 * A truck's queue for its operator (or an admin): every order still active, and the ones that
 * ended in the last 12 hours, oldest first (the kitchen works top down).
 */
export async function listTruckQueue(db: DbOrTx, actor: AuthUser, truckId: number): Promise<PresentedOrder[]> {
  const [truck] = isRowId(truckId)
    ? await db.select({ id: foodTrucks.id }).from(foodTrucks).where(manageableTruck(actor, truckId)).limit(1)
    : [];
  if (!truck) throw notFound('Food truck not found');
  const rows = await ordersQuery(db)
    .where(
      and(
        eq(orders.foodTruckId, truck.id),
        // An order the diner has not paid for yet (Stripe mode) is not the truck's to make, nor one
        // cancelled before it was paid (by the diner, or lapsed: a cancelled order with no refund).
        ne(orders.status, 'awaiting_payment'),
        or(ne(orders.status, 'cancelled'), isNotNull(orderRefunds.id)),
        or(inArray(orders.status, [...ACTIVE_ORDER_STATUSES]), gte(orders.updatedAt, sql`now() - interval '12 hours'`)),
      ),
    )
    .orderBy(orders.id)
    .limit(200);
  return rows.map(presentOrder);
}

/** Every committed change of an order reaches the event hub of every process (ORDER_EVENTS_CHANNEL). */
async function notifyOrder(tx: DbOrTx, orderId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${String(orderId)})`);
}

// ---------------------------------------------------------------------------------------------
// Taking orders

interface OrderGate {
  /** The database's clock, read with the settings. */
  now: Date;
  settings: { pausedUntil: Date | null; maxOrdersPer15Min: number | null; prepMinutes: number };
  payoutAccountId: string | null;
  /** Why diners cannot order now, or null. */
  refusal: string | null;
  estimatedWaitMinutes: number;
  latestPickupAt: Date;
}

/** The time of day in the truck's zone, as diners there read it: '12:40 PM'. */
const localClock = (d: Date, zone: string) => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(d);

/**
 * When the truck's scheduled stop under way now ends, or null (no stop under way: the truck's day
 * bounds pickup). The zone is the truck's own, else DEFAULT_TIMEZONE, as the schedules have it.
 */
async function stopUnderWayEnds(tx: DbOrTx, truckId: number, zone: string, now: Date): Promise<Date | null> {
  const stops = (await loadStops(tx, [truckId])).get(truckId) ?? [];
  if (stops.length === 0) return null;
  const occurrences = expandStops(stops, zone, new Date(now.getTime() - 86_400_000), new Date(now.getTime() + 86_400_000));
  const current = occurrences.find((o) => o.start.toJSDate() <= now && now < o.end.toJSDate());
  return current ? current.end.toJSDate() : null;
}

/**
 * Whether the truck takes orders now, and the estimated wait: the one home of these rules (the
 * diners' ordering panel and the order itself both read it). The wait is the preparation time,
 * plus 15 minutes for every full window of active orders ahead when the throttle is set (at most N
 * orders per 15 minutes).
 */
async function orderGate(
  tx: DbOrTx,
  truck: { id: number; operatorId: number | null; isOpen: boolean; name: string; timeZone: string | null },
  defaultTimeZone: string,
): Promise<OrderGate> {
  const [row] = await tx
    .select({
      pausedUntil: truckOrderSettings.pausedUntil,
      maxOrdersPer15Min: truckOrderSettings.maxOrdersPer15Min,
      prepMinutes: truckOrderSettings.prepMinutes,
      now: sql<Date>`now()`.mapWith((v: unknown) => new Date(String(v))),
      latestPickupAt: endOfTruckDay(truck.id, defaultTimeZone).mapWith((v: unknown) => new Date(String(v))),
      ahead: sql<number>`(select count(*) from ${orders} where ${orders.foodTruckId} = ${truck.id} and ${orders.status} in ('received', 'preparing'))`.mapWith(Number),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(truckOrderSettings, eq(truckOrderSettings.foodTruckId, truck.id));
  const settings = {
    pausedUntil: row?.pausedUntil ?? null,
    maxOrdersPer15Min: row?.maxOrdersPer15Min ?? null,
    prepMinutes: row?.prepMinutes ?? DEFAULT_PREP_MINUTES,
  };
  const now = row?.now ?? new Date();
  const [payout] =
    truck.operatorId === null
      ? []
      : await tx
          .select({ accountId: payoutAccounts.accountId })
          .from(payoutAccounts)
          .where(and(eq(payoutAccounts.operatorId, truck.operatorId), eq(payoutAccounts.chargesEnabled, true)))
          .limit(1);
  const zone = truck.timeZone ?? defaultTimeZone;
  let refusal: string | null = null;
  if (truck.operatorId === null || !payout) refusal = ORDERING_REFUSALS.offline(truck.name);
  else if (!(await operatorHasActiveSubscription(tx, truck.operatorId))) refusal = ORDERING_REFUSALS.notTaking(truck.name);
  else if (!truck.isOpen) refusal = ORDERING_REFUSALS.closed(truck.name);
  else if (settings.pausedUntil && settings.pausedUntil > now)
    refusal = ORDERING_REFUSALS.paused(truck.name, localClock(settings.pausedUntil, zone));
  const windows = settings.maxOrdersPer15Min ? Math.floor((row?.ahead ?? 0) / settings.maxOrdersPer15Min) : 0;
  // Pickup runs to the end of the truck's day, or of its scheduled stop under way, whichever is sooner.
  const endOfDay = row?.latestPickupAt ?? now;
  const stopEnds = await stopUnderWayEnds(tx, truck.id, zone, now);
  return {
    now,
    settings,
    payoutAccountId: payout?.accountId ?? null,
    refusal,
    estimatedWaitMinutes: settings.prepMinutes + windows * ORDER_LIMITS.windowMinutes,
    latestPickupAt: stopEnds && stopEnds < endOfDay ? stopEnds : endOfDay,
  };
}

/**
 * Whether a truck diners see takes orders now, why not, and the wait: what its ordering panel
 * and the voice assistant ("can I order ahead at Taco Libre") both say. Undefined for a truck
 * diners do not see.
 */
export async function orderingNow(db: DbOrTx, truckId: number, defaultTimeZone: string): Promise<OrderGate | undefined> {
  const seen = isRowId(truckId) ? await findVisibleTruck(db, null, truckId) : undefined;
  if (!seen) return undefined;
  const [zone] = await db.select({ timeZone: foodTrucks.timeZone }).from(foodTrucks).where(eq(foodTrucks.id, truckId));
  return orderGate(db, { ...seen, timeZone: zone?.timeZone ?? null }, defaultTimeZone);
}

/** GET /api/food-trucks/:id/ordering: what the diner's order panel shows before ordering. */
export async function truckOrdering(deps: OrderServiceDeps, truckId: number): Promise<Omit<TruckOrdering, 'latestPickupAt'> & { latestPickupAt: Date }> {
  // Any truck diners see answers (the panel then says why it takes no orders, e.g. a claimed
  // listing whose operator has not subscribed); the others are missing, as on the truck's page.
  const gate = await orderingNow(deps.db, truckId, deps.defaultTimeZone);
  if (!gate) throw notFound('Food truck not found');
  return {
    accepting: gate.refusal === null,
    reason: gate.refusal,
    estimatedWaitMinutes: gate.estimatedWaitMinutes,
    latestPickupAt: gate.latestPickupAt,
    paymentMode: deps.payments.mode,
  };
}

/** What identifies a request under its idempotency key: everything but the card. */
function requestHash(input: OrderCreateInput): string {
  const { card: _card, ...rest } = input;
  const items = [...rest.items].sort((a, b) => a.menuItemId - b.menuItemId);
  return createHash('sha256').update(JSON.stringify({ ...rest, items, note: rest.note?.trim() ?? null })).digest('hex');
}

/** The same key again: the order it made (201 → 200), or 409 if the request differs. */
async function existingOrder(tx: DbOrTx, actor: AuthUser, key: string, hash: string): Promise<OrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, actor.id), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (row && row.requestHash !== hash) throw conflict('This Idempotency-Key was already used for a different order.');
  return row;
}

export type CreateOrderResult = { order: PresentedOrder; replayed: boolean; paymentClientSecret: string | null };

/** An unpaid Stripe order holds its portions this long; then the next order at the truck releases them. */
export const UNPAID_ORDER_MINUTES = 30;

/**
 * Stripe mode: orders of this truck still unpaid after UNPAID_ORDER_MINUTES are cancelled (nothing
 * was charged, so nothing is refunded) and their portions go back on sale. Runs inside the order
 * transaction, under the truck's row lock, so no worker is needed to free the last portion.
 */
async function releaseUnpaid(tx: Tx, truckId: number): Promise<void> {
  const stale = await tx
    .update(orders)
    .set({ status: 'cancelled', paymentClientSecret: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.foodTruckId, truckId),
        eq(orders.status, 'awaiting_payment'),
        lt(orders.createdAt, sql`now() - make_interval(mins => ${UNPAID_ORDER_MINUTES})`),
      ),
    )
    .returning({ id: orders.id, lines: orders.lines });
  for (const order of stale) await restorePortions(tx, order.lines);
}

async function restorePortions(tx: Tx, lines: readonly { menuItemId: number; quantity: number }[]): Promise<void> {
  for (const line of lines) {
    await tx
      .update(menuItems)
      .set({ stockLeft: sql`${menuItems.stockLeft} + ${line.quantity}` })
      .where(and(eq(menuItems.id, line.menuItemId), sql`${menuItems.stockLeft} is not null`));
  }
}

/**
 * POST /api/orders. In one transaction: a lock on (diner, key) so a double click waits for the
 * first request and then finds its order; the truck's row lock (its orders are taken one at a
 * time, so the throttle counts right); the gate; prices and availability from the menu; the
 * portions taken by a conditional update (never below zero); the payment; the order.
 * Test mode charges the card here: a declined card rolls everything back (nothing stored, nothing
 * charged) and answers 402. Stripe mode creates the PaymentIntent (a destination charge to the
 * operator's Connect account, less the platform fee) under a key of the diner's key, and the order
 * waits in `awaiting_payment` until Stripe says it is paid (confirmOrderPayment, or the webhook).
 */
export async function createOrder(
  deps: OrderServiceDeps,
  actor: AuthUser,
  idempotencyKey: string | undefined,
  input: OrderCreateInput,
): Promise<CreateOrderResult> {
  if (!idempotencyKey || !ORDER_LIMITS.idempotencyKey.test(idempotencyKey)) {
    throw badRequest('An Idempotency-Key header (8–100 letters, digits, - or _) is required.');
  }
  const payments = deps.payments;
  if (payments.mode === 'test' && !input.card) throw badRequest('Enter your card details.', { card: ['Enter your card details.'] });
  const hash = requestHash(input);
  return deps.db.transaction(async (tx): Promise<CreateOrderResult> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order:${actor.id}:${idempotencyKey}`}))`);
    const earlier = await existingOrder(tx, actor, idempotencyKey, hash);
    if (earlier) return { order: await getOrder(tx, actor, earlier.id), replayed: true, paymentClientSecret: earlier.paymentClientSecret };

    const [truck] = await tx
      .select({
        id: foodTrucks.id,
        name: foodTrucks.name,
        operatorId: foodTrucks.operatorId,
        isOpen: foodTrucks.isOpen,
        retiredAt: foodTrucks.retiredAt,
        timeZone: foodTrucks.timeZone,
      })
      .from(foodTrucks)
      .where(eq(foodTrucks.id, input.foodTruckId))
      .for('update')
      .limit(1);
    if (!truck || truck.retiredAt) throw notFound('Food truck not found');
    const gate = await orderGate(tx, truck, deps.defaultTimeZone);
    if (gate.refusal) throw conflict(gate.refusal);

    const earliest = new Date(gate.now.getTime() + gate.estimatedWaitMinutes * 60_000);
    let pickupAt: Date | null = null;
    if (input.pickup !== 'asap') {
      pickupAt = new Date(input.pickup);
      const zone = truck.timeZone ?? deps.defaultTimeZone;
      if (pickupAt.getTime() < earliest.getTime() - 60_000) {
        throw badRequest(`The earliest pickup is ${localClock(earliest, zone)}.`, { pickup: ['Choose a later time, or as soon as possible.'] });
      }
      if (pickupAt > gate.latestPickupAt) {
        const message = `Choose a pickup time by ${localClock(gate.latestPickupAt, zone)}, while the truck is there today.`;
        throw badRequest(message, { pickup: [message] });
      }
    }
    if (payments.mode === 'stripe') await releaseUnpaid(tx, truck.id);

    const ids = input.items.map((i) => i.menuItemId);
    const menu = await tx
      .select({
        id: menuItems.id,
        name: menuItems.name,
        priceCents: menuItems.priceCents,
        available: menuItems.available,
        stockLeft: menuItems.stockLeft,
        soldOut: sql<boolean>`coalesce(${menuItems.soldOutUntil} > now(), false)`,
      })
      .from(menuItems)
      .where(and(eq(menuItems.foodTruckId, truck.id), inArray(menuItems.id, ids)));
    const byId = new Map(menu.map((m) => [m.id, m]));
    const lines = input.items.map((wanted) => {
      const item = byId.get(wanted.menuItemId);
      if (!item) throw badRequest(`An item in your cart is no longer on ${truck.name}'s menu.`);
      if (!item.available || item.soldOut || item.stockLeft === 0) throw conflict(`${item.name} is sold out.`);
      return { menuItemId: item.id, name: item.name, unitCents: item.priceCents, quantity: wanted.quantity, limited: item.stockLeft !== null };
    });
    let soldOutNow = false;
    for (const line of lines.filter((l) => l.limited)) {
      // The portions are taken only if enough are left: two orders for the last one cannot both pass.
      const [taken] = await tx
        .update(menuItems)
        .set({ stockLeft: sql`${menuItems.stockLeft} - ${line.quantity}` })
        .where(and(eq(menuItems.id, line.menuItemId), gte(menuItems.stockLeft, line.quantity)))
        .returning({ left: menuItems.stockLeft });
      if (!taken) throw conflict(`Not enough ${line.name} left for your order.`);
      if (taken.left === 0) soldOutNow = true;
    }
    const subtotalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
    const platformFeeCents = Math.floor((subtotalCents * deps.platformFeeBps) / 10_000);

    let payment: { status: OrderStatus; paymentId: string; clientSecret: string | null; card: { brand: string; last4: string } | null };
    if (payments.mode === 'test') {
      const charge = payments.chargeCard(input.card ?? { cardNumber: '', expiry: '', cvc: '' }, subtotalCents);
      if (charge.status === 'invalid') {
        const messages = Object.entries(charge.fieldErrors).filter((e): e is [string, string] => Boolean(e[1]));
        throw badRequest(messages[0]?.[1] ?? 'Your card details are incomplete.', Object.fromEntries(messages.map(([f, m]) => [f, [m]])));
      }
      // Declined: thrown, so the transaction rolls back the portions taken (nothing stored, nothing charged).
      if (charge.status === 'failed') throw new HttpError(402, charge.message);
      payment = { status: 'received', paymentId: charge.paymentId, clientSecret: null, card: charge.card };
    } else {
      const destination = gate.payoutAccountId;
      if (!destination) throw conflict(ORDERING_REFUSALS.offline(truck.name));
      const intent = await atProvider(() =>
        payments.createOrderPayment({
          amountCents: subtotalCents,
          currency: 'usd',
          destination,
          applicationFeeCents: platformFeeCents,
          idempotencyKey: `order-${actor.id}-${idempotencyKey}`,
          metadata: { customerId: String(actor.id), foodTruckId: String(truck.id) },
        }),
      );
      payment = { status: 'awaiting_payment', paymentId: intent.paymentId, clientSecret: intent.clientSecret, card: null };
    }

    const [row] = await tx
      .insert(orders)
      .values({
        customerId: actor.id,
        foodTruckId: truck.id,
        status: payment.status,
        lines: lines.map(({ limited: _limited, ...line }) => line),
        subtotalCents,
        platformFeeCents,
        totalCents: subtotalCents,
        note: input.note?.trim() || null,
        pickupAt,
        estimatedReadyAt: pickupAt && pickupAt > earliest ? pickupAt : earliest,
        idempotencyKey,
        requestHash: hash,
        provider: payments.providerName,
        providerPaymentId: payment.paymentId,
        paymentClientSecret: payment.clientSecret,
        payoutAccountId: gate.payoutAccountId,
        cardBrand: payment.card?.brand ?? null,
        cardLast4: payment.card?.last4 ?? null,
      })
      .returning({ id: orders.id });
    if (!row) throw new Error('order insert returned no row');
    // The last portion went: diners' menus show the item sold out (a truck event, as for any menu change).
    if (soldOutNow) {
      const full = await findTruck(tx, truck.id);
      if (full) await publishTruckEvent(tx, 'updated', full);
    }
    // The truck hears of an order once it is paid.
    if (payment.status === 'received') await notifyOrder(tx, row.id);
    return { order: await getOrder(tx, actor, row.id), replayed: false, paymentClientSecret: payment.clientSecret };
  });
}

/**
 * Stripe says the order's PaymentIntent succeeded (the diner's confirm call, or the webhook, in
 * either order, any number of times): an order still awaiting payment becomes received, once, and
 * reaches the truck's queue. Returns whether this call changed it.
 */
export async function markOrderPaid(db: DbOrTx, paymentId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(orders)
      .set({ status: 'received', paymentClientSecret: null, updatedAt: sql`now()` })
      .where(and(eq(orders.providerPaymentId, paymentId), eq(orders.status, 'awaiting_payment')))
      .returning({ id: orders.id });
    if (paid) await notifyOrder(tx, paid.id);
    return Boolean(paid);
  });
}

/**
 * POST /api/orders/:id/confirm-payment (the diner, after the Payment Element): asks Stripe how the
 * payment stands. Paid: the order is received. Failed: 402, and the order keeps waiting for another
 * attempt with the same client secret. An order not awaiting payment is answered as it is.
 */
export async function confirmOrderPayment(deps: OrderServiceDeps, actor: AuthUser, id: number): Promise<FullOrder> {
  const order = await getOrder(deps.db, actor, id);
  if (isAdmin(actor) || actor.role !== 'customer' || order.customerId !== actor.id) throw notFound(ORDER_NOT_FOUND);
  const payments = deps.payments;
  if (order.status !== 'awaiting_payment' || payments.mode !== 'stripe') return order;
  const status = await atProvider(() => payments.orderPaymentStatus(order.providerPaymentId));
  if (status === 'failed') throw new HttpError(402, 'Your payment did not go through. Please try another card.');
  if (status === 'succeeded') await markOrderPaid(deps.db, order.providerPaymentId);
  return getOrder(deps.db, actor, id);
}

// ---------------------------------------------------------------------------------------------
// Changing orders

/** The order, locked, if the actor may act on it as `as`; 404 otherwise. */
async function lockOrder(tx: Tx, actor: AuthUser, id: number, as: 'operator' | 'customer' | 'admin'): Promise<OrderRow> {
  if (!isRowId(id)) throw notFound(ORDER_NOT_FOUND);
  const own =
    as === 'admin'
      ? eq(orders.id, id)
      : as === 'operator'
        ? and(eq(orders.id, id), sql`${orders.foodTruckId} in (select id from food_trucks where operator_id = ${actor.id})`)
        : and(eq(orders.id, id), eq(orders.customerId, actor.id));
  const [row] = await tx.select().from(orders).where(own).for('update').limit(1);
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

const roleOf = (actor: AuthUser): 'operator' | 'customer' | 'admin' =>
  isAdmin(actor) ? 'admin' : actor.role === 'operator' ? 'operator' : 'customer';

/** The one tap per status: received → preparing → ready → picked up (ready may skip preparing). */
const NEXT: Record<OrderProgressStatus, readonly OrderStatus[]> = {
  preparing: ['received'],
  ready: ['received', 'preparing'],
  picked_up: ['ready'],
};

/** PATCH /api/orders/:id/status by the truck's operator (or an admin). "Ready" texts and pushes the diner. */
export async function progressOrder(deps: OrderServiceDeps, actor: AuthUser, id: number, to: OrderProgressStatus): Promise<PresentedOrder> {
  return deps.db.transaction(async (tx) => {
    const role = roleOf(actor);
    if (role === 'customer') throw notFound(ORDER_NOT_FOUND);
    const row = await lockOrder(tx, actor, id, role);
    if (row.status === to) return getOrder(tx, actor, row.id);
    if (!NEXT[to].includes(row.status)) throw conflict(`A ${row.status.replace('_', ' ')} order cannot become ${to.replace('_', ' ')}.`);
    await tx
      .update(orders)
      .set({ status: to, updatedAt: sql`now()`, readyAt: to === 'ready' ? sql`now()` : undefined })
      .where(eq(orders.id, row.id));
    const order = await getOrder(tx, actor, row.id);
    if (to === 'ready') await queueOrderReadyNotices(tx, { ...order, customerId: row.customerId }, deps.publicUrl);
    await notifyOrder(tx, row.id);
    return order;
  });
}

/**
 * Refusal (operator), cancellation (diner, while received) or an admin refund: the order ends and
 * its payment is refunded in full, exactly once — the order row is locked, only an active order
 * can end, and order_refunds is unique per order. Portions taken by the order go back on sale.
 * The diner may also cancel an order still awaiting payment: nothing to refund (cancelUnpaid).
 */
export async function endOrder(
  deps: OrderServiceDeps,
  actor: AuthUser,
  id: number,
  how: { kind: 'refuse' | 'cancel' | 'admin'; reason?: string | undefined },
  onEnded?: (tx: Tx, before: OrderRow) => Promise<void>,
): Promise<PresentedOrder> {
  return deps.db.transaction(async (tx) => {
    const role = how.kind === 'admin' ? 'admin' : how.kind === 'refuse' ? roleOf(actor) : 'customer';
    if (how.kind === 'refuse' && role === 'customer') throw notFound(ORDER_NOT_FOUND);
    const row = await lockOrder(tx, actor, id, role);
    if (how.kind === 'cancel' && row.status === 'awaiting_payment') {
      const ended = await cancelUnpaid(tx, deps, row);
      if (ended) return getOrder(tx, actor, row.id);
      // The payment went through first: the order is paid and received, and cancelled as such below.
      row.status = 'received';
    }
    if (!ACTIVE_ORDER_STATUSES.includes(row.status)) throw conflict(`This order is already ${row.status.replace('_', ' ')}.`);
    if (how.kind === 'cancel' && row.status !== 'received') {
      throw conflict('The truck has started on this order: ask at the window to cancel it.');
    }
    const status: OrderStatus = how.kind === 'cancel' ? 'cancelled' : 'refused';
    await endPaidOrder(tx, deps, row, { status, refusalReason: how.reason?.trim() || null, refundReason: how.kind === 'admin' ? 'admin' : status });
    await onEnded?.(tx, row);
    return getOrder(tx, actor, row.id);
  });
}

/**
 * Ends a paid, active order whose row the caller has locked: its status, its full refund at the
 * provider (once: the key is per order, and order_refunds is unique per order), its portions back on
 * sale, the order event, and — unless the diner cancelled it — a text and a push telling them
 * (ADR 0192). A provider that fails is a 502 and the transaction rolls back (the order stays
 * active); the key makes the next attempt the same refund at the provider, never a second one.
 */
async function endPaidOrder(
  tx: Tx,
  deps: Pick<OrderServiceDeps, 'payments' | 'publicUrl'>,
  row: OrderRow,
  end: { status: 'cancelled' | 'refused'; refusalReason: string | null; refundReason: string },
): Promise<void> {
  await tx.update(orders).set({ status: end.status, refusalReason: end.refusalReason, updatedAt: sql`now()` }).where(eq(orders.id, row.id));
  const { refundId } = await atProvider(() =>
    deps.payments.refundOrderPayment({
      paymentId: row.providerPaymentId,
      amountCents: row.totalCents,
      idempotencyKey: `order-refund-${row.id}`,
    }),
  );
  await tx.insert(orderRefunds).values({
    orderId: row.id,
    amountCents: row.totalCents,
    provider: row.provider,
    providerRefundId: refundId,
    reason: end.refundReason,
  });
  await restorePortions(tx, row.lines);
  if (end.status === 'refused') {
    const [truck] = await tx.select({ name: foodTrucks.name }).from(foodTrucks).where(eq(foodTrucks.id, row.foodTruckId)).limit(1);
    await queueOrderRefusedNotices(tx, { ...row, truckName: truck?.name ?? 'The truck', refusalReason: end.refusalReason }, deps.publicUrl);
  }
  await notifyOrder(tx, row.id);
}

/**
 * The worker's round (workers/unanswered-orders.ts): paid orders still `received` whose ready time
 * passed more than UNANSWERED_ORDER_MINUTES before `now` are refused and refunded, each in its own
 * transaction under its row lock (`skip locked`: an operator accepting it at that moment wins, and
 * the order is re-checked under the lock). A refund the provider refuses leaves that order for the
 * next round and the others go on; the round then fails with the first error, for the log. Returns
 * how many ended.
 */
export async function refuseUnanswered(deps: Pick<OrderServiceDeps, 'db' | 'payments' | 'publicUrl'>, now: Date, limit = 50): Promise<number> {
  const cutoff = new Date(now.getTime() - UNANSWERED_ORDER_MINUTES * 60_000);
  const due = await deps.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'received'), lt(orders.estimatedReadyAt, cutoff)))
    .orderBy(asc(orders.estimatedReadyAt))
    .limit(limit);
  let ended = 0;
  const failures: unknown[] = [];
  for (const { id } of due) {
    const done = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.id, id), eq(orders.status, 'received'), lt(orders.estimatedReadyAt, cutoff)))
        .for('update', { skipLocked: true })
        .limit(1);
      if (!row) return false;
      await endPaidOrder(tx, deps, row, { status: 'refused', refusalReason: UNANSWERED_REASON, refundReason: 'unanswered' });
      return true;
    }).catch((err: unknown) => {
      failures.push(err);
      return false;
    });
    if (done) ended += 1;
  }
  if (failures.length > 0) throw failures[0];
  return ended;
}

/**
 * The diner cancels an order still awaiting payment (Stripe mode), inside endOrder's transaction
 * with the order row locked: its PaymentIntent is cancelled at Stripe first, so it can no longer be
 * paid; the order is `cancelled` with nothing charged and no refund, its client secret dropped and
 * its portions back on sale (the truck never saw it: unpaid orders are not in the queue). Returns
 * false when the payment went through before the cancel reached Stripe: the caller marks it paid
 * and cancels it as a received order, with its refund. A late `payment_intent.succeeded` finds the
 * order no longer awaiting payment and changes nothing (markOrderPaid).
 */
async function cancelUnpaid(tx: Tx, deps: OrderServiceDeps, row: OrderRow): Promise<boolean> {
  const payments = deps.payments;
  const outcome = payments.mode === 'stripe' ? await atProvider(() => payments.cancelOrderPayment(row.providerPaymentId)) : 'canceled';
  if (outcome === 'succeeded') {
    await tx.update(orders).set({ status: 'received', paymentClientSecret: null, updatedAt: sql`now()` }).where(eq(orders.id, row.id));
    return false;
  }
  await tx.update(orders).set({ status: 'cancelled', paymentClientSecret: null, updatedAt: sql`now()` }).where(eq(orders.id, row.id));
  await restorePortions(tx, row.lines);
  await notifyOrder(tx, row.id);
  return true;
}

// ---------------------------------------------------------------------------------------------
// The operator's settings and payout account

async function ownTruck(db: DbOrTx, actor: AuthUser, truckId: number) {
  const [truck] = isRowId(truckId)
    ? await db.select({ id: foodTrucks.id, operatorId: foodTrucks.operatorId }).from(foodTrucks).where(manageableTruck(actor, truckId)).limit(1)
    : [];
  if (!truck) throw notFound('Food truck not found');
  return truck;
}

export async function readOrderSettings(db: DbOrTx, actor: AuthUser, truckId: number): Promise<Omit<OrderSettings, 'pausedUntil'> & { pausedUntil: Date | null }> {
  const truck = await ownTruck(db, actor, truckId);
  const [row] = await db.select().from(truckOrderSettings).where(eq(truckOrderSettings.foodTruckId, truck.id)).limit(1);
  const [payout] =
    truck.operatorId === null
      ? []
      : await db
          .select({ ok: payoutAccounts.chargesEnabled })
          .from(payoutAccounts)
          .where(eq(payoutAccounts.operatorId, truck.operatorId))
          .limit(1);
  const paused = row?.pausedUntil && row.pausedUntil > new Date() ? row.pausedUntil : null;
  return {
    pausedUntil: paused,
    maxOrdersPer15Min: row?.maxOrdersPer15Min ?? null,
    prepMinutes: row?.prepMinutes ?? DEFAULT_PREP_MINUTES,
    payoutsConnected: Boolean(payout?.ok),
  };
}

export async function writeOrderSettings(
  db: Database,
  actor: AuthUser,
  truckId: number,
  input: { pauseMinutes?: number | undefined; maxOrdersPer15Min?: number | null | undefined; prepMinutes?: number | undefined },
) {
  await db.transaction(async (tx) => {
    const truck = await ownTruck(tx, actor, truckId);
    const pausedUntil =
      input.pauseMinutes === undefined ? undefined : input.pauseMinutes === 0 ? null : sql<Date>`now() + make_interval(mins => ${input.pauseMinutes})`;
    await tx
      .insert(truckOrderSettings)
      .values({
        foodTruckId: truck.id,
        pausedUntil: pausedUntil ?? null,
        maxOrdersPer15Min: input.maxOrdersPer15Min ?? null,
        prepMinutes: input.prepMinutes ?? DEFAULT_PREP_MINUTES,
      })
      .onConflictDoUpdate({
        target: truckOrderSettings.foodTruckId,
        set: { pausedUntil, maxOrdersPer15Min: input.maxOrdersPer15Min, prepMinutes: input.prepMinutes, updatedAt: sql`now()` },
      });
    // A pause or its end changes what diners' ordering panels say: the truck's `updated` makes
    // every open page ask again (the client's truck cache refetches the panel on it).
    if (pausedUntil !== undefined) {
      const full = await findTruck(tx, truck.id);
      if (full) await publishTruckEvent(tx, 'updated', full);
    }
  });
  return readOrderSettings(db, actor, truckId);
}

/** POST /api/operator/payouts/connect: the operator's payout account (test mode: connected at once). */
export async function connectPayouts(deps: OrderServiceDeps, actor: AuthUser) {
  const [existing] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.operatorId, actor.id)).limit(1);
  const [account] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  const state = await atProvider(() =>
    deps.payments.connectPayoutAccount({
      operatorId: actor.id,
      accountId: existing?.provider === deps.payments.providerName ? existing.accountId : null,
      email: account?.email ?? null,
      returnUrl: `${deps.publicUrl}/operator-dashboard`,
    }),
  );
  await deps.db
    .insert(payoutAccounts)
    .values({ operatorId: actor.id, provider: deps.payments.providerName, accountId: state.accountId, chargesEnabled: state.chargesEnabled })
    .onConflictDoUpdate({
      target: payoutAccounts.operatorId,
      set: { provider: deps.payments.providerName, accountId: state.accountId, chargesEnabled: state.chargesEnabled, updatedAt: sql`now()` },
    });
  return { connected: state.chargesEnabled, onboardingUrl: state.onboardingUrl, testMode: deps.payments.mode === 'test' };
}

export async function readPayouts(deps: OrderServiceDeps, actor: AuthUser) {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.operatorId, actor.id)).limit(1);
  return { connected: Boolean(row?.chargesEnabled), onboardingUrl: null, testMode: deps.payments.mode === 'test' };
}

// ---------------------------------------------------------------------------------------------
// Admin lists

export async function adminListOrders(db: DbOrTx, page: { limit: number; beforeId?: number | undefined }) {
  const rows = await ordersQuery(db)
    .where(page.beforeId ? lt(orders.id, page.beforeId) : undefined)
    .orderBy(desc(orders.id))
    .limit(page.limit);
  return rows.map(presentOrder);
}

export async function adminListRefunds(db: DbOrTx, page: { limit: number; beforeId?: number | undefined }) {
  return db
    .select({
      id: orderRefunds.id,
      orderId: orderRefunds.orderId,
      truckName: foodTrucks.name,
      amountCents: orderRefunds.amountCents,
      currency: orders.currency,
      reason: orderRefunds.reason,
      refusalReason: orders.refusalReason,
      provider: orderRefunds.provider,
      providerRefundId: orderRefunds.providerRefundId,
      createdAt: orderRefunds.createdAt,
    })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .innerJoin(foodTrucks, eq(foodTrucks.id, orders.foodTruckId))
    .where(page.beforeId ? lt(orderRefunds.id, page.beforeId) : undefined)
    .orderBy(desc(orderRefunds.id))
    .limit(page.limit);
}
