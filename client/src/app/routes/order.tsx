import { useScreenTitle } from '@client/lib/screen-title';
import { Link, useParams } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useEffect } from 'react';
import { useOrder } from '@client/features/orders/api/order';
import { useConfirmOrderPayment } from '@client/features/orders/api/order-mutations';
import { OrderStatusView } from '@client/features/orders/components/order-status';
import { PickupPlace } from '@client/features/orders/components/pickup-place';
import { useOrderStream } from '@client/features/orders/hooks/use-order-stream';
import { parseId } from '@shared/utils/ids';
import { errorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { withReturn } from '@client/lib/return-to';
import { isCustomer } from '@client/lib/roles';

function LiveOrder({ orderId, canCancel }: { orderId: number; canCancel: boolean }) {
  const order = useOrder(orderId);
  const confirm = useConfirmOrderPayment();
  const awaiting = order.data?.status === 'awaiting_payment';
  // Stripe mode, back from a payment redirect (3-D Secure): ask the server once whether it went through.
  useEffect(() => {
    if (awaiting && canCancel && confirm.isIdle) confirm.mutate(orderId);
  }, [awaiting, canCancel, confirm, orderId]);
  // Every change of the order arrives on the event stream within a second; each (re)connection refetches.
  useOrderStream(() => void order.refetch());
  if (order.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8 text-brand-700" label="Loading your order" />
      </div>
    );
  }
  if (order.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage(order.error, 'This order could not be loaded. Please try again.')}
      </p>
    );
  }
  const underWay = order.data.status === 'received' || order.data.status === 'preparing' || order.data.status === 'ready';
  return <OrderStatusView order={order.data} canCancel={canCancel} pickup={underWay && <PickupPlace truckId={order.data.foodTruckId} />} />;
}

/** /orders/:orderId — the diner's order, live (issue 30). */
export default function OrderPage() {
  const { orderId: raw } = useParams<{ orderId: string }>();
  const orderId = parseId(raw);
  const { user } = useAuth();
  useScreenTitle(orderId === null ? null : `Your order ${orderId}`);
  return (
    <main className="mx-auto grid max-w-2xl gap-6 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Your order</h1>
      {orderId === null ? (
        <p role="alert">Order not found.</p>
      ) : !user ? (
        <Card className="grid justify-items-start gap-3 p-6">
          <p>Sign in to see your order.</p>
          <Button asChild>
            <Link href={withReturn('/login', `/orders/${orderId}`)}>Sign in</Link>
          </Button>
        </Card>
      ) : (
        <LiveOrder orderId={orderId} canCancel={isCustomer(user)} />
      )}
      {isCustomer(user) && (
        <Link href="/orders" className="justify-self-start text-sm font-medium text-brand-800 underline underline-offset-4">
          All your orders
        </Link>
      )}
    </main>
  );
}
