import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_PASSWORD_WRONG } from '@shared/contracts/auth';
import { dismiss } from '@client/lib/toast';
import { json, mockFetch, renderWithApp, sentBody, currentToast } from '@client/test/render';
import { Route, Switch } from 'wouter';
import AccountPage from './account';

// Each test types three passwords key by key: slow on a loaded 2-core machine.
vi.setConfig({ testTimeout: 20_000 });

const customer = { id: 9, username: null, email: null, phone: '+15125550111', role: 'customer' as const };

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
  function signedInFor(put: () => Response, confirmPhone: () => Response = () => json({}, 500)) {
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('user', JSON.stringify(customer));
    return mockFetch({ 'GET /api/auth/me': () => json(customer), 'PUT /api/auth/me': put, 'POST /api/auth/me/phone': confirmPhone });
  }
  const details = () => within(screen.getByRole('form', { name: 'Your details' }));
  const changed = { ...customer, username: 'taco_fan', email: 'fan@example.com' };
  async function saveNewNumber() {
    const form = details();
    await userEvent.clear(form.getByLabelText('Phone number'));
    await userEvent.type(form.getByLabelText('Phone number'), '512-555-0177');
    await userEvent.type(form.getByLabelText('Current password'), 'correct-horse-1');
    await userEvent.click(form.getByRole('button', { name: 'Save details' }));
    return within(await screen.findByRole('form', { name: 'Confirm your new number' }));
  }

  it('starts from the account as it is, sends the change with the password, and the app goes on as the changed user', async () => {
    const fetchMock = signedInFor(() => json({ user: changed, token: 'same-session', phoneToConfirm: null }));
    renderWithApp(<AccountPage />, { path: '/account' });
    const form = details();
    expect(form.getByLabelText('Phone number')).toHaveValue('512-555-0111');
    expect(form.getByLabelText('Username')).toHaveValue('');
    await userEvent.type(form.getByLabelText('Username'), 'taco_fan');
    await userEvent.type(form.getByLabelText('Email'), 'fan@example.com');
    await userEvent.type(form.getByLabelText('Current password'), 'correct-horse-1');
    await userEvent.click(form.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(changed));
    expect(sentBody(fetchMock, 'PUT /api/auth/me')).toEqual({ username: 'taco_fan', email: 'fan@example.com', phone: '+15125550111', currentPassword: 'correct-horse-1' });
    expect(currentToast()).toMatchObject({ title: 'Details saved', description: 'Sign in and alerts now use these details.' });
    expect(form.getByLabelText('Current password')).toHaveValue('');
    expect(screen.getByText('Signed in as taco_fan.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm your new number' })).not.toBeInTheDocument();
  });

  it('a new number asks for the code texted to it, and the account takes the number with it (ADR 0188)', async () => {
    const moved = { ...customer, phone: '+15125550177' };
    const fetchMock = signedInFor(
      () => json({ user: customer, token: 'same-session', phoneToConfirm: '+15125550177' }),
      () => json({ user: moved, token: 'same-session' }),
    );
    renderWithApp(<AccountPage />, { path: '/account' });
    const step = await saveNewNumber();
    expect(sentBody(fetchMock, 'PUT /api/auth/me')).toMatchObject({ phone: '+15125550177' });
    expect(currentToast()).toMatchObject({ title: 'Details saved', description: 'Enter the code we texted to 512-555-0177 to use that number.' });
    expect(step.getByRole('status')).toHaveTextContent(
      'We texted a code to 512-555-0177. It works for 15 minutes. Until you enter it, your account keeps 512-555-0111.',
    );
    // The code is checked before it is sent.
    await userEvent.click(step.getByRole('button', { name: 'Use this number' }));
    expect(await step.findByText('Enter the 6-digit code from the text')).toBeInTheDocument();
    await userEvent.type(step.getByLabelText('Code from the text'), '123 456');
    await userEvent.click(step.getByRole('button', { name: 'Use this number' }));
    await waitFor(() => expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(moved));
    expect(sentBody(fetchMock, 'POST /api/auth/me/phone')).toEqual({ code: '123456' });
    expect(currentToast()).toMatchObject({ title: 'Number changed', description: 'Sign in and texts now use 512-555-0177.' });
    expect(screen.queryByRole('form', { name: 'Confirm your new number' })).not.toBeInTheDocument();
  });

  it('a wrong code is shown under its field; a new code sends the details again; keeping the number puts it back', async () => {
    const wrong = 'That code is not right: 4 tries left';
    const fetchMock = signedInFor(
      () => json({ user: customer, token: 'same-session', phoneToConfirm: '+15125550177' }),
      () => json({ message: wrong, fieldErrors: { code: [wrong] } }, 400),
    );
    renderWithApp(<AccountPage />, { path: '/account' });
    const step = await saveNewNumber();
    await userEvent.type(step.getByLabelText('Code from the text'), '000000');
    await userEvent.click(step.getByRole('button', { name: 'Use this number' }));
    expect(await step.findByText(wrong)).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toEqual(customer);

    await userEvent.click(step.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'New code sent' }));
    const puts = fetchMock.mock.calls.filter(([url, init]) => url === '/api/auth/me' && init?.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.[1]?.body).toBe(puts[0]?.[1]?.body);

    await userEvent.click(step.getByRole('button', { name: 'Keep my number' }));
    expect(screen.queryByRole('form', { name: 'Confirm your new number' })).not.toBeInTheDocument();
    expect(details().getByLabelText('Phone number')).toHaveValue('512-555-0111');
  });

  it('a number not confirmed yet says so, and is confirmed by a code texted to it (ADR 0189)', async () => {
    const unconfirmed = { ...customer, phoneConfirmed: false };
    localStorage.setItem('token', 'old-token');
    localStorage.setItem('user', JSON.stringify(unconfirmed));
    const fetchMock = mockFetch({
      'GET /api/auth/me': () => json(unconfirmed),
      'POST /api/auth/me/phone/code': () => json({ phoneToConfirm: customer.phone }, 202),
      'POST /api/auth/me/phone': () => json({ user: { ...customer, phoneConfirmed: true }, token: 'same-session' }),
    });
    renderWithApp(<AccountPage />, { path: '/account' });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('Your number 512-555-0111 is not confirmed yet: we text alerts only to a confirmed number.');
    await userEvent.click(within(note).getByRole('button', { name: 'Text me a code' }));
    const step = within(await screen.findByRole('form', { name: 'Confirm your number' }));
    expect(step.getByRole('status')).toHaveTextContent('We texted a code to 512-555-0111. It works for 15 minutes.');
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    await userEvent.type(step.getByLabelText('Code from the text'), '654321');
    await userEvent.click(step.getByRole('button', { name: 'Confirm number' }));
    await waitFor(() => expect(currentToast()).toMatchObject({ title: 'Number confirmed' }));
    expect(sentBody(fetchMock, 'POST /api/auth/me/phone')).toEqual({ code: '654321' });
    expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ phoneConfirmed: true });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm your number' })).not.toBeInTheDocument();
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
