import { describe, expect, it } from 'vitest';
import { formatDateTime } from './time';

describe('formatDateTime', () => {
  it('shows month, day and time, the same for a string and a Date', () => {
    const at = '2026-11-22T21:04:00.000Z';
    const opts = { locale: 'en-US', timeZone: 'America/Chicago' };
    expect(formatDateTime(at, opts)).toBe('Nov 22, 3:04 PM');
    expect(formatDateTime(new Date(at), opts)).toBe('Nov 22, 3:04 PM');
  });
  it('is empty for an unreadable value', () => {
    expect(formatDateTime('not a date')).toBe('');
  });
});
