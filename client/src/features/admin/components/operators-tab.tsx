import { formatPhone } from '@shared/utils/format';
import { useAdminOperators } from '../api/operators';
import { foundText, useListView } from '../hooks/use-list-view';
import { AdminTable, Cell } from './admin-table';
import { AccountCell, ContactCell } from './contact-cell';
import { DeleteAccountButton } from './delete-account-button';
import { EditAccountDialog } from './edit-account-dialog';
import { ListToolbar } from './list-toolbar';
import { SubscriptionCell } from './subscription-cell';

const COLUMNS = ['Operator', 'Contact', 'Subscription', 'Food Trucks', 'Actions'] as const;

/** Operator Management: search (also by truck name), count, table, pause/resume, edit and delete. */
export function OperatorsTab() {
  const { list, toolbar, table } = useListView(useAdminOperators, {
    failureTitle: 'Failed to fetch operators',
  });
  return (
    <section aria-label="Operator Management">
      <ListToolbar
        {...toolbar}
        label="Search operators"
        placeholder="Username, email, phone or truck"
        count={foundText(list.total, 'operator')}
      />
      <AdminTable
        {...table}
        caption="Operators"
        columns={COLUMNS}
        empty="No operators found."
        rows={list.items.map((operator) => (
          <tr key={operator.id}>
            <AccountCell account={operator} />
            <ContactCell email={operator.email} phone={formatPhone(operator.phone)} />
            <SubscriptionCell operator={operator} />
            <Cell>
              <p className="font-medium text-gray-900">
                {operator.truckCount} {operator.truckCount === 1 ? 'truck' : 'trucks'}
              </p>
              <ul className="text-xs text-gray-700">
                {operator.trucks.map((t) => (
                  <li key={t.id}>{t.name}</li>
                ))}
              </ul>
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                <EditAccountDialog kind="operators" user={operator} />
                <DeleteAccountButton kind="operators" user={operator} />
              </div>
            </Cell>
          </tr>
        ))}
      />
    </section>
  );
}
