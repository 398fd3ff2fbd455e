import { createContext, useCallback, useContext, useState, type ComponentType, type ReactNode } from 'react';

interface RootProps {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  children?: ReactNode;
}

const DialogOpen = createContext(true);

/**
 * Radix's dialog root, controlled or not, that tells its content whether it is open
 * (`useDialogOpen`). Radix renders a closed dialog's portal, and each of its parts (the overlay,
 * the content) mounts a `Presence` that updates its own state from a layout effect: an update React
 * renders synchronously, so a screen with closed dialogs (the dashboard's location and delete
 * dialogs: eight of them) was rendered a second time, whole, in the task that hydrated it
 * (Lighthouse traces, issue 33). Nothing of a closed dialog is shown, so its content renders nothing.
 */
export function withOpenState(Root: ComponentType<RootProps>) {
  return function DialogRoot({ open: controlled, defaultOpen = false, onOpenChange, children }: RootProps) {
    const [uncontrolled, setUncontrolled] = useState(defaultOpen);
    const open = controlled ?? uncontrolled;
    const change = useCallback(
      (next: boolean) => {
        setUncontrolled(next);
        onOpenChange?.(next);
      },
      [onOpenChange],
    );
    return (
      <DialogOpen.Provider value={open}>
        <Root open={open} onOpenChange={change}>
          {children}
        </Root>
      </DialogOpen.Provider>
    );
  };
}

/** Whether the dialog around is open (true outside one made with `withOpenState`). */
export const useDialogOpen = (): boolean => useContext(DialogOpen);
