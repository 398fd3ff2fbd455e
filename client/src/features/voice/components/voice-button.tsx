import { Mic } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@client/components/ui/popover';
import { Spinner } from '@client/components/ui/spinner';
import { requestTruckFocus } from '@client/entities/truck/truck-focus';
import { cn } from '@client/lib/utils';

// The assistant (recorder, player, forms) loads when the popover first opens, so the landing
// page's JavaScript stays within its budget.
const VoiceAssistant = lazy(() => import('./voice-assistant'));

/**
 * The navbar's Voice Assistant button: a non-modal popover, 20rem wide, with the compact panel.
 * Choosing a recommended truck closes it and shows the truck on /find-trucks.
 */
export function VoiceAssistantButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [location, navigate] = useLocation();
  const onRecommend = (ids: number[]) => {
    setOpen(false);
    requestTruckFocus(ids);
    if (location !== '/find-trucks') navigate('/find-trucks');
  };
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
