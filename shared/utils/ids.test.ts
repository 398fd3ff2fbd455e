import { describe, expect, it } from 'vitest';
import { idParam } from '../contracts/common';
import { INT4_MAX, parseId } from './ids';

describe('parseId: a path’s id, without zod', () => {
  const cases: Array<[string | null | undefined, number | null]> = [
    ['12', 12],
    ['1', 1],
    [String(INT4_MAX), INT4_MAX],
    [String(INT4_MAX + 1), null],
    ['99999999999', null],
    ['0', null],
    ['007', null],
    ['-1', null],
    ['+1', null],
    ['1e3', null],
    ['0x1', null],
    [' 1', null],
    ['1.0', null],
    ['abc', null],
    ['', null],
    [null, null],
    [undefined, null],
  ];
  it.each(cases)('%j → %j', (raw, expected) => {
    expect(parseId(raw)).toBe(expected);
  });

  it('is the API’s idParam rule exactly', () => {
    for (const [raw] of cases) {
      if (typeof raw !== 'string') continue;
      const parsed = idParam.safeParse(raw);
      expect(parseId(raw)).toBe(parsed.success ? parsed.data : null);
    }
  });
});
