import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { BrowserOnly, useHydrated } from './hydration';

function Page({ load }: { load: () => string }) {
  const hydrated = useHydrated();
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
    expect(screen.getByText('Leaflet map')).toBeInTheDocument();
    container.remove();
  });

  it('a page the browser renders itself shows the browser-only parts at once', () => {
    render(<Page load={() => 'Leaflet map'} />);
    expect(screen.getByText('Location access was denied.')).toBeInTheDocument();
    expect(screen.getByText('Leaflet map')).toBeInTheDocument();
  });
});
