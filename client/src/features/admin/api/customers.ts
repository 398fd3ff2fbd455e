import type { AdminUser } from '@shared/contracts';
import { useAdminList, type ListParams } from './admin-list';

/** GET /api/admin/customers?search — username, email or phone. */
export function useAdminCustomers(params: ListParams) {
  return useAdminList<AdminUser>('customers', params);
}
