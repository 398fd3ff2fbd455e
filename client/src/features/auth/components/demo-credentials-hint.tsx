import { formatPhone } from '@shared/utils/format';
import Info from 'lucide-react/icons/info';
import { useAppConfig } from '@client/lib/app-config';

const ROLE_LABELS: Record<string, string> = { operator: 'Operator', customer: 'Customer', admin: 'Admin' };

function Credential({ label, value }: { label: string; value: string }) {
  return (
    <span className="whitespace-nowrap">
      {label}: <span className="font-mono text-gray-900">{value}</span>
    </span>
  );
}

/** The demo accounts, only while the installation runs with demo data (GET /api/app-config). */
export function DemoCredentialsHint() {
  const { data } = useAppConfig();
  const accounts = data?.demoCredentials;
  if (!accounts?.length) return null;
  return (
    <section
      aria-labelledby="demo-accounts-title"
      className="rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm"
    >
      <h3 id="demo-accounts-title" className="flex items-center gap-1.5 font-semibold text-brand-800">
        <Info className="h-4 w-4" aria-hidden /> Demo accounts
      </h3>
      <dl className="mt-2 grid gap-2">
        {accounts.map((a) => (
          <div key={`${a.role}-${a.username}`} className="grid gap-0.5">
            <dt className="font-medium text-gray-900">{ROLE_LABELS[a.role] ?? a.role}</dt>
            <dd className="flex flex-wrap gap-x-3 text-gray-800">
              <Credential label="Username" value={a.username} />
              <Credential label="Phone" value={formatPhone(a.phone)} />
              <Credential label="Password" value={a.password} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
