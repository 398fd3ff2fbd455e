import type { FoodTruck } from '@shared/contracts';
import { useParams } from 'wouter';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { useTruck } from '@client/entities/truck/truck-details';
import { useMenu } from '@client/features/menu/api/menu';
import { useUpdateMenuItem } from '@client/features/menu/api/menu-item-mutations';
import { KitchenQueue, KitchenSettings, useOrderSound } from '@client/features/orders/components/kitchen-queue';
import { BackToDashboard } from '@client/features/operator/components/back-to-dashboard';
import { OperatorOnly } from '@client/features/operator/components/operator-only';
import { TruckNotFound, truckLoadState } from '@client/features/operator/components/truck-not-found';
import { parseId } from '@shared/utils/ids';
import { toastError } from '@client/lib/toast';

/** Mark dishes sold out for today without leaving the queue. */
function SoldOutToggles({ truckId }: { truckId: number }) {
  const menu = useMenu(truckId);
  const update = useUpdateMenuItem(truckId);
  if (!menu.data || menu.data.length === 0) return null;
  return (
    <details className="rounded-lg border border-gray-200 bg-white p-4">
      <summary className="cursor-pointer text-lg font-semibold">Sold out today</summary>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {menu.data.map((item) => (
          <li key={item.id} className="flex min-h-12 items-center justify-between gap-3 rounded border border-gray-200 px-3">
            <Label htmlFor={`sold-out-${item.id}`}>{item.name}</Label>
            <Switch
              id={`sold-out-${item.id}`}
              checked={item.soldOutToday}
              onCheckedChange={(soldOutToday) =>
                update.mutate({ id: item.id, input: { soldOutToday } }, { onError: (err) => toastError('Could not update the item', err, 'Please try again.') })
              }
            />
          </li>
        ))}
      </ul>
    </details>
  );
}

function Kitchen({ truck }: { truck: FoodTruck }) {
  const [sound, setSound] = useOrderSound();
  return (
    <main className="mx-auto grid max-w-6xl gap-4 px-4 py-6 sm:gap-6 sm:py-8">
      <BackToDashboard href="/operator-dashboard" />
      <header>
        <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{truck.name}</h1>
        <p className="text-gray-700">Orders</p>
      </header>
      <KitchenQueue truckId={truck.id} truckName={truck.name} sound={sound} />
      <SoldOutToggles truckId={truck.id} />
      <KitchenSettings truckId={truck.id} sound={sound} onSoundChange={setSound} />
    </main>
  );
}

const notYours = (
  <TruckNotFound title="Truck Not Found" linkTo={{ href: '/operator-dashboard', label: 'Back to Dashboard' }}>
    This food truck doesn't exist or isn't yours.
  </TruckNotFound>
);

function KitchenScreen({ truckId, operatorId }: { truckId: number; operatorId: number }) {
  const truck = useTruck(truckId);
  const state = truckLoadState(truck, notYours);
  if (state) return state;
  if (!truck.data || truck.data.operatorId !== operatorId) return notYours;
  return <Kitchen truck={truck.data} />;
}

/** /operator/orders/:truckId — the truck's live order queue (issue 30). */
export default function KitchenPage() {
  const { truckId: raw } = useParams<{ truckId: string }>();
  const truckId = parseId(raw);
  return <OperatorOnly>{(operatorId) => (truckId === null ? notYours : <KitchenScreen truckId={truckId} operatorId={operatorId} />)}</OperatorOnly>;
}
