import type { FoodTruck } from '@shared/contracts';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ACTIVE_TRUCKS_URL, queryKeys } from '@client/lib/query-keys';
import { makeTruck } from '@client/test/trucks';
import { applyTruckStreamMessage } from './truck-cache';

const austin = { lat: 30.2672, lng: -97.7431 };

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

  it('makes the truck’s ordering panel ask again when it opens, closes or changes — not when it moves', () => {
    const qc = new QueryClient();
    const truck = makeTruck({ id: 7 });
    const key = queryKeys.truckOrdering(7);
    const other = queryKeys.truckOrdering(8);
    const panel = {
      accepting: true,
      reason: null,
      estimatedWaitMinutes: 10,
      latestPickupAt: '2030-01-01T00:00:00.000Z',
      paymentMode: 'test',
    };
    for (const type of ['closed', 'opened', 'updated'] as const) {
      qc.setQueryData(key, panel);
      qc.setQueryData(other, panel);
      applyTruckStreamMessage(qc, { type, truck });
      expect(qc.getQueryState(key)!.isInvalidated, type).toBe(true);
      expect(qc.getQueryState(other)!.isInvalidated, type).toBe(false);
    }
    qc.setQueryData(key, panel);
    applyTruckStreamMessage(qc, { type: 'moved', truck });
    expect(qc.getQueryState(key)!.isInvalidated).toBe(false);
  });
});
