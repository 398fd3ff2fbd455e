import { changePasswordFormSchema } from '@shared/contracts/auth';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { useAuth } from '@client/lib/auth';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { toast } from '@client/lib/toast';
import { useChangePassword } from '../api/change-password';
import { reportAuthFailure } from '../api/report-auth-failure';
import { SubmitButton } from './submit-button';

const FIELDS = [
  { name: 'currentPassword', label: 'Current password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New password', autoComplete: 'new-password', placeholder: 'At least 8 characters' },
  { name: 'confirmPassword', label: 'Confirm new password', autoComplete: 'new-password' },
] as const;

/** The signed-in user's own password (POST /api/auth/change-password): other devices are signed out. */
export function ChangePasswordForm() {
  const { signIn } = useAuth();
  const { values, setField, errors, setErrors } = useFormValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const mutation = useChangePassword();

  const onSubmit = submitHandler(
    () => validateForm(changePasswordFormSchema, values),
    setErrors,
    ({ currentPassword, newPassword }) =>
      mutation.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: (session) => {
            // This session goes on with the token the change returned; every other one has ended.
            signIn(session);
            setErrors({});
            for (const { name } of FIELDS) setField(name, '');
            toast({ title: 'Password changed', description: 'You have been signed out on your other devices.' });
          },
          onError: (error) => setErrors(reportAuthFailure(error, 'Password not changed', 'Please try again.')),
        },
      ),
    (messages) => toast({ variant: 'destructive', title: 'Please fix the following errors:', description: messages.join(', ') }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
      {FIELDS.map((field) => (
        <FormField key={field.name} label={field.label} error={errors[field.name]}>
          <Input
            name={field.name}
            type="password"
            autoComplete={field.autoComplete}
            placeholder={'placeholder' in field ? field.placeholder : undefined}
            value={values[field.name]}
            onChange={(e) => setField(field.name, e.target.value)}
          />
        </FormField>
      ))}
      <SubmitButton pending={mutation.isPending} pendingLabel="Changing...">
        Change password
      </SubmitButton>
    </form>
  );
}
