import { customerSignupSchema } from '@shared/contracts/auth';
import { toast } from '@client/lib/toast';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { useRegisterCustomer } from '../api/register-customer';
import { reportAuthFailure } from '../api/report-auth-failure';
import { useStartSession } from '../hooks/use-start-session';
import { SubmitButton } from './submit-button';
import { NewPasswordField, PhoneField } from './account-fields';

/** Phone-and-password signup for diners (POST /api/auth/register-customer). */
export function CustomerSignupForm() {
  const { values, setField, errors, setErrors } = useFormValues({ phone: '', password: '' });
  const mutation = useRegisterCustomer();
  const startSession = useStartSession();

  const onSubmit = submitHandler(
    () => validateForm(customerSignupSchema, values),
    setErrors,
    (data) =>
      mutation.mutate(data, {
        onSuccess: (session) => startSession(session, 'register'),
        onError: (error) =>
          setErrors(reportAuthFailure(error, 'Registration failed', 'Failed to create account')),
      }),
    (messages) =>
      toast({
        variant: 'destructive',
        title: 'Please fix the following errors:',
        description: messages.join(', '),
      }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <PhoneField
        value={values.phone}
        onChange={(v) => setField('phone', v)}
        error={errors.phone}
        hint="We'll text you when your favorite trucks open, once a code confirms the number."
      />
      <NewPasswordField
        value={values.password}
        onChange={(v) => setField('password', v)}
        error={errors.password}
      />
      <SubmitButton pending={mutation.isPending} pendingLabel="Signing up...">
        Sign Up
      </SubmitButton>
    </form>
  );
}
