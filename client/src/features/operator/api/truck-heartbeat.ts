import type { FoodTruck, HeartbeatInput } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';

/**
 * POST /api/food-trucks/:id/heartbeat — keeps an open truck open: the device's position at the truck,
 * or the operator's `confirmed` "still here" (409 once it is closed, or when the device is elsewhere).
 */
export function sendHeartbeat(truckId: number, body: HeartbeatInput): Promise<FoodTruck> {
  return apiJson<FoodTruck>('POST', `/api/food-trucks/${truckId}/heartbeat`, body);
}
