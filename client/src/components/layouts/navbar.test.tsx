import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderWithApp } from '@client/test/render';
import { Navbar } from './navbar';

type Role = 'customer' | 'operator' | 'admin';
function signedInAs(role: Role) {
  const user = { id: 1, username: `a_${role}`, email: null, phone: '+15125550100', role };
  localStorage.setItem('token', 't');
  localStorage.setItem('user', JSON.stringify(user));
  return mockFetch({ 'GET /api/auth/me': () => json(user), 'POST /api/auth/logout': () => new Response(null, { status: 204 }) });
}

/** The desktop list (always in the DOM; CSS hides it below 768 px). */
const desktop = () => within(screen.getAllByRole('list')[0] as HTMLElement);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('navbar', () => {
  it('logged out: brand to /, Find Trucks, For Operators and Login (both to /login)', () => {
    mockFetch({});
    renderWithApp(<Navbar />);
    expect(screen.getByRole('link', { name: 'Food Truck Finder' })).toHaveAttribute('href', '/');
    expect(
      desktop()
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Find Trucks', '/find-trucks'],
      ['For Operators', '/login'],
      ['Login', '/login'],
    ]);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('customer: My Favorites, My Orders, Account and Logout', () => {
    signedInAs('customer');
    renderWithApp(<Navbar />);
    expect(screen.getByRole('link', { name: 'Food Truck Finder' })).toHaveAttribute('href', '/');
    expect(
      desktop()
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Find Trucks', 'My Favorites', 'My Orders', 'Account']);
    expect(desktop().getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(desktop().getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(desktop().getByRole('link', { name: 'My Favorites' })).toHaveAttribute('href', '/favorites');
    expect(desktop().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('operator: Dashboard instead of My Favorites, and the brand goes to the dashboard', () => {
    signedInAs('operator');
    renderWithApp(<Navbar />);
    expect(screen.getByRole('link', { name: 'Food Truck Finder' })).toHaveAttribute(
      'href',
      '/operator-dashboard',
    );
    expect(
      desktop()
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Find Trucks', '/find-trucks'],
      ['Dashboard', '/operator-dashboard'],
      ['Account', '/account'],
    ]);
  });

  it('admin (not an operator): My Favorites', () => {
    signedInAs('admin');
    renderWithApp(<Navbar />);
    expect(desktop().getByRole('link', { name: 'My Favorites' })).toBeInTheDocument();
  });

  it('mobile menu: the toggle opens the same items and closes on navigation', async () => {
    mockFetch({});
    const { currentPath } = renderWithApp(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    const items = within(menu as HTMLElement).getAllByRole('link');
    expect(items.map((a) => a.textContent)).toEqual(['Find Trucks', 'For Operators', 'Login']);
    await userEvent.click(within(menu as HTMLElement).getByRole('link', { name: 'Find Trucks' }));
    expect(currentPath()).toBe('/find-trucks');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('logout from the mobile menu ends the session on the server, clears it here, closes the menu and goes to /', async () => {
    const fetchMock = signedInAs('customer');
    const { currentPath } = renderWithApp(<Navbar />, { path: '/find-trucks' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(currentPath()).toBe('/');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(desktop().getByRole('link', { name: 'Login' })).toBeInTheDocument();
    // The token itself is ended server-side (issue 32), sent while it was still stored.
    const logoutCall = fetchMock.mock.calls.find(([url, init]) => url === '/api/auth/logout' && init?.method === 'POST');
    expect(new Headers(logoutCall?.[1]?.headers).get('authorization')).toBe('Bearer t');
  });

  it('Escape closes the mobile menu and puts focus back on the toggle', async () => {
    mockFetch({});
    renderWithApp(<Navbar />);
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });
});
