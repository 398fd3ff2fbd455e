import type { Claim, PublicUser } from '@shared/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPERATOR, renderApp, stubFetch } from '@client/test/render-app';
import { ClaimPrompt } from './claim-prompt';

afterEach(() => vi.unstubAllGlobals());

const listing = { sourceName: 'SF open data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T00:00:00.000Z' };
const truck = { id: 9, name: 'Mission Dogs', listing };
const CUSTOMER: PublicUser = { id: 8, username: 'cu', email: null, phone: '+15125550100', phoneConfirmed: true, role: 'customer' };
const claim = (over: Partial<Claim> = {}): Claim => ({
  id: 4,
  foodTruckId: 9,
  truckName: 'Mission Dogs',
  address: '2400 MISSION ST',
  sourceName: 'SF open data',
  method: 'sms',
  status: 'pending',
  phoneLast4: '0123',
  expiresAt: '2026-11-26T12:15:00.000Z',
  resendAt: '2026-11-26T12:01:00.000Z',
  attemptsLeft: 5,
  reason: null,
  createdAt: '2026-11-26T12:00:00.000Z',
  decidedAt: null,
  ...over,
});

function api(user: PublicUser | null, routes: Record<string, { status?: number; body: unknown }>) {
  const stub = stubFetch((url, init) => {
    if (url === '/api/auth/me') return user ? { body: user } : { status: 401, body: { message: 'no' } };
    return routes[`${init?.method ?? 'GET'} ${url}`];
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe('ClaimPrompt', () => {
  // The first test of the file also loads the app's modules: a slow machine needs more than 5 s.
  it('leads a signed-out visitor to sign in or sign up as an operator, and back', { timeout: 20_000 }, () => {
    api(null, {});
    renderApp(<ClaimPrompt truck={truck} />);
    fireEvent.click(screen.getByRole('button', { name: 'Claim it' }));
    expect(screen.getByRole('link', { name: 'Log in to claim' })).toHaveAttribute('href', '/login?next=%2Ftrucks%2F9');
    expect(screen.getByRole('link', { name: 'Create an operator account' })).toHaveAttribute(
      'href',
      '/register?role=operator&next=%2Ftrucks%2F9',
    );
  });

  it('tells a customer that claiming is for operators, and asks the server nothing', () => {
    const stub = api(CUSTOMER, {});
    renderApp(<ClaimPrompt truck={truck} />, { user: CUSTOMER });
    fireEvent.click(screen.getByRole('button', { name: 'Claim it' }));
    expect(screen.getByText(/Claiming a listing is for truck operators/)).toBeInTheDocument();
    expect(stub.calls.filter((c) => c.url.includes('claims'))).toEqual([]);
  });

  it('lets an operator claim, enter the code and see the truck is theirs', async () => {
    // The server's claims as they change: the list refetches after each step.
    let mine: Claim[] = [];
    const stub = stubFetch((url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (url === '/api/auth/me') return { body: OPERATOR };
      if (key === 'GET /api/claims') return { body: mine };
      if (key === 'POST /api/food-trucks/9/claims') return { status: 201, body: (mine = [claim()])[0] };
      if (key === 'POST /api/claims/4/code') return { body: (mine = [claim({ status: 'approved', attemptsLeft: 0, resendAt: null })])[0] };
      return undefined;
    });
    vi.stubGlobal('fetch', stub.fetch);
    renderApp(<ClaimPrompt truck={truck} />, { user: OPERATOR });
    fireEvent.click(await screen.findByRole('button', { name: 'Claim it' }));
    expect(await screen.findByText(/ending in 0123/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6-digit code from the text')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Mission Dogs is yours now' })).toBeInTheDocument();
    await waitFor(() => expect(stub.calls.find((c) => c.url === '/api/claims/4/code')?.body).toEqual({ code: '123456' }));
  });
});
