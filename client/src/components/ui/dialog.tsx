import X from 'lucide-react/icons/x';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { useRef, type ComponentProps } from 'react';
import { cn } from '@client/lib/utils';
import { useDialogOpen, withOpenState } from './dialog-open';

export const Dialog = withOpenState(DialogPrimitive.Root);
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/**
 * A modal dialog. Closing it (Escape, the X, a button) puts focus back on the control that had it
 * when the dialog opened — also for dialogs opened from state rather than a Radix trigger (the
 * menu from a card's 'View Menu'), where Radix would drop focus to the top of the page.
 */
export function DialogContent({
  className,
  children,
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const returnTo = useRef<HTMLElement | null>(null);
  if (!useDialogOpen()) return null;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid grid-cols-[minmax(0,1fr)] max-h-[90vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-white p-6 shadow-lg',
          className,
        )}
        {...props}
        onOpenAutoFocus={(event) => {
          // Called before focus moves in: the active element is the control that opened the dialog.
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const opener = returnTo.current;
          if (event.defaultPrevented || !opener?.isConnected || opener === document.body) return;
          event.preventDefault();
          opener.focus();
        }}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-sm p-1 opacity-70 hover:opacity-100" aria-label="Close">
          <X className="h-4 w-4" aria-hidden />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 pr-6', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold wrap-anywhere', className)} {...props} />;
}
export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm wrap-anywhere text-gray-600', className)} {...props} />;
}
