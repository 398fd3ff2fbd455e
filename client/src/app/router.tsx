import { Suspense, type ReactNode } from 'react';
import type { Role } from '@shared/constants';
import { ScreenHydrated } from '@client/lib/hydration';
import { Redirect, Route, Switch } from 'wouter';
import { AppLayout } from '@client/components/layouts/app-layout';
import { VoiceAssistantButton } from '@client/features/voice/components/voice-button';
import { Spinner } from '@client/components/ui/spinner';
import { homeFor, useAuth } from '@client/lib/auth';
import { isCustomer } from '@client/lib/roles';
import { lazyScreen, type LazyScreen } from '@client/lib/lazy-screen';
import { OptionalPart, ScreenErrorBoundary } from './screen-error-boundary';
import { LandingPage } from './routes/landing';

// Every screen but the landing page loads on demand, so `/` stays small.
/** The navbar's Voice Assistant button; the panel inside loads when it is first opened. */
const voiceButton = (className?: string, onChosen?: () => void) => (
  <VoiceAssistantButton className={className} onChosen={onChosen} />
);

const FindTrucksPage = lazyScreen(() => import('./routes/find-trucks'));
const FavoritesPage = lazyScreen(() => import('./routes/favorites'));
const AuthPage = lazyScreen(() => import('./routes/auth'));
const CustomerSignupPage = lazyScreen(() => import('./routes/customer-signup'));
const ForgotPasswordPage = lazyScreen(() => import('./routes/forgot-password'));
const OperatorDashboardPage = lazyScreen(() => import('./routes/operator-dashboard'));
const CreateTruckPage = lazyScreen(() => import('./routes/create-truck'));
const EditTruckPage = lazyScreen(() => import('./routes/edit-truck'));
const MenuManagementPage = lazyScreen(() => import('./routes/menu-management'));
const SubscribePage = lazyScreen(() => import('./routes/subscribe'));
const AdminLoginPage = lazyScreen(() => import('./routes/admin-login'));
const AdminPage = lazyScreen(() => import('./routes/admin'));
const TruckSharePage = lazyScreen(() => import('./routes/truck-share'));
const AccountPage = lazyScreen(() => import('./routes/account'));
const OrderCheckoutPage = lazyScreen(() => import('./routes/order-checkout'));
const OrderPage = lazyScreen(() => import('./routes/order'));
const MyOrdersPage = lazyScreen(() => import('./routes/my-orders'));
const KitchenPage = lazyScreen(() => import('./routes/kitchen'));
const NotFoundPage = lazyScreen(() => import('./routes/not-found'));
const NearbyAlerts = lazyScreen(() => import('./nearby-alerts'));

interface ScreenRoute {
  path: string;
  screen: LazyScreen<never>;
  /** What the route renders when it is not the screen without props. */
  element?: ReactNode;
  /** Outside the app's layout (the admin screens). */
  bare?: boolean;
}

/** Every lazily loaded screen and its address: the switches below render these routes, and the entry preloads from them. */
const SCREENS: readonly ScreenRoute[] = [
  { path: '/admin/login', screen: AdminLoginPage, bare: true },
  { path: '/admin', screen: AdminPage, bare: true },
  { path: '/find-trucks', screen: FindTrucksPage },
  { path: '/favorites', screen: FavoritesPage },
  { path: '/login', screen: AuthPage, element: <AuthPage tab="login" /> },
  { path: '/register', screen: AuthPage, element: <AuthPage tab="register" /> },
  { path: '/customer-signup', screen: CustomerSignupPage },
  { path: '/forgot-password', screen: ForgotPasswordPage },
  { path: '/operator-dashboard', screen: OperatorDashboardPage },
  { path: '/create-truck', screen: CreateTruckPage },
  { path: '/edit-truck/:truckId', screen: EditTruckPage },
  { path: '/menu-management/:truckId', screen: MenuManagementPage },
  { path: '/subscribe', screen: SubscribePage },
  { path: '/trucks/:truckId', screen: TruckSharePage },
  { path: '/account', screen: AccountPage },
  { path: '/order/:truckId', screen: OrderCheckoutPage },
  { path: '/orders', screen: MyOrdersPage },
  { path: '/orders/:orderId', screen: OrderPage },
  { path: '/operator/orders/:truckId', screen: KitchenPage },
];

/** The routes of the screens in the app's layout. */
const layoutRoutes = () =>
  SCREENS.filter((s) => !s.bare).map(({ path, screen, element }) =>
    element ? (
      <Route key={path} path={path}>
        {() => element}
      </Route>
    ) : (
      <Route key={path} path={path} component={screen as LazyScreen<object>} />
    ),
  );

/** The routes of the screens outside the layout, each with its own loading fallback. */
const bareRoutes = () =>
  SCREENS.filter((s) => s.bare).map(({ path, screen }) => {
    const Screen = screen as LazyScreen<object>;
    return (
      <Route key={path} path={path}>
        <ScreenErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Screen />
            <ScreenHydrated />
          </Suspense>
        </ScreenErrorBoundary>
      </Route>
    );
  });

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
  const match = SCREENS.find(({ path }) => matches(path, pathname));
  return (match?.screen ?? NotFoundPage).preload();
}

/**
 * Loads what the app's shell renders on every screen for a signed-in `role`: a server render
 * (renderToString, which cannot wait) of a customer's screen must have the nearby alerts loaded,
 * else it sends their boundary for the browser to render afresh, and hydrating it logs React's
 * error #419.
 */
export function preloadShellFor(role: Role): Promise<void> {
  return role === 'customer' ? NearbyAlerts.preload() : Promise.resolve();
}

/** Spec section 9: nearby alerts run on every screen while a signed-in customer has the app open. */
function CustomerAlerts() {
  const { user } = useAuth();
  if (!isCustomer(user)) return null;
  return (
    <OptionalPart>
      <Suspense fallback={null}>
        <NearbyAlerts key={user?.id} />
      </Suspense>
    </OptionalPart>
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

/**
 * The screens. Only the screen itself sits in a Suspense boundary, not the layout around it: React
 * hydrates each server-rendered boundary in a pass of its own, at its lowest priority, so a page
 * (ADR 0168) hydrates the layout with the app and its screen in one more pass, not two.
 */
export function AppRouter() {
  return (
    <Switch>
      {bareRoutes()}
      <Route>
        <AppLayout voiceButton={voiceButton}>
          <CustomerAlerts />
          <ScreenErrorBoundary>
            <Suspense fallback={<PageFallback />}>
              <Switch>
                <Route path="/" component={LandingPage} />
                <Route path="/dashboard" component={DashboardRedirect} />
                {layoutRoutes()}
                <Route component={NotFoundPage} />
              </Switch>
              <ScreenHydrated />
            </Suspense>
          </ScreenErrorBoundary>
        </AppLayout>
      </Route>
    </Switch>
  );
}
