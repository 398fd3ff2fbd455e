import CalendarDays from 'lucide-react/icons/calendar-days';
import Copy from 'lucide-react/icons/copy';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { copyText } from '@client/lib/clipboard';
import { toastError } from '@client/lib/toast';
import { useChangeFavoritesCalendarFeed, useFavoritesCalendarFeed } from '../api/favorites-calendar-feed';

/**
 * The favourites' calendar feed: a secret address to subscribe to in Google Calendar or Apple
 * Calendar (the favourites' scheduled stops), which the customer can replace or revoke.
 */
export function FavoritesCalendarPanel() {
  const feed = useFavoritesCalendarFeed();
  const change = useChangeFavoritesCalendarFeed();
  const act = (action: 'renew' | 'revoke') =>
    change.mutate(action, {
      onError: (err) => toastError('Calendar feed', err, 'Failed to change the calendar feed'),
    });
  return (
    <section
      aria-labelledby="calendar-feed-heading"
      className="grid gap-2 rounded-xl border border-gray-200 bg-white p-3"
    >
      <h2 id="calendar-feed-heading" className="flex items-center gap-2 font-semibold">
        <CalendarDays className="h-4 w-4" aria-hidden /> Calendar feed
      </h2>
      {feed.data ? (
        <>
          <p className="text-sm text-gray-700">
            Subscribe to this private address in your calendar app to see where your favorites will be. Keep
            it secret; replace it if it leaked.
          </p>
          <Input
            readOnly
            value={feed.data}
            aria-label="Calendar feed address"
            onFocus={(e) => e.target.select()}
          />
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void copyText(feed.data ?? '', 'Calendar address copied')}>
              <Copy aria-hidden /> Copy address
            </Button>
            <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act('renew')}>
              Replace address
            </Button>
            <Button size="sm" variant="outline" disabled={change.isPending} onClick={() => act('revoke')}>
              Turn off
            </Button>
          </div>
        </>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-gray-700">Your favorites' scheduled stops in your own calendar.</p>
          <Button size="sm" disabled={feed.isPending || change.isPending} onClick={() => act('renew')}>
            Get calendar link
          </Button>
        </div>
      )}
    </section>
  );
}
