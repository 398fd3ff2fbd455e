import type { FoodTruck } from '@shared/contracts';
import BadgeCheck from 'lucide-react/icons/badge-check';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { withReturn } from '@client/lib/return-to';
import { isOperator } from '@client/lib/roles';
import { toast } from '@client/lib/toast';
import { useMyClaims, useStartClaim } from '../api/claims';
import { ClaimProgress } from './claim-progress';

/**
 * "Is this your truck? Claim it" on an unclaimed listing's page (issue 26). Signed-out visitors are
 * led to sign in or sign up as an operator and come back here; customers are told claiming is for
 * operators; an operator starts a claim (a code texted to the listing's phone, or an admin's
 * review) and follows it here. Once approved it says so, though the truck is no longer a listing.
 */
export function ClaimPrompt({ truck }: { truck: Pick<FoodTruck, 'id' | 'name' | 'listing'> }) {
  const { user } = useAuth();
  const operator = isOperator(user);
  const claims = useMyClaims(operator);
  const start = useStartClaim();
  const [asked, setAsked] = useState(false);
  const claim = claims.data?.find((c) => c.foodTruckId === truck.id && (c.status === 'pending' || c.status === 'approved'));
  if (!truck.listing && claim?.status !== 'approved') return null;

  const path = `/trucks/${truck.id}`;
  let body;
  if (claim) body = <ClaimProgress claim={claim} />;
  else if (operator && claims.isPending) body = <Spinner className="h-5 w-5 text-brand-700" label="Loading your claims" />;
  else if (!asked) {
    body = (
      <Button
        className="justify-self-start"
        disabled={start.isPending}
        onClick={() => {
          if (!operator) return setAsked(true);
          start.mutate(
            { truckId: truck.id },
            {
              onError: (err) =>
                toast({ title: 'Claim failed', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
            },
          );
        }}
      >
        {start.isPending ? 'Starting your claim...' : 'Claim it'}
      </Button>
    );
  } else if (user) {
    body = (
      <p className="text-sm text-gray-800" role="status">
        Claiming a listing is for truck operators. Sign out and sign in with your operator account to claim {truck.name}.
      </p>
    );
  } else {
    body = (
      <div className="grid gap-3" role="status">
        <p className="text-sm text-gray-800">Sign in with your operator account, or create one, then claim {truck.name} here.</p>
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href={withReturn('/login', path)}>Log in to claim</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href={withReturn('/register', path, { role: 'operator' })}>Create an operator account</Link>
          </Button>
        </div>
      </div>
    );
  }

  return (
    <Card className="grid gap-3 border-orange-200 bg-brand-50 p-4" data-testid="claim-prompt">
      <section aria-labelledby="claim-heading" className="grid gap-3">
        <h2 id="claim-heading" className="flex items-center gap-2 text-lg font-semibold">
          <BadgeCheck className="h-5 w-5 shrink-0 text-brand-700" aria-hidden /> {claim ? 'Your claim' : 'Is this your truck?'}
        </h2>
        {!claim && (
          <p className="text-sm text-gray-800">
            Claim this listing to make it yours: keep its schedule and history, add your menu and photos, and go live.
          </p>
        )}
        {body}
      </section>
    </Card>
  );
}
