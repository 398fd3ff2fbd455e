import type { Order } from '@shared/contracts';
import { ACTIVE_ORDER_STATUSES, formatCents, ORDER_STATUS_LABELS } from '@shared/contracts/orders';
import { formatDateTime } from '@shared/utils/format';
import ChevronRight from 'lucide-react/icons/chevron-right';
import ShoppingBag from 'lucide-react/icons/shopping-bag';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { SkeletonRows } from '@client/entities/truck/truck-parts';
import { errorMessage } from '@client/lib/api-client';
import { useMyOrders } from '../api/my-orders';
import { useOrderStream } from '../hooks/use-order-stream';
import { clockTime } from './order-status';

/** Still to come: made, waiting at the window, or (Stripe mode) waiting for the diner's payment. */
const inProgress = (order: Order) => order.status === 'awaiting_payment' || ACTIVE_ORDER_STATUSES.includes(order.status);

const BADGE: Record<Order['status'], 'default' | 'secondary' | 'success' | 'destructive' | 'outline'> = {
  awaiting_payment: 'outline',
  received: 'default',
  preparing: 'default',
  ready: 'success',
  picked_up: 'secondary',
  refused: 'destructive',
  cancelled: 'secondary',
};

/** What the row says under the truck's name: when it is ready, or when it was ordered. */
function when(order: Order): string {
  if (order.status === 'ready') return `Ready since ${clockTime(order.updatedAt)}`;
  if (inProgress(order)) return `Estimated ready at ${clockTime(order.estimatedReadyAt)}`;
  return `Ordered ${formatDateTime(order.createdAt)}`;
}

function OrderRow({ order }: { order: Order }) {
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <li>
      <Link
        href={`/orders/${order.id}`}
        className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-700"
        data-testid={`my-order-${order.id}`}
      >
        <span className="w-12 shrink-0 text-center text-2xl font-black tabular-nums">
          <span className="sr-only">Order number </span>
          {order.number}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-semibold wrap-anywhere">{order.truckName}</span>
            <Badge variant={BADGE[order.status]}>{ORDER_STATUS_LABELS[order.status]}</Badge>
          </span>
          <span className="text-sm text-gray-700">{when(order)}</span>
          <span className="text-sm text-gray-700">
            {items} {items === 1 ? 'item' : 'items'} · {formatCents(order.totalCents, order.currency)}
          </span>
        </span>
        <ChevronRight className="h-5 w-5 shrink-0 text-gray-500" aria-hidden />
      </Link>
    </li>
  );
}

function OrderSection({ title, orders }: { title: string; orders: Order[] }) {
  if (orders.length === 0) return null;
  const id = `orders-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid gap-3">
        {orders.map((order) => (
          <OrderRow key={order.id} order={order} />
        ))}
      </ul>
    </section>
  );
}

/**
 * The diner's orders (GET /api/orders, the last 50): those still to come first, then the past
 * ones, each a link to its live page. Kept live by the order stream: "Ready" arrives here too.
 */
export function MyOrders() {
  const orders = useMyOrders();
  useOrderStream(() => void orders.refetch());
  if (orders.isPending) return <SkeletonRows count={3} lines={2} label="Loading your orders" testId="my-orders-skeleton" />;
  if (orders.isError && !orders.data) {
    return (
      <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage(orders.error, 'Your orders could not be loaded. Please try again later.')}
      </p>
    );
  }
  if (orders.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
        <ShoppingBag className="mx-auto h-10 w-10 text-gray-400" aria-hidden />
        <h2 className="mt-3 text-lg font-semibold">No orders yet</h2>
        <p className="mt-1 text-gray-700">Trucks that take orders ahead have an “Order ahead” button on their menu.</p>
        <Button asChild className="mt-4">
          <Link href="/find-trucks">Find Food Trucks</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <OrderSection title="In progress" orders={orders.data.filter(inProgress)} />
      <OrderSection title="Past orders" orders={orders.data.filter((o) => !inProgress(o))} />
    </div>
  );
}
