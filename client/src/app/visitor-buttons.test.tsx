import { fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithApp } from '@client/test/render';
import { queryKeys } from '@client/lib/query-keys';
import { ASK_TO_LOG_IN_MS, useToasts } from '@client/lib/toast';
import { GoingButton } from '@client/features/going/components/going-button';
import { FavoriteButton, FAVORITE_TEXTS } from '@client/features/favorites/components/favorite-button';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const truck = { id: 5, name: 'Taco Town', operatorId: 3 } as const;

/**
 * A visitor's heart and "I'm going" (spec section 8, issue 31): asked to log in, and, with nobody
 * signed in, no favourites or going list read and nothing held for a change (a server-rendered
 * list hydrates twenty cards of them at once on a slow phone, issue 33).
 */
describe("a visitor's favourite and going buttons", () => {
  it('ask the visitor to log in, and read nothing from the API', { timeout: 20_000 }, async () => {
    const fetchMock = mockFetch({});
    const { queryClient, currentPath } = renderWithApp(
      <>
        <FavoriteButton truck={{ ...truck, isOpen: true } as never} />
        <GoingButton truck={truck} offered />
      </>,
    );
    const heart = screen.getByRole('button', { name: 'Add Taco Town to favorites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heart);
    expect(await screen.findByText(FAVORITE_TEXTS.login)).toBeInTheDocument();
    // Its way to log in comes back to the truck's page, where the heart can be tapped again.
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Ftrucks%2F5');
    // It stays long enough to reach that link: twice a plain toast's time.
    expect(renderHook(() => useToasts()).result.current[0]).toMatchObject({ duration: ASK_TO_LOG_IN_MS });
    fireEvent.click(screen.getByRole('button', { name: "I'm going to Taco Town" }));
    expect(await screen.findByText(/Log in as a customer to tell the truck you're going/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Ftrucks%2F5');
    // Tapped, it leaves for the sign-in screen and the toast goes.
    fireEvent.click(screen.getByRole('link', { name: 'Log in' }));
    expect(currentPath()).toBe('/login?next=%2Ftrucks%2F5');
    await waitFor(() => expect(screen.queryByText(/Log in as a customer/)).not.toBeInTheDocument());
    // Not even a disabled query: nothing of the visitor's is in the cache.
    for (const queryKey of [queryKeys.favorites, queryKeys.myGoing]) expect(queryClient.getQueryCache().find({ queryKey })).toBeUndefined();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(asked.filter((url) => url.startsWith('/api/favorites') || url.startsWith('/api/going'))).toEqual([]);
  });

  it('offer "I\'m going" only where there is a stop to go to', () => {
    mockFetch({});
    renderWithApp(<GoingButton truck={truck} offered={false} />);
    expect(screen.queryByRole('button', { name: /I'm going/ })).not.toBeInTheDocument();
  });
});
