import { useScreenTitle } from '@client/lib/screen-title';
import type { FoodTruck, MenuItem, MenuItemFormInput } from '@shared/contracts';
import Plus from 'lucide-react/icons/plus';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toastError } from '@client/lib/toast';
import { useMenu } from '@client/features/menu/api/menu';
import {
  useCreateMenuItem,
  useDeleteMenuItem,
  useUpdateMenuItem,
  useUpdateMenuItemImage,
} from '@client/features/menu/api/menu-item-mutations';
import { MenuItemCard } from '@client/features/menu/components/menu-item-card';
import { MenuItemDialog } from '@client/features/menu/components/menu-item-dialog';
import { CategoryFilter, MenuStatsRow } from '@client/features/menu/components/menu-overview';
import { isNotFound, useTruck } from '@client/entities/truck/truck-details';
import { BackToDashboard } from '@client/features/operator/components/back-to-dashboard';
import { OperatorOnly } from '@client/features/operator/components/operator-only';
import { TruckNotFound } from '@client/features/operator/components/truck-not-found';
import { parseId } from '@shared/utils/ids';
import { ImageUploader } from '@client/features/uploads/components/image-uploader';
import { errorMessage } from '@client/lib/api-client';

const failed = (title: string) => (err: unknown) => toastError(title, err, 'Please try again.');

function MenuEditor({ truck }: { truck: FoodTruck }) {
  useScreenTitle(`Menu · ${truck.name}`);
  const menu = useMenu(truck.id);
  const create = useCreateMenuItem(truck.id);
  const update = useUpdateMenuItem(truck.id);
  const remove = useDeleteMenuItem(truck.id);
  const setImage = useUpdateMenuItemImage(truck.id);
  const [category, setCategory] = useState('All');
  const [dialog, setDialog] = useState<{ open: boolean; item?: MenuItem | undefined }>({ open: false });

  const items = menu.data ?? [];
  const shown = category === 'All' ? items : items.filter((i) => i.category === category);

  function save(input: MenuItemFormInput) {
    const close = () => setDialog({ open: false });
    if (dialog.item)
      update.mutate(
        { id: dialog.item.id, input },
        { onSuccess: close, onError: failed('Failed to update menu item') },
      );
    else
      create.mutate(
        { ...input, foodTruckId: truck.id },
        { onSuccess: close, onError: failed('Failed to create menu item') },
      );
  }

  return (
    <main className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:py-8">
      <BackToDashboard href="/operator-dashboard" />
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{truck.name}</h1>
          <p className="text-gray-700">Menu Management</p>
        </div>
        <Button onClick={() => setDialog({ open: true })}>
          <Plus aria-hidden /> Add Menu Item
        </Button>
      </header>

      {menu.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner className="h-8 w-8 text-brand-700" label="Loading menu" />
        </div>
      ) : menu.isError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
          {errorMessage(menu.error, 'Failed to load the menu. Please try again.')}
        </p>
      ) : (
        <>
          <MenuStatsRow items={items} />
          {items.length > 0 && <CategoryFilter items={items} selected={category} onSelect={setCategory} />}
          {shown.length === 0 ? (
            <Card className="grid justify-items-center gap-3 p-8 text-center">
              <UtensilsCrossed className="h-12 w-12 text-gray-500" aria-hidden />
              <h2 className="text-lg font-semibold">
                {items.length === 0 ? 'No menu items yet' : `No items in ${category}`}
              </h2>
              <p className="text-gray-700">
                {items.length === 0
                  ? 'Add your first dish so customers know what you serve.'
                  : 'Choose another category.'}
              </p>
            </Card>
          ) : (
            <section aria-label="Menu items" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {shown.map((item) => (
                <MenuItemCard
                  key={item.id}
                  item={item}
                  busy={update.isPending && update.variables?.id === item.id}
                  onEdit={() => setDialog({ open: true, item })}
                  onDelete={() => remove.mutate(item.id, { onError: failed('Failed to delete menu item') })}
                  onToggleAvailable={(available) =>
                    update.mutate(
                      { id: item.id, input: { available } },
                      { onError: failed('Failed to update availability') },
                    )
                  }
                  onToggleSoldOut={(soldOutToday) =>
                    update.mutate(
                      { id: item.id, input: { soldOutToday } },
                      { onError: failed('Failed to update sold out') },
                    )
                  }
                  imageUploader={
                    <ImageUploader
                      purpose="menu-item-image"
                      inputLabel={`Image file for ${item.name}`}
                      buttonText={item.image ? 'Change Image' : 'Upload Image'}
                      onUploaded={(imageURL) =>
                        setImage.mutate(
                          { id: item.id, imageURL },
                          { onError: failed('Failed to update image') },
                        )
                      }
                    />
                  }
                />
              ))}
            </section>
          )}
        </>
      )}
      <MenuItemDialog
        open={dialog.open}
        item={dialog.item}
        isSaving={create.isPending || update.isPending}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSave={save}
      />
    </main>
  );
}

function MenuManagement({ operatorId }: { operatorId: number }) {
  const params = useParams<{ truckId: string }>();
  const truckId = parseId(params.truckId);
  const truck = useTruck(truckId ?? 0, truckId !== null);
  const back = (
    <Button asChild>
      <Link href="/operator-dashboard">Back to Dashboard</Link>
    </Button>
  );

  if (truckId === null) {
    return (
      <TruckNotFound title="Invalid Truck ID" action={back}>
        The address does not name a food truck.
      </TruckNotFound>
    );
  }
  if (truck.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="h-8 w-8 text-brand-700" label="Loading food truck" />
      </div>
    );
  }
  if (
    (truck.isError && isNotFound(truck.error)) ||
    (truck.isSuccess && truck.data.operatorId !== operatorId)
  ) {
    return (
      <TruckNotFound title="Truck Not Found" action={back}>
        This food truck doesn't exist or isn't yours.
      </TruckNotFound>
    );
  }
  if (truck.isError) {
    return (
      <TruckNotFound title="Unable to load food truck" action={back}>
        {errorMessage(truck.error, 'Please try again.')}
      </TruckNotFound>
    );
  }
  return <MenuEditor truck={truck.data} />;
}

export default function MenuManagementPage() {
  return <OperatorOnly>{(operatorId) => <MenuManagement operatorId={operatorId} />}</OperatorOnly>;
}
