import X from 'lucide-react/icons/x';
import { Toast } from 'radix-ui';
import { cn } from '@client/lib/utils';
import { dismiss, useToasts } from '@client/lib/toast';

/** Radix toasts with the spec's settings: 5000 ms, swipe right (threshold 50), hotkey F8. */
export function Toaster() {
  const toasts = useToasts();
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, variant, duration, open, action }) => (
        <Toast.Root
          key={id}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismiss(id);
          }}
          className={cn(
            'group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-all',
            variant === 'destructive' ? 'border-red-700 bg-red-700 text-white' : 'border-gray-200 bg-white text-gray-900',
          )}
        >
          <div className="grid min-w-0 gap-1">
            {title && <Toast.Title className="text-sm font-semibold wrap-anywhere">{title}</Toast.Title>}
            {description && (
              <Toast.Description className="text-sm wrap-anywhere opacity-90">{description}</Toast.Description>
            )}
          </div>
          {action}
          <Toast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        className="fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </Toast.Provider>
  );
}
