import { registerFormSchema } from '@shared/contracts/auth';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { useRegister } from '../api/register';
import { reportAuthFailure } from '../api/report-auth-failure';
import { useStartSession } from '../hooks/use-start-session';
import { RoleChoice } from './role-choice';
import { SubmitButton } from './submit-button';
import { ConfirmPasswordField, EmailField, NewPasswordField, PhoneField, UsernameField } from './account-fields';

export function RegisterForm() {
  const { values, setField, errors, setErrors } = useFormValues({
    username: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    // "Claim it" on a listing links here with ?role=operator: claiming is for operators.
    role: new URLSearchParams(window.location.search).get('role') === 'operator' ? 'operator' : 'customer',
  });
  const mutation = useRegister();
  const startSession = useStartSession();

  const onSubmit = submitHandler(
    () => validateForm(registerFormSchema, values),
    setErrors,
    (data) => {
      const { confirmPassword: _confirm, ...body } = data;
      mutation.mutate(body, {
        onSuccess: (session) => startSession(session, 'register'),
        onError: (error) =>
          setErrors(reportAuthFailure(error, 'Registration failed', 'Failed to create account')),
      });
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <UsernameField value={values.username} onChange={(v) => setField('username', v)} error={errors.username} />
      <EmailField value={values.email} onChange={(v) => setField('email', v)} error={errors.email} />
      <PhoneField value={values.phone} onChange={(v) => setField('phone', v)} error={errors.phone} />
      <NewPasswordField
        value={values.password}
        onChange={(v) => setField('password', v)}
        error={errors.password}
      />
      <ConfirmPasswordField value={values.confirmPassword} onChange={(v) => setField('confirmPassword', v)} error={errors.confirmPassword} />
      <RoleChoice value={values.role} onChange={(role) => setField('role', role)} error={errors.role} />
      <SubmitButton pending={mutation.isPending} pendingLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}
