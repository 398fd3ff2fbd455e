import type { FoodTruck } from '@shared/contracts';
import { Trash2 } from 'lucide-react';
import { useLocation } from 'wouter';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { useDeleteTruck } from '../api/truck-mutations';
import { toastError } from '@client/lib/toast-error';

/** Deletes the truck after a confirmation, then returns to the dashboard. */
export function DeleteTruckButton({ truck }: { truck: Pick<FoodTruck, 'id' | 'name'> }) {
  const remove = useDeleteTruck();
  const [, navigate] = useLocation();
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" className="text-red-700" disabled={remove.isPending}>
          <Trash2 aria-hidden /> Delete Food Truck
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete Food Truck</AlertDialogTitle>
        <AlertDialogDescription>
          Are you sure you want to delete {truck.name}? This action cannot be undone.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() =>
              remove.mutate(truck.id, {
                onSuccess: () => navigate('/operator-dashboard'),
                onError: (err) => toastError('Delete failed', err, 'Please try again.'),
              })
            }
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
