import Share2 from 'lucide-react/icons/share-2';
import { toast } from '@client/lib/toast';
import { Button, type ButtonProps } from '@client/components/ui/button';

/** The public address of a truck's share page (issue 14). */
export const truckShareUrl = (truckId: number): string => `${window.location.origin}/trucks/${truckId}`;

/**
 * Shares a truck's page: the device's share sheet where there is one (phones), otherwise the link is
 * copied with a toast. Cancelling the share sheet is not an error.
 */
export async function shareTruck(truck: { id: number; name: string }): Promise<void> {
  const url = truckShareUrl(truck.id);
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: truck.name, text: `${truck.name} on Food Truck Finder`, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url });
  } catch {
    toast({ title: 'Copy this link to share', description: url, duration: 10_000 });
  }
}

export function ShareButton({
  truck,
  size = 'sm',
  className,
}: {
  truck: { id: number; name: string };
  size?: ButtonProps['size'];
  className?: string;
}) {
  return (
    <Button
      type="button"
      variant="outline"
      size={size}
      className={className}
      onClick={() => void shareTruck(truck)}
      aria-label={`Share ${truck.name}`}
    >
      <Share2 aria-hidden /> {size === 'icon' ? null : 'Share'}
    </Button>
  );
}
