import KeyRound from 'lucide-react/icons/key-round';
import { Link, Redirect, useSearch } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { homeFor, useAuth } from '@client/lib/auth';
import { PasswordResetForm } from '@client/features/auth/components/password-reset-form';

/** /forgot-password: a new password by a code texted to the account's phone (ADR 0187). */
export default function ForgotPasswordPage() {
  const { user } = useAuth();
  // A `?next=` (a screen that asked to sign in) goes on to the login and is honoured after the reset.
  const search = useSearch();
  if (user) return <Redirect to={homeFor(user)} replace />;
  return (
    <main className="flex justify-center bg-gradient-to-b from-brand-50 to-gray-50 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <KeyRound className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Reset your password</h1>
          <CardDescription>We&apos;ll text a code to your account&apos;s phone number.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <PasswordResetForm />
          <p className="text-center text-sm text-gray-700">
            Remembered it?{' '}
            <Link href={`/login${search ? `?${search}` : ''}`} className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Back to Login
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  );
}
