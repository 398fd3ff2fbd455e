import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link } from 'wouter';
import { renderWithApp } from '@client/test/render';
import { isChunkLoadError, thePage } from '@client/lib/new-version';
import { ScreenErrorBoundary } from './screen-error-boundary';

const CHROMIUM = new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/kitchen-OLD.js');

let failWith: Error | null = null;
function Screen() {
  if (failWith) throw failWith;
  return <p>The screen</p>;
}

function app(path = '/orders') {
  return renderWithApp(
    <>
      <nav>
        <Link href="/find-trucks">Find Trucks</Link>
      </nav>
      <ScreenErrorBoundary>
        <Screen />
      </ScreenErrorBoundary>
    </>,
    { path },
  );
}

let reload: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  reload = vi.fn<() => void>();
  vi.spyOn(thePage, 'reload').mockImplementation(reload);
  // React logs each caught error; the tests read the screen instead.
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  failWith = null;
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('isChunkLoadError', () => {
  it("knows each browser's words for an app script that did not load, and nothing else", () => {
    expect(isChunkLoadError(CHROMIUM)).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true); // Firefox
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true); // Safari
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/map-1.css'))).toBe(true); // Vite
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('ScreenErrorBoundary', () => {
  it('a screen that fails says so under the navbar, instead of a blank page; another address clears it', () => {
    failWith = new TypeError("Cannot read properties of undefined (reading 'name')");
    app();
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find Trucks' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
    failWith = null;
    fireEvent.click(screen.getByRole('link', { name: 'Find Trucks' }));
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });

  it("reloads into the new version when a screen's script is gone, once: gone again, it says so", () => {
    failWith = CHROMIUM;
    const first = app();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status', { name: 'Loading the new version of the app' })).toBeInTheDocument();
    first.unmount();
    // The reloaded page's chunk is missing too: no second reload within the minute.
    app();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByText('Reload to get the latest version of the app.')).toBeInTheDocument();
  });

  it('offline, asks to try again when back online, and trying again loads the screen', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    failWith = CHROMIUM;
    app();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeInTheDocument();
    failWith = null;
    act(() => fireEvent.click(screen.getByRole('button', { name: 'Try again' })));
    expect(screen.getByText('The screen')).toBeInTheDocument();
  });
});
