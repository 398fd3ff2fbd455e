import CreditCard from 'lucide-react/icons/credit-card';
import Store from 'lucide-react/icons/store';
import Truck from 'lucide-react/icons/truck';
import Users from 'lucide-react/icons/users';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { useAdminStats } from '../api/stats';
import { formatCount } from '@shared/utils/format';

/** The four stat cards of the admin panel (spec section 2). */
export function StatCards() {
  const { data } = useAdminStats();
  const cards = [
    { label: 'Total Customers', value: data?.totalCustomers, icon: Users },
    { label: 'Operators', value: data?.totalOperators, icon: Store },
    { label: 'Active Subscriptions', value: data?.activeSubscriptions, icon: CreditCard },
    { label: 'Total Trucks', value: data?.totalTrucks, icon: Truck },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, icon: Icon }) => (
        <Card key={label} className="flex items-center justify-between gap-2 p-4">
          <div>
            <p className="text-sm font-medium text-gray-700">{label}</p>
            {value === undefined ? (
              <Skeleton className="mt-1 h-7 w-12" />
            ) : (
              <p className="text-2xl font-bold text-gray-900" data-testid={`stat-${label}`}>
                {formatCount(value)}
              </p>
            )}
            {label === 'Total Trucks' && data && data.unclaimedListings > 0 && (
              <p className="text-xs text-gray-700" data-testid="stat-unclaimed-listings">
                + {formatCount(data.unclaimedListings)} unclaimed listings
              </p>
            )}
          </div>
          <Icon className="h-6 w-6 shrink-0 text-brand-700" aria-hidden />
        </Card>
      ))}
    </div>
  );
}
