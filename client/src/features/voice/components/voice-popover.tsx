import { Suspense, lazy, type RefObject } from 'react';
import { Popover, PopoverAnchor, PopoverContent } from '@client/components/ui/popover';
import { Spinner } from '@client/components/ui/spinner';

const VoiceAssistant = lazy(() => import('./voice-assistant'));

/**
 * The navbar's Voice Assistant popover (non-modal, 20rem wide, the compact panel), anchored to the
 * button that opens it. Loaded with its first opening, with Radix Popover and its positioning
 * (issue 33: they were most of the navbar's share of every page's first JavaScript). The button
 * stays in the navbar: a press on it is not a press outside (the button toggles), and closing gives
 * it the focus back.
 */
export default function VoicePopover({
  open,
  onOpenChange,
  button,
  onRecommend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  button: RefObject<HTMLButtonElement | null>;
  onRecommend: (truckIds: number[]) => void;
}) {
  return (
    <Popover open={open} onOpenChange={onOpenChange} modal={false}>
      <PopoverAnchor virtualRef={button as RefObject<HTMLButtonElement>} />
      <PopoverContent
        align="end"
        className="w-80 max-w-[calc(100vw-1rem)]"
        aria-label="Voice Assistant"
        onInteractOutside={(event) => {
          if (event.target instanceof Node && button.current?.contains(event.target)) event.preventDefault();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      >
        <Suspense fallback={<Spinner />}>
          <VoiceAssistant variant="compact" onRecommend={onRecommend} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
