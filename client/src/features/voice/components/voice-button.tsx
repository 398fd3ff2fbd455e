import { Mic } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Spinner } from '@client/components/ui/spinner';
import { useShowRecommendation } from '../hooks/use-show-recommendation';
import { cn } from '@client/lib/utils';

// The assistant (recorder, player, forms) loads when the popover first opens, so the landing
// page's JavaScript stays within its budget.
const VoiceAssistant = lazy(() => import('./voice-assistant'));

/**
 * The navbar's Voice Assistant button: a non-modal popover, 20rem wide, with the compact panel.
 * Choosing a recommended truck closes it (and `onChosen`: the mobile menu it sits in) and shows the
 * truck on /find-trucks, as the card on that page does.
 */
export function VoiceAssistantButton({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const [open, setOpen] = useState(false);
  const onRecommend = useShowRecommendation(
    useCallback(() => {
      setOpen(false);
      onChosen?.();
    }, [onChosen]),
  );
  return (
    <Popover open={open} onOpenChange={setOpen} modal={false}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" className={cn('gap-1.5', className)} aria-haspopup="dialog">
          <Mic aria-hidden /> Voice Assistant
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 max-w-[calc(100vw-1rem)]" aria-label="Voice Assistant">
        <Suspense fallback={<Spinner />}>
          <VoiceAssistant variant="compact" onRecommend={onRecommend} />
        </Suspense>
      </PopoverContent>
    </Popover>
  );
}
