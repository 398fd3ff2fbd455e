import Truck from 'lucide-react/icons/truck';
import { Redirect, useLocation } from 'wouter';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { homeFor, useAuth } from '@client/lib/auth';
import { LoginForm } from '@client/features/auth/components/login-form';
import { RegisterForm } from '@client/features/auth/components/register-form';
import { AuthCard } from '@client/features/auth/components/auth-card';

type AuthTab = 'login' | 'register';

/** /login and /register: one screen, two tabs; the tab follows the URL and switching updates it. */
export default function AuthPage({ tab }: { tab: AuthTab }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  if (user) return <Redirect to={homeFor(user)} replace />;

  return (
    <AuthCard Icon={Truck} title="Get Started" description="Log in or create an account to save favorites and manage trucks.">
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
    </AuthCard>
  );
}
