import type { FoodTruck } from '@shared/contracts';
import { lazy, Suspense } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Spinner } from '@client/components/ui/spinner';

// Loaded when the dialog first opens (location-form-fields.tsx says why).
const LocationForm = lazy(() => import('./location-form-fields'));

/** The Update Location dialog: coordinates, 'Use Current Location', a description and the open switch. */
export function LocationDialog({
  truck,
  open,
  onOpenChange,
}: {
  truck: FoodTruck;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Update Location</DialogTitle>
          <DialogDescription>Set where {truck.name} is parked and whether it is open.</DialogDescription>
        </DialogHeader>
        {/* Mounted per opening, so the form starts from the truck's current values. */}
        {open && (
          <Suspense fallback={<Spinner className="mx-auto h-6 w-6 text-brand-700" label="Loading the form" />}>
            <LocationForm truck={truck} onDone={() => onOpenChange(false)} />
          </Suspense>
        )}
      </DialogContent>
    </Dialog>
  );
}

