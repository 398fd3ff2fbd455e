import { describe, expect, it } from 'vitest';
import { momentOf } from './time-choice';

describe('momentOf', () => {
  const now = new Date(2027, 0, 5, 9, 30);

  it('is null for now and for a date not chosen yet', () => {
    expect(momentOf({ when: 'now', hour: 12, date: '' }, now)).toBeNull();
    expect(momentOf({ when: 'date', hour: 12, date: '' }, now)).toBeNull();
  });

  it('is the chosen hour today, tomorrow or on a date, in local time', () => {
    expect(momentOf({ when: 'later', hour: 17, date: '' }, now)).toEqual(new Date(2027, 0, 5, 17));
    expect(momentOf({ when: 'tomorrow', hour: 12, date: '' }, now)).toEqual(new Date(2027, 0, 6, 12));
    expect(momentOf({ when: 'date', hour: 8, date: '2027-02-28' }, now)).toEqual(new Date(2027, 1, 28, 8));
  });

  it('rolls tomorrow over the end of a month', () => {
    expect(momentOf({ when: 'tomorrow', hour: 12, date: '' }, new Date(2027, 0, 31, 20))).toEqual(
      new Date(2027, 1, 1, 12),
    );
  });
});
