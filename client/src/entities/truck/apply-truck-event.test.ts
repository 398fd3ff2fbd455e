import { describe, expect, it } from 'vitest';
import { NEARBY_CASES } from '@shared/utils/nearby.cases';
import { makeTruck } from '@client/test/trucks';
import { applyTruckEvent } from './apply-truck-event';

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

describe('applyTruckEvent: the nearby rule (one table: shared/utils/nearby.cases.ts)', () => {
  it.each(NEARBY_CASES)('$name', ({ area, trucks, expected }) => {
    // The trucks open one by one, in the table's order, into an empty list of that area.
    const list = trucks.reduce(
      (acc, { id, lat, lng }) => applyTruckEvent(acc, { type: 'opened', truck: makeTruck({ id, latitude: lat, longitude: lng }) }, area),
      [] as ReturnType<typeof applyTruckEvent>,
    );
    expect(list.map((t) => t.id)).toEqual(expected);
  });
});
