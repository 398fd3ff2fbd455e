import { TEXTED_CODE_LENGTH } from '@shared/constants';
import { stripPhoneFormatting } from '@shared/utils/phone';
import type { ReactNode } from 'react';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';

interface FieldProps {
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  hint?: ReactNode;
}

/** A username (optional: an account signs in by phone too), as the sign-up and account forms take it. */
export function UsernameField({ value, onChange, error, placeholder = 'Choose a username' }: FieldProps & { placeholder?: string }) {
  return (
    <FormField label="Username" hint="Optional" error={error}>
      <Input name="username" autoComplete="username" placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/** An email (optional), as the sign-up and account forms take it. */
export function EmailField({ value, onChange, error }: FieldProps) {
  return (
    <FormField label="Email" hint="Optional" error={error}>
      <Input name="email" type="email" autoComplete="email" placeholder="you@example.com" value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/** The phone entry of both sign-up forms: hyphens, spaces and parentheses are stripped as typed. */
export function PhoneField({ value, onChange, error, hint }: FieldProps) {
  return (
    <FormField label="Phone number" hint={hint} error={error}>
      <Input
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="5125550123"
        value={value}
        onChange={(e) => onChange(stripPhoneFormatting(e.target.value))}
      />
    </FormField>
  );
}

/** A code texted to a phone (ADR 0187, 0188): the phone's keypad, and the code offered from the text where the phone can. */
export function TextedCodeField({ value, onChange, error }: FieldProps) {
  return (
    <FormField label="Code from the text" error={error}>
      <Input
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder={'0'.repeat(TEXTED_CODE_LENGTH)}
        maxLength={TEXTED_CODE_LENGTH + 2}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A password entry: its label, field name and the kind the browser's password manager fills. */
export function PasswordField({
  label,
  name,
  autoComplete,
  placeholder,
  value,
  onChange,
  error,
  hint,
}: FieldProps & { label: string; name: string; autoComplete: 'new-password' | 'current-password'; placeholder?: string }) {
  return (
    <FormField label={label} hint={hint} error={error}>
      <Input name={name} type="password" autoComplete={autoComplete} placeholder={placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
    </FormField>
  );
}

/** A new password (sign-up forms: "Password"; a reset: "New password", `name` newPassword). */
export function NewPasswordField({ label = 'Password', name = 'password', ...props }: FieldProps & { label?: string; name?: string }) {
  return <PasswordField label={label} name={name} autoComplete="new-password" placeholder="At least 8 characters" {...props} />;
}

/** The password a signed-in user types again to confirm a change (details, deleting the account); `name` tells the forms of one screen apart. */
export function CurrentPasswordField({ name, ...props }: FieldProps & { name: string }) {
  return <PasswordField label="Current password" hint="To confirm it is you" name={name} autoComplete="current-password" {...props} />;
}

/** The new password typed again (sign-up and reset forms). */
export function ConfirmPasswordField(props: FieldProps) {
  return <PasswordField label="Confirm password" name="confirmPassword" autoComplete="new-password" placeholder="Repeat your password" {...props} />;
}
