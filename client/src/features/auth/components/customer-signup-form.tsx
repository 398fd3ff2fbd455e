import { customerSignupSchema } from '@shared/contracts/auth';
import { stripPhoneFormatting } from '@shared/utils/phone';
import type { FormEvent } from 'react';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { useFormValues, validateForm } from '@client/lib/forms';
import { useRegisterCustomer } from '../api/register-customer';
import { reportAuthFailure } from '../api/report-auth-failure';
import { useStartSession } from '../hooks/use-start-session';
import { SubmitButton } from './submit-button';

/** Phone-and-password signup for diners (POST /api/auth/register-customer). */
export function CustomerSignupForm() {
  const { values, setField, errors, setErrors } = useFormValues({ phone: '', password: '' });
  const mutation = useRegisterCustomer();
  const startSession = useStartSession();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateForm(customerSignupSchema, values);
    if (!result.success) {
      setErrors(result.errors);
      toast({ variant: 'destructive', title: 'Please fix the following errors:', description: result.messages.join(', ') });
      return;
    }
    setErrors({});
    mutation.mutate(result.data, {
      onSuccess: (session) => startSession(session, 'register'),
      onError: (error) => setErrors(reportAuthFailure(error, 'Registration failed', 'Failed to create account')),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <FormField label="Phone number" hint="We'll text you when your favorite trucks open." error={errors.phone}>
        <Input
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="5125550123"
          value={values.phone}
          onChange={(e) => setField('phone', stripPhoneFormatting(e.target.value))}
        />
      </FormField>
      <FormField label="Password" error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          value={values.password}
          onChange={(e) => setField('password', e.target.value)}
        />
      </FormField>
      <SubmitButton pending={mutation.isPending} pendingLabel="Signing up...">
        Sign Up
      </SubmitButton>
    </form>
  );
}
