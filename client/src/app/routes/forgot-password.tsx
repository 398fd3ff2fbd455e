import KeyRound from 'lucide-react/icons/key-round';
import { Link, Redirect, useSearch } from 'wouter';
import { homeFor, useAuth } from '@client/lib/auth';
import { AuthCard } from '@client/features/auth/components/auth-card';
import { PasswordResetForm } from '@client/features/auth/components/password-reset-form';

/** /forgot-password: a new password by a code texted to the account's phone (ADR 0187). */
export default function ForgotPasswordPage() {
  const { user } = useAuth();
  // A `?next=` (a screen that asked to sign in) goes on to the login and is honoured after the reset.
  const search = useSearch();
  if (user) return <Redirect to={homeFor(user)} replace />;
  return (
    <AuthCard Icon={KeyRound} title="Reset your password" description="We'll text a code to your account's phone number.">
      <PasswordResetForm />
      <p className="text-center text-sm text-gray-700">
        Remembered it?{' '}
        <Link href={`/login${search ? `?${search}` : ''}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Back to Login
        </Link>
      </p>
    </AuthCard>
  );
}
