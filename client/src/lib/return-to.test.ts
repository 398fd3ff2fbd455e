import { describe, expect, it } from 'vitest';
import { returnPath, withReturn } from './return-to';

describe('return-to', () => {
  it('comes back to a truck page, and only to one', () => {
    expect(returnPath('?next=%2Ftrucks%2F42')).toBe('/trucks/42');
    expect(returnPath(new URL(`http://x${withReturn('/register', '/trucks/7', { role: 'operator' })}`).search)).toBe('/trucks/7');
    for (const bad of ['//evil.example/trucks/1', 'https://evil.example', '/admin', '/trucks/1/../../admin', '']) {
      expect(returnPath(`?next=${encodeURIComponent(bad)}`)).toBe(null);
    }
  });
});
