import { passwordResetFormSchema, passwordResetRequestSchema, RESET_CODE_SENT } from '@shared/contracts/auth';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { PhoneNumber } from '@client/components/ui/phone-number';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { toast } from '@client/lib/toast';
import { useAskForResetCode, useResetPassword } from '../api/password-reset';
import { reportAuthFailure } from '../api/report-auth-failure';
import { useStartSession } from '../hooks/use-start-session';
import { ConfirmPasswordField, NewPasswordField, PhoneField, TextedCodeField } from './account-fields';
import { SubmitButton } from './submit-button';

/**
 * "Forgot your password?" (ADR 0187): the account's phone, then the code texted to it with a new
 * password. Signed in once it is set (every other session ends).
 */
export function PasswordResetForm() {
  const { values, setField, errors, setErrors } = useFormValues({ phone: '', code: '', newPassword: '', confirmPassword: '' });
  // The number a code was asked for (E.164): the second step's.
  const [sentTo, setSentTo] = useState<string | null>(null);
  const ask = useAskForResetCode();
  const reset = useResetPassword();
  const startSession = useStartSession();

  const askForCode = (again: boolean) =>
    submitHandler(
      () => validateForm(passwordResetRequestSchema, { phone: values.phone }),
      setErrors,
      (data) =>
        ask.mutate(data, {
          onSuccess: () => {
            setSentTo(data.phone);
            if (again) toast({ title: 'New code sent', description: 'Use the newest code: the one before it no longer works.' });
          },
          onError: (error) => setErrors(reportAuthFailure(error, 'No code sent', 'Failed to send a code')),
        }),
    );
  const onReset = submitHandler(
    () => validateForm(passwordResetFormSchema, values),
    setErrors,
    ({ confirmPassword: _confirm, ...body }) =>
      reset.mutate(body, {
        onSuccess: (session) => startSession(session, 'reset'),
        onError: (error) => setErrors(reportAuthFailure(error, 'Password not changed', 'Failed to change the password')),
      }),
  );

  if (!sentTo) {
    return (
      <form onSubmit={askForCode(false)} noValidate className="grid gap-4" aria-label="Ask for a code">
        <PhoneField
          value={values.phone}
          onChange={(v) => setField('phone', v)}
          error={errors.phone}
          hint="The number you signed up with: we'll text a code to it."
        />
        <SubmitButton pending={ask.isPending} pendingLabel="Sending...">
          Text me a code
        </SubmitButton>
      </form>
    );
  }
  return (
    <form onSubmit={onReset} noValidate className="grid gap-4" aria-label="Choose a new password">
      <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-gray-800">
        {RESET_CODE_SENT} <span className="font-medium">
          Number: <PhoneNumber value={sentTo} />
        </span>
      </p>
      <TextedCodeField value={values.code} onChange={(v) => setField('code', v)} error={errors.code} />
      <NewPasswordField
        label="New password"
        name="newPassword"
        value={values.newPassword}
        onChange={(v) => setField('newPassword', v)}
        error={errors.newPassword}
      />
      <ConfirmPasswordField value={values.confirmPassword} onChange={(v) => setField('confirmPassword', v)} error={errors.confirmPassword} />
      <SubmitButton pending={reset.isPending} pendingLabel="Saving...">
        Set new password
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="h-auto p-0" disabled={ask.isPending} onClick={askForCode(true)}>
          Send a new code
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={() => setSentTo(null)}>
          Use another number
        </Button>
      </div>
    </form>
  );
}
