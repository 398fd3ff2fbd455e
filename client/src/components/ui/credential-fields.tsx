import { FormField } from './form-field';
import { Input } from './input';

export interface Credentials {
  username: string;
  password: string;
}

interface CredentialFieldsProps {
  values: Credentials;
  errors?: Partial<Record<keyof Credentials, string>>;
  onChange: (field: keyof Credentials, value: string) => void;
  passwordPlaceholder?: string;
}

/** The sign-in fields (username or phone, and password) of the login tab and the admin login. */
export function CredentialFields({
  values,
  errors = {},
  onChange,
  passwordPlaceholder = 'Your password',
}: CredentialFieldsProps) {
  return (
    <>
      <FormField label="Username or phone" error={errors.username}>
        <Input
          name="username"
          autoComplete="username"
          placeholder="Username or phone number"
          value={values.username}
          onChange={(e) => onChange('username', e.target.value)}
        />
      </FormField>
      <FormField label="Password" error={errors.password}>
        <Input
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={passwordPlaceholder}
          value={values.password}
          onChange={(e) => onChange('password', e.target.value)}
        />
      </FormField>
    </>
  );
}
