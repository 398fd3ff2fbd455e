import { formatPhone } from '@shared/utils/format';
import { Badge } from '@client/components/ui/badge';
import { useAdminCustomers } from '../api/customers';
import { foundText, useListView } from '../hooks/use-list-view';
import { AdminTable, Cell } from './admin-table';
import { AccountCell, ContactCell } from './contact-cell';
import { DeleteAccountButton } from './delete-account-button';
import { EditAccountDialog } from './edit-account-dialog';
import { ListToolbar } from './list-toolbar';

const COLUMNS = ['Customer', 'Contact', 'Account Status', 'Actions'] as const;

/** Customer Management: search, count, table (spec columns), edit and delete. */
export function CustomersTab() {
  const { list, toolbar, table } = useListView(useAdminCustomers, {
    failureTitle: 'Failed to fetch customers',
  });
  return (
    <section aria-label="Customer Management">
      <ListToolbar
        {...toolbar}
        label="Search customers"
        placeholder="Username, email or phone"
        count={foundText(list.total, 'customer')}
      />
      <AdminTable
        {...table}
        caption="Customers"
        columns={COLUMNS}
        empty="No customers found."
        rows={list.items.map((user) => (
          <tr key={user.id}>
            <AccountCell account={user} />
            <ContactCell email={user.email} phone={formatPhone(user.phone)} />
            <Cell>
              <div className="flex flex-wrap gap-1">
                <Badge variant="success">Active</Badge>
                {user.smsOptOut && <Badge variant="outline">SMS off</Badge>}
                {/* No alerts are texted to it until a code confirms it (ADR 0189). */}
                {!user.phoneConfirmed && <Badge variant="outline">Number not confirmed</Badge>}
              </div>
            </Cell>
            <Cell>
              <div className="flex flex-wrap gap-2">
                <EditAccountDialog kind="customers" user={user} />
                <DeleteAccountButton kind="customers" user={user} />
              </div>
            </Cell>
          </tr>
        ))}
      />
    </section>
  );
}
