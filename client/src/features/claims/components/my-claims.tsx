import type { Claim } from '@shared/contracts';
import { formatDate } from '@shared/utils/format';
import MapPin from 'lucide-react/icons/map-pin';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api-client';
import { useMyClaims } from '../api/claims';
import { ClaimProgress } from './claim-progress';

const STATUS_TEXT: Record<Claim['status'], string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Not approved',
  expired: 'Expired',
};
const statusVariant = (status: Claim['status']) =>
  status === 'approved' ? 'success' : status === 'rejected' ? 'destructive' : status === 'pending' ? 'default' : 'secondary';

/**
 * The operator dashboard's "Your claims" (issue 26): each claim of an open-data listing with its
 * status, the code entry while a texted code waits, and the admin's answer. Hidden while there are none.
 */
export function MyClaims() {
  const claims = useMyClaims();
  if (claims.isPending) return <Skeleton className="h-24 w-full" />;
  if (claims.isError) {
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
        {errorMessage(claims.error, 'Failed to load your claims. Please try again later.')}
      </p>
    );
  }
  if (claims.data.length === 0) return null;
  return (
    <section aria-labelledby="my-claims-heading" className="grid gap-3">
      <h2 id="my-claims-heading" className="text-xl font-semibold">
        Your claims
      </h2>
      <ul className="grid gap-3 lg:grid-cols-2">
        {claims.data.map((claim) => (
          <li key={claim.id}>
            <Card className="grid gap-3 p-4" data-testid={`claim-${claim.id}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold wrap-anywhere">
                    <Link className="hover:underline" href={`/trucks/${claim.foodTruckId}`}>
                      {claim.truckName}
                    </Link>
                  </p>
                  {claim.address && (
                    <p className="flex items-start gap-1 text-sm text-gray-700">
                      <MapPin className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                      <span className="min-w-0 wrap-anywhere">{claim.address}</span>
                    </p>
                  )}
                  <p className="text-xs text-gray-700">
                    {[
                      claim.sourceName ? `From ${claim.sourceName}` : null,
                      `Claimed ${formatDate(claim.createdAt)}`,
                      claim.method === 'sms' ? 'code by text' : 'admin review',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <Badge variant={statusVariant(claim.status)}>{STATUS_TEXT[claim.status]}</Badge>
              </div>
              {claim.status === 'approved' ? (
                <p className="text-sm text-gray-800">
                  Diners keep seeing it by its usual schedule. Subscribe to open it live and share your location.
                </p>
              ) : (
                <ClaimProgress claim={claim} />
              )}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
