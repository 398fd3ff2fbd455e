import { REGISTERABLE_ROLES } from '@shared/constants';
import Store from 'lucide-react/icons/store';
import UserRound from 'lucide-react/icons/user-round';
import { cn } from '@client/lib/utils';

type RegisterableRole = (typeof REGISTERABLE_ROLES)[number];

const OPTIONS: Record<RegisterableRole, { label: string; hint: string; Icon: typeof Store }> = {
  customer: { label: 'Customer', hint: 'Find trucks and save favorites', Icon: UserRound },
  operator: { label: 'Food Truck Operator', hint: 'Manage your trucks and menus', Icon: Store },
};

/** The register form's role: native radios styled as cards (keyboard and screen-reader friendly). */
export function RoleChoice({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (role: RegisterableRole) => void;
  error?: string | undefined;
}) {
  return (
    <fieldset className="grid gap-1.5">
      <legend className="mb-1.5 text-sm font-medium text-gray-800">I am a</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {REGISTERABLE_ROLES.map((role) => {
          const { label, hint, Icon } = OPTIONS[role];
          const checked = value === role;
          return (
            <label
              key={role}
              className={cn(
                'relative flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked ? 'border-brand-600 bg-brand-50' : 'border-gray-300 bg-white hover:bg-gray-50',
              )}
            >
              <input
                type="radio"
                name="role"
                value={role}
                checked={checked}
                onChange={() => onChange(role)}
                className="absolute inset-0 cursor-pointer appearance-none rounded-lg opacity-0"
              />
              <Icon
                className={cn('mt-0.5 h-5 w-5 shrink-0', checked ? 'text-brand-700' : 'text-gray-500')}
                aria-hidden
              />
              <span className="grid">
                <span className="text-sm font-semibold text-gray-900">{label}</span>
                <span className="text-xs text-gray-600">{hint}</span>
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
