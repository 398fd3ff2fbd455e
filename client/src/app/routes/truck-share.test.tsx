import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { NO_STOPS_AHEAD } from '@client/features/schedules/api/truck-schedule';
import { renderApp, stubFetch } from '@client/test/render-app';
import { makeTruck } from '@client/test/trucks';
import TruckSharePage from './truck-share';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('/trucks/:id', () => {
  it('says "No upcoming stops" once for a closed truck with none: its Next stops say how far they look', async () => {
    const truck = makeTruck({ id: 7, name: 'Quiet Wagon', isOpen: false });
    const { fetch } = stubFetch((url) => {
      if (url === '/api/food-trucks/7') return { body: truck };
      if (url === '/api/food-trucks/upcoming-stops') return { body: [] };
      if (url.startsWith('/api/food-trucks/7/schedule?')) {
        return { body: { truckId: 7, timeZone: 'America/Chicago', from: '2026-12-07', to: '2027-01-04', occurrences: [] } };
      }
      return undefined;
    });
    vi.stubGlobal('fetch', fetch);
    renderApp(
      <Route path="/trucks/:truckId">
        <TruckSharePage />
      </Route>,
      { path: '/trucks/7' },
    );
    expect(await screen.findByText(NO_STOPS_AHEAD)).toBeVisible();
    expect(await screen.findByTestId('schedule-label')).toHaveTextContent('No upcoming stops');
    expect(screen.getAllByText('No upcoming stops')).toHaveLength(1);
  });
});
