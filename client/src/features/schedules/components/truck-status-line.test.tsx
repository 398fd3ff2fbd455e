import type { UpcomingStops } from '@shared/contracts/schedules';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, stubFetch } from '@client/test/render-app';
import { TruckStatusLine } from './truck-status-line';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const truck = (id: number) => ({ id, isOpen: false, latitude: 30.27, longitude: -97.74 });
const upcoming: UpcomingStops = [];

/** Renders `count` status lines once their stops have loaded; answers how many timers they set meanwhile. */
async function timersSetBy(count: number): Promise<number> {
  const { fetch } = stubFetch((url) =>
    url === '/api/food-trucks/upcoming-stops' ? { body: upcoming } : undefined,
  );
  vi.stubGlobal('fetch', fetch);
  const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
  const { unmount } = renderApp(
    <>
      {Array.from({ length: count }, (_, i) => (
        <TruckStatusLine key={i} truck={truck(i + 1)} />
      ))}
    </>,
  );
  await waitFor(() => expect(screen.getAllByTestId('schedule-label')).toHaveLength(count));
  const timers = setTimeoutSpy.mock.calls.length;
  unmount();
  setTimeoutSpy.mockRestore();
  return timers;
}

describe('TruckStatusLine', () => {
  it('sets no timer of its own per line: 40 lines set as many as one (issue 33)', async () => {
    // Each line's query reader once set a stale-time timer as it mounted: 100 cards' timers were a
    // third of a long task right after the list hydrated. The screen's one follower keeps the stops fresh.
    const one = await timersSetBy(1);
    const forty = await timersSetBy(40);
    expect(forty - one).toBeLessThan(5);
  });
});
