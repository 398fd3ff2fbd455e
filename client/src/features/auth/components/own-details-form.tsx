import { TEXTED_CODE_TTL_MINUTES } from '@shared/constants';
import type { PublicUser } from '@shared/contracts';
import { ownDetailsSchema, phoneChangeConfirmSchema } from '@shared/contracts/auth';
import { formatPhone } from '@shared/utils/phone';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/auth';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { toast } from '@client/lib/toast';
import { useConfirmNewPhone, useUpdateOwnDetails, type OwnDetailsRequest } from '../api/own-details';
import { reportAuthFailure } from '../api/report-auth-failure';
import { CurrentPasswordField, EmailField, PhoneField, TextedCodeField, UsernameField } from './account-fields';
import { SubmitButton } from './submit-button';

/**
 * The signed-in user's own username, email and phone (PUT /api/auth/me), confirmed with their
 * password: the phone is where alerts are texted and what they sign in with, so a changed number
 * is changed here rather than by a new account. A new number is the account's only once the code
 * texted to it is entered (ADR 0188): until then sign-in and texts stay with the old one.
 */
export function OwnDetailsForm({ user }: { user: PublicUser }) {
  const { signIn } = useAuth();
  const { values, setField, errors, setErrors } = useFormValues({
    username: user.username ?? '',
    email: user.email ?? '',
    phone: user.phone ? formatPhone(user.phone) : '',
    currentPassword: '',
  });
  // The details that texted a code to a new number: kept to send a new code.
  const [moving, setMoving] = useState<{ details: OwnDetailsRequest; to: string } | null>(null);
  const mutation = useUpdateOwnDetails();

  const save = (details: OwnDetailsRequest, again = false) =>
    mutation.mutate(details, {
      onSuccess: ({ phoneToConfirm, ...session }) => {
        signIn(session);
        setErrors({});
        setField('currentPassword', '');
        if (phoneToConfirm) {
          setMoving({ details, to: phoneToConfirm });
          toast(
            again
              ? { title: 'New code sent', description: 'Use the newest code: the one before it no longer works.' }
              : { title: 'Details saved', description: `Enter the code we texted to ${formatPhone(phoneToConfirm)} to use that number.` },
          );
        } else {
          setMoving(null);
          toast({ title: 'Details saved', description: 'Sign in and alerts now use these details.' });
        }
      },
      onError: (error) => setErrors(reportAuthFailure(error, again ? 'No code sent' : 'Details not saved', 'Please try again.')),
    });

  const onSubmit = submitHandler(
    () => validateForm(ownDetailsSchema, values),
    setErrors,
    (details) => save(details),
    (messages) => toast({ variant: 'destructive', title: 'Please fix the following errors:', description: messages.join(', ') }),
  );

  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Your details">
        <UsernameField value={values.username} onChange={(v) => setField('username', v)} error={errors.username} placeholder="No username" />
        <EmailField value={values.email} onChange={(v) => setField('email', v)} error={errors.email} />
        <PhoneField
          value={values.phone}
          onChange={(v) => setField('phone', v)}
          error={errors.phone}
          hint="Our texts (alerts, codes) go here, and you can sign in with it. A new number gets a code to confirm it."
        />
        <CurrentPasswordField name="currentPassword" value={values.currentPassword} onChange={(v) => setField('currentPassword', v)} error={errors.currentPassword} />
        <SubmitButton pending={mutation.isPending} pendingLabel="Saving...">
          Save details
        </SubmitButton>
      </form>
      {moving && (
        <ConfirmNewPhone
          to={moving.to}
          from={user.phone}
          sending={mutation.isPending}
          onSendAgain={() => save(moving.details, true)}
          onDone={() => setMoving(null)}
          onKeep={() => {
            setMoving(null);
            setField('phone', user.phone ? formatPhone(user.phone) : '');
          }}
        />
      )}
    </div>
  );
}

/** The second step of a new number: the code texted to it (POST /api/auth/me/phone). */
function ConfirmNewPhone({
  to,
  from,
  sending,
  onSendAgain,
  onDone,
  onKeep,
}: {
  to: string;
  from: string | null;
  sending: boolean;
  onSendAgain(): void;
  onDone(): void;
  onKeep(): void;
}) {
  const { signIn } = useAuth();
  const { values, setField, errors, setErrors } = useFormValues({ code: '' });
  const confirm = useConfirmNewPhone();
  const headingId = useId();
  const onSubmit = submitHandler(
    () => validateForm(phoneChangeConfirmSchema, values),
    setErrors,
    (body) =>
      confirm.mutate(body, {
        onSuccess: (session) => {
          signIn(session);
          onDone();
          toast({ title: 'Number changed', description: `Sign in and texts now use ${formatPhone(to)}.` });
        },
        onError: (error) => setErrors(reportAuthFailure(error, 'Number not changed', 'Please try again.')),
      }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={headingId}>
      <hr className="border-gray-200" />
      <h3 id={headingId} className="font-medium">
        Confirm your new number
      </h3>
      <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-gray-800">
        We texted a code to <span className="whitespace-nowrap font-medium">{formatPhone(to)}</span>. It works for{' '}
        {TEXTED_CODE_TTL_MINUTES} minutes.
        {from && (
          <>
            {' '}
            Until you enter it, your account keeps <span className="whitespace-nowrap">{formatPhone(from)}</span>.
          </>
        )}
      </p>
      <TextedCodeField value={values.code} onChange={(v) => setField('code', v)} error={errors.code} />
      <SubmitButton pending={confirm.isPending} pendingLabel="Saving...">
        Use this number
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="h-auto p-0" disabled={sending} onClick={onSendAgain}>
          Send a new code
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onKeep}>
          Keep my number
        </Button>
      </div>
    </form>
  );
}
