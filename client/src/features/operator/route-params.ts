import { idParam } from '@shared/contracts';

/** The truck id of /edit-truck/:truckId and /menu-management/:truckId, or null when it is not a valid id. */
export function parseTruckId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const parsed = idParam.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
