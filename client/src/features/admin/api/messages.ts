import type { OutboxMessage } from '@shared/contracts';
import { useAdminList, type ListParams } from './admin-list';

/** GET /api/admin/messages?search&status — the SMS outbox. */
export function useOutboxMessages(params: ListParams) {
  return useAdminList<OutboxMessage>('messages', params);
}
