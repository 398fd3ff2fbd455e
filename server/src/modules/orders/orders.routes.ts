import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOrderSchema,
  adminRefundSchema,
  orderCreateSchema,
  orderProgressSchema,
  orderRefuseSchema,
  orderSchema,
  orderSettingsSchema,
  orderSettingsUpdateSchema,
  payoutAccountSchema,
  placedOrderSchema,
  truckOrderCountSchema,
  truckOrderingSchema,
} from '@shared/contracts/orders';
import { DEFAULT_TIME_ZONE } from '@shared/contracts/schedules';
import { errorResponses, idParams } from '../../lib/route-params';
import { currentUser, requireUser } from '../../plugins/auth';
import { writeAudit } from '../admin/audit-log';
import {
  adminListOrders,
  adminListRefunds,
  confirmOrderPayment,
  connectPayouts,
  createOrder,
  endOrder,
  getOrder,
  listMyOrders,
  listTruckQueue,
  operatorOrderCounts,
  progressOrder,
  readOrderSettings,
  readPayouts,
  truckOrdering,
  writeOrderSettings,
  type OrderServiceDeps,
} from './orders.service';

const tags = ['orders'];
const errors = errorResponses(400, 401, 402, 403, 404, 409, 502);
const orderList = z.array(orderSchema);
const adminPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  beforeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/**
 * Order ahead and pick up (issue 30, ADR 0162): diners order and pay, the truck's operator works
 * the queue, admins list orders and refunds. Every change is NOTIFYed (ORDER_EVENTS_CHANNEL) and
 * reaches the event stream of the diner, the operator and admins.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: OrderServiceDeps = {
    db: app.db,
    payments: app.integrations.payments,
    defaultTimeZone: app.config.defaultTimeZone ?? DEFAULT_TIME_ZONE,
    // Read on each call: tests learn the server's address only once it listens.
    get publicUrl() {
      return app.config.publicUrl;
    },
    platformFeeBps: app.config.orderPlatformFeeBps ?? 0,
  };
  const customer = requireUser('customer');
  const kitchen = requireUser('operator', 'admin');
  const admin = requireUser('admin');

  app.get(
    '/api/food-trucks/:id/ordering',
    {
      schema: {
        tags,
        summary: 'Whether the truck takes orders now, the estimated wait and the latest pickup time today',
        params: idParams,
        response: { 200: truckOrderingSchema, ...errorResponses(404) },
      },
    },
    async (request) => truckOrdering(deps, request.params.id),
  );

  app.post(
    '/api/orders',
    {
      preHandler: customer,
      schema: {
        tags,
        summary:
          'Order and pay (Idempotency-Key header: a retry returns the same order, 200). Test mode charges the card; Stripe mode answers the PaymentIntent client secret to confirm',
        headers: z.object({ 'idempotency-key': z.string().max(200).optional() }),
        body: orderCreateSchema,
        response: { 200: placedOrderSchema, 201: placedOrderSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { order, replayed, paymentClientSecret } = await createOrder(deps, currentUser(request), request.headers['idempotency-key'], request.body);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(replayed ? 200 : 201).send({ ...order, paymentClientSecret });
    },
  );

  app.post(
    '/api/orders/:id/confirm-payment',
    {
      preHandler: customer,
      schema: {
        tags,
        summary: "Stripe mode: after the Payment Element, the order becomes received once Stripe says it is paid (idempotent; 402 when the payment failed)",
        params: idParams,
        response: { 200: orderSchema, ...errorResponses(401, 402, 403, 404, 502) },
      },
    },
    async (request) => confirmOrderPayment(deps, currentUser(request), request.params.id),
  );

  app.get(
    '/api/orders',
    { preHandler: customer, schema: { tags, summary: "The diner's own orders, newest first", response: { 200: orderList, ...errorResponses(401, 403) } } },
    async (request) => listMyOrders(app.db, currentUser(request)),
  );

  app.get(
    '/api/orders/:id',
    {
      preHandler: requireUser(),
      schema: { tags, summary: "An order: the diner's own, or one of the operator's trucks", params: idParams, response: { 200: orderSchema, ...errorResponses(401, 404) } },
    },
    async (request) => getOrder(app.db, currentUser(request), request.params.id),
  );

  app.patch(
    '/api/orders/:id/status',
    {
      preHandler: kitchen,
      schema: { tags, summary: 'One tap: preparing, ready (texts the diner) or picked up', params: idParams, body: orderProgressSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => progressOrder(deps, currentUser(request), request.params.id, request.body.status),
  );

  app.post(
    '/api/orders/:id/refuse',
    {
      preHandler: kitchen,
      schema: { tags, summary: 'Refuse an active order: it is refunded in full, once', params: idParams, body: orderRefuseSchema, response: { 200: orderSchema, ...errors } },
    },
    async (request) => endOrder(deps, currentUser(request), request.params.id, { kind: 'refuse', reason: request.body.reason }),
  );

  app.post(
    '/api/orders/:id/cancel',
    {
      preHandler: customer,
      schema: { tags, summary: 'The diner cancels an order the truck has not started: refunded in full, once (an unpaid one: nothing charged)', params: idParams, response: { 200: orderSchema, ...errors } },
    },
    async (request) => endOrder(deps, currentUser(request), request.params.id, { kind: 'cancel' }),
  );

  app.get(
    '/api/food-trucks/:id/orders',
    {
      preHandler: kitchen,
      schema: { tags, summary: "The truck's order queue: active orders and those ended in the last 12 hours", params: idParams, response: { 200: orderList, ...errorResponses(401, 403, 404) } },
    },
    async (request) => listTruckQueue(app.db, currentUser(request), request.params.id),
  );

  app.get(
    '/api/operator/orders/counts',
    {
      preHandler: requireUser('operator'),
      schema: {
        tags,
        summary: "Per truck of the caller's with orders in progress: how many wait to be accepted, and how many in all",
        response: { 200: z.array(truckOrderCountSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => operatorOrderCounts(app.db, currentUser(request)),
  );

  app.get(
    '/api/food-trucks/:id/order-settings',
    {
      preHandler: kitchen,
      schema: { tags, params: idParams, response: { 200: orderSettingsSchema, ...errorResponses(401, 403, 404) } },
    },
    async (request) => readOrderSettings(app.db, currentUser(request), request.params.id),
  );

  app.put(
    '/api/food-trucks/:id/order-settings',
    {
      preHandler: kitchen,
      schema: {
        tags,
        summary: 'Pause ordering for N minutes, the throttle (orders per 15 minutes) and the preparation time',
        params: idParams,
        body: orderSettingsUpdateSchema,
        response: { 200: orderSettingsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => writeOrderSettings(app.db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/operator/payouts',
    { preHandler: requireUser('operator'), schema: { tags, response: { 200: payoutAccountSchema, ...errorResponses(401, 403) } } },
    async (request) => readPayouts(deps, currentUser(request)),
  );

  app.post(
    '/api/operator/payouts/connect',
    {
      preHandler: requireUser('operator'),
      schema: { tags, summary: 'Connect the payout account (Stripe Connect onboarding; test mode: a simulated account)', response: { 200: payoutAccountSchema, ...errorResponses(401, 403) } },
    },
    async (request) => connectPayouts(deps, currentUser(request)),
  );

  app.get(
    '/api/admin/orders',
    { preHandler: admin, schema: { tags, querystring: adminPageQuery, response: { 200: z.array(adminOrderSchema), ...errorResponses(400, 401, 403) } } },
    async (request) => adminListOrders(app.db, request.query),
  );

  app.get(
    '/api/admin/refunds',
    { preHandler: admin, schema: { tags, querystring: adminPageQuery, response: { 200: z.array(adminRefundSchema), ...errorResponses(400, 401, 403) } } },
    async (request) => adminListRefunds(app.db, request.query),
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      preHandler: admin,
      schema: { tags, summary: 'End an active order with a full refund (audit-logged)', params: idParams, response: { 200: orderSchema, ...errors } },
    },
    async (request) => {
      const actor = currentUser(request);
      return endOrder(deps, actor, request.params.id, { kind: 'admin' }, (tx, before) =>
        writeAudit(tx, {
          adminId: actor.id,
          action: 'refund_order',
          targetTable: 'orders',
          targetId: before.id,
          oldValues: { status: before.status },
          newValues: { status: 'refused', refundCents: before.totalCents },
        }),
      );
    },
  );
};
