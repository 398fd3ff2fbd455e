import type { AuthResponse } from '@shared/contracts';
import { stripPhoneFormatting } from '@shared/utils/phone';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { CredentialFields } from '@client/components/ui/credential-fields';
import { useAuth } from '@client/lib/auth';
import { useFormValues } from '@client/lib/forms';
import { isAdmin } from '@client/lib/roles';
import { toast, toastError } from '@client/lib/toast';

export type AdminLogin = (body: { username: string; password: string }) => Promise<AuthResponse>;

/**
 * /admin/login (spec sections 2, 5, 8): username or phone and password, both required ('Missing
 * Information'); a non-admin account is refused ('Access Denied') and its session is not kept.
 * `login` is the app's sign-in call, handed in by the screen (features do not import each other).
 */
export function AdminLoginForm({ login }: { login: AdminLogin }) {
  const { values, setField } = useFormValues({ username: '', password: '' });
  const [pending, setPending] = useState(false);
  const { signIn } = useAuth();
  const [, navigate] = useLocation();

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const username = stripPhoneFormatting(values.username.trim());
    if (!username || !values.password) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please enter both username/phone and password.',
      });
      return;
    }
    setPending(true);
    try {
      const session = await login({ username, password: values.password });
      if (!isAdmin(session.user)) {
        toast({
          variant: 'destructive',
          title: 'Access Denied',
          description: 'Admin privileges required to access this panel.',
        });
        return;
      }
      signIn(session);
      navigate('/admin');
    } catch (error) {
      toastError('Login Failed', error, 'Invalid credentials');
    } finally {
      setPending(false);
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gray-50 px-4">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <ShieldCheck className="h-10 w-10 text-brand-700" aria-hidden />
          <h1 className="text-xl leading-tight font-semibold">Admin Login</h1>
          <CardDescription>Sign in with an administrator account.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid gap-4" aria-label="Admin login">
            <CredentialFields values={values} onChange={setField} passwordPlaceholder="Password" />
            <Button type="submit" disabled={pending}>
              {pending ? 'Signing in...' : 'Sign In'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
