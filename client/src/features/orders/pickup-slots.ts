/** A pickup slot of the checkout: the ISO instant sent, and the local time shown. */
export interface PickupSlot {
  value: string;
  label: string;
}

const QUARTER_MS = 15 * 60_000;

/**
 * Pickup slots for later today: every quarter hour from the first one after the estimated wait
 * until the end of the truck's day (at most 48). The server checks the chosen one again.
 */
export function pickupSlots(now: Date, waitMinutes: number, latest: Date, locale?: string): PickupSlot[] {
  const slots: PickupSlot[] = [];
  const earliest = now.getTime() + (waitMinutes + 5) * 60_000;
  for (let t = Math.ceil(earliest / QUARTER_MS) * QUARTER_MS; t <= latest.getTime() && slots.length < 48; t += QUARTER_MS) {
    const at = new Date(t);
    slots.push({ value: at.toISOString(), label: at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' }) });
  }
  return slots;
}
