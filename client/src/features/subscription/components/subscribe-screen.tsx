import { lazy, Suspense, type ReactNode } from 'react';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Lock from 'lucide-react/icons/lock';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { Link, useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { useAppConfig } from '@client/lib/app-config';
import { useAuth } from '@client/lib/auth';
import { useSubscriptionSetup } from '../api/create-subscription';
import { useSubscriptionStatus } from '../api/subscription-status';
import { toastSubscribed } from '../payment-toasts';
import { JoinCard } from './join-card';
import { TestCardForm } from './test-card-form';

// Stripe.js and the Payment Element load only in Stripe mode.
const StripePaymentForm = lazy(() => import('./stripe-payment-form'));

function Centered({ children }: { children: ReactNode }) {
  return <main className="mx-auto grid max-w-lg gap-6 px-4 py-10 sm:py-16">{children}</main>;
}

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="text-center">
      <CardHeader className="items-center">
        {icon}
        <h1 className="text-xl font-semibold leading-tight">{title}</h1>
      </CardHeader>
      <CardContent className="grid justify-items-center gap-4">{children}</CardContent>
    </Card>
  );
}

export function SettingUp() {
  return (
    <div className="flex items-center justify-center gap-3 py-16 text-gray-700" role="status">
      <Spinner className="h-6 w-6 text-brand-700" label="Loading" />
      <p>Setting up subscription...</p>
    </div>
  );
}

/** /subscribe: every state of spec section 2 "Subscribe". */
export function SubscribeScreen() {
  const { user } = useAuth();
  const status = useSubscriptionStatus(Boolean(user));
  const needsPayment = Boolean(status.data && !status.data.hasSubscription && status.data.isOperator);
  const setup = useSubscriptionSetup(needsPayment);
  const config = useAppConfig();
  const [, navigate] = useLocation();

  if (!user) {
    return (
      <Centered>
        <StateCard icon={<Lock className="h-10 w-10 text-brand-700" aria-hidden />} title="Authentication Required">
          <p className="text-gray-700">Please log in or create an operator account to subscribe.</p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild>
              <Link href="/login">Log In</Link>
            </Button>
            <Button asChild variant="outline">
              <Link href="/register">Sign Up</Link>
            </Button>
          </div>
        </StateCard>
      </Centered>
    );
  }
  if (status.isPending) return <SettingUp />;
  if (status.isError) {
    return (
      <Centered>
        <StateCard icon={<AlertTriangle className="h-10 w-10 text-red-700" aria-hidden />} title="Unable to Load Subscription">
          <p className="text-gray-700">We couldn't load your subscription details. Please try again.</p>
          <Button onClick={() => void status.refetch()}>
            <RefreshCw aria-hidden /> Try Again
          </Button>
        </StateCard>
      </Centered>
    );
  }
  if (status.data.hasSubscription) {
    return (
      <Centered>
        <StateCard icon={<CheckCircle2 className="h-10 w-10 text-green-700" aria-hidden />} title="You're All Set!">
          <p className="text-gray-700">Your operator subscription is active. Your trucks are visible to customers.</p>
          <Button asChild>
            <Link href="/operator-dashboard">Go to Operator Dashboard</Link>
          </Button>
        </StateCard>
      </Centered>
    );
  }
  if (!status.data.isOperator || setup.isError || config.isError) {
    return (
      <Centered>
        <StateCard icon={<AlertTriangle className="h-10 w-10 text-red-700" aria-hidden />} title="Subscription Setup Error">
          <p className="text-gray-700">
            {status.data.isOperator
              ? 'We could not set up your subscription. Please contact support if this keeps happening.'
              : 'Subscriptions are for food truck operator accounts. Please contact support if you need help.'}
          </p>
        </StateCard>
      </Centered>
    );
  }
  if (setup.isPending || config.isPending) return <SettingUp />;

  const { payments } = config.data;
  const onPaid = () => {
    navigate('/operator-dashboard');
    toastSubscribed();
  };
  return (
    <Centered>
      <JoinCard>
        {payments.mode === 'stripe' && payments.publishableKey ? (
          <Suspense fallback={<SettingUp />}>
            <StripePaymentForm publishableKey={payments.publishableKey} clientSecret={setup.data.clientSecret} />
          </Suspense>
        ) : (
          <TestCardForm clientSecret={setup.data.clientSecret} onPaid={onPaid} />
        )}
      </JoinCard>
    </Centered>
  );
}
