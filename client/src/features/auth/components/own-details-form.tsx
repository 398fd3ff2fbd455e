import type { PublicUser } from '@shared/contracts';
import { ownDetailsSchema } from '@shared/contracts/auth';
import { formatPhone } from '@shared/utils/phone';
import { useAuth } from '@client/lib/auth';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { toast } from '@client/lib/toast';
import { useUpdateOwnDetails } from '../api/own-details';
import { reportAuthFailure } from '../api/report-auth-failure';
import { CurrentPasswordField, EmailField, PhoneField, UsernameField } from './account-fields';
import { SubmitButton } from './submit-button';

/**
 * The signed-in user's own username, email and phone (PUT /api/auth/me), confirmed with their
 * password: the phone is where alerts are texted and what they sign in with, so a changed number
 * is changed here rather than by a new account.
 */
export function OwnDetailsForm({ user }: { user: PublicUser }) {
  const { signIn } = useAuth();
  const { values, setField, errors, setErrors } = useFormValues({
    username: user.username ?? '',
    email: user.email ?? '',
    phone: user.phone ? formatPhone(user.phone) : '',
    currentPassword: '',
  });
  const mutation = useUpdateOwnDetails();

  const onSubmit = submitHandler(
    () => validateForm(ownDetailsSchema, values),
    setErrors,
    (details) =>
      mutation.mutate(details, {
        onSuccess: (session) => {
          signIn(session);
          setErrors({});
          setField('currentPassword', '');
          toast({ title: 'Details saved', description: 'Sign in and alerts now use these details.' });
        },
        onError: (error) => setErrors(reportAuthFailure(error, 'Details not saved', 'Please try again.')),
      }),
    (messages) => toast({ variant: 'destructive', title: 'Please fix the following errors:', description: messages.join(', ') }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Your details">
      <UsernameField value={values.username} onChange={(v) => setField('username', v)} error={errors.username} placeholder="No username" />
      <EmailField value={values.email} onChange={(v) => setField('email', v)} error={errors.email} />
      <PhoneField value={values.phone} onChange={(v) => setField('phone', v)} error={errors.phone} hint="Our texts (alerts, codes) go here, and you can sign in with it." />
      <CurrentPasswordField name="currentPassword" value={values.currentPassword} onChange={(v) => setField('currentPassword', v)} error={errors.currentPassword} />
      <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
        Save details
      </SubmitButton>
    </form>
  );
}
