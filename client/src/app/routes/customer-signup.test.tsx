import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss } from '@client/lib/toast';
import { json, mockFetch, renderWithApp, sentBody, currentToast } from '@client/test/render';
import CustomerSignupPage from './customer-signup';

const customer = { id: 9, username: null, email: null, phone: '+15125550111', role: 'customer' as const };

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
});

describe('customer signup', () => {
  it('has phone and password inputs, a sign-up button, a sign-in link and the benefits', () => {
    mockFetch({});
    renderWithApp(<CustomerSignupPage />, { path: '/customer-signup' });
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByText('SMS alerts')).toBeInTheDocument();
    expect(screen.getByText(/Reply STOP to opt out\./)).toBeInTheDocument();
    expect(screen.getByText('Save favorites')).toBeInTheDocument();
  });

  it("lists every validation message in a 'Please fix the following errors:' toast", async () => {
    const fetchMock = mockFetch({});
    renderWithApp(<CustomerSignupPage />, { path: '/customer-signup' });
    await userEvent.type(screen.getByLabelText('Phone number'), '555');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(currentToast()).toMatchObject({
      title: 'Please fix the following errors:',
      description: 'Phone number must be at least 10 digits, Password is required',
      variant: 'destructive',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('strips the phone, stores the session and goes to /find-trucks with the welcome toast', async () => {
    const fetchMock = mockFetch({ 'POST /api/auth/register-customer': () => json({ user: customer, token: 'tok' }, 201) });
    const { currentPath } = renderWithApp(<CustomerSignupPage />, { path: '/customer-signup' });
    await userEvent.type(screen.getByLabelText('Phone number'), '(512) 555-0111');
    expect(screen.getByLabelText('Phone number')).toHaveValue('5125550111');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    await waitFor(() => expect(currentPath()).toBe('/find-trucks'));
    expect(sentBody(fetchMock, 'POST /api/auth/register-customer')).toEqual({ phone: '+15125550111', password: 'long-enough-1' });
    expect(localStorage.getItem('token')).toBe('tok');
    expect(JSON.parse(localStorage.getItem('user') ?? '')).toMatchObject({ id: 9, role: 'customer' });
    expect(currentToast()).toMatchObject({
      title: 'Welcome to Food Truck Finder!',
      description: 'To get texts when your favorites open, confirm your number from Account.',
    });
  });

  it("shows 'Registration failed' with the server message", async () => {
    mockFetch({
      'POST /api/auth/register-customer': () => json({ message: 'That phone number is already registered' }, 409),
    });
    const { currentPath } = renderWithApp(<CustomerSignupPage />, { path: '/customer-signup' });
    await userEvent.type(screen.getByLabelText('Phone number'), '5125550100');
    await userEvent.type(screen.getByLabelText('Password'), 'long-enough-1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Registration failed',
        description: 'That phone number is already registered',
        variant: 'destructive',
      }),
    );
    expect(currentPath()).toBe('/customer-signup');
  });
});
