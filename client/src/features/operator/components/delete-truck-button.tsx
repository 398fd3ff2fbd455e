import type { FoodTruck } from '@shared/contracts';
import Trash2 from 'lucide-react/icons/trash';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, deleteConfirmation } from '@client/components/ui/confirm-dialog';
import { toastError } from '@client/lib/toast';
import { useDeleteTruck } from '../api/truck-mutations';

/** Deletes the truck after a confirmation, then returns to the dashboard. */
export function DeleteTruckButton({ truck }: { truck: Pick<FoodTruck, 'id' | 'name'> }) {
  const remove = useDeleteTruck();
  const [, navigate] = useLocation();
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" className="text-red-700" disabled={remove.isPending}>
          <Trash2 aria-hidden /> Delete Food Truck
        </Button>
      }
      title="Delete Food Truck"
      description={deleteConfirmation(truck.name)}
      // Not mutate()'s callbacks: the live 'removed' event can turn the edit screen into its
      // not-found state (unmounting this button) before the DELETE answers, and mutate() drops the
      // callbacks of an unmounted component — the operator was left on 'Food Truck Not Found'.
      onConfirm={() =>
        void remove.mutateAsync(truck.id).then(
          () => navigate('/operator-dashboard'),
          (err: unknown) => toastError('Delete failed', err, 'Please try again.'),
        )
      }
    />
  );
}
