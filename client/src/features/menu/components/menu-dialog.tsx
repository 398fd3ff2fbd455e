import type { TruckSummary } from '@shared/contracts';
import type { ReactNode } from 'react';
import type { DietaryNeeds } from '@shared/utils/attributes';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { MenuContents } from './menu-contents';

/** '{name} - Menu' (spec section 2): menu documents and menu items, or the empty texts. */
export function MenuDialog({
  truck,
  onClose,
  needs,
  orderAction,
}: {
  truck: TruckSummary | null;
  onClose(): void;
  needs?: DietaryNeeds | undefined;
  /** What the menu offers for ordering ahead (see MenuContents). */
  orderAction?: ReactNode;
}) {
  return (
    <Dialog open={truck !== null} onOpenChange={(open) => !open && onClose()}>
      {truck && (
        <DialogContent className="max-w-2xl">
          <DialogHeader>
            <DialogTitle>{truck.name} - Menu</DialogTitle>
            <DialogDescription className="sr-only">
              Menu documents and dishes of {truck.name}
            </DialogDescription>
          </DialogHeader>
          <MenuContents truck={truck} needs={needs} orderAction={orderAction} />
        </DialogContent>
      )}
    </Dialog>
  );
}
