import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Switch } from 'wouter';
import { dismiss } from '@client/lib/toast';
import { json, mockFetch, renderWithApp, sentBody, currentToast } from '@client/test/render';
import AuthPage from './auth';

const DEMO = [
  { role: 'operator', username: 'demo_operator', phone: '(512) 555-0101', password: 'demo-operator-1' },
  { role: 'customer', username: 'demo_customer', phone: '(512) 555-0100', password: 'demo-customer-1' },
];
const customer = { id: 2, username: 'demo_customer', email: null, phone: '+15125550100', role: 'customer' as const };
const operator = { id: 1, username: null, email: null, phone: '+15125550101', role: 'operator' as const };

function renderAuth(path: '/login' | '/register') {
  return renderWithApp(
    <Switch>
      <Route path="/login">
        <AuthPage tab="login" />
      </Route>
      <Route path="/register">
        <AuthPage tab="register" />
      </Route>
      <Route>
        <p>another screen</p>
      </Route>
    </Switch>,
    { path },
  );
}

/** The current toast as the store holds it (title, description, duration). */

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
});

describe('auth screen', () => {
  it('is titled Get Started with the Login tab selected on /login, and shows the demo accounts', async () => {
    mockFetch({ 'GET /api/app-config': () => json({ demoCredentials: DEMO }) });
    renderAuth('/login');
    expect(screen.getByRole('heading', { name: 'Get Started' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    const hint = await screen.findByRole('region', { name: 'Demo accounts' });
    expect(hint).toHaveTextContent('demo_customer');
    expect(hint).toHaveTextContent('512-555-0100');
    expect(hint).toHaveTextContent('demo-operator-1');
  });

  it('shows no demo hint when the installation has none', async () => {
    const fetchMock = mockFetch({ 'GET /api/app-config': () => json({ demoCredentials: null }) });
    renderAuth('/login');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Demo accounts' })).not.toBeInTheDocument();
  });

  it('opens the register tab on /register, and switching tabs updates the URL', async () => {
    mockFetch({ 'GET /api/app-config': () => json({ demoCredentials: null }) });
    const { currentPath } = renderAuth('/register');
    expect(screen.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Confirm password')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Login' }));
    expect(currentPath()).toBe('/login');
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Register' }));
    expect(currentPath()).toBe('/register');
  });

  it('sends a signed-in user to their home', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(operator));
    mockFetch({ 'GET /api/auth/me': () => json(operator) });
    const { currentPath } = renderAuth('/register');
    expect(currentPath()).toBe('/operator-dashboard');
  });
});

describe('login tab', () => {
  it('shows the required messages and sends nothing', async () => {
    const fetchMock = mockFetch({ 'GET /api/app-config': () => json({ demoCredentials: null }) });
    renderAuth('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username or phone')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/login')).toBe(false);
  });

  it('logs a customer in with a formatted phone and goes to /find-trucks', async () => {
    const fetchMock = mockFetch({
      'GET /api/app-config': () => json({ demoCredentials: null }),
      'POST /api/auth/login': () => json({ user: customer, token: 'tok' }),
    });
    const { currentPath } = renderAuth('/login');
    await userEvent.type(screen.getByLabelText('Username or phone'), '(512) 555-0100');
    await userEvent.type(screen.getByLabelText('Password'), 'demo-customer-1');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(currentPath()).toBe('/find-trucks'));
    expect(sentBody(fetchMock, 'POST /api/auth/login')).toEqual({ username: '5125550100', password: 'demo-customer-1' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(currentToast()).toMatchObject({ title: 'Login successful', description: 'Welcome back, demo_customer!' });
    expect(currentToast()?.duration).toBeUndefined();
    expect(await screen.findByText('Welcome back, demo_customer!')).toBeInTheDocument();
  });

  it('sends an operator to the operator dashboard with a 6000 ms toast naming their phone', async () => {
    mockFetch({
      'GET /api/app-config': () => json({ demoCredentials: null }),
      'POST /api/auth/login': () => json({ user: operator, token: 'tok' }),
    });
    const { currentPath } = renderAuth('/login');
    await userEvent.type(screen.getByLabelText('Username or phone'), '5125550101');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentPath()).toBe('/operator-dashboard'));
    expect(currentToast()).toMatchObject({
      title: 'Login successful',
      description: 'Welcome back, 512-555-0101!',
      duration: 6000,
    });
  });

  it("shows 'Login failed' with the server message", async () => {
    mockFetch({
      'GET /api/app-config': () => json({ demoCredentials: null }),
      'POST /api/auth/login': () => json({ message: 'Invalid credentials' }, 401),
    });
    const { currentPath } = renderAuth('/login');
    await userEvent.type(screen.getByLabelText('Username or phone'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    const status = await screen.findByText('Login failed');
    expect(within(status.closest('li') ?? document.body).getByText('Invalid credentials')).toBeInTheDocument();
    expect(currentToast()).toMatchObject({ variant: 'destructive' });
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it("falls back to 'Invalid credentials' when the server sends no message", async () => {
    mockFetch({
      'GET /api/app-config': () => json({ demoCredentials: null }),
      'POST /api/auth/login': () => new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    renderAuth('/login');
    await userEvent.type(screen.getByLabelText('Username or phone'), 'sam');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Login failed', description: 'Invalid credentials' }));
  });
});

describe('register tab', () => {
  async function fillRegister(values: { phone: string; password: string; confirm: string }) {
    await userEvent.type(screen.getByLabelText('Phone number'), values.phone);
    await userEvent.type(screen.getByLabelText('Password'), values.password);
    await userEvent.type(screen.getByLabelText('Confirm password'), values.confirm);
  }

  it('strips hyphens, spaces and parentheses from the phone as it is typed; email is an email input', async () => {
    mockFetch({});
    renderAuth('/register');
    await userEvent.type(screen.getByLabelText('Phone number'), '(512) 555-0199');
    expect(screen.getByLabelText('Phone number')).toHaveValue('5125550199');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByRole('radio', { name: /Customer/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Food Truck Operator/ })).not.toBeChecked();
  });

  it("shows the schema's messages under the fields", async () => {
    const fetchMock = mockFetch({});
    renderAuth('/register');
    await fillRegister({ phone: '12345', password: 'long-enough-1', confirm: 'different-1' });
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Phone number must be at least 10 digits')).toBeInTheDocument();
    expect(screen.getByText("Passwords don't match")).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('Phone number'));
    await userEvent.type(screen.getByLabelText('Phone number'), '0123456789');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Invalid phone number format')).toBeInTheDocument();
  });

  it('registers a customer without confirmPassword and goes to /find-trucks', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/register': () => json({ user: customer, token: 'tok' }, 201) });
    const { currentPath } = renderAuth('/register');
    await userEvent.type(screen.getByLabelText('Username'), 'sam_eats');
    await fillRegister({ phone: '512-555-0199', password: 'long-enough-1', confirm: 'long-enough-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(currentPath()).toBe('/find-trucks'));
    expect(sentBody(fetchMock, 'POST /api/auth/register')).toEqual({
      username: 'sam_eats',
      phone: '+15125550199',
      password: 'long-enough-1',
      role: 'customer',
    });
    expect(currentToast()).toMatchObject({ title: 'Welcome to Food Truck Finder!' });
    expect(localStorage.getItem('token')).toBe('tok');
  });

  it('registers an operator and goes to /subscribe with a 6000 ms toast', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/register': () => json({ user: operator, token: 'tok' }, 201) });
    const { currentPath } = renderAuth('/register');
    await fillRegister({ phone: '5125550198', password: 'long-enough-1', confirm: 'long-enough-1' });
    await userEvent.click(screen.getByRole('radio', { name: /Food Truck Operator/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(currentPath()).toBe('/subscribe'));
    expect(sentBody(fetchMock, 'POST /api/auth/register')).toMatchObject({ role: 'operator' });
    expect(currentToast()).toMatchObject({ title: 'Account created successfully!', duration: 6000 });
  });

  it("shows 'Registration failed' with the server message and its field errors", async () => {
    mockFetch({
      'POST /api/auth/register': () =>
        json({ message: 'That phone number is already registered', fieldErrors: { phone: ['Already registered'] } }, 409),
    });
    const { currentPath } = renderAuth('/register');
    await fillRegister({ phone: '5125550100', password: 'long-enough-1', confirm: 'long-enough-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Registration failed',
        description: 'That phone number is already registered',
        variant: 'destructive',
      }),
    );
    expect(screen.getByText('Already registered')).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
  });

  it("falls back to 'Failed to create account'", async () => {
    mockFetch({ 'POST /api/auth/register': () => new Response('', { status: 500, statusText: 'Internal Server Error' }) });
    renderAuth('/register');
    await fillRegister({ phone: '5125550100', password: 'long-enough-1', confirm: 'long-enough-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({ title: 'Registration failed', description: 'Failed to create account' }),
    );
  });
});
