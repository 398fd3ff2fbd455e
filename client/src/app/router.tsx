import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AppLayout } from '@client/components/layouts/app-layout';
import { VoiceAssistantButton } from '@client/features/voice/components/voice-button';
import { Spinner } from '@client/components/ui/spinner';
import { homeFor, useAuth } from '@client/lib/auth';
import { isCustomer } from '@client/lib/roles';
import { LandingPage } from './routes/landing';

// Every screen but the landing page loads on demand, so `/` stays small.
/** The navbar's Voice Assistant button; the panel inside loads when it is first opened. */
const voiceButton = (className?: string) => <VoiceAssistantButton className={className} />;

const FindTrucksPage = lazy(() => import('./routes/find-trucks'));
const FavoritesPage = lazy(() => import('./routes/favorites'));
const AuthPage = lazy(() => import('./routes/auth'));
const CustomerSignupPage = lazy(() => import('./routes/customer-signup'));
const OperatorDashboardPage = lazy(() => import('./routes/operator-dashboard'));
const CreateTruckPage = lazy(() => import('./routes/create-truck'));
const EditTruckPage = lazy(() => import('./routes/edit-truck'));
const MenuManagementPage = lazy(() => import('./routes/menu-management'));
const SubscribePage = lazy(() => import('./routes/subscribe'));
const AdminLoginPage = lazy(() => import('./routes/admin-login'));
const AdminPage = lazy(() => import('./routes/admin'));
const TruckSharePage = lazy(() => import('./routes/truck-share'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const NearbyAlerts = lazy(() => import('./nearby-alerts'));

/** Spec section 9: nearby alerts run on every screen while a signed-in customer has the app open. */
function CustomerAlerts() {
  const { user } = useAuth();
  if (!isCustomer(user)) return null;
  return (
    <Suspense fallback={null}>
      <NearbyAlerts key={user?.id} />
    </Suspense>
  );
}

/** /dashboard: operators to their dashboard, admins to /admin, everyone else to /find-trucks. */
function DashboardRedirect() {
  const { user } = useAuth();
  return <Redirect to={user ? homeFor(user) : '/find-trucks'} replace />;
}

function PageFallback() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="h-8 w-8 text-brand-700" label="Loading page" />
    </div>
  );
}

export function AppRouter() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path="/admin/login" component={AdminLoginPage} />
        <Route path="/admin" component={AdminPage} />
        <Route>
          <AppLayout voiceButton={voiceButton}>
            <CustomerAlerts />
            <Suspense fallback={<PageFallback />}>
              <Switch>
                <Route path="/" component={LandingPage} />
                <Route path="/find-trucks" component={FindTrucksPage} />
                <Route path="/favorites" component={FavoritesPage} />
                <Route path="/login">{() => <AuthPage tab="login" />}</Route>
                <Route path="/register">{() => <AuthPage tab="register" />}</Route>
                <Route path="/customer-signup" component={CustomerSignupPage} />
                <Route path="/dashboard" component={DashboardRedirect} />
                <Route path="/operator-dashboard" component={OperatorDashboardPage} />
                <Route path="/create-truck" component={CreateTruckPage} />
                <Route path="/edit-truck/:truckId" component={EditTruckPage} />
                <Route path="/menu-management/:truckId" component={MenuManagementPage} />
                <Route path="/subscribe" component={SubscribePage} />
                <Route path="/trucks/:truckId" component={TruckSharePage} />
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </AppLayout>
        </Route>
      </Switch>
    </Suspense>
  );
}
