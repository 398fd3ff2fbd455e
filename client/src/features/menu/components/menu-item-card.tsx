import type { MenuItem } from '@shared/contracts';
import Edit from 'lucide-react/icons/square-pen';
import Trash2 from 'lucide-react/icons/trash';
import UtensilsCrossed from 'lucide-react/icons/utensils-crossed';
import type { ReactNode } from 'react';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { ConfirmDialog, deleteConfirmation } from '@client/components/ui/confirm-dialog';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { objectVariant } from '@client/lib/object-url';
import { formatPrice } from '@shared/utils/format';
import { MenuItemLabels } from '@client/entities/truck/truck-attributes';

/** One menu item: image, name, badges, price, description, image uploader, availability, edit and delete. */
export function MenuItemCard({
  item,
  imageUploader,
  onToggleAvailable,
  onToggleSoldOut,
  onEdit,
  onDelete,
  busy,
}: {
  item: MenuItem;
  imageUploader: ReactNode;
  onToggleAvailable(available: boolean): void;
  /** Sold out until the truck's local midnight (the server clears it), or back on sale. */
  onToggleSoldOut(soldOut: boolean): void;
  onEdit(): void;
  onDelete(): void;
  busy: boolean;
}) {
  const switchId = `available-${item.id}`;
  const soldOutId = `sold-out-${item.id}`;
  return (
    <Card className="flex flex-col overflow-hidden" role="article" aria-labelledby={`item-${item.id}-name`}>
      {item.image ? (
        <img src={objectVariant(item.image, 'card')} alt={item.name} className="h-40 w-full object-cover" />
      ) : (
        <div className="flex h-40 w-full items-center justify-center bg-gray-100 text-gray-500" aria-hidden>
          <UtensilsCrossed className="h-10 w-10" />
        </div>
      )}
      <div className="grid flex-1 content-start gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 id={`item-${item.id}-name`} className="text-lg font-semibold wrap-anywhere">
            {item.name}
          </h3>
          <span className="text-lg font-bold text-brand-700">{formatPrice(item.price)}</span>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* One status: sold out today says it below (MenuItemLabels), never beside "Available". */}
          {!(item.available && item.soldOutToday) && (
            <Badge variant={item.available ? 'success' : 'secondary'}>{item.available ? 'Available' : 'Unavailable'}</Badge>
          )}
          {item.category && <Badge variant="outline">{item.category}</Badge>}
        </div>
        {item.description && <p className="text-sm text-gray-700">{item.description}</p>}
        <MenuItemLabels item={item} />
        {imageUploader}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-gray-200 pt-3">
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              aria-label={`Available: ${item.name}`}
              checked={item.available}
              disabled={busy}
              onCheckedChange={onToggleAvailable}
            />
            <Label htmlFor={switchId}>Available</Label>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              id={soldOutId}
              aria-label={`Sold out today: ${item.name}`}
              checked={item.soldOutToday}
              disabled={busy}
              onCheckedChange={onToggleSoldOut}
            />
            <Label htmlFor={soldOutId}>Sold out today</Label>
          </div>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${item.name}`}>
              <Edit aria-hidden /> Edit
            </Button>
            <ConfirmDialog
              trigger={
                <Button variant="outline" size="sm" className="text-red-700" aria-label={`Delete ${item.name}`}>
                  <Trash2 aria-hidden /> Delete
                </Button>
              }
              title="Delete Menu Item"
              description={deleteConfirmation(item.name)}
              onConfirm={onDelete}
            />
          </div>
        </div>
      </div>
    </Card>
  );
}
