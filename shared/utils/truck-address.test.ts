import { describe, expect, it } from 'vitest';
import { addressAfterMove, formAddressAfterMove, leftAsItWas, movesFrom } from './truck-address';

const before = { latitude: 30.2672, longitude: -97.7431, address: '1100 S Congress Ave' };

describe('the old address is stale after a move', () => {
  it('a move is a coordinate given that differs from the one before', () => {
    expect(movesFrom(before, { latitude: 30.3 })).toBe(true);
    expect(movesFrom(before, { longitude: -97.7 })).toBe(true);
    expect(movesFrom(before, { latitude: 30.2672, longitude: -97.7431 })).toBe(false);
    expect(movesFrom(before, {})).toBe(false);
    expect(movesFrom({ latitude: null, longitude: null }, { latitude: null })).toBe(false);
  });

  it('server: an address given is kept; none given after a move drops the old one; no move keeps it', () => {
    expect(addressAfterMove(before, { latitude: 30.3, address: 'By the lake' })).toBe('By the lake');
    expect(addressAfterMove(before, { latitude: 30.3, address: null })).toBeNull();
    expect(addressAfterMove(before, { latitude: 30.3, longitude: -97.7 })).toBeNull();
    expect(addressAfterMove(before, { latitude: 30.2672, longitude: -97.7431 })).toBeUndefined();
  });

  it("form: the old text left as it was (spaces aside) is not sent after a move; a rewritten one is", () => {
    expect(leftAsItWas(' 1100 S Congress Ave ', before.address)).toBe(true);
    expect(leftAsItWas('', null)).toBe(true);
    const moved = { latitude: 30.3, longitude: -97.7 };
    expect(formAddressAfterMove(before, { ...moved, address: '1100 S Congress Ave ' })).toBe('');
    expect(formAddressAfterMove(before, { ...moved, address: 'By the lake' })).toBe('By the lake');
    expect(formAddressAfterMove(before, { latitude: 30.2672, longitude: -97.7431, address: '1100 S Congress Ave' })).toBe(
      '1100 S Congress Ave',
    );
  });
});
