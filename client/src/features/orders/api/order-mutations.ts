import type { Order, OrderCreateInput, OrderProgressStatus, PlacedOrder } from '@shared/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '@client/lib/api-client';
import { queryKeys } from '@client/lib/query-keys';
import { storeOrder } from './order';

/** An order mutation: its answer (the order as it now is) goes into the caches at once. */
function useOrderMutation<V, R extends Order>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (order) => {
      storeOrder(queryClient, order);
      // Portions left change with orders and refunds.
      void queryClient.invalidateQueries({ queryKey: queryKeys.menu(order.foodTruckId) });
    },
  });
}

/**
 * POST /api/orders under the checkout's Idempotency-Key (one per checkout: a retry is the same
 * order). Stripe mode answers the PaymentIntent's client secret for the Payment Element.
 */
export function usePlaceOrder() {
  return useOrderMutation(({ input, idempotencyKey }: { input: OrderCreateInput; idempotencyKey: string }) =>
    apiJson<PlacedOrder>('POST', '/api/orders', input, { 'Idempotency-Key': idempotencyKey }),
  );
}

/** POST /api/orders/:id/confirm-payment — Stripe mode: received once Stripe says it is paid. */
export function useConfirmOrderPayment() {
  return useOrderMutation((id: number) => apiJson<Order>('POST', `/api/orders/${id}/confirm-payment`));
}

/** PATCH /api/orders/:id/status — one tap: preparing, ready, picked up. */
export function useProgressOrder() {
  return useOrderMutation(({ id, status }: { id: number; status: OrderProgressStatus }) => apiJson<Order>('PATCH', `/api/orders/${id}/status`, { status }));
}

/** POST /api/orders/:id/refuse — refunds in full. */
export function useRefuseOrder() {
  return useOrderMutation(({ id, reason }: { id: number; reason?: string }) => apiJson<Order>('POST', `/api/orders/${id}/refuse`, { reason }));
}

/** POST /api/orders/:id/cancel — the diner, before the truck starts; refunds in full. */
export function useCancelOrder() {
  return useOrderMutation((id: number) => apiJson<Order>('POST', `/api/orders/${id}/cancel`));
}
