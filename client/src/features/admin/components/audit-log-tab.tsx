import { formatPhone, formatTimestamp } from '@shared/utils/format';
import { AUDIT_ACTIONS, type AuditEntry } from '@shared/contracts';
import { useState } from 'react';
import { useAuditLog } from '../api/audit-log';
import { foundText, useListView } from '../hooks/use-list-view';
import { AdminTable, Cell } from './admin-table';
import { FilterSelect } from './filter-select';
import { ListToolbar } from './list-toolbar';

const COLUMNS = ['Time', 'Admin', 'Action', 'Target', 'Changes'] as const;
/** 'update_customer' → 'Update customer'. */
export const actionLabel = (action: string) => {
  const words = action.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};
const ACTION_OPTIONS = AUDIT_ACTIONS.map((a) => ({ value: a, label: actionLabel(a) }));
/** A recorded value as the panel writes it: a stored phone (+15125550100) in its one phone form (512-555-0100). */
const show = (value: unknown) => {
  if (value === null || value === undefined) return '—';
  const text = String(value);
  return /^\+1\d{10}$/.test(text) ? formatPhone(text) : text;
};

/** One line per recorded field: 'email: old → new', or just the value when it did not change. */
function Changes({ entry }: { entry: AuditEntry }) {
  const before = entry.oldValues ?? {};
  const after = entry.newValues ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const line = (key: string) => {
    if (!(key in after)) return show(before[key]);
    if (!(key in before)) return show(after[key]);
    return before[key] === after[key] ? show(after[key]) : `${show(before[key])} → ${show(after[key])}`;
  };
  return (
    <ul className="text-xs text-gray-800">
      {keys.map((key) => (
        <li key={key}>
          <span className="font-medium">{key}</span>: {line(key)}
        </li>
      ))}
    </ul>
  );
}

/** A name that is a stored phone (+15125550100) in the panel's one phone form (512-555-0100). */
const targetLabel = (name: string | null) => (name === null ? '—' : /^\+?\d+$/.test(name) ? formatPhone(name) : name);

/** The account by name, with what kind of record and its id in small print ('jane · account #12'). */
function TargetName({ entry }: { entry: AuditEntry }) {
  const kind = entry.targetTable === 'operator_subscriptions' ? 'subscription' : entry.targetTable === 'truck_claims' ? 'claim' : 'account';
  return (
    <>
      <span className="font-medium">{targetLabel(entry.targetName)}</span>{' '}
      <span className="text-xs whitespace-nowrap text-gray-700">
        {kind} #{entry.targetId ?? '—'}
      </span>
    </>
  );
}

/** Audit log: every admin change, newest first, with who did it and what changed. */
export function AuditLogTab() {
  const [action, setAction] = useState('');
  const { list, toolbar, table } = useListView(useAuditLog, {
    filters: { action: action || undefined },
    failureTitle: 'Failed to fetch audit log',
  });
  return (
    <section aria-label="Audit log">
      <ListToolbar
        {...toolbar}
        label="Search audit log"
        placeholder="Admin, action or target id"
        count={foundText(list.total, 'record')}
      >
        <FilterSelect label="Action" value={action} options={ACTION_OPTIONS} onChange={setAction} />
      </ListToolbar>
      <AdminTable
        {...table}
        caption="Audit log"
        columns={COLUMNS}
        empty="No audit entries found."
        rows={list.items.map((entry) => (
          <tr key={entry.id}>
            <Cell className="text-xs whitespace-nowrap">
              {formatTimestamp(entry.timestamp)}
            </Cell>
            <Cell label="Admin">{entry.adminUsername ?? (entry.adminId ? `#${entry.adminId}` : '—')}</Cell>
            <Cell>{actionLabel(entry.action)}</Cell>
            <Cell>
              <TargetName entry={entry} />
            </Cell>
            <Cell>
              <Changes entry={entry} />
            </Cell>
          </tr>
        ))}
      />
    </section>
  );
}
