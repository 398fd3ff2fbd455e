import type { FoodTruck, TruckOrderCount } from '@shared/contracts';
import { formatDateTime, formatPhone } from '@shared/utils/format';
import { telHref } from '@shared/utils/phone';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Glyph } from '@client/components/ui/glyph';
import { objectVariant } from '@client/lib/object-url';
import { hasCoordinates, isLive } from '@client/entities/truck/truck-format';
import { Card } from '@client/components/ui/card';
import { toast, toastError } from '@client/lib/toast';
import { useHeartbeat } from '../hooks/use-heartbeat';
import { useTruckStatus } from '../hooks/use-truck-status';
import { dashboardCardId, OpenBadge, OrdersPill, ordersSaid } from './fleet-overview';
import { LocationDialog } from './location-dialog';

/**
 * One truck on the operator dashboard: details, GPS tracking, open/close and location controls.
 * While it is open, the card sends the truck's heartbeat (the device's position) and offers "Still here". `children` go at the end of the GPS
 * section (the dashboard puts "Use this stop's place" there).
 */
export function TruckCard({
  truck,
  locationDenied,
  orders,
  children,
}: {
  truck: FoodTruck;
  locationDenied: boolean;
  /** Its orders in progress, for the Orders link's "2 new". */
  orders?: TruckOrderCount | undefined;
  children?: ReactNode;
}) {
  const { openForBusiness, closeForTheDay, isPending } = useTruckStatus(truck);
  const stillHere = useHeartbeat(truck);
  const [dialogOpen, setDialogOpen] = useState(false);
  const live = isLive(truck);
  const headingId = `truck-${truck.id}-name`;

  return (
    <Card id={dashboardCardId(truck.id)} className="scroll-mt-20 overflow-hidden" aria-labelledby={headingId} role="article">
      {truck.image ? (
        <img
          src={objectVariant(truck.image, 'card')}
          alt={truck.name}
          className="h-40 w-full object-cover sm:h-48"
        />
      ) : (
        <div
          className="flex h-40 w-full items-center justify-center bg-brand-50 text-brand-700 sm:h-48"
          aria-hidden
        >
          <Glyph name="truck" className="h-16 w-16" />
        </div>
      )}
      <div className="grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-xl font-semibold wrap-anywhere">
              {truck.name}
            </h2>
            <p className="text-sm text-gray-700">{truck.cuisine} Cuisine</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <OpenBadge isOpen={truck.isOpen} />
              {live && (
                <Badge variant="outline" className="border-green-700 text-green-800">
                  <Glyph name="radio" className="h-3 w-3" /> Live Location Active
                </Badge>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button asChild variant={orders && orders.received > 0 ? 'default' : 'outline'} size="sm">
              <Link href={`/operator/orders/${truck.id}`} aria-label={`Orders of ${truck.name}${ordersSaid(orders)}`}>
                <Glyph name="clipboard-list" /> Orders <OrdersPill orders={orders} onBrand />
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={`/menu-management/${truck.id}`} aria-label={`Menu of ${truck.name}`}>
                <Glyph name="utensils-crossed" /> Menu
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href={`/edit-truck/${truck.id}`} aria-label={`Edit ${truck.name}`}>
                <Glyph name="square-pen" /> Edit
              </Link>
            </Button>
          </div>
        </div>

        {truck.description && <p className="text-sm text-gray-800">{truck.description}</p>}
        <dl className="grid gap-1 text-sm text-gray-800">
          {truck.address && (
            <div className="flex items-start gap-2">
              <dt>
                <MapPin className="mt-0.5 h-4 w-4 text-gray-600" aria-label="Address" />
              </dt>
              <dd className="wrap-anywhere">{truck.address}</dd>
            </div>
          )}
          {truck.phone && (
            <div className="flex items-start gap-2">
              <dt>
                <Phone className="mt-0.5 h-4 w-4 text-gray-600" aria-label="Phone" />
              </dt>
              <dd>
                <a href={telHref(truck.phone)} className="underline-offset-2 hover:underline">
                  {formatPhone(truck.phone)}
                </a>
              </dd>
            </div>
          )}
        </dl>

        <section
          aria-label={`GPS Tracking for ${truck.name}`}
          className="grid gap-3 rounded-lg border border-gray-200 bg-gray-50 p-3 sm:p-4"
        >
          <h3 className="flex items-center gap-2 text-sm font-semibold">
            <Glyph name="navigation" className="h-4 w-4 text-brand-700" /> GPS Tracking
          </h3>
          <p className="text-sm text-gray-700">
            {hasCoordinates(truck)
              ? `Position: ${truck.latitude.toFixed(5)}, ${truck.longitude.toFixed(5)}`
              : 'No location set yet.'}
          </p>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <Button
              onClick={() => void openForBusiness()}
              disabled={truck.isOpen || isPending || locationDenied}
              className="bg-green-700 hover:bg-green-800"
            >
              <Glyph name="power" /> Open for Business
            </Button>
            <Button variant="destructive" onClick={closeForTheDay} disabled={!truck.isOpen || isPending}>
              <Glyph name="power-off" /> Close for the Day
            </Button>
          </div>
          <Button variant="outline" onClick={() => setDialogOpen(true)}>
            <Glyph name="map-pin" /> Update Location
          </Button>
          {truck.isOpen && (
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="flex items-center gap-1 text-xs text-gray-700">
                <Glyph name="clock" className="h-3.5 w-3.5" /> Last updated:{' '}
                <time dateTime={truck.lastUpdated}>{formatDateTime(truck.lastUpdated)}</time>
              </p>
              {/* Keeps the truck open (auto-close counts from here) without changing what diners read. */}
              <Button
                variant="outline"
                size="sm"
                disabled={stillHere.isPending}
                aria-label={`${truck.name} is still here`}
                onClick={() =>
                  stillHere.mutate(undefined, {
                    onSuccess: () => toast({ title: 'Still here', description: `${truck.name} stays open.` }),
                    onError: (err) => toastError('Update failed', err, 'Please try again.'),
                  })
                }
              >
                <Glyph name="check" /> Still here
              </Button>
            </div>
          )}
          {!truck.isOpen && truck.autoClosedAt && (
            <p role="status" className="rounded-md bg-amber-50 p-2 text-xs text-amber-900" data-testid="auto-closed-note">
              Closed automatically <time dateTime={truck.autoClosedAt}>{formatDateTime(truck.autoClosedAt)}</time>: no
              recent location update or "Still here" from the truck (position last updated{' '}
              <time dateTime={truck.lastUpdated}>{formatDateTime(truck.lastUpdated)}</time>). Open it again when you
              are serving.
            </p>
          )}
          {children}
        </section>
      </div>
      <LocationDialog truck={truck} open={dialogOpen} onOpenChange={setDialogOpen} />
    </Card>
  );
}
