import { z } from 'zod';
import { isoDate, rowId, text } from './common';

/**
 * Order ahead and pick up (issue 30). Every money figure is integer cents. The server computes
 * prices, totals and availability from the menu; the client sends only what it wants.
 */
/** `awaiting_payment`: Stripe mode only, until the diner's card payment succeeds (the truck does not see it yet). */
export const ORDER_STATUSES = ['awaiting_payment', 'received', 'preparing', 'ready', 'picked_up', 'refused', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Statuses the operator moves an order to with one tap (refusal has its own call: it refunds). */
export const ORDER_PROGRESS_STATUSES = ['preparing', 'ready', 'picked_up'] as const;
export type OrderProgressStatus = (typeof ORDER_PROGRESS_STATUSES)[number];
/** The order is still being made or waits at the window. */
export const ACTIVE_ORDER_STATUSES: readonly OrderStatus[] = ['received', 'preparing', 'ready'];
/** The statuses that ended with a refund. */
export const REFUNDED_ORDER_STATUSES: readonly OrderStatus[] = ['refused', 'cancelled'];

/**
 * A paid order nobody at the truck accepted is refused and refunded this long after the time it was
 * to be ready (ADR 0191): the diner is never left with a paid order that says "Received" for good.
 */
export const UNANSWERED_ORDER_MINUTES = 15;
/** That refusal's reason, as the diner's order page and the kitchen's ended tickets show it. */
export const UNANSWERED_REASON = 'Not accepted in time';
/** When a received order whose ready time is `estimatedReadyAt` is refused if nobody has accepted it. */
export const unansweredAt = (estimatedReadyAt: string | Date): Date =>
  new Date(new Date(estimatedReadyAt).getTime() + UNANSWERED_ORDER_MINUTES * 60_000);

/** Why an order was refunded (`order_refunds.reason`), as the admin panel says it. */
export const REFUND_REASON_LABELS: Record<string, string> = {
  refused: 'Refused by the truck',
  cancelled: 'Cancelled by the diner',
  admin: 'Refunded by an admin',
  unanswered: UNANSWERED_REASON,
};

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: 'Awaiting payment',
  received: 'Received',
  preparing: 'Preparing',
  ready: 'Ready',
  picked_up: 'Picked up',
  refused: 'Refused',
  cancelled: 'Cancelled',
};

export const ORDER_LIMITS = {
  maxLines: 30,
  maxQuantity: 20,
  noteMax: 300,
  /** Idempotency-Key header: 8–100 characters of [A-Za-z0-9_-]. */
  idempotencyKey: /^[A-Za-z0-9_-]{8,100}$/,
  maxPauseMinutes: 240,
  maxPerWindow: 500,
  /** An order's preparation time, the wait diners are told. */
  maxPrepMinutes: 240,
  /** The throttle's window. */
  windowMinutes: 15,
} as const;

/** One line of an order as stored and sent: a snapshot of the menu item when ordered. */
export const orderLineSchema = z.object({
  menuItemId: z.number().int(),
  name: z.string(),
  unitCents: z.number().int(),
  quantity: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderRefundSchema = z.object({
  amountCents: z.number().int(),
  reason: z.string(),
  createdAt: isoDate,
});

export const orderSchema = z.object({
  id: z.number().int(),
  /** The number called at the window, shown in large type. */
  number: z.string(),
  foodTruckId: z.number().int(),
  truckName: z.string(),
  status: z.enum(ORDER_STATUSES),
  lines: z.array(orderLineSchema),
  subtotalCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  note: z.string().nullable(),
  pickupAt: isoDate.nullable(),
  estimatedReadyAt: isoDate,
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  refusalReason: z.string().nullable(),
  refund: orderRefundSchema.nullable(),
  /** The diner's first name or username, for the operator's queue. */
  customerName: z.string(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Order = z.input<typeof orderSchema>;

/**
 * What POST /api/orders answers: the order, and in Stripe mode the PaymentIntent's client secret the
 * Payment Element confirms (null in test mode, where the card was charged already).
 */
export const placedOrderSchema = orderSchema.extend({ paymentClientSecret: z.string().nullable() });
export type PlacedOrder = z.input<typeof placedOrderSchema>;

/** The test-mode card fields (the rules live in shared/utils/payment-card.ts). */
const testCard = z.object({
  cardNumber: z.string().max(40),
  expiry: z.string().max(10),
  cvc: z.string().max(8),
});

/** POST /api/orders (with an Idempotency-Key header). */
export const orderCreateSchema = z.object({
  foodTruckId: rowId,
  items: z
    .array(z.object({ menuItemId: rowId, quantity: z.number().int().min(1).max(ORDER_LIMITS.maxQuantity) }))
    .min(1, 'Your cart is empty')
    .max(ORDER_LIMITS.maxLines)
    .refine((items) => new Set(items.map((i) => i.menuItemId)).size === items.length, 'Each item once, with its quantity'),
  /** 'asap', or an ISO instant later today while the truck is open. */
  pickup: z.union([z.literal('asap'), z.iso.datetime({ offset: true })]),
  note: text().trim().max(ORDER_LIMITS.noteMax).optional(),
  /** Test mode only: the card to charge (never stored; only its brand and last four digits). */
  card: testCard.optional(),
});
export type OrderCreateInput = z.input<typeof orderCreateSchema>;

export const orderProgressSchema = z.object({ status: z.enum(ORDER_PROGRESS_STATUSES) });
/** The longest reason a truck may give the diner for refusing their order. */
export const REFUSAL_REASON_MAX = 200;
/** The kitchen's one-tap reasons for a refusal (its own words are welcome too). */
export const REFUSAL_SUGGESTIONS = ['Sold out', 'Too busy right now', 'Closing early'] as const;
export const orderRefuseSchema = z.object({ reason: text().trim().max(REFUSAL_REASON_MAX).optional() });

/**
 * Why a truck takes no order now, in the words diners read — the one home of these texts: the
 * server's ordering panel (`reason`) and its refusal of an order (409 `message`) say exactly this,
 * and every surface that offers ordering shows `reason` instead of a button.
 */
export const ORDERING_REFUSALS = {
  offline: (truck: string) => `${truck} does not take orders online.`,
  notTaking: (truck: string) => `${truck} is not taking orders right now.`,
  closed: (truck: string) => `${truck} is closed right now. Ordering opens when the truck does.`,
  /** `until`: the truck's local time, e.g. '12:40 PM'. */
  paused: (truck: string, until: string) => `${truck} has paused orders until ${until}. Please check back then.`,
} as const;

/** What diners see before ordering: GET /api/food-trucks/:id/ordering. */
export const truckOrderingSchema = z.object({
  accepting: z.boolean(),
  /** Why not, in words the diner reads (ORDERING_REFUSALS). */
  reason: z.string().nullable(),
  /** Minutes until an order placed now would be ready. */
  estimatedWaitMinutes: z.number().int(),
  /** The end of the truck's day: pickup slots run until then. */
  latestPickupAt: isoDate,
  paymentMode: z.enum(['test', 'stripe']),
});
export type TruckOrdering = z.input<typeof truckOrderingSchema>;

/** The operator's ordering settings of one truck. */
export const orderSettingsSchema = z.object({
  pausedUntil: isoDate.nullable(),
  maxOrdersPer15Min: z.number().int().nullable(),
  prepMinutes: z.number().int(),
  payoutsConnected: z.boolean(),
});
export type OrderSettings = z.input<typeof orderSettingsSchema>;

const WHOLE_ORDERS = 'Enter a whole number of orders, or leave it empty for no limit';
const WHOLE_MINUTES = 'Enter the preparation time in whole minutes';

export const orderSettingsUpdateSchema = z.object({
  /** Pause ordering for this many minutes from now; 0 resumes. */
  pauseMinutes: z.number().int().min(0).max(ORDER_LIMITS.maxPauseMinutes).optional(),
  maxOrdersPer15Min: z
    .number({ error: WHOLE_ORDERS })
    .int(WHOLE_ORDERS)
    .min(1, WHOLE_ORDERS)
    .max(ORDER_LIMITS.maxPerWindow, `At most ${ORDER_LIMITS.maxPerWindow} orders per ${ORDER_LIMITS.windowMinutes} minutes`)
    .nullable()
    .optional(),
  /** How long an order takes: the wait diners are told (and the voice assistant's shortest wait). */
  prepMinutes: z
    .number({ error: WHOLE_MINUTES })
    .int(WHOLE_MINUTES)
    .min(1, 'Preparation takes at least 1 minute')
    .max(ORDER_LIMITS.maxPrepMinutes, `Preparation takes at most ${ORDER_LIMITS.maxPrepMinutes} minutes`)
    .optional(),
});
export type OrderSettingsChange = z.input<typeof orderSettingsUpdateSchema>;

/**
 * GET /api/operator/orders/counts: each of the operator's trucks with orders in progress, how many
 * wait for the kitchen to accept them ('received') and how many are in progress in all.
 */
export const truckOrderCountSchema = z.object({
  foodTruckId: z.number().int(),
  received: z.number().int(),
  active: z.number().int(),
});
export type TruckOrderCount = z.infer<typeof truckOrderCountSchema>;

export const payoutAccountSchema = z.object({
  connected: z.boolean(),
  /** Stripe mode: where the operator finishes onboarding; null in test mode (connected at once). */
  onboardingUrl: z.string().nullable(),
  testMode: z.boolean(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** Admin lists. */
export const adminOrderSchema = orderSchema.extend({
  customerId: z.number().int(),
  provider: z.string(),
  providerPaymentId: z.string(),
  platformFeeCents: z.number().int(),
});
export const adminRefundSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  truckName: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** `refused`, `cancelled`, `admin` or `unanswered` (REFUND_REASON_LABELS). */
  reason: z.string(),
  /** The truck's own words when it refused, if it gave any. */
  refusalReason: z.string().nullable(),
  provider: z.string(),
  providerRefundId: z.string(),
  createdAt: isoDate,
});
export type AdminOrder = z.input<typeof adminOrderSchema>;
export type AdminRefund = z.input<typeof adminRefundSchema>;

/** `event: order` frames of GET /api/events: to the diner who ordered, the truck's operator and admins. */
export const orderEventSchema = z.object({ order: orderSchema });

/** "$12.50" from cents. */
export const formatCents = (cents: number, currency = 'usd'): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
