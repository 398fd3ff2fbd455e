import { TEXTED_CODE_TTL_MINUTES } from '@shared/constants';
import type { PublicUser } from '@shared/contracts';
import { ownDetailsSchema, phoneChangeConfirmSchema } from '@shared/contracts/auth';
import { formatPhone } from '@shared/utils/phone';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { PhoneNumber } from '@client/components/ui/phone-number';
import { useAuth } from '@client/lib/auth';
import { submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { toast } from '@client/lib/toast';
import { useAskForPhoneCode, useConfirmNewPhone, useUpdateOwnDetails, type OwnDetailsRequest } from '../api/own-details';
import { reportAuthFailure } from '../api/report-auth-failure';
import { CurrentPasswordField, EmailField, PhoneField, TextedCodeField, UsernameField } from './account-fields';
import { SubmitButton } from './submit-button';

/**
 * The signed-in user's own username, email and phone (PUT /api/auth/me), confirmed with their
 * password: the phone is where alerts are texted and what they sign in with, so a changed number
 * is changed here rather than by a new account. A new number is the account's only once the code
 * texted to it is entered (ADR 0188): until then sign-in and texts stay with the old one. A number
 * never confirmed (a new account's) is confirmed here the same way: alerts are texted only to a
 * confirmed number (ADR 0189).
 */
export function OwnDetailsForm({ user }: { user: PublicUser }) {
  const { signIn } = useAuth();
  const { values, setField, errors, setErrors } = useFormValues({
    username: user.username ?? '',
    email: user.email ?? '',
    phone: user.phone ? formatPhone(user.phone) : '',
    currentPassword: '',
  });
  // The number a code was texted to, and the details that texted it to a new number (kept to send a
  // new code); null details: the account's own number, to confirm it.
  const [moving, setMoving] = useState<{ details: OwnDetailsRequest | null; to: string } | null>(null);
  const mutation = useUpdateOwnDetails();
  const askCode = useAskForPhoneCode();
  const askForOwnCode = (again: boolean) =>
    askCode.mutate(undefined, {
      onSuccess: ({ phoneToConfirm }) => {
        setMoving({ details: null, to: phoneToConfirm });
        toast(again ? NEW_CODE_SENT : { title: 'Code sent', description: <>Enter the code we texted to <PhoneNumber value={phoneToConfirm} />.</> });
      },
      onError: (error) => reportAuthFailure(error, 'No code sent', 'Please try again.'),
    });

  const save = (details: OwnDetailsRequest, again = false) =>
    mutation.mutate(details, {
      onSuccess: ({ phoneToConfirm, ...session }) => {
        signIn(session);
        setErrors({});
        setField('currentPassword', '');
        if (phoneToConfirm) {
          setMoving({ details, to: phoneToConfirm });
          const saved = <>Enter the code we texted to <PhoneNumber value={phoneToConfirm} /> to use that number.</>;
          toast(again ? NEW_CODE_SENT : { title: 'Details saved', description: saved });
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
      {!moving && user.phone && user.phoneConfirmed === false && (
        <div role="note" className="grid justify-items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-gray-800">
          <p>
            Your number <PhoneNumber value={user.phone} className="font-medium" /> is not confirmed yet: we
            text alerts only to a confirmed number.
          </p>
          <Button type="button" variant="outline" size="sm" disabled={askCode.isPending} onClick={() => askForOwnCode(false)}>
            Text me a code
          </Button>
        </div>
      )}
      {moving && (
        <ConfirmPhone
          to={moving.to}
          from={moving.details ? user.phone : null}
          sending={mutation.isPending || askCode.isPending}
          onSendAgain={() => (moving.details ? save(moving.details, true) : askForOwnCode(true))}
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

const NEW_CODE_SENT = { title: 'New code sent', description: 'Use the newest code: the one before it no longer works.' };

/**
 * The code texted to a number (POST /api/auth/me/phone): a new number (`from`, the one the account
 * keeps until then), or the account's own, to confirm it (`from` null).
 */
function ConfirmPhone({
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
          toast(
            from
              ? { title: 'Number changed', description: <>Sign in and texts now use <PhoneNumber value={to} />.</> }
              : { title: 'Number confirmed', description: 'Alerts you turn on are texted to it.' },
          );
        },
        onError: (error) => setErrors(reportAuthFailure(error, 'Number not changed', 'Please try again.')),
      }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-labelledby={headingId}>
      <hr className="border-gray-200" />
      <h3 id={headingId} className="font-medium">
        {from ? 'Confirm your new number' : 'Confirm your number'}
      </h3>
      <p role="status" className="rounded-md bg-brand-50 p-3 text-sm text-gray-800">
        We texted a code to <PhoneNumber value={to} className="font-medium" />. It works for{' '}
        {TEXTED_CODE_TTL_MINUTES} minutes.
        {from && (
          <>
            {' '}
            Until you enter it, your account keeps <PhoneNumber value={from} />.
          </>
        )}
      </p>
      <TextedCodeField value={values.code} onChange={(v) => setField('code', v)} error={errors.code} />
      <SubmitButton pending={confirm.isPending} pendingLabel="Saving...">
        {from ? 'Use this number' : 'Confirm number'}
      </SubmitButton>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="button" variant="link" className="h-auto p-0" disabled={sending} onClick={onSendAgain}>
          Send a new code
        </Button>
        <Button type="button" variant="link" className="h-auto p-0" onClick={onKeep}>
          {from ? 'Keep my number' : 'Not now'}
        </Button>
      </div>
    </form>
  );
}
