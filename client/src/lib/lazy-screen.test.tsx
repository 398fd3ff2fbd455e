import { act, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazy-screen';

function Counter({ label }: { label: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" onClick={() => setN(n + 1)}>
      {label} {n}
    </button>
  );
}

function deferredModule() {
  let resolve: (m: { default: typeof Counter }) => void = () => {};
  const promise = new Promise<{ default: typeof Counter }>((r) => (resolve = r));
  return { load: () => promise, resolve: () => resolve({ default: Counter }) };
}

describe('lazyScreen', () => {
  it('renders a preloaded screen in the first render, without the fallback', async () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load);
    const preloaded = Screen.preload();
    module.resolve();
    await preloaded;
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Screen label="Count" />
      </Suspense>,
    );
    // Synchronously there: no fallback was ever committed.
    expect(screen.queryByText('Loading page')).toBeNull();
    expect(screen.getByRole('button', { name: 'Count 0' })).toBeInTheDocument();
  });

  it('shows the fallback until a screen that was not preloaded arrives, and keeps its state after', async () => {
    const module = deferredModule();
    const Screen = lazyScreen(module.load);
    function Parent() {
      const [tick, setTick] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setTick(tick + 1)}>
            rerender {tick}
          </button>
          <Suspense fallback={<p>Loading page</p>}>
            <Screen label="Count" />
          </Suspense>
        </>
      );
    }
    render(<Parent />);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    await act(async () => module.resolve());
    const counter = await screen.findByRole('button', { name: 'Count 0' });
    act(() => counter.click());
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
    // A re-render after the module has loaded must not swap the lazy wrapper for the module's
    // component (a remount would lose the count).
    act(() => screen.getByRole('button', { name: 'rerender 0' }).click());
    expect(screen.getByRole('button', { name: 'Count 1' })).toBeInTheDocument();
  });

  it('asks again for a module that failed to load', async () => {
    let calls = 0;
    const Screen = lazyScreen(async () => {
      calls += 1;
      if (calls === 1) throw new Error('chunk failed');
      return { default: Counter };
    });
    await expect(Screen.preload()).rejects.toThrow('chunk failed');
    await Screen.preload();
    render(<Screen label="Again" />);
    expect(screen.getByRole('button', { name: 'Again 0' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
