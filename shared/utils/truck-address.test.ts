import { describe, expect, it } from 'vitest';
import { addressAfterMove, formAddressAfterMove, isNearAddress, leftAsItWas, movesFrom, nearAddress, placeOf } from './truck-address';

const before = { latitude: 30.2672, longitude: -97.7431, address: '1100 S Congress Ave' };

describe('the old address is stale after a move', () => {
  it('a move is a coordinate given that differs from the one before', () => {
    expect(movesFrom(before, { latitude: 30.3 })).toBe(true);
    expect(movesFrom(before, { longitude: -97.7 })).toBe(true);
    expect(movesFrom(before, { latitude: 30.2672, longitude: -97.7431 })).toBe(false);
    expect(movesFrom(before, {})).toBe(false);
    expect(movesFrom({ latitude: null, longitude: null }, { latitude: null })).toBe(false);
  });

  it('server: an address given is kept; at the same spot the old one stays; after a longer move, or with none, a place near the new position', () => {
    expect(addressAfterMove(before, { latitude: 30.3, address: 'By the lake' })).toEqual({ kind: 'set', address: 'By the lake' });
    // A GPS fix 50 m away (the same spot): the address still describes it.
    expect(addressAfterMove(before, { latitude: 30.2676, longitude: -97.7431 })).toEqual({ kind: 'keep' });
    expect(addressAfterMove(before, { latitude: 30.2672, longitude: -97.7431 })).toEqual({ kind: 'keep' });
    expect(addressAfterMove(before, {})).toEqual({ kind: 'keep' });
    // 3.6 km away: stale, so a place near the new position.
    expect(addressAfterMove(before, { latitude: 30.3, longitude: -97.7431 })).toEqual({
      kind: 'near',
      at: { latitude: 30.3, longitude: -97.7431 },
    });
    // Cleared, or never had one, while on the map: still a place, never "not available".
    expect(addressAfterMove(before, { address: null })).toEqual({ kind: 'near', at: { latitude: 30.2672, longitude: -97.7431 } });
    expect(addressAfterMove({ ...before, address: null }, {})).toEqual({ kind: 'near', at: { latitude: 30.2672, longitude: -97.7431 } });
    // Not on the map: what was given, or unchanged.
    const nowhere = { latitude: null, longitude: null, address: 'Base' };
    expect(addressAfterMove(nowhere, {})).toEqual({ kind: 'keep' });
    expect(addressAfterMove(nowhere, { address: null })).toEqual({ kind: 'set', address: null });
  });

  it('names a place: "Near <place>", else the coordinates\' neighbourhood; diners never read "not available" for a truck on the map', () => {
    expect(nearAddress('6th & Congress', { latitude: 30.1, longitude: -97.1 })).toBe('Near 6th & Congress');
    expect(nearAddress(null, { latitude: 30.26721, longitude: -97.74309 })).toBe('Near 30.267, -97.743');
    expect(isNearAddress('Near 6th & Congress')).toBe(true);
    expect(isNearAddress('6th & Congress')).toBe(false);
    expect(placeOf(before)).toBe('1100 S Congress Ave');
    expect(placeOf({ ...before, address: null })).toBe('Near 30.267, -97.743');
    expect(placeOf({ latitude: null, longitude: null, address: null })).toBe('Location not available');
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
    // A fix at the same spot keeps the text.
    expect(formAddressAfterMove(before, { latitude: 30.2676, longitude: -97.7431, address: '1100 S Congress Ave' })).toBe(
      '1100 S Congress Ave',
    );
  });
});
