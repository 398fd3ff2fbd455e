import BellOff from 'lucide-react/icons/bell-off';
import BellRing from 'lucide-react/icons/bell-ring';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { useHydrated } from '@client/lib/hydration';
import { cn } from '@client/lib/utils';
import { toast, toastError } from '@client/lib/toast';
import { usePushDevices, useRemovePushDevice } from '../api/push-devices';
import { hasBrowserSubscription, PushPermissionDenied, PushRefused, pushSupport, storedPushDeviceId, turnOnPush, unsubscribeBrowser } from '../browser-push';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@client/lib/query-keys';

type State = 'checking' | 'unsupported' | 'off' | 'on' | 'turning-on' | 'turning-off';

const OFF_TEXT = 'Get a notification when a favorite opens near you, even with the app closed.';

/**
 * Push alerts for this device, on the favourites screen (issue 29): a tap on "Turn on alerts on
 * this device" asks the browser's permission — never before the tap — subscribes and tells the
 * server; "Turn off" ends the subscription here and there.
 */
export function PushDeviceCard() {
  const queryClient = useQueryClient();
  // Whether this browser can take push never changes while the page is open. The server cannot
  // tell, and a hydrating browser renders its 'unknown' first (ADR 0176), then its own answer in a
  // transition (useHydrated), not in a synchronous render of its own (issue 33).
  const support = useHydrated() ? pushSupport() : 'unknown';
  const devices = usePushDevices(support === 'supported');
  const remove = useRemovePushDevice();
  const [browserSubscribed, setBrowserSubscribed] = useState<boolean | null>(null);
  const [working, setWorking] = useState<'turning-on' | 'turning-off' | null>(null);

  useEffect(() => {
    let live = true;
    void hasBrowserSubscription()
      .catch(() => false)
      .then((has) => live && setBrowserSubscribed(has));
    return () => {
      live = false;
    };
  }, []);

  const id = storedPushDeviceId();
  const state: State =
    support === 'unsupported'
      ? 'unsupported'
      : working
        ? working
        : browserSubscribed === null || devices.isPending
          ? 'checking'
          : browserSubscribed && id !== null && devices.data?.some((d) => d.id === id)
            ? 'on'
            : 'off';

  async function turnOn() {
    setWorking('turning-on');
    try {
      await turnOnPush();
      setBrowserSubscribed(true);
      await queryClient.invalidateQueries({ queryKey: queryKeys.pushDevices });
      toast({ title: 'Alerts are on', description: "We'll notify this device when a favorite opens near you." });
    } catch (error) {
      if (error instanceof PushRefused) {
        const title = error instanceof PushPermissionDenied ? 'Notifications blocked' : 'Alerts not available here';
        toast({ title, description: error.message, variant: 'destructive' });
      }
      else toastError('Error', error, 'Could not turn on alerts on this device. Please try again.');
    } finally {
      setWorking(null);
    }
  }

  async function turnOff() {
    setWorking('turning-off');
    try {
      if (id !== null) await remove.mutateAsync(id).catch(() => undefined);
      await unsubscribeBrowser();
      setBrowserSubscribed(false);
    } catch (error) {
      toastError('Error', error, 'Could not turn off alerts on this device. Please try again.');
    } finally {
      setWorking(null);
    }
  }

  return (
    <section aria-labelledby="push-alerts-heading" className="grid gap-2 rounded-xl border border-gray-200 bg-white p-3">
      <div className="flex flex-wrap items-center gap-3">
        {state === 'on' ? <BellRing className="h-5 w-5 text-green-700" aria-hidden /> : <BellOff className="h-5 w-5 text-gray-600" aria-hidden />}
        <div className="grid min-w-0 flex-1 basis-48 gap-0.5">
          <h2 id="push-alerts-heading" className="font-medium">
            Alerts on this device
          </h2>
          {/* While this device is checked, the card keeps the size it will have (the longer text
              and a button's room), so nothing below it moves when the answer comes (issue 33). */}
          <p className="grid text-sm text-gray-700">
            <span className="col-start-1 row-start-1" data-testid="push-state">
              {state === 'unsupported'
                ? "This browser can't receive alerts. On iPhone, add Food Truck Finder to your Home Screen first."
                : state === 'on' || state === 'turning-off'
                  ? 'On: a notification when a favorite opens near you, even with the app closed.'
                  : state === 'checking'
                    ? 'Checking this device…'
                    : OFF_TEXT}
            </span>
            {state === 'checking' && (
              <span className="invisible col-start-1 row-start-1" aria-hidden>
                {OFF_TEXT}
              </span>
            )}
          </p>
        </div>
        {state === 'on' || state === 'turning-off' ? (
          <Button variant="outline" onClick={() => void turnOff()} disabled={state === 'turning-off'}>
            {state === 'turning-off' ? 'Turning off…' : 'Turn off'}
          </Button>
        ) : state === 'off' || state === 'turning-on' || state === 'checking' ? (
          <Button
            onClick={() => void turnOn()}
            disabled={state !== 'off'}
            className={cn(state === 'checking' && 'invisible')}
            aria-hidden={state === 'checking' || undefined}
          >
            {state === 'turning-on' ? 'Turning on…' : 'Turn on alerts on this device'}
          </Button>
        ) : null}
      </div>
      <Link href="/account#alerts" className="text-sm font-medium text-brand-700 underline underline-offset-2">
        Alert settings
      </Link>
    </section>
  );
}
