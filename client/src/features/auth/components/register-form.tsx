import { registerFormSchema } from '@shared/contracts/auth';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { useRegister } from '../api/register';
import { reportAuthFailure } from '../api/report-auth-failure';
import { useStartSession } from '../hooks/use-start-session';
import { RoleChoice } from './role-choice';
import { SubmitButton } from './submit-button';
import { NewPasswordField, PhoneField } from './account-fields';

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
      <FormField label="Username" hint="Optional" error={errors.username}>
        <Input
          name="username"
          autoComplete="username"
          placeholder="Choose a username"
          value={values.username}
          onChange={(e) => setField('username', e.target.value)}
        />
      </FormField>
      <FormField label="Email" hint="Optional" error={errors.email}>
        <Input
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={values.email}
          onChange={(e) => setField('email', e.target.value)}
        />
      </FormField>
      <PhoneField value={values.phone} onChange={(v) => setField('phone', v)} error={errors.phone} />
      <NewPasswordField
        value={values.password}
        onChange={(v) => setField('password', v)}
        error={errors.password}
      />
      <FormField label="Confirm password" error={errors.confirmPassword}>
        <Input
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          value={values.confirmPassword}
          onChange={(e) => setField('confirmPassword', e.target.value)}
        />
      </FormField>
      <RoleChoice value={values.role} onChange={(role) => setField('role', role)} error={errors.role} />
      <SubmitButton pending={mutation.isPending} pendingLabel="Creating account...">
        Create account
      </SubmitButton>
    </form>
  );
}
