import { truckEventSchema, type FoodTruck, type TruckEvent } from '@shared/contracts';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTruck } from '@client/test/trucks';
import {
  applyTruckEvent,
  applyTruckStreamMessage,
  isTruckEvent,
  syncTruckEventsViewer,
  useTruckEvents,
  useTruckEventsConnection,
  type TruckStreamMessage,
} from './truck-events';
import { ACTIVE_TRUCKS_URL } from './query-keys';

const austin = { lat: 30.2672, lng: -97.7431 };
const later = '2026-01-01T12:05:00.000Z';

describe('applyTruckEvent', () => {
  const a = makeTruck({ id: 1, name: 'A' });
  const b = makeTruck({ id: 2, name: 'B' });
  const list = [a, b];

  it('replaces a changed truck in place and keeps the others', () => {
    const next = applyTruckEvent(list, { type: 'closed', truck: { ...a, isOpen: false, lastUpdated: later } });
    expect(next.map((t) => t.id)).toEqual([1, 2]);
    expect(next[0]!.isOpen).toBe(false);
    expect(next[1]).toBe(b);
  });

  it('appends a new truck and removes a removed one', () => {
    const c = makeTruck({ id: 3 });
    expect(applyTruckEvent(list, { type: 'opened', truck: c }).map((t) => t.id)).toEqual([1, 2, 3]);
    expect(applyTruckEvent(list, { type: 'removed', truck: a }).map((t) => t.id)).toEqual([2]);
    expect(applyTruckEvent(list, { type: 'removed', truck: c })).toBe(list);
  });

  it('ignores an event older than the cached truck', () => {
    const cached = [makeTruck({ id: 1, lastUpdated: later })];
    expect(applyTruckEvent(cached, { type: 'closed', truck: makeTruck({ id: 1, isOpen: false }) })).toBe(cached);
  });

  it('keeps a position list within its radius, nearest first, with distances', () => {
    const params = { ...austin, radiusMiles: 20 };
    const near = makeTruck({ id: 1, latitude: 30.2672, longitude: -97.7431, distanceMiles: 0 });
    const mid = makeTruck({ id: 2, latitude: 30.4021, longitude: -97.7228, distanceMiles: 9.4 });
    const cached = [near, mid];
    const between = makeTruck({ id: 3, latitude: 30.3, longitude: -97.74 });
    const inserted = applyTruckEvent(cached, { type: 'opened', truck: between }, params);
    expect(inserted.map((t) => t.id)).toEqual([1, 3, 2]);
    expect(inserted[1]!.distanceMiles).toBeGreaterThan(2);
    expect(inserted[1]!.distanceMiles).toBeLessThan(3);

    // Moving out of range (Dallas) removes it; a truck without coordinates never enters.
    const moved = applyTruckEvent(cached, { type: 'moved', truck: { ...mid, latitude: 32.78, longitude: -96.8, lastUpdated: later } }, params);
    expect(moved.map((t) => t.id)).toEqual([1]);
    expect(applyTruckEvent(cached, { type: 'opened', truck: makeTruck({ id: 4, latitude: null, longitude: null }) }, params)).toBe(cached);
  });

  it('uses the 20-mile default radius when a position list has none', () => {
    const roundRock = makeTruck({ id: 5, latitude: 30.6, longitude: -97.68 }); // ~23 miles north
    expect(applyTruckEvent([], { type: 'opened', truck: roundRock }, austin)).toEqual([]);
    expect(applyTruckEvent([], { type: 'opened', truck: roundRock }, { ...austin, radiusMiles: 50 })).toHaveLength(1);
  });

  it("keeps other operators' trucks out of an operator's list", () => {
    const other = makeTruck({ id: 7, operatorId: 99 });
    expect(applyTruckEvent(list, { type: 'opened', truck: other }, undefined, { operatorId: 1 })).toBe(list);
    expect(applyTruckEvent(list, { type: 'opened', truck: other }, undefined, { operatorId: 99 })).toHaveLength(3);
  });
});

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

describe('applyTruckStreamMessage', () => {
  it('updates every cached list by its own params and invalidates on reset', () => {
    const qc = new QueryClient();
    const all = [makeTruck({ id: 1 }), makeTruck({ id: 2 })];
    const nearKey = [ACTIVE_TRUCKS_URL, { ...austin, radiusMiles: 20 }];
    qc.setQueryData([ACTIVE_TRUCKS_URL], all);
    qc.setQueryData(nearKey, [all[0]]);
    const dallas = makeTruck({ id: 3, latitude: 32.78, longitude: -96.8 });
    applyTruckStreamMessage(qc, { type: 'opened', truck: dallas });
    expect(qc.getQueryData<FoodTruck[]>([ACTIVE_TRUCKS_URL])!.map((t) => t.id)).toEqual([1, 2, 3]);
    expect(qc.getQueryData<FoodTruck[]>(nearKey)!.map((t) => t.id)).toEqual([1]);

    applyTruckStreamMessage(qc, { type: 'reset' });
    expect(qc.getQueryState([ACTIVE_TRUCKS_URL])!.isInvalidated).toBe(true);
    expect(qc.getQueryState(nearKey)!.isInvalidated).toBe(true);
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
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('shares one EventSource between listeners and closes it with the last one', () => {
    const got: TruckStreamMessage[][] = [[], []];
    const one = renderHook(() => useTruckEvents((m) => got[0]!.push(m)));
    const two = renderHook(() => useTruckEvents((m) => got[1]!.push(m)));
    const state = renderHook(() => useTruckEventsConnection());
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
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)));
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
  });
  afterEach(() => vi.unstubAllGlobals());

  it('trades the stored token for a stream ticket (never puts the token in the URL) and reopens when the viewer changes', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ ticket: 'tk 1', expiresInSeconds: 86400 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('token', 'tok 1');
    const hook = renderHook(() => useTruckEvents(() => {}));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(fetchMock).toHaveBeenCalledWith('/api/events/ticket', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer tok 1' }) }));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events?ticket=tk%201');
    expect(FakeEventSource.instances[0]!.url).not.toContain('tok');
    syncTruckEventsViewer();
    expect(FakeEventSource.instances).toHaveLength(1);
    window.localStorage.removeItem('token');
    syncTruckEventsViewer();
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
    const hook = renderHook(() => useTruckEvents((m) => got.push(m)));
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
    const hook = renderHook(() => useTruckEvents(() => {}));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    expect(FakeEventSource.instances[0]!.url).toBe('/api/events');
    hook.unmount();
  });

});
