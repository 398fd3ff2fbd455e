import { describe, expect, it } from 'vitest';
import { openFirst } from './favorites-order';

describe('openFirst', () => {
  it('lists the open favourites first, each part in the order given (newest first)', () => {
    const trucks = [
      { id: 5, isOpen: false },
      { id: 4, isOpen: true },
      { id: 3, isOpen: false },
      { id: 2, isOpen: true },
    ];
    expect(openFirst(trucks).map((t) => t.id)).toEqual([4, 2, 5, 3]);
    expect(openFirst([])).toEqual([]);
    // The list it was given is left as it was (it is the query's cached answer).
    expect(trucks.map((t) => t.id)).toEqual([5, 4, 3, 2]);
  });
});
