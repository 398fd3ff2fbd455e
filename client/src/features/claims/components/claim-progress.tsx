import { CLAIM_CODE_LENGTH, CLAIM_CODE_TTL_MINUTES, CLAIM_MAX_CODE_ATTEMPTS } from '@shared/constants';
import type { Claim } from '@shared/contracts';
import { formatDate, formatTime } from '@shared/utils/format';
import CheckCircle2 from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import MessageSquareText from 'lucide-react/icons/message-square-text';
import XCircle from 'lucide-react/icons/circle-x';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { errorMessage } from '@client/lib/api-client';
import { toast } from '@client/lib/toast';
import { useNow } from '@client/lib/use-now';
import { useResendClaimCode, useStartClaim, useVerifyClaimCode } from '../api/claims';

/** Where a claim stands, and what the operator can do next: enter the code, resend it, ask an admin. */
export function ClaimProgress({ claim, headingLevel = 3 }: { claim: Claim; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  if (claim.status === 'approved') {
    return (
      <div className="grid gap-2" role="status">
        <Heading className="flex items-center gap-2 font-semibold text-green-800">
          <CheckCircle2 className="h-5 w-5 shrink-0" aria-hidden /> {claim.truckName} is yours now
        </Heading>
        <p className="text-sm text-gray-800">
          It is among your trucks on your dashboard, with its schedule. Subscribe to open it live and share your location.
        </p>
        <Button asChild variant="outline" className="justify-self-start">
          <Link href="/operator-dashboard">Go to your dashboard</Link>
        </Button>
      </div>
    );
  }
  if (claim.status === 'rejected') {
    return (
      <div className="grid gap-1">
        <Heading className="flex items-center gap-2 font-semibold text-red-800">
          <XCircle className="h-5 w-5 shrink-0" aria-hidden /> Claim not approved
        </Heading>
        {claim.reason && <p className="text-sm text-gray-800">Reason: {claim.reason}</p>}
      </div>
    );
  }
  if (claim.status === 'expired') {
    return (
      <div className="grid gap-1">
        <Heading className="flex items-center gap-2 font-semibold text-gray-900">
          <Clock className="h-5 w-5 shrink-0" aria-hidden /> Claim expired
        </Heading>
        <p className="text-sm text-gray-800">
          Start again from <Link className="text-brand-700 underline" href={`/trucks/${claim.foodTruckId}`}>the truck’s page</Link>.
        </p>
      </div>
    );
  }
  if (claim.method === 'admin') {
    return (
      <div className="grid gap-1">
        <Heading className="flex items-center gap-2 font-semibold text-gray-900">
          <Clock className="h-5 w-5 shrink-0" aria-hidden /> Waiting for an administrator
        </Heading>
        <p className="text-sm text-gray-800">
          An administrator checks that the truck is yours and decides. You will see the answer on your dashboard
          {' '}(and by text when your account has a phone).
        </p>
      </div>
    );
  }
  return <CodeEntry claim={claim} Heading={Heading} />;
}

function CodeEntry({ claim, Heading }: { claim: Claim; Heading: 'h2' | 'h3' }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyClaimCode();
  const resend = useResendClaimCode();
  const askAdmin = useStartClaim();
  const now = useNow(1000);
  const resendAt = claim.resendAt ? new Date(claim.resendAt) : null;
  const waitSeconds = resendAt ? Math.max(0, Math.ceil((resendAt.getTime() - now.getTime()) / 1000)) : 0;
  const inputId = `claim-code-${claim.id}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/[\s-]/g, '');
    if (!new RegExp(`^\\d{${CLAIM_CODE_LENGTH}}$`).test(digits)) {
      setError(`Enter the ${CLAIM_CODE_LENGTH}-digit code from the text`);
      return;
    }
    setError(undefined);
    verify.mutate(
      { claimId: claim.id, code: digits },
      {
        onSuccess: (approved) => toast({ title: 'Claim approved', description: `${approved.truckName} is yours now.` }),
        onError: (err) => setError(errorMessage(err, 'Could not check the code. Please try again.')),
      },
    );
  };

  return (
    <div className="grid gap-3">
      <Heading className="flex items-center gap-2 font-semibold text-gray-900">
        <MessageSquareText className="h-5 w-5 shrink-0" aria-hidden /> Enter the code we texted
      </Heading>
      <p className="text-sm text-gray-800">
        We texted a {CLAIM_CODE_LENGTH}-digit code to the phone on this listing
        {claim.phoneLast4 ? `, ending in ${claim.phoneLast4}` : ''}. It works for {CLAIM_CODE_TTL_MINUTES} minutes, until{' '}
        {formatTime(claim.expiresAt)} on {formatDate(claim.expiresAt)}.
      </p>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="w-40">
          <FormField label="Code" error={error} hint={claim.attemptsLeft < CLAIM_MAX_CODE_ATTEMPTS ? `${claim.attemptsLeft} tries left` : undefined}>
            <Input
              name={inputId}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CLAIM_CODE_LENGTH + 2}
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
        </div>
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Checking...' : 'Verify'}
        </Button>
      </form>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!resendAt || waitSeconds > 0 || resend.isPending}
          onClick={() =>
            resend.mutate(
              { claimId: claim.id },
              {
                onSuccess: () => {
                  setError(undefined);
                  setCode('');
                  toast({ title: 'New code sent', description: 'Check your texts for the new code.' });
                },
                onError: (err) => toast({ title: 'Could not send a new code', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
              },
            )
          }
        >
          {resendAt ? (waitSeconds > 0 ? `Send a new code in ${waitSeconds} s` : 'Send a new code') : 'No more codes'}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-auto min-h-9 py-1.5 text-left whitespace-normal"
          disabled={askAdmin.isPending}
          onClick={() =>
            askAdmin.mutate(
              { truckId: claim.foodTruckId, method: 'admin' },
              {
                onSuccess: () => toast({ title: 'Sent to an administrator', description: 'An administrator will review your claim.' }),
                onError: (err) => toast({ title: 'Could not ask an administrator', description: errorMessage(err, 'Please try again.'), variant: 'destructive' }),
              },
            )
          }
        >
          Can’t receive texts there? Ask an administrator
        </Button>
      </div>
    </div>
  );
}
