import { deleteOwnAccountSchema } from '@shared/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogTitle } from '@client/components/ui/alert-dialog';
import { Button } from '@client/components/ui/button';
import { apiJson } from '@client/lib/api-client';
import { useAuth } from '@client/lib/auth';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { toast } from '@client/lib/toast';
import { reportAuthFailure } from '../api/report-auth-failure';
import { CurrentPasswordField } from './account-fields';

/** What goes with the account, as its holder is told before they confirm. */
const WHAT_GOES: Record<'customer' | 'operator', string> = {
  customer: 'Your favorites, alerts, ratings, past orders and saved settings are deleted.',
  operator: 'Your trucks leave the map, with their menus, photos and schedules, and your subscription is cancelled. Listings you claimed go back to being unclaimed.',
};

/**
 * A customer or operator deletes their own account (POST /api/auth/delete-account): their
 * password, then one confirmation; signed out everywhere after. Not shown to an admin.
 */
export function DeleteAccountForm({ role }: { role: 'customer' | 'operator' }) {
  const { endSession } = useAuth();
  const { values, setField, errors, setErrors } = useFormValues({ currentPassword: '' });
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({ mutationFn: (body: { currentPassword: string }) => apiJson<null>('POST', '/api/auth/delete-account', body) });

  const onSubmit = submitHandler(
    () => validateForm(deleteOwnAccountSchema, values),
    setErrors,
    () => setConfirming(true),
  );
  const remove = () =>
    mutation.mutate(
      { currentPassword: values.currentPassword },
      {
        onSuccess: () => {
          endSession('/');
          toast({ title: 'Account deleted', description: 'Your account and what went with it are gone. Thank you for using Food Truck Finder.' });
        },
        onError: (error) => setErrors(reportAuthFailure(error, 'Account not deleted', 'Please try again.')),
      },
    );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Delete account">
      <p className="text-sm text-gray-700">{WHAT_GOES[role]} This cannot be undone.</p>
      <CurrentPasswordField name="deletePassword" value={values.currentPassword} onChange={(v) => setField('currentPassword', v)} error={errors.currentPassword} />
      <Button type="submit" variant="destructive" className="justify-self-start" disabled={mutation.isPending}>
        {mutation.isPending ? 'Deleting...' : 'Delete my account'}
      </Button>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>{WHAT_GOES[role]} This cannot be undone.</AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep my account</AlertDialogCancel>
            <AlertDialogAction onClick={remove}>Delete my account</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  );
}
