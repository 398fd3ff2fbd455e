import { login } from '@client/features/auth/api/login';
import { AdminLoginForm } from '@client/features/admin/components/admin-login-form';

export default function AdminLoginPage() {
  return <AdminLoginForm login={login} />;
}
