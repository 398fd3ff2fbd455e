import type { FoodTruck } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';

/** POST /api/food-trucks/:id/heartbeat — "still here" for an open truck (409 once it is closed). */
export function sendHeartbeat(truckId: number): Promise<FoodTruck> {
  return apiJson<FoodTruck>('POST', `/api/food-trucks/${truckId}/heartbeat`);
}
