import type { TruckEvent } from '@shared/contracts';
import { truckEventSchema } from '@shared/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTruck } from '@client/test/trucks';
import { createTruckStream, isTruckEvent, type TruckStream, type TruckStreamMessage } from './truck-stream';
import { TruckStreamProvider } from './truck-stream-provider';
import { useTruckEvents, useTruckEventsConnection } from './use-truck-events';

const later = '2026-01-01T12:05:00.000Z';

/** Every hook of a test reads the same stream, as every screen reads the app root's. */
let stream: TruckStream;
const wrapper = ({ children }: { children: ReactNode }) => <TruckStreamProvider stream={stream}>{children}</TruckStreamProvider>;

describe('isTruckEvent', () => {
  const truck = { ...makeTruck({ id: 7 }), lastUpdated: later, createdAt: later };
  it("accepts every kind of frame the server's schema accepts", () => {
    const frames: unknown[] = [
      { type: 'opened', truck },
      { type: 'moved', truck },
      { type: 'removed', truck: { id: 7 } },
      { type: 'rated', truck: { id: 7, rating: null } },
    ];
    for (const frame of frames) {
      expect(truckEventSchema.safeParse(frame).success).toBe(true);
      expect(isTruckEvent(frame)).toBe(true);
    }
  });
  it('skips what is not a truck frame: unknown kinds, no truck, no id', () => {
    for (const frame of [null, 'opened', { type: 'exploded', truck }, { type: 'opened' }, { type: 'opened', truck: { id: '7' } }]) {
      expect(isTruckEvent(frame)).toBe(false);
    }
  });
});

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closed = false;
  handlers = new Map<string, ((e: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), fn]);
  }
  close() {
    this.closed = true;
    this.readyState = FakeEventSource.CLOSED;
  }
  fire(type: string, data = '') {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    for (const fn of this.handlers.get(type) ?? []) fn(new MessageEvent(type, { data }));
  }
}

describe('useTruckEvents', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    stream = createTruckStream();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shares one EventSource between listeners and closes it with the last one', () => {
    const got: TruckStreamMessage[][] = [[], []];
    const one = renderHook(() => useTruckEvents((m) => got[0]!.push(m)), { wrapper });
    const two = renderHook(() => useTruckEvents((m) => got[1]!.push(m)), { wrapper });
    const state = renderHook(() => useTruckEventsConnection(), { wrapper });
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/events');
    expect(state.result.current).toBe('connecting');
    act(() => es.fire('open'));
    expect(state.result.current).toBe('open');

    const event: TruckEvent = { type: 'opened', truck: makeTruck({ id: 4 }) };
    act(() => {
      es.fire('truck', JSON.stringify(event));
      es.fire('truck', '{"not":"an event"}');
      es.fire('truck', 'garbage');
      es.fire('reset');
    });
    expect(got[0]).toEqual([event, { type: 'reset' }]);
    expect(got[1]).toEqual([event, { type: 'reset' }]);

    one.unmount();
    expect(es.closed).toBe(false);
    two.unmount();
    expect(es.closed).toBe(true);
    expect(state.result.current).toBe('closed');
  });

  it('reopens a stream the browser gave up on, and asks lists to refetch', () => {
    vi.useFakeTimers();
    const got: TruckStreamMessage[] = [];
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
    const first = FakeEventSource.instances[0]!;
    act(() => first.fire('open'));
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.fire('error');
    });
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.instances[1]!.fire('open'));
    expect(got).toEqual([{ type: 'reset' }]);
    hook.unmount();
  });
});

describe('the stream viewer', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    stream = createTruckStream();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('trades the stored token for a stream ticket (never puts the token in the URL) and reopens when the viewer changes', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ticket: 'tk 1', expiresInSeconds: 86400 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('token', 'tok 1');
    const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/events/ticket', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer tok 1' }) }));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?ticket=tk%201');
    expect(FakeEventSource.instances[0]!.url).not.toContain('tok');
    stream.syncViewer();
    expect(FakeEventSource.instances).toHaveLength(1);
    window.localStorage.removeItem('token');
    stream.syncViewer();
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events');
    hook.unmount();
  });

  it('reconnects a dropped signed-in stream with a new ticket (each opens one stream), resuming after the last event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ticket: `tk${++n}`, expiresInSeconds: 60 }), { status: 200 })));
    window.localStorage.setItem('token', 'tok 2');
    const got: TruckStreamMessage[] = [];
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = FakeEventSource.instances[0]!;
    act(() => first.fire('open'));
    const event: TruckEvent = { type: 'updated', truck: makeTruck({ id: 9 }) };
    act(() => {
      for (const fn of first.handlers.get('truck') ?? [])
        fn(new MessageEvent('truck', { data: JSON.stringify(event), lastEventId: '41' }));
    });
    // The connection drops; the browser would retry the same (used) ticket: we reconnect instead.
    act(() => first.fire('error'));
    expect(first.closed).toBe(true);
    act(() => vi.advanceTimersByTime(3000));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(2));
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?ticket=tk2&lastEventId=41');
    act(() => FakeEventSource.instances[1]!.fire('open'));
    expect(got).toEqual([event]); // resumed: no reset, the server replays what was missed
    hook.unmount();
    window.localStorage.removeItem('token');
    vi.useRealTimers();
  });

  it('falls back to the public stream when no ticket can be had', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"message":"Authentication required"}', { status: 401 })));
    window.localStorage.setItem('token', 'expired');
    const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events');
    hook.unmount();
  });

});
