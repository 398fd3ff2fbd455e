import { describe, expect, it } from 'vitest';
import { listingLine } from './listing-line';

describe('listingLine', () => {
  it('names the source and the day it was updated', () => {
    expect(listingLine({ sourceName: 'SF open data', licence: 'PDDL', sourceUpdatedAt: '2026-11-12T08:00:00.000Z' })).toBe(
      'Unclaimed · from SF open data, updated Nov 12, 2026',
    );
  });
});
