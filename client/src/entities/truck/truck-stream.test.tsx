import type { TruckEvent } from '@shared/contracts';
import { truckEventSchema } from '@shared/contracts';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiJson } from '@client/lib/api-client';
import { makeTruck } from '@client/test/trucks';
import { createTruckStream, isTruckEvent, type TruckStream, type TruckStreamMessage } from './truck-stream';
import { TruckStreamProvider } from './truck-stream-provider';
import { useStreamSignals, useTruckEvents, useTruckEventsConnection, useTruckStreamOpen } from './use-truck-events';
import type { StreamSignal } from './truck-stream';

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
    act(() => stream.listAnswered(12));
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    expect(es.url).toBe('/api/events?lastEventId=12');
    expect(state.result.current).toBe('connecting');
    act(() => es.fire('open'));
    expect(state.result.current).toBe('open');

    const event: TruckEvent = { type: 'opened', truck: makeTruck({ id: 4 }) };
    act(() => {
      es.fire('truck', JSON.stringify(event));
      es.fire('truck', '{"not":"an event"}');
      es.fire('truck', 'garbage');
    });
    expect(got[0]).toEqual([event]);
    expect(got[1]).toEqual([event]);

    one.unmount();
    expect(es.closed).toBe(false);
    two.unmount();
    expect(es.closed).toBe(true);
    expect(state.result.current).toBe('closed');
  });

  it('tells a part whether the stream is open, rendering it again only when that changes, and never while disabled', () => {
    let visitorRenders = 0;
    let customerRenders = 0;
    const visitor = renderHook(() => (visitorRenders++, useTruckStreamOpen(false)), { wrapper });
    const customer = renderHook(() => (customerRenders++, useTruckStreamOpen()), { wrapper });
    renderHook(() => useTruckEvents(() => {}), { wrapper }); // the stream opens for a listener
    act(() => stream.listAnswered(3)); // closed → connecting: still not open
    expect(customer.result.current).toBe(false);
    expect(customerRenders).toBe(1);
    act(() => FakeEventSource.instances[0]!.fire('open'));
    expect(customer.result.current).toBe(true);
    expect(customerRenders).toBe(2);
    // A visitor's favourite buttons (twenty on a list) do not render again as the stream connects.
    expect(visitor.result.current).toBe(false);
    expect(visitorRenders).toBe(1);
  });

  it("hands the viewer's signals (issue 31: going counts, going notices; orders) to signal listeners only", () => {
    const signals: StreamSignal[] = [];
    const messages: TruckStreamMessage[] = [];
    const hook = renderHook(() => useStreamSignals((s) => signals.push(s)), { wrapper });
    const trucks = renderHook(() => useTruckEvents((m) => messages.push(m)), { wrapper });
    act(() => stream.listAnswered(3));
    expect(FakeEventSource.instances).toHaveLength(1);
    const es = FakeEventSource.instances[0]!;
    const notice = { id: 9, truckId: 4, kind: 'moved', message: 'Taco Libre has moved to UT Campus.', address: 'UT Campus', latitude: 30.28, longitude: -97.73 };
    act(() => {
      es.fire('going', JSON.stringify({ truckId: 4 }));
      es.fire('going', '{"truckId":"4"}');
      es.fire('notice', JSON.stringify(notice));
      // A reopened stream's replay of the same notice is not told again.
      es.fire('notice', JSON.stringify(notice));
      es.fire('notice', '{"kind":"moved"}');
      es.fire('notice', 'garbage');
      es.fire('order', JSON.stringify({ order: { id: 12, foodTruckId: 4, status: 'received' } }));
      es.fire('order', '{"order":{"id":12}}');
    });
    expect(signals).toEqual([
      { type: 'going', truckId: 4 },
      { type: 'notice', notice },
      { type: 'order', truckId: 4 },
    ]);
    expect(messages).toEqual([]);
    trucks.unmount();
    expect(es.closed).toBe(false);
    hook.unmount();
    expect(es.closed).toBe(true);
  });

  describe('opens from the lists it serves (Truck-Event-Id, ADR 0139)', () => {
    const truckFrame = (es: FakeEventSource, id: number) =>
      act(() => {
        for (const fn of es.handlers.get('truck') ?? [])
          fn(new MessageEvent('truck', { data: JSON.stringify({ type: 'updated', truck: makeTruck({ id: 1 }) }), lastEventId: String(id) }));
      });

    it('waits for a list, then opens from the id of the events it holds', () => {
      const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
      expect(FakeEventSource.instances).toHaveLength(0);
      act(() => stream.listAnswered(0));
      expect(FakeEventSource.instances.map((es) => es.url)).toEqual(['/api/events?lastEventId=0']);
      hook.unmount();
    });

    it('keeps an id answered before anyone listens: the first listener opens from it', () => {
      stream.listAnswered(30);
      stream.listAnswered(25);
      const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
      expect(FakeEventSource.instances.map((es) => es.url)).toEqual(['/api/events?lastEventId=25']);
      hook.unmount();
    });

    it('reopens from a list that holds fewer events than the stream has sent; a newer list changes nothing', () => {
      const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
      act(() => stream.listAnswered(20));
      const first = FakeEventSource.instances[0]!;
      act(() => first.fire('open'));
      truckFrame(first, 21);
      truckFrame(first, 22);
      // A list that holds every event up to 22 or later: the stream has nothing to add.
      act(() => stream.listAnswered(22));
      act(() => stream.listAnswered(40));
      expect(FakeEventSource.instances).toHaveLength(1);
      // A list (a cached answer, or another process's) that holds events up to 18 only.
      act(() => stream.listAnswered(18));
      expect(first.closed).toBe(true);
      expect(FakeEventSource.instances.map((es) => es.url)).toEqual(['/api/events?lastEventId=20', '/api/events?lastEventId=18']);
      hook.unmount();
    });

    it('on reset closes, asks the lists to refetch, and opens again from their answers', () => {
      const got: TruckStreamMessage[] = [];
      const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
      act(() => stream.listAnswered(5));
      const first = FakeEventSource.instances[0]!;
      act(() => first.fire('reset'));
      expect(first.closed).toBe(true);
      expect(got).toEqual([{ type: 'reset' }]);
      expect(FakeEventSource.instances).toHaveLength(1);
      act(() => stream.listAnswered(900));
      expect(FakeEventSource.instances[1]!.url).toBe('/api/events?lastEventId=900');
      hook.unmount();
    });

    it('the provider hands it every answer’s Truck-Event-Id once the body is read', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response('[]', { status: 200, headers: { 'truck-event-id': '77' } })),
      );
      const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
      await apiJson('GET', '/api/favorites');
      expect(FakeEventSource.instances.map((es) => es.url)).toEqual(['/api/events?lastEventId=77']);
      hook.unmount();
    });
  });

  describe('held open before anyone listens (a server-rendered page, ADR 0168)', () => {
    const frame = (es: FakeEventSource, id: number, name: string) =>
      act(() => {
        for (const fn of es.handlers.get('truck') ?? [])
          fn(new MessageEvent('truck', { data: JSON.stringify({ type: 'updated', truck: makeTruck({ id: 1, name }) }), lastEventId: String(id) }));
      });
    const names = (got: TruckStreamMessage[]) => got.map((m) => (m.type === 'updated' ? m.truck.name : m.type));

    it('opens at once from the lists it holds, and hands what came meanwhile to the listeners of the first commit only', () => {
      vi.useFakeTimers();
      stream.listAnswered(40);
      stream.hold(15_000);
      expect(FakeEventSource.instances.map((es) => es.url)).toEqual(['/api/events?lastEventId=40']);
      const es = FakeEventSource.instances[0]!;
      frame(es, 41, 'Renamed while hydrating');
      frame(es, 42, 'Renamed again');
      const got: TruckStreamMessage[][] = [[], [], []];
      const one = renderHook(() => useTruckEvents((m) => got[0]!.push(m)), { wrapper });
      const two = renderHook(() => useTruckEvents((m) => got[1]!.push(m)), { wrapper });
      expect(names(got[0]!)).toEqual(['Renamed while hydrating', 'Renamed again']);
      expect(names(got[1]!)).toEqual(['Renamed while hydrating', 'Renamed again']);
      act(() => vi.advanceTimersByTime(0));
      const three = renderHook(() => useTruckEvents((m) => got[2]!.push(m)), { wrapper });
      expect(got[2]).toEqual([]);
      // The same connection carries on for the listeners; the hold no longer keeps it open.
      frame(es, 43, 'Live');
      expect(names(got[0]!)).toEqual(['Renamed while hydrating', 'Renamed again', 'Live']);
      expect(FakeEventSource.instances).toHaveLength(1);
      one.unmount();
      two.unmount();
      three.unmount();
      expect(es.closed).toBe(true);
    });

    it('closes when no screen listens in time, and the next listener still gets what was kept, reopening from after it', () => {
      vi.useFakeTimers();
      stream.listAnswered(7);
      stream.hold(15_000);
      const es = FakeEventSource.instances[0]!;
      frame(es, 8, 'Kept');
      act(() => vi.advanceTimersByTime(15_000));
      expect(es.closed).toBe(true);
      const got: TruckStreamMessage[] = [];
      const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
      expect(names(got)).toEqual(['Kept']);
      expect(FakeEventSource.instances.map((e) => e.url)).toEqual(['/api/events?lastEventId=7', '/api/events?lastEventId=8']);
      hook.unmount();
    });

    it('keeps at most 200 changes: past that, the listener is asked to refetch', () => {
      stream.listAnswered(0);
      stream.hold(15_000);
      const es = FakeEventSource.instances[0]!;
      for (let id = 1; id <= 201; id++) frame(es, id, `Change ${id}`);
      frame(es, 202, 'After the cap');
      const got: TruckStreamMessage[] = [];
      const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
      expect(names(got)).toEqual(['reset', 'After the cap']);
      hook.unmount();
    });
  });

  it('reopens a stream the browser gave up on, from the last event received', () => {
    vi.useFakeTimers();
    const got: TruckStreamMessage[] = [];
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
    act(() => stream.listAnswered(3));
    const first = FakeEventSource.instances[0]!;
    act(() => first.fire('open'));
    act(() => {
      for (const fn of first.handlers.get('truck') ?? [])
        fn(new MessageEvent('truck', { data: JSON.stringify({ type: 'updated', truck: makeTruck({ id: 2 }) }), lastEventId: '8' }));
    });
    act(() => {
      first.readyState = FakeEventSource.CLOSED;
      first.fire('error');
    });
    expect(FakeEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(3000));
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?lastEventId=8');
    act(() => FakeEventSource.instances[1]!.fire('open'));
    // Resumed: the server replays what was missed; no refetch.
    expect(got.map((m) => m.type)).toEqual(['updated']);
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
    stream = createTruckStream();
    const got: TruckStreamMessage[] = [];
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
    act(() => stream.listAnswered(4));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/events/ticket', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer tok 1' }) }));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?ticket=tk%201&lastEventId=4');
    expect(FakeEventSource.instances[0]!.url).not.toContain('tok');
    stream.syncViewer();
    expect(FakeEventSource.instances).toHaveLength(1);
    window.localStorage.removeItem('token');
    // Another viewer: the lists refetch, and their answer opens the new viewer's stream.
    act(() => stream.syncViewer());
    expect(FakeEventSource.instances[0]!.closed).toBe(true);
    expect(got).toEqual([{ type: 'reset' }]);
    act(() => stream.listAnswered(6));
    expect(FakeEventSource.instances[1]!.url).toBe('/api/events?lastEventId=6');
    hook.unmount();
  });

  it('reconnects a dropped signed-in stream with a new ticket (each opens one stream), resuming after the last event', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let n = 0;
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ ticket: `tk${++n}`, expiresInSeconds: 60 }), { status: 200 })));
    window.localStorage.setItem('token', 'tok 2');
    stream = createTruckStream();
    const got: TruckStreamMessage[] = [];
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)), { wrapper });
    act(() => stream.listAnswered(30));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const first = FakeEventSource.instances[0]!;
    expect(first.url).toBe('/api/events?ticket=tk1&lastEventId=30');
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
    stream = createTruckStream();
    const hook = renderHook(() => useTruckEvents(() => {}), { wrapper });
    act(() => stream.listAnswered(2));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?lastEventId=2');
    hook.unmount();
    window.localStorage.removeItem('token');
  });
});
