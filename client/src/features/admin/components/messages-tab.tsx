import { SMS_STATUSES } from '@shared/contracts';
import { formatPhone, formatTimestamp } from '@shared/utils/format';
import { useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { useOutboxMessages } from '../api/messages';
import { foundText, useListView } from '../hooks/use-list-view';
import { AdminTable, Cell } from './admin-table';
import { FilterSelect } from './filter-select';
import { ListToolbar } from './list-toolbar';

const COLUMNS = ['Recipient', 'Message', 'Status', 'Attempts', 'Times'] as const;
const STATUS_OPTIONS = SMS_STATUSES.map((s) => ({ value: s, label: s }));
const variantOf = (status: string) =>
  status === 'sent' ? 'success' : status === 'failed' ? 'destructive' : 'secondary';

/** Messages: the SMS outbox, newest first — who, what, how it went and when. */
export function MessagesTab() {
  const [status, setStatus] = useState('');
  const { list, toolbar, table } = useListView(useOutboxMessages, {
    filters: { status: status || undefined },
    failureTitle: 'Failed to fetch messages',
  });
  return (
    <section aria-label="Messages">
      <ListToolbar
        {...toolbar}
        label="Search messages"
        placeholder="Phone or text"
        count={foundText(list.total, 'message')}
      >
        <FilterSelect label="Message status" value={status} options={STATUS_OPTIONS} onChange={setStatus} />
      </ListToolbar>
      <AdminTable
        {...table}
        caption="Outgoing SMS messages"
        columns={COLUMNS}
        empty="No messages found."
        rows={list.items.map((m) => (
          <tr key={m.id}>
            <Cell label="Recipient" className="whitespace-nowrap">{formatPhone(m.toPhone)}</Cell>
            <Cell className="max-w-xs break-words">{m.body}</Cell>
            <Cell>
              <Badge variant={variantOf(m.status)}>{m.status}</Badge>
              {m.lastError && <p className="mt-1 text-xs text-red-700">{m.lastError}</p>}
            </Cell>
            <Cell label="Attempts">{m.attempts}</Cell>
            <Cell className="text-xs text-gray-700">
              <p>Created {formatTimestamp(m.createdAt)}</p>
              {m.sentAt ? (
                <p>Sent {formatTimestamp(m.sentAt)}</p>
              ) : (
                m.status === 'pending' && <p>Next try {formatTimestamp(m.nextAttemptAt)}</p>
              )}
            </Cell>
          </tr>
        ))}
      />
    </section>
  );
}
