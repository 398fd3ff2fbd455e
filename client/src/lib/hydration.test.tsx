import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoot, hydrateRoot } from 'react-dom/client';
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

  it("a screen React hydrates in a pass after the app's still finds the server's markup; a part mounted after reads the browser at once", async () => {
    const { ScreenHydrated, startHydration } = hydration;
    function Status({ label }: { label: string }) {
      const hydrated = hydration.useHydrated();
      return <p>{`${label}: ${hydrated ? 'browser' : 'server'}`}</p>;
    }
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (release = resolve));
    const LazyScreen = lazy(async () => {
      await arrived;
      return { default: () => <Status label="screen" /> };
    });
    const page = (screenPart: ReactNode) => (
      <main>
        <Status label="app" />
        <Suspense fallback={<p>Loading</p>}>
          {screenPart}
          <ScreenHydrated />
        </Suspense>
      </main>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(<Status label="screen" />));
    document.body.append(container);
    const recoverable = vi.fn();
    startHydration();
    await act(async () => {
      hydrateRoot(container, page(<LazyScreen />), { onRecoverableError: recoverable });
    });
    // The app has hydrated and its effects have run; the screen's code has not arrived yet.
    expect(screen.getByText('app: browser')).toBeInTheDocument();
    expect(screen.getByText('screen: server')).toBeInTheDocument();
    await act(async () => release());
    expect(await screen.findByText('screen: browser')).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();

    const firstReads: boolean[] = [];
    function Later() {
      firstReads.push(hydration.useHydrated());
      return null;
    }
    render(<Later />);
    expect(firstReads[0]).toBe(true);
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

const ignore = () => {};
function Search({ keepTyped }: { keepTyped: boolean }) {
  const [text, setText] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const [renders, setRenders] = useState(0);
  hydration.useKeepTypedBeforeHydration(box, keepTyped ? setText : ignore);
  return (
    <main>
      <input ref={box} aria-label="Search" value={text} onChange={(e) => setText(e.target.value)} />
      <p>{text ? `Trucks matching ${text}` : 'Every truck'}</p>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again
      </button>
    </main>
  );
}

describe('text typed into a server-rendered page before it hydrates (ADR 0168)', () => {
  async function typeThenHydrate(keepTyped: boolean) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Search keepTyped={keepTyped} />);
    document.body.append(container);
    (container.querySelector('input') as HTMLInputElement).value = 'taco';
    await act(async () => {
      hydrateRoot(container, <Search keepTyped={keepTyped} />);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Render again' }));
    return container;
  }

  it('stays in the box, and the screen follows it as if typed after', async () => {
    const container = await typeThenHydrate(true);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('taco');
    expect(screen.getByText('Trucks matching taco')).toBeInTheDocument();
    container.remove();
  });

  it('is lost at the next render without it (why the hook exists)', async () => {
    const container = await typeThenHydrate(false);
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
    expect(screen.getByText('Every truck')).toBeInTheDocument();
    container.remove();
  });

  it('does nothing to a box the browser renders itself', () => {
    const keep = vi.fn();
    function Box() {
      const box = useRef<HTMLInputElement>(null);
      hydration.useKeepTypedBeforeHydration(box, keep);
      return <input ref={box} aria-label="Search" value="burrito" onChange={() => {}} />;
    }
    render(<Box />);
    expect(keep).not.toHaveBeenCalled();
  });
});

describe('a store whose browser value the server cannot know (useStoreAfterHydration)', () => {
  /** A store like the truck stream's state: 'closed' on the server, whatever the browser says after. */
  function store(initial: string) {
    let value = initial;
    const listeners = new Set<() => void>();
    return {
      read: () => value,
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      set(next: string) {
        value = next;
        for (const listener of listeners) listener();
      },
    };
  }
  function Connection({ stream }: { stream: ReturnType<typeof store> }) {
    const state = hydration.useStoreAfterHydration(stream.subscribe, stream.read, 'closed');
    return <p>{`Stream ${state}`}</p>;
  }
  const flushMicrotasks = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it("hydrates with the server's value, then follows the store", async () => {
    const stream = store('open');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Connection stream={stream} />);
    document.body.append(container);
    expect(container.textContent).toBe('Stream closed');
    const recoverable = vi.fn();
    hydration.startHydration();
    await act(async () => {
      hydrateRoot(container, <Connection stream={stream} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(await screen.findByText('Stream open')).toBeInTheDocument();
    container.remove();
  });

  it('renders a change as a transition, not synchronously in the task that made it (issue 33)', async () => {
    // Outside act(), as in the browser: React's synchronous lane is flushed in a microtask, a
    // transition in a later task of its scheduler.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasAct = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const stream = store('connecting');
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      root.render(<Connection stream={stream} />);
      await waitFor(() => expect(container.textContent).toBe('Stream connecting'));
      stream.set('open');
      await flushMicrotasks();
      expect(container.textContent).toBe('Stream connecting');
      await waitFor(() => expect(container.textContent).toBe('Stream open'));
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasAct;
    }
  });
});
