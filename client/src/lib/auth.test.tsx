import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { homeFor, useAuth } from './auth';
import { isPublicUser, readStoredUser } from './stored-session';

const customer = { id: 3, username: 'sam', email: null, phone: '+15125550100', phoneConfirmed: true, role: 'customer' as const };

function Probe() {
  const { user, isAuthenticated, logout, signIn } = useAuth();
  return (
    <div>
      <p>user: {user ? user.username : 'none'}</p>
      <p>authenticated: {String(isAuthenticated)}</p>
      <button type="button" onClick={logout}>
        logout
      </button>
      <button type="button" onClick={() => signIn({ token: 'new-token', user: { ...customer, username: 'kim' } })}>
        sign in
      </button>
    </div>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('auth state', () => {
  it('restores the stored user on load and confirms it with /api/auth/me', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(customer));
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ ...customer, username: 'sam2' }) });
    renderWithApp(<Probe />);
    expect(screen.getByText('user: sam')).toBeInTheDocument();
    expect(await screen.findByText('user: sam2')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ headers: { Authorization: 'Bearer t' } });
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toMatchObject({ username: 'sam2' });
  });

  it('renders nothing again when /api/auth/me confirms the user already shown', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(customer));
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ ...customer }) });
    let renders = 0;
    function Counted() {
      useAuth();
      renders += 1;
      return <Probe />;
    }
    renderWithApp(<Counted />);
    const before = renders;
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    // The answer (a new object, equal field by field) has been read, stored and handed over.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('user: sam')).toBeInTheDocument();
    expect(renders).toBe(before);
  });

  it('discards a stored user that cannot be parsed', () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', '{not json');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();

    localStorage.setItem('user', JSON.stringify({ id: 'x', role: 'wizard' }));
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('ignores a stored user without a token', () => {
    localStorage.setItem('user', JSON.stringify(customer));
    expect(readStoredUser()).toBeNull();
  });

  it('drops a stored session the server no longer accepts (401 from /api/auth/me)', async () => {
    localStorage.setItem('token', 'expired');
    localStorage.setItem('user', JSON.stringify(customer));
    mockFetch({ 'GET /api/auth/me': () => json({ message: 'Authentication required' }, 401) });
    renderWithApp(<Probe />);
    expect(await screen.findByText('user: none')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('keeps the session when /api/auth/me fails for another reason (offline)', async () => {
    localStorage.setItem('token', 't');
    localStorage.setItem('user', JSON.stringify(customer));
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json({ message: 'down' }, 503) });
    renderWithApp(<Probe />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.getByText('user: sam')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('t');
  });

  it('signIn stores token and user; logout clears both and goes to /', async () => {
    mockFetch({});
    const { currentPath } = renderWithApp(<Probe />, { path: '/find-trucks' });
    await userEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(screen.getByText('user: kim')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toMatchObject({ username: 'kim', role: 'customer' });

    await userEvent.click(screen.getByRole('button', { name: 'logout' }));
    expect(screen.getByText('authenticated: false')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(currentPath()).toBe('/');
  });

  it('useAuth outside the provider is a programming error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useAuth must be used inside <AuthProvider>');
  });
});

describe('helpers', () => {
  it('isPublicUser accepts the server shape only', () => {
    expect(isPublicUser(customer)).toBe(true);
    expect(isPublicUser({ ...customer, email: 5 })).toBe(false);
    expect(isPublicUser({ ...customer, id: 1.5 })).toBe(false);
    expect(isPublicUser(null)).toBe(false);
  });

  it('homeFor: operators to their dashboard, admins to /admin, others to /find-trucks', () => {
    expect(homeFor({ role: 'operator' })).toBe('/operator-dashboard');
    expect(homeFor({ role: 'admin' })).toBe('/admin');
    expect(homeFor({ role: 'customer' })).toBe('/find-trucks');
  });
});
