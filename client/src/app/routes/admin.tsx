import { AdminPanel } from '@client/features/admin/components/admin-panel';

export default function AdminPage() {
  return <AdminPanel />;
}
