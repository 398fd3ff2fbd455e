import type { FoodTruck } from '@shared/contracts';
import { apiJson } from '@client/lib/api-client';

/** POST /api/food-trucks/:id/heartbeat — "still here" for an open truck (409 once it is closed). */
export const sendHeartbeat = (truckId: number) => apiJson<FoodTruck>('POST', `/api/food-trucks/${truckId}/heartbeat`);
