import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismiss, useToasts } from '@client/lib/toast';
import { renderApp, stubFetch } from '@client/test/render-app';
import { FavoritesCalendarPanel } from './favorites-calendar-panel';

const CUSTOMER = { id: 9, username: null, email: null, phone: '+15125550111', phoneConfirmed: true, role: 'customer' as const };
const FEED = 'http://localhost:5000/api/calendar/favorites/secret-token.ics';

afterEach(() => {
  dismiss();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("the favourites' calendar feed", () => {
  it('copies its private address with one tap, and says so', async () => {
    vi.stubGlobal('fetch', stubFetch((url) => (url === '/api/favorites/calendar-feed' ? { body: { url: FEED } } : undefined)).fetch);
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderApp(<FavoritesCalendarPanel />, { user: CUSTOMER });
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(FEED));
    await waitFor(() => expect(renderHook(() => useToasts()).result.current[0]).toMatchObject({ title: 'Calendar address copied' }));
  });
});
