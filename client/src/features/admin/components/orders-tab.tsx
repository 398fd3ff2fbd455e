import { ACTIVE_ORDER_STATUSES, formatCents, ORDER_STATUS_LABELS, REFUND_REASON_LABELS, UNANSWERED_REASON } from '@shared/contracts/orders';
import { formatTimestamp } from '@shared/utils/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { toastError } from '@client/lib/toast';
import { useAdminOrders, useAdminRefundOrder, useAdminRefunds } from '../api/orders';
import { AdminTable, Cell } from './admin-table';

const ORDER_COLUMNS = ['Order', 'Truck', 'Diner', 'Total', 'Status', 'Placed', ''] as const;
const REFUND_COLUMNS = ['Refund', 'Order', 'Truck', 'Amount', 'Why', 'When'] as const;
const noMore = { hasMore: false, loadingMore: false, onLoadMore: () => {} };

/** Orders and refunds (issue 30): the newest of each; an admin refund of an active order is audit-logged. */
export function OrdersTab() {
  const orders = useAdminOrders();
  const refunds = useAdminRefunds();
  const refund = useAdminRefundOrder();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="admin-orders" className="grid gap-3">
        <h2 id="admin-orders" className="text-lg font-semibold">
          Orders
        </h2>
        <AdminTable
          {...noMore}
          caption="Newest orders"
          columns={ORDER_COLUMNS}
          loading={orders.isPending}
          empty={orders.isError ? 'Failed to fetch orders.' : 'No orders yet.'}
          rows={(orders.data ?? []).map((o) => (
            <tr key={o.id}>
              <Cell label="Order">{o.number}</Cell>
              <Cell label="Truck">{o.truckName}</Cell>
              <Cell label="Diner">{o.customerName}</Cell>
              <Cell label="Total">{formatCents(o.totalCents, o.currency)}</Cell>
              <Cell label="Status">
                <Badge variant={o.refund ? 'destructive' : 'secondary'}>{ORDER_STATUS_LABELS[o.status]}</Badge>
              </Cell>
              <Cell label="Placed" className="text-xs text-gray-700">{formatTimestamp(o.createdAt)}</Cell>
              <Cell>
                {ACTIVE_ORDER_STATUSES.includes(o.status) && (
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm">
                        Refund
                      </Button>
                    }
                    title={`Refund order ${o.number}?`}
                    description={`The order ends and the diner gets ${formatCents(o.totalCents, o.currency)} back. This cannot be undone.`}
                    confirmLabel="Refund"
                    onConfirm={() => refund.mutate(o.id, { onError: (err) => toastError('Refund failed', err, 'Please try again.') })}
                  />
                )}
              </Cell>
            </tr>
          ))}
        />
      </section>
      <section aria-labelledby="admin-refunds" className="grid gap-3">
        <h2 id="admin-refunds" className="text-lg font-semibold">
          Refunds
        </h2>
        <AdminTable
          {...noMore}
          caption="Newest refunds"
          columns={REFUND_COLUMNS}
          loading={refunds.isPending}
          empty={refunds.isError ? 'Failed to fetch refunds.' : 'No refunds yet.'}
          rows={(refunds.data ?? []).map((r) => (
            <tr key={r.id}>
              <Cell label="Refund" className="text-xs break-all">{r.providerRefundId}</Cell>
              <Cell label="Order">{r.orderId}</Cell>
              <Cell label="Truck">{r.truckName}</Cell>
              <Cell label="Amount">{formatCents(r.amountCents, r.currency)}</Cell>
              <Cell label="Why">
                {REFUND_REASON_LABELS[r.reason] ?? r.reason}
                {r.refusalReason && r.refusalReason !== UNANSWERED_REASON && <span className="block text-xs text-gray-700">“{r.refusalReason}”</span>}
              </Cell>
              <Cell label="When" className="text-xs text-gray-700">{formatTimestamp(r.createdAt)}</Cell>
            </tr>
          ))}
        />
      </section>
    </div>
  );
}
