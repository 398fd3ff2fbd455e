import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '@client/test/render-app';
import MyOrdersPage from './my-orders';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/orders', () => {
  it('asks a visitor to sign in, and back to /orders after', () => {
    renderApp(<MyOrdersPage />, { path: '/orders' });
    expect(screen.getByRole('heading', { name: 'Your orders' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toMatch(/^\/login\?.*%2Forders/);
  });

  it('sends an operator to the dashboard', async () => {
    vi.stubGlobal('fetch', stubFetch(() => undefined).fetch);
    const view = renderApp(<MyOrdersPage />, {
      path: '/orders',
      user: { id: 3, username: 'op', email: null, phone: null, phoneConfirmed: false, role: 'operator' },
    });
    await waitFor(() => expect(view.currentPath()).toBe('/operator-dashboard'));
  });
});
