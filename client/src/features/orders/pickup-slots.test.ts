import { describe, expect, it } from 'vitest';
import { pickupSlots } from './pickup-slots';

describe('pickupSlots', () => {
  it('runs every quarter hour from after the wait to the end of the day', () => {
    const now = new Date('2026-11-26T20:02:00Z');
    const slots = pickupSlots(now, 10, new Date('2026-11-26T21:00:00Z'), 'en-US');
    expect(slots.map((s) => s.value)).toEqual(['2026-11-26T20:30:00.000Z', '2026-11-26T20:45:00.000Z', '2026-11-26T21:00:00.000Z']);
  });

  it('offers none when the day ends before the food can be ready', () => {
    const now = new Date('2026-11-26T20:55:00Z');
    expect(pickupSlots(now, 10, new Date('2026-11-26T21:00:00Z'))).toEqual([]);
  });
});
