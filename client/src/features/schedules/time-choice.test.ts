import { describe, expect, it } from 'vitest';
import { choiceInUrl, choiceParam, describeMoment, earliestToday, linkedDayOver, hoursOffered, isTimeChoice, lookAheadZone, momentOf, NOW_CHOICE, settleChoice, type TimeChoice } from './time-choice';

const CHICAGO = 'America/Chicago';
// Wednesday 2026-11-25, 20:30 in Chicago — already Thursday 02:30 in UTC, 18:30 in Los Angeles.
const now = new Date('2026-11-26T02:30:00Z');
const choice = (over: Partial<TimeChoice>): TimeChoice => ({ when: 'later', hour: 12, date: '', ...over });

describe('momentOf', () => {
  it('is null for now, for a date not chosen yet, and for a past date', () => {
    expect(momentOf(choice({ when: 'now' }), CHICAGO, now)).toBeNull();
    expect(momentOf(choice({ when: 'date', date: '' }), CHICAGO, now)).toBeNull();
    expect(momentOf(choice({ when: 'date', date: '2026-11-24' }), CHICAGO, now)).toBeNull();
  });

  it("is the chosen hour on the trucks' clock, whatever the device's zone", () => {
    // "Later today" is Chicago's Wednesday, although UTC is on Thursday already.
    expect(momentOf(choice({ hour: 22 }), CHICAGO, now)?.toISOString()).toBe('2026-11-26T04:00:00.000Z');
    expect(momentOf(choice({ when: 'tomorrow', hour: 1 }), CHICAGO, now)?.toISOString()).toBe('2026-11-26T07:00:00.000Z');
    expect(momentOf(choice({ when: 'date', date: '2026-11-29', hour: 1 }), CHICAGO, now)?.toISOString()).toBe(
      '2026-11-29T07:00:00.000Z',
    );
    // In UTC, "tomorrow" is Friday.
    expect(momentOf(choice({ when: 'tomorrow', hour: 1 }), 'UTC', now)?.toISOString()).toBe('2026-11-27T01:00:00.000Z');
  });

  it('rolls tomorrow over the end of a month and keeps wall-clock hours across DST', () => {
    expect(momentOf(choice({ when: 'tomorrow' }), CHICAGO, new Date('2026-11-30T20:00:00Z'))?.toISOString()).toBe(
      '2026-12-01T18:00:00.000Z',
    );
    const beforeSpring = new Date('2026-03-07T20:00:00Z');
    expect(momentOf(choice({ when: 'tomorrow', hour: 12 }), CHICAGO, beforeSpring)?.toISOString()).toBe('2026-03-08T17:00:00.000Z');
  });
});

describe('hoursOffered', () => {
  it('offers only hours still ahead today, every hour on later days, none on a past date', () => {
    expect(hoursOffered(choice({}), CHICAGO, now)).toEqual([21, 22, 23]);
    expect(hoursOffered(choice({}), 'America/Los_Angeles', now)).toEqual([19, 20, 21, 22, 23]);
    expect(hoursOffered(choice({ when: 'tomorrow' }), CHICAGO, now)).toHaveLength(24);
    expect(hoursOffered(choice({ when: 'date', date: '2026-11-25' }), CHICAGO, now)).toEqual([21, 22, 23]);
    expect(hoursOffered(choice({ when: 'date', date: '2026-11-26' }), CHICAGO, now)).toHaveLength(24);
    expect(hoursOffered(choice({ when: 'date', date: '2026-11-24' }), CHICAGO, now)).toEqual([]);
    expect(hoursOffered(choice({ when: 'date', date: '2026-11-25' }), 'UTC', now)).toEqual([]);
  });

  it('does not offer the hour under way (14:00 at 14:05)', () => {
    expect(hoursOffered(choice({}), 'UTC', new Date('2026-11-26T14:05:00Z'))[0]).toBe(15);
  });
});

describe('settleChoice', () => {
  it('moves a past hour to the first one ahead, and "later today" to tomorrow at 23:xx', () => {
    expect(settleChoice(choice({ hour: 12 }), CHICAGO, now)).toMatchObject({ when: 'later', hour: 21 });
    expect(settleChoice(choice({ hour: 22 }), CHICAGO, now)).toMatchObject({ when: 'later', hour: 22 });
    expect(settleChoice(choice({ hour: 12 }), CHICAGO, new Date('2026-11-26T05:30:00Z'))).toMatchObject({
      when: 'tomorrow',
      hour: 12,
    });
    expect(settleChoice(choice({ when: 'now' }), CHICAGO, now)).toMatchObject({ when: 'now' });
  });
});

describe('lookAheadZone', () => {
  const zones = new Map([
    [1, CHICAGO],
    [2, CHICAGO],
    [3, 'America/Denver'],
  ]);

  it("is the zone most listed trucks keep, else any truck's, else the device's", () => {
    expect(lookAheadZone(zones, [1, 2, 3, 4], () => 'UTC')).toBe(CHICAGO);
    expect(lookAheadZone(zones, [3], () => 'UTC')).toBe('America/Denver');
    expect(lookAheadZone(zones, [9], () => 'UTC')).toBe(CHICAGO);
    expect(lookAheadZone(new Map(), [1], () => 'America/Los_Angeles')).toBe('America/Los_Angeles');
    expect(lookAheadZone(undefined, [1], () => 'UTC')).toBe('UTC');
  });
});

describe('describeMoment', () => {
  it("names the day and hour on the zone's clock", () => {
    const at = new Date('2026-11-29T07:00:00Z');
    expect(describeMoment(at, CHICAGO)).toMatch(/^Sun, Nov 29, 1:00 AM$/);
    expect(describeMoment(at, 'America/Los_Angeles')).toMatch(/^Sat, Nov 28, 11:00 PM$/);
  });
});

describe('a time choice kept in the history entry', () => {
  it('is taken back when it is one the page can show', () => {
    expect(isTimeChoice(NOW_CHOICE)).toBe(true);
    expect(isTimeChoice({ when: 'date', hour: 23, date: '2026-12-24' })).toBe(true);
  });

  it('is ignored when it is anything else', () => {
    for (const kept of [null, 'now', { when: 'soon', hour: 12, date: '' }, { when: 'later', hour: 24, date: '' }, { when: 'later', hour: 1.5, date: '' }, { when: 'later', hour: 12 }])
      expect(isTimeChoice(kept)).toBe(false);
  });
});

describe('a time choice in the address', () => {
  const AT_2PM = new Date('2026-12-06T20:00:00Z'); // 2:00 PM in Chicago, Sunday
  const ZONE = 'America/Chicago';

  it('is the date and hour on the trucks\' clock: later today, tomorrow, a date; nothing for now', () => {
    expect(choiceParam({ when: 'later', hour: 19, date: '' }, ZONE, AT_2PM)).toBe('2026-12-06T19');
    expect(choiceParam({ when: 'tomorrow', hour: 9, date: '' }, ZONE, AT_2PM)).toBe('2026-12-07T09');
    expect(choiceParam({ when: 'date', hour: 12, date: '2026-12-24' }, ZONE, AT_2PM)).toBe('2026-12-24T12');
    expect(choiceParam(NOW_CHOICE, ZONE, AT_2PM)).toBeNull();
    expect(choiceParam({ when: 'date', hour: 12, date: '2026-12' }, ZONE, AT_2PM)).toBeNull();
  });

  it('reads back as that date and hour; a past day, a bad hour or a bad date opens on now', () => {
    const today = () => '2026-12-06';
    expect(choiceInUrl('?at=2026-12-07T12&q=tacos', today)).toEqual({ when: 'date', date: '2026-12-07', hour: 12 });
    expect(choiceInUrl('?at=2026-12-06T19', today)).toEqual({ when: 'date', date: '2026-12-06', hour: 19 });
    for (const search of ['', '?at=2026-12-05T12', '?at=2026-12-07T24', '?at=2026-13-45T12', '?at=tomorrow', '?at=2026-12-07T9']) {
      expect(choiceInUrl(search, today), search).toBeNull();
    }
  });

  it("judges a stale day by the calendar furthest behind, not the device's: a link opened east of the trucks keeps its day", () => {
    // 01:30 UTC on Dec 7 (London's Dec 7) is 19:30 on Dec 6 in Austin: tonight's link still holds.
    const lateInLondon = new Date('2026-12-07T01:30:00Z');
    expect(earliestToday(lateInLondon)).toBe('2026-12-06');
    expect(choiceInUrl('?at=2026-12-06T21', () => earliestToday(lateInLondon))).toEqual({ when: 'date', date: '2026-12-06', hour: 21 });
    expect(choiceInUrl('?at=2026-12-05T21', () => earliestToday(lateInLondon))).toBeNull();
    // Noon UTC: the day before is over everywhere.
    expect(earliestToday(new Date('2026-12-07T12:00:00Z'))).toBe('2026-12-07');
  });

  it('turns to now a linked day over on the trucks\' clock, once that clock is known; never a day the diner chose since', () => {
    const linked: TimeChoice = { when: 'date', date: '2026-12-06', hour: 21 };
    // 07:00 UTC on Dec 7: Dec 6 goes on at UTC−12 (the link was taken), but is over in Chicago.
    const morning = new Date('2026-12-07T07:00:00Z');
    expect(choiceInUrl('?at=2026-12-06T21', () => earliestToday(morning))).toEqual(linked);
    expect(linkedDayOver(linked, linked, ZONE, morning)).toBe(true);
    expect(linkedDayOver(linked, linked, 'Pacific/Honolulu', morning)).toBe(false);
    // The diner picked another day meanwhile, or there was no link: left alone.
    expect(linkedDayOver(linked, { when: 'date', date: '2026-12-09', hour: 12 }, ZONE, morning)).toBe(false);
    expect(linkedDayOver(null, linked, ZONE, morning)).toBe(false);
  });
});
