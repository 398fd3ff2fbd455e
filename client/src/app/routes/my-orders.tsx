import { Redirect } from 'wouter';
import { SignInRequired } from '@client/components/layouts/sign-in-required';
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
      <SignInRequired title="Your orders" href={withReturn('/login', '/orders')} action="Sign in">
        Sign in to see the orders you placed ahead.
      </SignInRequired>
    );
  }
  return (
    <main className="mx-auto grid max-w-2xl gap-6 px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Your orders</h1>
      <MyOrders />
    </main>
  );
}
