import type { Order, OrderStatus } from '@shared/contracts';
import { formatCents, ORDER_STATUS_LABELS, REFUNDED_ORDER_STATUSES, unansweredAt } from '@shared/contracts/orders';
import Check from 'lucide-react/icons/check';
import RotateCcw from 'lucide-react/icons/rotate-ccw';
import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { Card } from '@client/components/ui/card';
import { toastError } from '@client/lib/toast';
import { useNow } from '@client/lib/use-now';
import { useCancelOrder } from '../api/order-mutations';
import { cn } from '@client/lib/utils';

const STEPS: readonly OrderStatus[] = ['received', 'preparing', 'ready', 'picked_up'];

export const clockTime = (iso: string | Date) => new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * A received order past its ready time (ADR 0191): when the server refuses and refunds it if nobody
 * at the truck has accepted it by then. The diner's page and the kitchen's ticket say it their way.
 */
export function UnansweredNotice({ order, forKitchen = false }: { order: Order; forKitchen?: boolean }) {
  const now = useNow();
  if (order.status !== 'received' || now < new Date(order.estimatedReadyAt)) return null;
  const by = <strong>{clockTime(unansweredAt(order.estimatedReadyAt))}</strong>;
  return (
    <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-950" data-testid="unanswered-notice">
      {forKitchen ? (
        <>Accept it by {by}, or it is refused and refunded automatically.</>
      ) : (
        <>
          Not accepted yet. If {order.truckName} has not accepted it by {by}, it is refused and refunded in full.
        </>
      )}
    </p>
  );
}

/** The words under the number: what the diner should do now. */
function headline(order: Order): string {
  switch (order.status) {
    case 'awaiting_payment':
      return 'Waiting for your payment to go through.';
    case 'received':
      return `${order.truckName} has your order.`;
    case 'preparing':
      return `${order.truckName} is making your order.`;
    case 'ready':
      return `Ready! Pick it up at ${order.truckName}.`;
    case 'picked_up':
      return 'Picked up. Enjoy!';
    case 'refused':
      return `${order.truckName} could not take this order.`;
    case 'cancelled':
      return order.refund ? 'You cancelled this order.' : 'This order was cancelled before you paid: nothing was charged.';
  }
}

/** The total's label: paid (with the card), still to pay, or never charged. */
function paidLabel(order: Order): string {
  if (order.status === 'awaiting_payment') return 'To pay';
  if (order.status === 'cancelled' && !order.refund) return 'Not charged';
  return `Paid${order.cardLast4 ? ` (card ending ${order.cardLast4})` : ''}`;
}

/**
 * The diner's order page (issue 30): the number in large type, the status as it changes (the
 * event stream writes every change into the order's cache), the estimated ready time, what was
 * ordered and paid, and the refund of a refused or cancelled order.
 */
export function OrderStatusView({ order, canCancel, pickup }: { order: Order; canCancel: boolean; /** Where to pick it up, under the progress. */ pickup?: ReactNode }) {
  const cancel = useCancelOrder();
  const ended = REFUNDED_ORDER_STATUSES.includes(order.status);
  const reached = STEPS.indexOf(order.status);

  return (
    <div className="grid gap-6">
      <Card className="grid justify-items-center gap-2 p-6 text-center">
        <p className="text-sm font-semibold tracking-wide text-gray-700 uppercase">Order number</p>
        <p className="text-7xl font-black tabular-nums" data-testid="order-number">
          {order.number}
        </p>
        <p role="status" aria-live="polite" className={cn('text-2xl font-bold', order.status === 'ready' ? 'text-green-800' : ended ? 'text-red-800' : '')} data-testid="order-status">
          {ORDER_STATUS_LABELS[order.status]}
        </p>
        <p className="text-gray-800 wrap-anywhere">{headline(order)}</p>
        {!ended && order.status !== 'picked_up' && (
          <p className="text-gray-700">
            {order.status === 'ready' ? 'Ready since ' : 'Estimated ready at '}
            <strong>{clockTime(order.status === 'ready' ? order.updatedAt : order.estimatedReadyAt)}</strong>
            {order.pickupAt && order.status !== 'ready' && <> (pickup {clockTime(order.pickupAt)})</>}
          </p>
        )}
        <UnansweredNotice order={order} />
      </Card>

      {!ended && (
        <ol className="grid grid-cols-4 gap-2" aria-label="Progress">
          {STEPS.map((step, i) => (
            <li
              key={step}
              aria-current={i === reached ? 'step' : undefined}
              className={cn(
                'flex flex-col items-center gap-1 rounded-lg border border-gray-300 px-1 py-2 text-center text-xs sm:p-2 sm:text-sm',
                i <= reached ? 'border-green-700 bg-green-50 font-semibold text-green-900' : 'text-gray-700',
              )}
            >
              {i <= reached ? <Check className="h-4 w-4" aria-hidden /> : <span className="h-4 w-4" aria-hidden />}
              {ORDER_STATUS_LABELS[step]}
            </li>
          ))}
        </ol>
      )}

      {pickup}

      {order.refund && (
        <Card className="flex gap-3 border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="order-refund">
          <RotateCcw className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">Refunded {formatCents(order.refund.amountCents, order.currency)}</p>
            <p className="text-sm">
              {order.refusalReason ? `Reason: ${order.refusalReason}. ` : ''}The refund went back to your card
              {order.cardLast4 ? ` ending ${order.cardLast4}` : ''} at {clockTime(order.refund.createdAt)}.
            </p>
          </div>
        </Card>
      )}

      <Card className="grid gap-2 p-4">
        <h2 className="font-semibold">What you ordered</h2>
        <ul className="grid gap-1 text-sm">
          {order.lines.map((line) => (
            <li key={line.menuItemId} className="flex justify-between gap-2">
              <span className="min-w-0 wrap-anywhere">
                {line.quantity} × {line.name}
              </span>
              <span>{formatCents(line.unitCents * line.quantity, order.currency)}</span>
            </li>
          ))}
        </ul>
        {order.note && <p className="text-sm wrap-anywhere text-gray-700">Note: {order.note}</p>}
        <p className="flex justify-between border-t pt-2 font-semibold">
          <span>{paidLabel(order)}</span>
          <span>{formatCents(order.totalCents, order.currency)}</span>
        </p>
      </Card>

      {canCancel && (order.status === 'received' || order.status === 'awaiting_payment') && (
        // Asked first, as a deletion is: a tap that cancels and refunds cannot be taken back.
        <ConfirmDialog
          trigger={
            <Button variant="outline" className="h-11 justify-self-start" disabled={cancel.isPending}>
              {order.status === 'awaiting_payment' ? 'Cancel order' : 'Cancel order and refund'}
            </Button>
          }
          title={`Cancel order ${order.id}?`}
          description={
            order.status === 'awaiting_payment'
              ? "Nothing has been charged. The truck won't see this order."
              : `The truck stops preparing it and ${formatCents(order.totalCents, order.currency)} goes back to your card. This can't be undone.`
          }
          confirmLabel={order.status === 'awaiting_payment' ? 'Cancel order' : 'Cancel and refund'}
          cancelLabel="Keep order"
          onConfirm={() => cancel.mutate(order.id, { onError: (err) => toastError('Could not cancel the order', err, 'Please ask at the window.') })}
        />
      )}
    </div>
  );
}
