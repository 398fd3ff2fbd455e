import { displayName } from '@shared/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import LogOut from 'lucide-react/icons/log-out';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useAuth } from '@client/lib/auth';
import { queryKeys } from '@client/lib/query-keys';
import { ADMIN_LOGIN_PATH, useAdminGuard } from '../hooks/use-admin-guard';
import { AuditLogTab } from './audit-log-tab';
import { ClaimsTab } from './claims-tab';
import { CustomersTab } from './customers-tab';
import { ImportsTab } from './imports-tab';
import { MessagesTab } from './messages-tab';
import { OperatorsTab } from './operators-tab';
import { OrdersTab } from './orders-tab';
import { StatCards } from './stat-cards';

/** /admin (spec section 2): header with the admin's name and Logout, stat cards, the tabs. */
export function AdminPanel() {
  const admin = useAdminGuard();
  const queryClient = useQueryClient();
  const { endSession } = useAuth();
  if (!admin) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center">
        <Spinner className="h-8 w-8 text-brand-700" label="Checking access" />
      </div>
    );
  }
  return (
    <div className="min-h-screen bg-gray-50">
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3">
          <div className="flex min-w-0 items-center gap-2">
            <ShieldCheck className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
            <div className="min-w-0">
              <h1 className="text-lg font-bold text-gray-900">Admin Panel</h1>
              <p className="truncate text-sm text-gray-700">Signed in as {displayName(admin)}</p>
            </div>
          </div>
          <Button variant="outline" size="sm" onClick={() => endSession(ADMIN_LOGIN_PATH)}>
            <LogOut aria-hidden />
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 py-6">
        <StatCards />
        {/* A tab looked at is the panel's data now: its list and the stat cards above are asked again
            (another admin, a sign-up or an operator may have changed them meanwhile). */}
        <Tabs defaultValue="customers" onValueChange={() => void queryClient.invalidateQueries({ queryKey: queryKeys.admin })}>
          <TabsList className="grid h-auto grid-cols-2 gap-1 sm:flex">
            <TabsTrigger value="customers">Customer Management</TabsTrigger>
            <TabsTrigger value="operators">Operator Management</TabsTrigger>
            <TabsTrigger value="messages">Messages</TabsTrigger>
            <TabsTrigger value="claims">Claims</TabsTrigger>
            <TabsTrigger value="audit">Audit log</TabsTrigger>
            <TabsTrigger value="imports">Imports</TabsTrigger>
            <TabsTrigger value="orders">Orders</TabsTrigger>
          </TabsList>
          <TabsContent value="customers">
            <CustomersTab />
          </TabsContent>
          <TabsContent value="operators">
            <OperatorsTab />
          </TabsContent>
          <TabsContent value="messages">
            <MessagesTab />
          </TabsContent>
          <TabsContent value="claims">
            <ClaimsTab />
          </TabsContent>
          <TabsContent value="audit">
            <AuditLogTab />
          </TabsContent>
          <TabsContent value="imports">
            <ImportsTab />
          </TabsContent>
          <TabsContent value="orders">
            <OrdersTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
