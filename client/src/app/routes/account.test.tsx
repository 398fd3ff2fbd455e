import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD_WRONG } from '@shared/contracts/auth';
import { dismiss, useToasts } from '@client/lib/toast';
import { json, mockFetch, renderWithApp, sentBody } from '@client/test/render';
import { Route, Switch } from 'wouter';
import AccountPage from './account';

// Each test types three passwords key by key: slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const customer = { id: 9, username: null, email: null, phone: '+15125550111', role: 'customer' as const };
const currentToast = () => renderHook(() => useToasts()).result.current[0];

function signedIn(changePassword: () => Response) {
  localStorage.setItem('token', 'old-token');
  localStorage.setItem('user', JSON.stringify(customer));
  return mockFetch({ 'GET /api/auth/me': () => json(customer), 'POST /api/auth/change-password': changePassword });
}
async function fill(current: string, next: string, confirm = next) {
  const form = within(screen.getByRole('form', { name: 'Change password' }));
  await userEvent.type(form.getByLabelText('Current password'), current);
  await userEvent.type(form.getByLabelText('New password'), next);
  await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

afterEach(() => {
  dismiss();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('/account: change password (issue 32)', () => {
  it('sends the current and new password, keeps this session with the new token, and says other devices are signed out', async () => {
    const fetchMock = signedIn(() => json({ user: customer, token: 'new-token' }));
    renderWithApp(<AccountPage />, { path: '/account' });
    await fill('correct-horse-1', 'brand-new-pass-1');
    await waitFor(() => expect(localStorage.getItem('token')).toBe('new-token'));
    expect(sentBody(fetchMock, 'POST /api/auth/change-password')).toEqual({
      currentPassword: 'correct-horse-1',
      newPassword: 'brand-new-pass-1',
    });
    expect(currentToast()).toMatchObject({ title: 'Password changed', description: 'You have been signed out on your other devices.' });
    expect(within(screen.getByRole('form', { name: 'Change password' })).getByLabelText('Current password')).toHaveValue('');
  });

  it('shows the server’s message under the current password when it is wrong, and keeps the session', async () => {
    signedIn(() => json({ message: CURRENT_PASSWORD_WRONG, fieldErrors: { currentPassword: [CURRENT_PASSWORD_WRONG] } }, 400));
    renderWithApp(<AccountPage />, { path: '/account' });
    await fill('not-it', 'brand-new-pass-1');
    expect(await screen.findAllByText(CURRENT_PASSWORD_WRONG)).not.toHaveLength(0);
    expect(localStorage.getItem('token')).toBe('old-token');
  });

  it('checks the confirmation before sending anything', async () => {
    const fetchMock = signedIn(() => json({}, 500));
    renderWithApp(<AccountPage />, { path: '/account' });
    await fill('correct-horse-1', 'brand-new-pass-1', 'brand-new-pass-2');
    expect(await screen.findAllByText("Passwords don't match")).not.toHaveLength(0);
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/change-password')).toBe(false);
  });
});

describe('/account: your details', () => {
  function signedInFor(put: () => Response) {
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('user', JSON.stringify(customer));
    return mockFetch({ 'GET /api/auth/me': () => json(customer), 'PUT /api/auth/me': put });
  }
  const details = () => within(screen.getByRole('form', { name: 'Your details' }));

  it('starts from the account as it is, sends the change with the password, and the app goes on as the changed user', async () => {
    const changed = { ...customer, username: 'taco_fan', email: 'fan@example.com', phone: '+15125550177' };
    const fetchMock = signedInFor(() => json({ user: changed, token: 'same-session' }));
    renderWithApp(<AccountPage />, { path: '/account' });
    const form = details();
    expect(form.getByLabelText('Phone number')).toHaveValue('512-555-0111');
    expect(form.getByLabelText('Username')).toHaveValue('');
    await userEvent.type(form.getByLabelText('Username'), 'taco_fan');
    await userEvent.type(form.getByLabelText('Email'), 'fan@example.com');
    await userEvent.clear(form.getByLabelText('Phone number'));
    await userEvent.type(form.getByLabelText('Phone number'), '512-555-0177');
    await userEvent.type(form.getByLabelText('Current password'), 'correct-horse-1');
    await userEvent.click(form.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(changed));
    expect(sentBody(fetchMock, 'PUT /api/auth/me')).toEqual({ username: 'taco_fan', email: 'fan@example.com', phone: '+15125550177', currentPassword: 'correct-horse-1' });
    expect(currentToast()).toMatchObject({ title: 'Details saved' });
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByText('Signed in as taco_fan.')).toBeInTheDocument();
  });

  it('checks the fields before sending, and shows the server’s refusal under its field', async () => {
    const fetchMock = signedInFor(() => json({ message: 'This username is already taken' }, 409));
    renderWithApp(<AccountPage />, { path: '/account' });
    const form = details();
    await userEvent.type(form.getByLabelText('Email'), 'not an email');
    await userEvent.click(form.getByRole('button', { name: 'Save details' }));
    expect(await form.findByText('Invalid email address')).toBeInTheDocument();
    expect(form.getByText('Current password is required')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/auth/me' && init?.method === 'PUT')).toBe(false);
    await userEvent.clear(form.getByLabelText('Email'));
    await userEvent.type(form.getByLabelText('Username'), 'taken_name');
    await userEvent.type(form.getByLabelText('Current password'), 'correct-horse-1');
    await userEvent.click(form.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Details not saved', description: 'This username is already taken' }));
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(customer);
  });
});

describe('/account: delete your account', () => {
  it('asks for the password, then once more, and signs out to the home page once deleted', async () => {
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('user', JSON.stringify(customer));
    const fetchMock = mockFetch({ 'GET /api/auth/me': () => json(customer), 'POST /api/auth/delete-account': () => new Response(null, { status: 204 }) });
    const { currentPath } = renderWithApp(
      <Switch>
        <Route path="/account" component={AccountPage} />
        <Route path="/">
          <p>Home</p>
        </Route>
      </Switch>,
      { path: '/account' },
    );
    const form = within(screen.getByRole('form', { name: 'Delete account' }));
    expect(form.getByText(/Your favorites, alerts, ratings, past orders and saved settings are deleted/)).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Delete my account' }));
    expect(await form.findByText('Current password is required')).toBeInTheDocument();
    await userEvent.type(form.getByLabelText('Current password'), 'correct-horse-1');
    await userEvent.click(form.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/delete-account')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(currentPath()).toBe('/');
    expect(sentBody(fetchMock, 'POST /api/auth/delete-account')).toEqual({ currentPassword: 'correct-horse-1' });
    expect(localStorage.getItem('token')).toBeNull();
    expect(currentToast()).toMatchObject({ title: 'Account deleted' });
  });
});
