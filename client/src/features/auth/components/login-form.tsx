import { loginSchema } from '@shared/contracts/auth';
import { Link, useSearch } from 'wouter';
import { CredentialFields } from '@client/components/ui/credential-fields';
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
  const search = useSearch();

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
      <CredentialFields values={values} errors={errors} onChange={setField} />
      <SubmitButton pending={mutation.isPending} pendingLabel="Logging in...">
        Login
      </SubmitButton>
      {/* The query (`?next=`) goes along: a reset signs in and comes back as a login does (ADR 0187). */}
      <Link href={`/forgot-password${search ? `?${search}` : ''}`} className="justify-self-center text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
        Forgot your password?
      </Link>
    </form>
  );
}
