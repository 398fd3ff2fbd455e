import { adminUserUpdateSchema, type AdminUser, type AdminUserUpdate } from '@shared/contracts';
import { formatPhone } from '@shared/utils/format';
import { toE164 } from '@shared/utils/phone';
import Pencil from 'lucide-react/icons/pencil';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { ApiError } from '@client/lib/api-client';
import {
  serverFieldErrors,
  submitHandler,
  useFormValues,
  validateForm,
  type Validation,
} from '@client/lib/forms';
import { toast, toastError } from '@client/lib/toast';
import { useUpdateAccount, type AccountKind } from '../api/admin-mutations';
import { accountName } from '../account-name';

const EDITABLE = ['username', 'email', 'phone'] as const;
/** The dialog's fields: the three editable ones, then a new password (blank = unchanged). */
const FIELDS = [
  { name: 'username', label: 'Username', type: 'text', hint: undefined },
  { name: 'email', label: 'Email', type: 'email', hint: undefined },
  { name: 'phone', label: 'Phone', type: 'tel', hint: undefined },
  {
    name: 'password',
    label: 'New password',
    type: 'password',
    hint: 'Leave blank to keep the current password.',
  },
] as const;
const NO_CHANGES = 'No Changes';

/**
 * The fields that differ from the account, and the password only when one was typed (spec section
 * 5: the admin edit sends only changed fields; a blank field keeps its value).
 */
export function changedFields(
  user: AdminUser,
  values: Record<(typeof EDITABLE)[number] | 'password', string>,
): AdminUserUpdate {
  const changes: AdminUserUpdate = {};
  for (const field of EDITABLE) {
    const next = values[field].trim();
    // The phone field shows 512-555-0100; the account holds +15125550100: the same number.
    const same = field === 'phone' ? toE164(next) === toE164(user.phone ?? '') : next === (user[field] ?? '');
    if (next !== '' && !same) changes[field] = next;
  }
  if (values.password.trim() !== '') changes.password = values.password;
  return changes;
}

function EditForm({ kind, user, onDone }: { kind: AccountKind; user: AdminUser; onDone(): void }) {
  const { values, setField, errors, setErrors } = useFormValues({
    username: user.username ?? '',
    email: user.email ?? '',
    phone: formatPhone(user.phone),
    password: '',
  });
  const mutation = useUpdateAccount();
  const label = kind === 'customers' ? 'Customer' : 'Operator';

  const check = (): Validation<AdminUserUpdate> => {
    const changes = changedFields(user, values);
    if (Object.keys(changes).length === 0) return { success: true, data: changes };
    const result = validateForm(adminUserUpdateSchema, changes);
    // Send what was typed (the server normalises it the same way); the check only vets it.
    return result.success ? { success: true, data: changes } : result;
  };
  const onSubmit = submitHandler(check, setErrors, (changes) => {
    if (Object.keys(changes).length === 0) {
      toast({ title: NO_CHANGES, description: 'Change a field before saving.' });
      return;
    }
    mutation.mutate(
      { kind, id: user.id, changes },
      {
        onSuccess: (updated) => {
          toast({ title: `${label} updated`, description: `${accountName(updated)} was saved.` });
          onDone();
        },
        onError: (error) => {
          toastError('Update Failed', error, 'Failed to update user');
          if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={`Edit ${label.toLowerCase()}`}>
      {FIELDS.map(({ name, label: fieldLabel, type, hint }) => (
        <FormField key={name} label={fieldLabel} hint={hint} error={errors[name]}>
          <Input
            name={name}
            type={type}
            autoComplete={name === 'password' ? 'new-password' : 'off'}
            value={values[name]}
            onChange={(e) => setField(name, e.target.value)}
          />
        </FormField>
      ))}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The edit dialog of one customer or operator; the form starts from the account each time it opens. */
export function EditAccountDialog({ kind, user }: { kind: AccountKind; user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const name = accountName(user);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Edit ${name}`}>
          <Pencil aria-hidden />
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit {kind === 'customers' ? 'customer' : 'operator'}</DialogTitle>
          <DialogDescription>
            Only the fields you change are saved. A new password signs {name} out everywhere.
          </DialogDescription>
        </DialogHeader>
        {open && <EditForm kind={kind} user={user} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
