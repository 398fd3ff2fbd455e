import { describe, expect, it } from 'vitest';
import { addOneMonth } from './billing-period';

describe('addOneMonth', () => {
  it('moves to the same day and time of the next month', () => {
    expect(addOneMonth(new Date('2026-11-23T09:30:00Z')).toISOString()).toBe('2026-12-23T09:30:00.000Z');
    expect(addOneMonth(new Date('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it("clamps to the next month's last day", () => {
    expect(addOneMonth(new Date('2027-01-31T12:00:00Z')).toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(addOneMonth(new Date('2028-01-30T12:00:00Z')).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });
});
