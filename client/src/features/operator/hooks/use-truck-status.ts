import type { FoodTruck } from '@shared/contracts';
import { toast, toastError } from '@client/lib/toast';
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
        // A 402 names /subscribe: toastError makes it a link there.
        onError: (err) => toastError('Failed to open for business', err, 'Please try again.'),
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
