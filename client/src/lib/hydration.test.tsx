import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Hydration from './hydration';

/** The module afresh for each test: whether the app's first screen has painted is the page's state. */
let hydration: typeof Hydration;
beforeEach(async () => {
  vi.resetModules();
  hydration = await import('./hydration');
});

function Page({ load }: { load: () => string }) {
  const hydrated = hydration.useHydrated();
  const { BrowserOnly } = hydration;
  return (
    <main>
      <p>{hydrated ? 'Location access was denied.' : 'Share your location.'}</p>
      <BrowserOnly fallback={<p>Map loading</p>}>
        <Map load={load} />
      </BrowserOnly>
    </main>
  );
}
const Map = ({ load }: { load: () => string }) => <p>{load()}</p>;

describe('server-rendered parts that only the browser knows (ADR 0168)', () => {
  it('the server renders the fallbacks and never runs a browser-only part', () => {
    const load = vi.fn(() => 'Leaflet map');
    const html = renderToString(<Page load={load} />);
    expect(html).toContain('Share your location.');
    expect(html).toContain('Map loading');
    expect(load).not.toHaveBeenCalled();
  });

  it('hydration finds the markup the server made (no mismatch), then the browser-only parts render', async () => {
    const load = vi.fn(() => 'Leaflet map');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Page load={load} />);
    document.body.append(container);
    const serverParagraph = container.querySelector('p');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Page load={load} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(screen.getByText('Location access was denied.')).toBe(serverParagraph);
    expect(await screen.findByText('Leaflet map')).toBeInTheDocument();
    container.remove();
  });

  it('a page the browser renders itself shows its first screen at once, the browser-only parts after its first paint', async () => {
    const load = vi.fn(() => 'Leaflet map');
    const { unmount } = render(<Page load={load} />);
    expect(screen.getByText('Location access was denied.')).toBeInTheDocument();
    expect(screen.getByText('Map loading')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(await screen.findByText('Leaflet map')).toBeInTheDocument();
    // Once painted, a screen opened later shows its browser-only parts at once.
    unmount();
    render(<Page load={load} />);
    expect(screen.getByText('Leaflet map')).toBeInTheDocument();
  });

  it('in a background tab (no animation frames), the browser-only parts load after half a second', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    try {
      render(<Page load={() => 'Leaflet map'} />);
      expect(screen.getByText('Map loading')).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(499));
      expect(screen.queryByText('Leaflet map')).toBeNull();
      await act(async () => vi.advanceTimersByTime(1));
      expect(screen.getByText('Leaflet map')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
