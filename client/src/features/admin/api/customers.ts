import type { AdminUser } from '@shared/contracts';
import { useAdminList, type ListParams } from './admin-list';

/** GET /api/admin/customers?search — username, email or phone. */
export const useAdminCustomers = (params: ListParams) => useAdminList<AdminUser>('customers', params);
