import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { AppLayout } from '@client/components/layouts/app-layout';
import { VoiceAssistantButton } from '@client/features/voice/components/voice-button';
import { Spinner } from '@client/components/ui/spinner';
import { homeFor, useAuth } from '@client/lib/auth';
import { isCustomer } from '@client/lib/roles';
import { lazyScreen, type LazyScreen } from '@client/lib/lazy-screen';
import { LandingPage } from './routes/landing';

// Every screen but the landing page loads on demand, so `/` stays small.
/** The navbar's Voice Assistant button; the panel inside loads when it is first opened. */
const voiceButton = (className?: string) => <VoiceAssistantButton className={className} />;

const FindTrucksPage = lazyScreen(() => import('./routes/find-trucks'));
const FavoritesPage = lazyScreen(() => import('./routes/favorites'));
const AuthPage = lazyScreen(() => import('./routes/auth'));
const CustomerSignupPage = lazyScreen(() => import('./routes/customer-signup'));
const OperatorDashboardPage = lazyScreen(() => import('./routes/operator-dashboard'));
const CreateTruckPage = lazyScreen(() => import('./routes/create-truck'));
const EditTruckPage = lazyScreen(() => import('./routes/edit-truck'));
const MenuManagementPage = lazyScreen(() => import('./routes/menu-management'));
const SubscribePage = lazyScreen(() => import('./routes/subscribe'));
const AdminLoginPage = lazyScreen(() => import('./routes/admin-login'));
const AdminPage = lazyScreen(() => import('./routes/admin'));
const TruckSharePage = lazyScreen(() => import('./routes/truck-share'));
const NotFoundPage = lazyScreen(() => import('./routes/not-found'));
const NearbyAlerts = lazy(() => import('./nearby-alerts'));

/** The screens behind each address, in the order the switches below try them (the landing page is in the entry). */
const SCREENS: readonly (readonly [pattern: string, screen: LazyScreen<never>])[] = [
  ['/admin/login', AdminLoginPage],
  ['/admin', AdminPage],
  ['/find-trucks', FindTrucksPage],
  ['/favorites', FavoritesPage],
  ['/login', AuthPage],
  ['/register', AuthPage],
  ['/customer-signup', CustomerSignupPage],
  ['/operator-dashboard', OperatorDashboardPage],
  ['/create-truck', CreateTruckPage],
  ['/edit-truck/:truckId', EditTruckPage],
  ['/menu-management/:truckId', MenuManagementPage],
  ['/subscribe', SubscribePage],
  ['/trucks/:truckId', TruckSharePage],
];

/** Whether `pathname` matches a pattern of SCREENS (static segments and `:param`s, as the routes below). */
function matches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/\/$/, '').split('/');
  return want.length === have.length && want.every((segment, i) => segment.startsWith(':') ? Boolean(have[i]) : segment === have[i]);
}

/**
 * Loads the screen of `pathname` (the not-found screen for an unknown address other than `/`), so
 * the app's first render shows it at once rather than after a fallback (lib/lazy-screen.ts).
 */
export function preloadScreenFor(pathname: string): Promise<void> {
  if (pathname === '/') return Promise.resolve();
  const match = SCREENS.find(([pattern]) => matches(pattern, pathname));
  return (match?.[1] ?? NotFoundPage).preload();
}

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
