import { describe, expect, it } from 'vitest';
import { haversineKm } from './geo';
import { cellBounds, cellOf } from './demand-grid';

describe('demand grid (issue 31)', () => {
  it('puts a position in the cell whose bounds hold it', () => {
    for (const [lat, lng] of [
      [30.2672, -97.7431],
      [45.5189, -122.6795],
      [-33.8688, 151.2093],
      [0.0001, -0.0001],
    ] as const) {
      const { row, col } = cellOf(lat, lng);
      const b = cellBounds(row, col);
      expect(lat).toBeGreaterThanOrEqual(b.south);
      expect(lat).toBeLessThan(b.north);
      expect(lng).toBeGreaterThanOrEqual(b.west);
      expect(lng).toBeLessThan(b.east);
    }
  });

  it('makes cells of about 500 m each way, at the equator and far north', () => {
    for (const lat of [0.1, 30.27, 60.17]) {
      const { row, col } = cellOf(lat, 10);
      const b = cellBounds(row, col);
      const tall = haversineKm({ lat: b.south, lng: b.west }, { lat: b.north, lng: b.west });
      const wide = haversineKm({ lat: b.latitude, lng: b.west }, { lat: b.latitude, lng: b.east });
      expect(tall).toBeCloseTo(0.5, 1);
      expect(wide).toBeCloseTo(0.5, 1);
    }
  });

  it('neighbours within a few metres share a cell; positions 600 m apart do not', () => {
    expect(cellOf(30.26721, -97.74311)).toEqual(cellOf(30.26722, -97.74312));
    expect(cellOf(30.2672, -97.7431)).not.toEqual(cellOf(30.2672 + 0.0055, -97.7431));
  });
});
