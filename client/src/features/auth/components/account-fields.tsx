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

/** A new password (sign-up forms). */
export function NewPasswordField({ value, onChange, error }: FieldProps) {
  return (
    <FormField label="Password" error={error}>
      <Input
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder="At least 8 characters"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}
