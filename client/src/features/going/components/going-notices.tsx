import type { GoingNotice } from '@shared/contracts';
import AlertTriangle from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useGoingNotices } from '../hooks/use-live-going';

/**
 * The diner's open page (issue 31): when a stop they said they are going to closes early, moves or
 * is cancelled, the notice shows here at once (from the event stream), until dismissed; a move
 * links to the truck's new place on the map.
 */
export function GoingNotices() {
  const [notices, setNotices] = useState<GoingNotice[]>([]);
  useGoingNotices((notice) => setNotices((list) => [notice, ...list].slice(0, 3)));
  if (notices.length === 0) return null;
  return (
    <div className="fixed inset-x-2 top-16 z-[1100] mx-auto grid max-w-xl gap-2" data-testid="going-notices">
      {notices.map((notice, index) => (
        <div
          key={`${notice.truckId}-${index}-${notice.message}`}
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 shadow-lg"
          data-testid="going-notice"
        >
          <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium">{notice.message}</p>
            {notice.kind === 'moved' && (
              <Link href={`/find-trucks?truck=${notice.truckId}`} className="underline">
                Show the new place on the map
              </Link>
            )}
          </div>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="h-8 w-8 shrink-0"
            aria-label="Dismiss"
            onClick={() => setNotices((list) => list.filter((n) => n !== notice))}
          >
            <X aria-hidden />
          </Button>
        </div>
      ))}
    </div>
  );
}
