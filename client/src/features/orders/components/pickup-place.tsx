import MapPin from 'lucide-react/icons/map-pin';
import Navigation from 'lucide-react/icons/navigation';
import { placeOf } from '@shared/utils/truck-address';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useTruck } from '@client/entities/truck/truck-details';
import { directionsUrl } from '@client/entities/truck/truck-format';

/**
 * Where to pick an order up: the truck's place now (kept live by the truck stream), directions, and
 * its page. "Ready! Pick it up at Taco Libre." said nothing of where Taco Libre was.
 */
export function PickupPlace({ truckId }: { truckId: number }) {
  const truck = useTruck(truckId);
  if (!truck.data) return null;
  const directions = directionsUrl(truck.data);
  return (
    <Card className="grid gap-3 p-4" data-testid="pickup-place">
      <h2 className="font-semibold wrap-anywhere">Pick up at {truck.data.name}</h2>
      <p className="flex items-start gap-2 text-sm text-gray-800">
        <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span className="wrap-anywhere">{placeOf(truck.data)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {directions && (
          <Button asChild className="h-11">
            <a href={directions} target="_blank" rel="noopener noreferrer">
              <Navigation aria-hidden /> Get Directions
            </a>
          </Button>
        )}
        <Button asChild variant="outline" className="h-11">
          {/* Not the truck's name: a button does not wrap, and a long name ran off a phone's screen. */}
          <Link href={`/trucks/${truckId}`}>View the truck</Link>
        </Button>
      </div>
    </Card>
  );
}
