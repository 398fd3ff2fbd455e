import Truck from 'lucide-react/icons/truck';
import { Redirect, useLocation } from 'wouter';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { homeFor, useAuth } from '@client/lib/auth';
import { LoginForm } from '@client/features/auth/components/login-form';
import { RegisterForm } from '@client/features/auth/components/register-form';

type AuthTab = 'login' | 'register';

/** /login and /register: one screen, two tabs; the tab follows the URL and switching updates it. */
export default function AuthPage({ tab }: { tab: AuthTab }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  if (user) return <Redirect to={homeFor(user)} replace />;

  return (
    <main className="flex justify-center bg-gradient-to-b from-brand-50 to-gray-50 px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Truck className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Get Started</h1>
          <CardDescription>Log in or create an account to save favorites and manage trucks.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* The query string (?next=, ?role=) stays when the tab changes. */}
          <Tabs value={tab} onValueChange={(next) => navigate(`${next === 'register' ? '/register' : '/login'}${window.location.search}`, { replace: true })}>
            <TabsList aria-label="Login or register">
              <TabsTrigger value="login">Login</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <TabsContent value="login">
              <LoginForm />
            </TabsContent>
            <TabsContent value="register">
              <RegisterForm />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>
    </main>
  );
}
