import { describe, expect, it } from 'vitest';
import { makeTruck } from '@client/test/trucks';
import { loadAlerted, markAlerted, nearbyFavorites, nextAlerts, saveAlerted } from './nearby';

const here = { lat: 30.2672, lng: -97.7431 };
/** About 1 km and 3 km north of `here`. */
const near = makeTruck({ id: 1, latitude: 30.2762, longitude: -97.7431, isOpen: true });
const far = makeTruck({ id: 2, latitude: 30.2942, longitude: -97.7431, isOpen: true });
const closed = makeTruck({ id: 3, latitude: 30.2672, longitude: -97.7431, isOpen: false });
const noCoords = makeTruck({ id: 4, latitude: null, longitude: null, isOpen: true });
const ids = (trucks: readonly { id: number }[]) => new Set(trucks.map((t) => t.id));

describe('nearby alerts', () => {
  it('keeps open favourites with coordinates within 2 km (great circle)', () => {
    const found = nearbyFavorites([near, far, closed, noCoords], here);
    expect(found.map((n) => n.truck.id)).toEqual([1]);
    expect(found[0]?.km).toBeCloseTo(1.0, 1);
  });

  it('alerts once, again only after the truck closed and reopened or the customer left and came back', () => {
    let alerted: ReadonlySet<number> = new Set();
    const step = (trucks: Parameters<typeof nearbyFavorites>[0], at = here) => {
      const next = nextAlerts(nearbyFavorites(trucks, at), alerted, ids(trucks));
      alerted = next.alerted;
      return next.alerts.map((a) => a.truck.id);
    };
    expect(step([near])).toEqual([1]);
    expect(step([near])).toEqual([]);
    expect(step([{ ...near, isOpen: false }])).toEqual([]);
    expect(step([near])).toEqual([1]);
    expect(step([near], { lat: 30.33, lng: -97.7431 })).toEqual([]);
    expect(step([near])).toEqual([1]);
  });

  it('remembers the alerted trucks for the tab, so a reload does not alert again', () => {
    sessionStorage.clear();
    const { alerts, alerted } = nextAlerts(nearbyFavorites([near], here), loadAlerted(), ids([near]));
    expect(alerts).toHaveLength(1);
    saveAlerted(alerted);
    // After a reload: the same open truck nearby is not announced again.
    expect(nextAlerts(nearbyFavorites([near], here), loadAlerted(), ids([near])).alerts).toEqual([]);
    // Broken stored data is ignored, not fatal.
    sessionStorage.setItem('nearbyAlertedTrucks', '{not json');
    expect(loadAlerted().size).toBe(0);
    sessionStorage.setItem('nearbyAlertedTrucks', '["1", 2, null]');
    expect([...loadAlerted()]).toEqual([2]);
  });

  it('a truck just favourited counts as alerted: no alert for it until it has closed and opened again', () => {
    sessionStorage.clear();
    markAlerted(near.id);
    // A look at the favourites before the heart's request is answered (a position, a poll): the
    // truck is in no list yet, and keeps its mark.
    const before = nextAlerts(nearbyFavorites([far], here), loadAlerted(), ids([far]));
    expect(before.alerted.has(near.id)).toBe(true);
    const first = nextAlerts(nearbyFavorites([near], here), before.alerted, ids([near]));
    expect(first.alerts).toEqual([]);
    const closedNow = nextAlerts(nearbyFavorites([{ ...near, isOpen: false }], here), first.alerted, ids([near]));
    expect(nextAlerts(nearbyFavorites([near], here), closedNow.alerted, ids([near])).alerts.map((a) => a.truck.id)).toEqual([1]);
  });
});
