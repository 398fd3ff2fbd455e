import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '@client/lib/toast';
import { currentToast } from '@client/test/render';
import { OPERATOR, renderApp, stubFetch } from '@client/test/render-app';
import SubscribePage from './subscribe';

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const NOT_SUBSCRIBED = { hasSubscription: false, isOperator: true, status: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
const CONFIG = { demoCredentials: null, payments: { mode: 'test', publishableKey: null } };

function useApi(routes: Record<string, { status?: number; body?: unknown }>) {
  const stub = stubFetch((url, init) => routes[`${init?.method ?? 'GET'} ${url}`]);
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe('/subscribe', () => {
  it('asks anonymous visitors to log in or sign up, without calling the subscription API', () => {
    const stub = useApi({});
    renderApp(<SubscribePage />, { path: '/subscribe' });
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(stub.calls.filter((c) => c.url.includes('subscription'))).toHaveLength(0);
  });

  it("says 'Setting up subscription...' first, then shows the Join card with the test-mode form", async () => {
    useApi({
      'GET /api/subscription-status': { body: NOT_SUBSCRIBED },
      'POST /api/create-operator-subscription': { body: { clientSecret: 'test_pi_1_secret_2' } },
      'GET /api/app-config': { body: CONFIG },
    });
    renderApp(<SubscribePage />, { path: '/subscribe', user: OPERATOR });
    expect(screen.getByText('Setting up subscription...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Join Food Truck Finder' })).toBeInTheDocument();
    expect(screen.getByText('Cancel anytime')).toBeInTheDocument();
    // Only what a subscription gives today (ADR 0150): no unbuilt features advertised.
    expect(screen.queryByText('Track engagement and orders')).not.toBeInTheDocument();
    expect(screen.queryByText('Analytics dashboard')).not.toBeInTheDocument();
    expect(screen.getByText('Create and manage multiple trucks')).toBeInTheDocument();
    expect(screen.getByText('Test mode')).toBeInTheDocument();
  });

  it("shows 'Payment Failed' with the provider's message when the card is declined, and 'Error' otherwise", async () => {
    let answer: { status: number; body: unknown } = { status: 402, body: { message: 'Your card was declined.' } };
    const stub = useApi({
      'GET /api/subscription-status': { body: NOT_SUBSCRIBED },
      'POST /api/create-operator-subscription': { body: { clientSecret: 'test_pi_1_secret_2' } },
      'GET /api/app-config': { body: CONFIG },
    });
    vi.stubGlobal('fetch', (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/payments/test/confirm'
        ? new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'Content-Type': 'application/json' } })
        : stub.fetch(input, init)) as typeof fetch);
    renderApp(<SubscribePage />, { path: '/subscribe', user: OPERATOR });
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4000 0000 0000 0002' } });
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/34' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Payment Failed', description: 'Your card was declined.' }));

    answer = { status: 500, body: { message: 'Internal server error' } };
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Error', description: 'Something went wrong. Please try again.' }),
    );
  });

  it("says 'You're All Set!' with the dashboard link when subscribed", async () => {
    useApi({ 'GET /api/subscription-status': { body: { ...NOT_SUBSCRIBED, hasSubscription: true, status: 'active' } } });
    renderApp(<SubscribePage />, { path: '/subscribe', user: OPERATOR });
    expect(await screen.findByRole('heading', { name: "You're All Set!" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Operator Dashboard' })).toHaveAttribute('href', '/operator-dashboard');
  });

  it("offers 'Try Again' when the status cannot be loaded", async () => {
    useApi({ 'GET /api/subscription-status': { status: 503, body: { message: 'down' } } });
    renderApp(<SubscribePage />, { path: '/subscribe', user: OPERATOR });
    expect(await screen.findByRole('heading', { name: 'Unable to Load Subscription' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it("shows 'Subscription Setup Error' when the subscription cannot be created", async () => {
    useApi({
      'GET /api/subscription-status': { body: NOT_SUBSCRIBED },
      'POST /api/create-operator-subscription': { status: 502, body: { message: 'x' } },
      'GET /api/app-config': { body: CONFIG },
    });
    renderApp(<SubscribePage />, { path: '/subscribe', user: OPERATOR });
    expect(await screen.findByRole('heading', { name: 'Subscription Setup Error' })).toBeInTheDocument();
  });
});
