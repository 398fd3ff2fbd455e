import Mic from 'lucide-react/icons/mic';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { useShowRecommendation } from '../hooks/use-show-recommendation';
import { cn } from '@client/lib/utils';

// The popover (Radix Popover, its positioning, and the assistant inside) loads when it is first
// wanted — a pointer over the button, its focus, or a press — so no page's first screen waits for it.
const loadPopover = () => import('./voice-popover');
const VoicePopover = lazy(loadPopover);

/**
 * The navbar's Voice Assistant button: a non-modal popover, 20rem wide, with the compact panel.
 * Choosing a recommended truck closes it (and `onChosen`: the mobile menu it sits in) and shows the
 * truck on /find-trucks, as the card on that page does.
 */
export function VoiceAssistantButton({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its state (and its closing focus return).
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const onRecommend = useShowRecommendation(
    useCallback(() => {
      setOpen(false);
      onChosen?.();
    }, [onChosen]),
  );
  const preload = () => void loadPopover().catch(() => {});
  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="sm"
        className={cn('gap-1.5', className)}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((was) => !was);
        }}
      >
        <Mic aria-hidden /> Voice Assistant
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <VoicePopover open={open} onOpenChange={setOpen} button={button} onRecommend={onRecommend} />
        </Suspense>
      )}
    </>
  );
}
