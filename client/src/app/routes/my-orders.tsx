import LogIn from 'lucide-react/icons/log-in';
import { Link, Redirect } from 'wouter';
import { Button } from '@client/components/ui/button';
import { MyOrders } from '@client/features/orders/components/my-orders';
import { useAuth } from '@client/lib/auth';
import { withReturn } from '@client/lib/return-to';
import { isOperator } from '@client/lib/roles';

/** /orders — the diner's orders (ADR 0162, session 55): operators go to their dashboard, visitors are asked to sign in. */
export default function MyOrdersPage() {
  const { user } = useAuth();
  if (isOperator(user)) return <Redirect to="/operator-dashboard" replace />;
  if (!user) {
    return (
      <main className="mx-auto grid max-w-lg justify-items-center gap-4 px-4 py-16 text-center">
        <LogIn className="h-12 w-12 text-brand-700" aria-hidden />
        <h1 className="text-2xl font-bold">Your orders</h1>
        <p className="text-gray-700">Sign in to see the orders you placed ahead.</p>
        <Button asChild>
          <Link href={withReturn('/login', '/orders')}>Sign in</Link>
        </Button>
      </main>
    );
  }
  return (
    <main className="mx-auto grid max-w-2xl gap-6 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Your orders</h1>
      <MyOrders />
    </main>
  );
}
