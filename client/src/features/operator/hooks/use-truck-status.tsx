import type { FoodTruck } from '@shared/contracts';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { toast, toastError } from '@client/lib/toast';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { useCloseTruck, useOpenTruck } from '../api/truck-mutations';
import { getCurrentPosition, GeolocationUnsupportedError, locationErrorMessage } from '@client/lib/geolocation';

/** 'Open for Business' (with the device position) and 'Close for the Day' for one truck, with the spec's toasts. */
export function useTruckStatus(truck: Pick<FoodTruck, 'id'>) {
  const open = useOpenTruck();
  const close = useCloseTruck();

  async function openForBusiness() {
    let position;
    try {
      position = await getCurrentPosition('operator');
    } catch (err) {
      if (err instanceof GeolocationUnsupportedError) {
        toast({ variant: 'destructive', title: 'Location not supported', description: err.message });
      } else {
        toast({ variant: 'destructive', title: 'Location Error', description: locationErrorMessage(err) });
      }
      return;
    }
    open.mutate(
      { id: truck.id, input: position },
      {
        onError: (err) =>
          toast({
            variant: 'destructive',
            title: 'Failed to open for business',
            description: errorMessage(err, 'Please try again.'),
            // 402: no active subscription — the message names /subscribe; offer the way there.
            action:
              err instanceof ApiError && err.status === 402 ? (
                <Button asChild size="sm" variant="outline" className="text-gray-900">
                  <Link href="/subscribe">Subscribe</Link>
                </Button>
              ) : undefined,
          }),
      },
    );
  }

  function closeForTheDay() {
    close.mutate(truck.id, {
      onError: (err) => toastError('Failed to close business', err, 'Please try again.'),
    });
  }

  return { openForBusiness, closeForTheDay, isPending: open.isPending || close.isPending };
}
