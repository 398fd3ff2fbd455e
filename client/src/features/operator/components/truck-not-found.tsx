import type { FoodTruck } from '@shared/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import SearchX from 'lucide-react/icons/search-x';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { errorMessage } from '@client/lib/api-client';
import { isNotFound } from '@client/entities/truck/truck-details';

/** A missing, invalid or inaccessible truck on the operator screens. */
export function TruckNotFound({
  title,
  children,
  action,
  linkTo,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  /** A button that leads elsewhere (e.g. back to the dashboard). */
  linkTo?: { href: string; label: string };
}) {
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <SearchX className="h-12 w-12 text-gray-500" aria-hidden />
        <h1 className="text-2xl font-bold">{title}</h1>
        {children && <p className="text-gray-700">{children}</p>}
        {action}
        {linkTo && (
          <Button asChild>
            <Link href={linkTo.href}>{linkTo.label}</Link>
          </Button>
        )}
      </Card>
    </main>
  );
}

/**
 * A one-truck screen while its truck loads or after it failed (`notFound` for a missing one);
 * null once the truck is there.
 */
export function truckLoadState(truck: UseQueryResult<FoodTruck>, notFound: ReactNode): ReactNode {
  if (truck.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8 text-brand-700" label="Loading food truck" />
      </div>
    );
  }
  if (truck.isError) {
    if (isNotFound(truck.error)) return notFound;
    return (
      <TruckNotFound title="Unable to load food truck">
        {errorMessage(truck.error, 'Failed to load the food truck. Please try again.')}
      </TruckNotFound>
    );
  }
  return null;
}
