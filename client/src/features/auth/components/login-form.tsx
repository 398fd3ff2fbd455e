import { loginSchema } from '@shared/contracts/auth';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { useLogin } from '../api/login';
import { reportAuthFailure } from '../api/report-auth-failure';
import { useStartSession } from '../hooks/use-start-session';
import { DemoCredentialsHint } from './demo-credentials-hint';
import { SubmitButton } from './submit-button';

export function LoginForm() {
  const { values, setField, errors, setErrors } = useFormValues({ username: '', password: '' });
  const mutation = useLogin();
  const startSession = useStartSession();

  const onSubmit = submitHandler(
    () => validateForm(loginSchema, values),
    setErrors,
    (data) =>
      mutation.mutate(data, {
        onSuccess: (session) => startSession(session, 'login'),
        onError: (error) => setErrors(reportAuthFailure(error, 'Login failed', 'Invalid credentials')),
      }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <DemoCredentialsHint />
      <FormField label="Username or phone" error={errors.username}>
        <Input
          name="username"
          autoComplete="username"
          placeholder="Username or phone number"
          value={values.username}
          onChange={(e) => setField('username', e.target.value)}
        />
      </FormField>
      <FormField label="Password" error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          value={values.password}
          onChange={(e) => setField('password', e.target.value)}
        />
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingLabel="Logging in...">
        Login
      </SubmitButton>
    </form>
  );
}
