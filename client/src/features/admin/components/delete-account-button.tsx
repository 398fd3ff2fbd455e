import type { AdminUser } from '@shared/contracts';
import Trash2 from 'lucide-react/icons/trash';
import { Button } from '@client/components/ui/button';
import { ConfirmDialog, deleteConfirmation } from '@client/components/ui/confirm-dialog';
import { toast, toastError } from '@client/lib/toast';
import { useDeleteAccount, type AccountKind } from '../api/admin-mutations';
import { accountName } from '../account-name';
import { mutateThen } from '@client/lib/mutate-then';

/** Delete with the app's confirmation; the server removes the account and everything it owns. */
export function DeleteAccountButton({ kind, user }: { kind: AccountKind; user: AdminUser }) {
  const mutation = useDeleteAccount();
  const name = accountName(user);
  return (
    <ConfirmDialog
      trigger={
        <Button variant="destructive" size="sm" aria-label={`Delete ${name}`} disabled={mutation.isPending}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      }
      title={kind === 'customers' ? 'Delete customer' : 'Delete operator'}
      description={deleteConfirmation(name)}
      onConfirm={() =>
        mutateThen(
          mutation,
          { kind, id: user.id },
          {
            onSuccess: ({ deletedUser }) =>
              toast({
                title: kind === 'customers' ? 'Customer deleted' : 'Operator deleted',
                description: `${deletedUser.username ?? name} was deleted.`,
              }),
            onError: (error) => toastError('Delete Failed', error, 'Failed to delete user'),
          },
        )
      }
    />
  );
}
