import { describe, expect, it } from 'vitest';
import { hiddenReason } from './subscription-panel';

describe('hiddenReason: what the dashboard banner tells an operator without an active subscription', () => {
  it.each([
    [null, 0, 2, 'Your trucks are hidden from customers until you subscribe ($29.99/month).'],
    ['paused', 0, 1, 'Your subscription is paused by an administrator; your trucks are hidden from customers.'],
    ['past_due', 0, 1, 'Your last payment failed; your trucks are hidden from customers until you pay.'],
    ['canceled', 0, 1, 'Your subscription has ended; your trucks are hidden from customers.'],
    // Claimed listings stay on diners' maps (ADR 0158): never called hidden.
    [null, 1, 1, 'Diners see your claimed listing by its schedule; subscribe ($29.99/month) to open it live.'],
    [null, 2, 2, 'Diners see your claimed listings by their schedules; subscribe ($29.99/month) to open them live.'],
    [
      null,
      1,
      3,
      'Diners see your claimed listing by its schedule; your other trucks are hidden from customers until you subscribe ($29.99/month).',
    ],
    ['past_due', 1, 1, 'Your last payment failed. Diners see your claimed listing by its schedule; pay to open it live.'],
    ['paused', 2, 2, "Your subscription is paused by an administrator. Diners see your claimed listings by their schedules, but they can't be opened live."],
    [
      'canceled',
      1,
      2,
      'Your subscription has ended. Diners see your claimed listing by its schedule; your other trucks are hidden from customers.',
    ],
  ] as const)('%s with %i claimed of %i trucks', (status, claimed, trucks, text) => {
    expect(hiddenReason(status, claimed, trucks)).toBe(text);
  });
});
