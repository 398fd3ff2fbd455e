import Banknote from 'lucide-react/icons/banknote';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { toastError } from '@client/lib/toast';
import { useConnectPayouts, usePayouts } from '../api/payouts';

/**
 * The dashboard's payout account (issue 30): diners can order ahead only once it is connected.
 * Stripe: onboarding at Stripe Connect; test mode: a simulated account, connected at once.
 */
export function PayoutsPanel() {
  const payouts = usePayouts();
  const connect = useConnectPayouts();
  if (!payouts.data) return null;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-4 p-4">
      <div className="flex items-start gap-3">
        <Banknote className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden />
        <div>
          <p className="font-semibold">Order ahead payouts</p>
          <p className="text-sm text-gray-700">
            {payouts.data.connected
              ? `Connected${payouts.data.testMode ? ' (test mode: simulated account)' : ''}: diners can order and pay ahead at your open trucks.`
              : 'Connect a payout account so diners can order and pay ahead; the money goes to you.'}
          </p>
        </div>
      </div>
      {!payouts.data.connected && (
        <Button
          className="h-11"
          disabled={connect.isPending}
          onClick={() => connect.mutate(undefined, { onError: (err) => toastError('Could not connect payouts', err, 'Please try again.') })}
        >
          Connect payouts
        </Button>
      )}
    </Card>
  );
}
