import type { AdminOperator, AdminUser, PublicUser } from '@shared/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '@client/lib/toast';
import { currentToast } from '@client/test/render';
import { OPERATOR, renderApp, stubFetch } from '@client/test/render-app';
import AdminPage from './admin';
import AdminLoginPage from './admin-login';

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const ADMIN: PublicUser = { id: 1, username: 'chief', email: null, phone: null, phoneConfirmed: false, role: 'admin' };
const CUSTOMER: AdminUser = {
  id: 5,
  username: 'jane',
  email: 'jane@example.com',
  phone: '+15125550123',
  phoneConfirmed: true,
  role: 'customer',
  createdAt: '2026-01-02T03:04:05.000Z',
  smsOptOut: false,
};
const OPERATOR_ROW: AdminOperator = {
  ...CUSTOMER,
  id: 9,
  username: 'taco_op',
  role: 'operator',
  truckCount: 1,
  trucks: [{ id: 3, name: 'Taco Town' }],
  subscriptionData: { status: 'past_due', amount: 2999 },
};
const page = <T,>(items: T[]) => ({ body: { items, total: items.length, nextCursor: null } });
const STATS = { body: { totalCustomers: 1, totalOperators: 1, activeSubscriptions: 0, totalTrucks: 1, unclaimedListings: 0 } };

function useApi(routes: Record<string, { status?: number; body?: unknown }>) {
  const stub = stubFetch((url, init) => routes[`${init?.method ?? 'GET'} ${url.split('?')[0]}`]);
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}
const me = (user: PublicUser) => ({ 'GET /api/auth/me': { body: user } });

describe('/admin guard (spec section 4)', () => {
  it.each([
    [
      'a customer',
      () => renderApp(<AdminPage />, { path: '/admin', user: { ...OPERATOR, role: 'customer' } }),
    ],
    ['an operator', () => renderApp(<AdminPage />, { path: '/admin', user: OPERATOR })],
    ['nobody', () => renderApp(<AdminPage />, { path: '/admin' })],
  ])('sends %s to /admin/login and clears storage', async (_who, render) => {
    useApi({});
    const { currentPath } = render();
    await waitFor(() => expect(currentPath()).toBe('/admin/login'));
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('clears an unparsable stored user too', async () => {
    useApi({});
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{oops');
    const { currentPath } = renderApp(<AdminPage />, { path: '/admin' });
    await waitFor(() => expect(currentPath()).toBe('/admin/login'));
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('/admin panel', () => {
  it('shows the admin, the stat cards and the customers with the spec columns and a 3-3-4 phone', async () => {
    useApi({ ...me(ADMIN), 'GET /api/admin/stats': STATS, 'GET /api/admin/customers': page([CUSTOMER]) });
    renderApp(<AdminPage />, { path: '/admin', user: ADMIN });
    expect(await screen.findByText('Signed in as chief')).toBeInTheDocument();
    expect(await screen.findByText('1 customer(s) found')).toBeInTheDocument();
    for (const column of ['Customer', 'Contact', 'Account Status', 'Actions']) {
      expect(screen.getByRole('columnheader', { name: column })).toBeInTheDocument();
    }
    expect(screen.getByText('512-555-0123')).toBeInTheDocument();
    expect(screen.getByTestId('stat-Total Trucks')).toHaveTextContent('1');
    expect(screen.queryByText('Number not confirmed')).not.toBeInTheDocument();
  });

  it('marks a customer whose number no code has confirmed: no alerts are texted to it (ADR 0189)', async () => {
    useApi({ ...me(ADMIN), 'GET /api/admin/stats': STATS, 'GET /api/admin/customers': page([{ ...CUSTOMER, phoneConfirmed: false }]) });
    renderApp(<AdminPage />, { path: '/admin', user: ADMIN });
    expect(await screen.findByText('Number not confirmed')).toBeInTheDocument();
  });

  it("sends only the changed fields, says 'No Changes' when nothing changed, and 'Update Failed' with the server's message", async () => {
    const stub = useApi({
      ...me(ADMIN),
      'GET /api/admin/stats': STATS,
      'GET /api/admin/customers': page([CUSTOMER]),
      'PATCH /api/admin/customers/5': { status: 409, body: { message: 'This username is already taken' } },
    });
    renderApp(<AdminPage />, { path: '/admin', user: ADMIN });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit jane' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'No Changes' }));
    expect(stub.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Username'), { target: { value: 'janet' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Update Failed',
        description: 'This username is already taken',
      }),
    );
    expect(stub.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { username: 'janet' },
    ]);
  });

  it("toasts 'Failed to fetch customers' when the list cannot load", async () => {
    useApi({
      ...me(ADMIN),
      'GET /api/admin/stats': STATS,
      'GET /api/admin/customers': { status: 500, body: { message: 'boom' } },
    });
    renderApp(<AdminPage />, { path: '/admin', user: ADMIN });
    // Wait for the failed state in the DOM first: a waitFor that mounts a hook on every poll would
    // re-trigger itself through its own DOM mutations while the request is still pending.
    expect(await screen.findByText('No customers found.')).toBeInTheDocument();
    expect(currentToast()).toMatchObject({ title: 'Failed to fetch customers', description: 'boom' });
  });

  it("shows an operator's subscription badge, amount in USD and truck names, and 'Subscription Action Failed'", async () => {
    useApi({
      ...me(ADMIN),
      'GET /api/admin/stats': STATS,
      'GET /api/admin/customers': page([]),
      'GET /api/admin/operators': page([
        { ...OPERATOR_ROW, subscriptionData: { status: 'active', amount: 2999 } },
      ]),
      'POST /api/admin/operators/9/subscription/pause': { status: 502, body: { message: 'Stripe is down' } },
    });
    renderApp(<AdminPage />, { path: '/admin', user: ADMIN });
    const tab = await screen.findByRole('tab', { name: 'Operator Management' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    expect(await screen.findByText('1 operator(s) found')).toBeInTheDocument();
    expect(screen.getByText('$29.99/month')).toBeInTheDocument();
    expect(screen.getByText('Taco Town')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pause subscription of taco_op' }));
    // Asked first, saying what pausing does.
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent("Pause taco_op's subscription?");
    expect(confirm).toHaveTextContent(/will be hidden from diners until you resume it/);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Subscription Action Failed',
        description: 'Stripe is down',
      }),
    );
  });
});

describe('/admin/login', () => {
  const fill = (username: string, password: string) => {
    fireEvent.change(screen.getByLabelText('Username or phone'), { target: { value: username } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  };

  it("asks for both fields ('Missing Information') without calling the server", async () => {
    const stub = useApi({});
    renderApp(<AdminLoginPage />, { path: '/admin/login' });
    fill('chief', '');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Missing Information',
        description: 'Please enter both username/phone and password.',
      }),
    );
    expect(stub.calls).toHaveLength(0);
  });

  it("refuses a non-admin ('Access Denied') and keeps no session", async () => {
    useApi({ 'POST /api/auth/login': { body: { user: OPERATOR, token: 'op-token' } } });
    const { currentPath } = renderApp(<AdminLoginPage />, { path: '/admin/login' });
    fill('op', 'secret-password');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Access Denied',
        description: 'Admin privileges required to access this panel.',
      }),
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentPath()).toBe('/admin/login');
  });

  it("says 'Login Failed' with the server's message, and signs an admin in to /admin, closing that toast", async () => {
    let answer: { status?: number; body: unknown } = {
      status: 401,
      body: { message: 'Invalid credentials' },
    };
    vi.stubGlobal(
      'fetch',
      (async () =>
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
          headers: { 'Content-Type': 'application/json' },
        })) as typeof fetch,
    );
    const { currentPath } = renderApp(<AdminLoginPage />, { path: '/admin/login' });
    fill('chief', 'wrong-password');
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Login Failed', description: 'Invalid credentials' }),
    );
    answer = { body: { user: ADMIN, token: 'admin-token' } };
    fill('chief', 'right-password');
    await waitFor(() => expect(currentPath()).toBe('/admin'));
    expect(localStorage.getItem('token')).toBe('admin-token');
    expect(currentToast()).toMatchObject({ title: 'Login Failed', open: false });
  });
});

describe('/admin guard and the session check on load', () => {
  it('does not write a non-admin back to storage when /api/auth/me answers after the guard ended the session', async () => {
    let answer: (value: Response) => void = () => {};
    vi.stubGlobal('fetch', (() => new Promise<Response>((resolve) => (answer = resolve))) as typeof fetch);
    const { currentPath } = renderApp(<AdminPage />, { path: '/admin', user: OPERATOR });
    await waitFor(() => expect(currentPath()).toBe('/admin/login'));
    answer(
      new Response(JSON.stringify(OPERATOR), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
