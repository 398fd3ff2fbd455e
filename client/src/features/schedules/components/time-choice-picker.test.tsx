import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOW_CHOICE } from '../time-choice';
import { TimeChoicePicker } from './time-choice-picker';

afterEach(() => {
  vi.useRealTimers();
});

const options = () => within(screen.getByLabelText('When')).getAllByRole('option').map((o) => o.textContent);

describe('the look-ahead picker', () => {
  it('offers Later today on the first screen, and takes it away once the diner reaches for the list when no hour is left in the trucks’ zone', () => {
    // 11:30 PM in Chicago: no whole hour of today is left there.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T05:30:00Z'));
    render(<TimeChoicePicker value={NOW_CHOICE} zone="America/Chicago" onChange={() => {}} />);
    // The closed list shows only 'Now': its hidden options are settled when it is focused or
    // pressed, which spares the page's coming alive the first use of Intl.
    expect(options()).toEqual(['Now', 'Later today', 'Tomorrow', 'Pick a date']);
    fireEvent.pointerDown(screen.getByLabelText('When'));
    expect(options()).toEqual(['Now', 'Tomorrow', 'Pick a date']);
  });

  it('settles the list on keyboard focus too', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T05:30:00Z'));
    render(<TimeChoicePicker value={NOW_CHOICE} zone="America/Chicago" onChange={() => {}} />);
    fireEvent.focus(screen.getByLabelText('When'));
    expect(options()).toEqual(['Now', 'Tomorrow', 'Pick a date']);
  });

  it('keeps Later today while an hour of today is left there', () => {
    // 9:30 PM in Chicago.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-02T03:30:00Z'));
    render(<TimeChoicePicker value={NOW_CHOICE} zone="America/Chicago" onChange={() => {}} />);
    fireEvent.pointerDown(screen.getByLabelText('When'));
    expect(options()).toEqual(['Now', 'Later today', 'Tomorrow', 'Pick a date']);
  });
});
