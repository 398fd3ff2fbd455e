import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicUser } from '@shared/contracts';
import { dismiss } from '@client/lib/toast';
import { renderApp, stubFetch } from '@client/test/render-app';
import { currentToast } from '@client/test/render';
import type * as BrowserPush from '../browser-push';
import { PushDeviceCard } from './push-device-card';

const turnOnPush = vi.fn<() => Promise<number>>();
vi.mock('../browser-push', async (original) => ({
  ...(await original<typeof BrowserPush>()),
  pushSupport: () => 'supported',
  hasBrowserSubscription: async () => false,
  turnOnPush: () => turnOnPush(),
}));
const { PushPermissionDenied, PushUnavailable } = await import('../browser-push');

const CUSTOMER: PublicUser = { id: 5, username: 'taco_fan', email: null, phone: '+15125550111', phoneConfirmed: true, role: 'customer' };

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
  turnOnPush.mockReset();
});

describe('Alerts on this device: why turning them on failed', () => {
  const turnOnFailing = async (failure: Error) => {
    vi.stubGlobal('fetch', stubFetch(() => ({ body: [] })).fetch);
    turnOnPush.mockRejectedValue(failure);
    renderApp(<PushDeviceCard />, { path: '/favorites', user: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: /Turn on alerts on this device/ }));
    await waitFor(() => expect(currentToast()).toBeDefined());
    return { title: currentToast()?.title, description: String(currentToast()?.description) };
  };

  it('no push service (a private window, push switched off): says so, not "try again"', async () => {
    const said = await turnOnFailing(new PushUnavailable());
    expect(said.title).toBe('Alerts not available here');
    expect(said.description).toMatch(/private window/);
  });

  it('notifications blocked: where to allow them', async () => {
    const said = await turnOnFailing(new PushPermissionDenied());
    expect(said.title).toBe('Notifications blocked');
    expect(said.description).toMatch(/Allow them in your browser settings/);
  });
});
