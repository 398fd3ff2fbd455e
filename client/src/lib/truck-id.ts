import { INT4_MAX } from '@shared/contracts/common';

/** A truck id as written in a URL (`/trucks/12`, `?truck=12`), or null when it cannot be one. */
export function parseTruckId(raw: string | null | undefined): number | null {
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX ? id : null;
}
