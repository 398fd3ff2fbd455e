import { act, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTruckStream, type TruckStream } from './truck-stream';
import { TruckStreamProvider, useTruckStream } from './truck-stream-provider';
import { useTruckEvents } from './use-truck-events';

class CountingEventSource {
  static CLOSED = 2;
  static opened = 0;
  readyState = 0;
  constructor(readonly url: string) {
    CountingEventSource.opened += 1;
  }
  addEventListener() {}
  close() {}
}

/** The stream was module-level state; it is now one object per app root (issue 23). */
describe('TruckStreamProvider', () => {
  beforeEach(() => {
    CountingEventSource.opened = 0;
    vi.stubGlobal('EventSource', CountingEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('gives every component under it the same stream, so the whole app opens one connection', () => {
    const seen: TruckStream[] = [];
    function Listener() {
      seen.push(useTruckStream());
      useTruckEvents(() => {});
      return null;
    }
    render(
      <TruckStreamProvider>
        <Listener />
        <Listener />
      </TruckStreamProvider>,
    );
    expect(seen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen).size).toBe(1);
    // It opens once a list has said which events it holds (ADR 0139).
    act(() => seen[0]!.listAnswered(1));
    expect(CountingEventSource.opened).toBe(1);
  });

  it('keeps its stream across renders, uses a stream it is given, and separate roots do not share one', () => {
    const given = createTruckStream();
    const wrapper = ({ children }: { children: ReactNode }) => <TruckStreamProvider stream={given}>{children}</TruckStreamProvider>;
    expect(renderHook(() => useTruckStream(), { wrapper }).result.current).toBe(given);

    const own = ({ children }: { children: ReactNode }) => <TruckStreamProvider>{children}</TruckStreamProvider>;
    const first = renderHook(() => useTruckStream(), { wrapper: own });
    const before = first.result.current;
    first.rerender();
    expect(first.result.current).toBe(before);
    expect(renderHook(() => useTruckStream(), { wrapper: own }).result.current).not.toBe(before);
  });

  it('is required: a truck-event hook outside it says where to mount it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useTruckEvents(() => {}))).toThrow(/TruckStreamProvider/);
  });
});
