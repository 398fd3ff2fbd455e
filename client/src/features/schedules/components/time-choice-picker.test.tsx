import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW_CHOICE } from '../time-choice';
import { TimeChoicePicker } from './time-choice-picker';

afterEach(() => {
  vi.useRealTimers();
});

/** The picker at `iso` on the trucks' clock (Chicago), looking at now; its When list. */
function pickerAt(iso: string): HTMLElement {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  render(<TimeChoicePicker value={NOW_CHOICE} zone="America/Chicago" onChange={() => {}} />);
  return screen.getByLabelText('When');
}

const options = () => within(screen.getByLabelText('When')).getAllByRole('option').map((o) => o.textContent);

describe('the look-ahead picker', () => {
  it('offers Later today on the first screen, and takes it away once the diner reaches for the list when no hour is left in the trucks’ zone', () => {
    // 11:30 PM in Chicago: no whole hour of today is left there.
    const when = pickerAt('2026-12-02T05:30:00Z');
    // The closed list shows only 'Now': its hidden options are settled when it is focused or
    // pressed, which spares the page's coming alive the first use of Intl.
    expect(options()).toEqual(['Now', 'Later today', 'Tomorrow', 'Pick a date']);
    fireEvent.pointerDown(when);
    expect(options()).toEqual(['Now', 'Tomorrow', 'Pick a date']);
  });

  it('settles the list on keyboard focus too', () => {
    fireEvent.focus(pickerAt('2026-12-02T05:30:00Z'));
    expect(options()).toEqual(['Now', 'Tomorrow', 'Pick a date']);
  });

  it('keeps Later today while an hour of today is left there', () => {
    // 9:30 PM in Chicago.
    fireEvent.pointerDown(pickerAt('2026-12-02T03:30:00Z'));
    expect(options()).toEqual(['Now', 'Later today', 'Tomorrow', 'Pick a date']);
  });
});
