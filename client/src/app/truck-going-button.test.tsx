import type { PublicUser } from '@shared/contracts';
import type { Occurrence, UpcomingStops } from '@shared/contracts/schedules';
import { NO_STOP_TO_GO_TO } from '@shared/contracts/going';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '@client/test/render-app';
import { TruckGoingButton } from './truck-going-button';

afterEach(() => vi.unstubAllGlobals());

const CUSTOMER: PublicUser = { id: 8, username: 'cu', email: null, phone: '+15125550100', phoneConfirmed: true, role: 'customer' };
const closed = { id: 5, name: 'Taco Town', operatorId: 3, isOpen: false, latitude: 30.27, longitude: -97.74 };
const inAnHour = (): Occurrence => ({
  stopId: 1,
  kind: 'once',
  start: new Date(Date.now() + 3_600_000).toISOString(),
  end: new Date(Date.now() + 3 * 3_600_000).toISOString(),
  localDate: '2026-11-26',
  weekday: 4,
  startTime: '11:00',
  endTime: '14:00',
  latitude: 30.27,
  longitude: -97.74,
  address: '6th & Congress',
});

/** The API as the button sees it: the upcoming stops, the diner's list, and what "I'm going" answers. */
function api(upcoming: UpcomingStops, going: { status: number; body: unknown }) {
  const stub = stubFetch((url, init) => {
    if (url === '/api/auth/me') return { body: CUSTOMER };
    if (url === '/api/food-trucks/upcoming-stops') return { body: upcoming };
    if (url === '/api/going') return { body: [] };
    if (url === `/api/food-trucks/${closed.id}/going` && init?.method === 'POST') return going;
    return undefined;
  });
  vi.stubGlobal('fetch', stub.fetch);
  return stub;
}

describe('TruckGoingButton: "I\'m going" only where there is a stop to go to', () => {
  it('is not offered on a closed truck with no stop to come', { timeout: 20_000 }, async () => {
    const stub = api([], { status: 200, body: [] });
    renderApp(<TruckGoingButton truck={closed} />, { user: CUSTOMER });
    await waitFor(() =>
      expect(stub.calls.some((c) => c.url === '/api/food-trucks/upcoming-stops')).toBe(true),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /I'm going/ })).not.toBeInTheDocument();
  });

  it('is offered on an open truck, and on a closed one with a stop to come', async () => {
    api([], { status: 200, body: [] });
    const { unmount } = renderApp(<TruckGoingButton truck={{ ...closed, isOpen: true }} />, {
      user: CUSTOMER,
    });
    expect(await screen.findByRole('button', { name: "I'm going to Taco Town" })).toBeInTheDocument();
    unmount();
    api([{ truckId: closed.id, timeZone: 'America/Chicago', stops: [inAnHour()] }], {
      status: 200,
      body: [],
    });
    renderApp(<TruckGoingButton truck={closed} />, { user: CUSTOMER });
    expect(await screen.findByRole('button', { name: "I'm going to Taco Town" })).toBeInTheDocument();
  });

  it('explains politely when the stop went away meanwhile (409), and looks again', async () => {
    const stub = api([{ truckId: closed.id, timeZone: 'America/Chicago', stops: [inAnHour()] }], {
      status: 409,
      body: { message: NO_STOP_TO_GO_TO },
    });
    renderApp(<TruckGoingButton truck={closed} />, { user: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: "I'm going to Taco Town" }));
    expect(await screen.findByText('Nothing to go to right now')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Taco Town has no current or upcoming stop. Save it as a favorite to hear when it opens.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(
        stub.calls.filter((c) => c.url === '/api/food-trucks/upcoming-stops').length,
      ).toBeGreaterThanOrEqual(2),
    );
  });
});
