import type { Order, OrderProgressStatus, OrderSettings } from '@shared/contracts';
import {
  ACTIVE_ORDER_STATUSES,
  formatCents,
  ORDER_LIMITS,
  ORDER_STATUS_LABELS,
  orderSettingsUpdateSchema,
  type OrderSettingsChange,
} from '@shared/contracts/orders';
import { STORAGE_KEYS } from '@shared/constants';
import Bell from 'lucide-react/icons/bell';
import BellOff from 'lucide-react/icons/bell-off';
import PauseCircle from 'lucide-react/icons/circle-pause';
import PlayCircle from 'lucide-react/icons/circle-play';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { serverFieldErrors, submitHandler, useFormValues, validateForm } from '@client/lib/forms';
import { useScreenTitle } from '@client/lib/screen-title';
import { storage } from '@client/lib/storage';
import { toast, toastError } from '@client/lib/toast';
import { cn } from '@client/lib/utils';
import { useProgressOrder, useRefuseOrder } from '../api/order-mutations';
import { useOrderSettings, useUpdateOrderSettings } from '../api/order-settings';
import { useTruckQueue } from '../api/truck-queue';
import { useOrderStream } from '../hooks/use-order-stream';
import { clockTime, UnansweredNotice } from './order-status';
import { RefuseOrderDialog } from './refuse-order-dialog';

/** The one tap that moves an order on, by its status. */
const NEXT_STEP: Partial<Record<Order['status'], { to: OrderProgressStatus; label: string }>> = {
  received: { to: 'preparing', label: 'Accept' },
  preparing: { to: 'ready', label: 'Ready' },
  ready: { to: 'picked_up', label: 'Picked up' },
};

/** A short two-tone chime (Web Audio: no file to load). Browsers play it once the page had a tap. */
function chime(): void {
  const AudioContextClass = window.AudioContext;
  if (!AudioContextClass) return;
  const audio = new AudioContextClass();
  [880, 1175].forEach((frequency, i) => {
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.25, audio.currentTime + i * 0.18);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.3);
    tone.connect(gain).connect(audio.destination);
    tone.start(audio.currentTime + i * 0.18);
    tone.stop(audio.currentTime + i * 0.18 + 0.3);
  });
  setTimeout(() => void audio.close(), 1000);
}

/** A kitchen action that failed: the server's reason, or "Please try again." */
const failedTo = (title: string) => (err: unknown) => toastError(title, err, 'Please try again.');

function OrderTicket({ order }: { order: Order }) {
  const progress = useProgressOrder();
  const refuse = useRefuseOrder();
  const next = NEXT_STEP[order.status];
  const busy = progress.isPending || refuse.isPending;

  return (
    <li>
      <Card className={cn('grid gap-3 p-4', order.status === 'received' && 'border-2 border-brand-700')} data-testid={`ticket-${order.id}`}>
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-4xl font-black tabular-nums">{order.number}</p>
            <p className="text-sm text-gray-700">{order.customerName}</p>
          </div>
          <div className="text-right">
            <p className="text-lg font-bold" data-testid="ticket-status">
              {ORDER_STATUS_LABELS[order.status]}
            </p>
            <p className="text-sm text-gray-700">{order.pickupAt ? `Pickup ${clockTime(order.pickupAt)}` : `ASAP · by ${clockTime(order.estimatedReadyAt)}`}</p>
          </div>
        </div>
        <ul className="grid gap-1 text-lg">
          {order.lines.map((line) => (
            <li key={line.menuItemId}>
              <strong>{line.quantity} ×</strong> {line.name}
            </li>
          ))}
        </ul>
        {order.note && <p className="rounded-md bg-amber-50 p-2 text-amber-950">Note: {order.note}</p>}
        <UnansweredNotice order={order} forKitchen />
        <p className="text-sm text-gray-700">Paid {formatCents(order.totalCents, order.currency)}</p>
        {ACTIVE_ORDER_STATUSES.includes(order.status) && (
          <div className="grid grid-cols-2 gap-3">
            {next && (
              <Button
                className="h-14 text-lg"
                disabled={busy}
                onClick={() => progress.mutate({ id: order.id, status: next.to }, { onError: failedTo('Could not update the order') })}
              >
                {next.label}
              </Button>
            )}
            <RefuseOrderDialog
              order={order}
              trigger={
                <Button variant="outline" className="h-14 text-lg" disabled={busy}>
                  Refuse
                </Button>
              }
              onRefuse={(reason) => refuse.mutate({ id: order.id, reason }, { onError: failedTo('Could not refuse the order') })}
            />
          </div>
        )}
      </Card>
    </li>
  );
}

/** A form's number: empty or not a number is NaN, which the shared schema refuses with its own message. */
const asNumber = (value: string) => (value.trim() === '' ? Number.NaN : Number(value));

/**
 * The truck's preparation time (the wait diners are told, in the order panel and by the voice
 * assistant) and its throttle, checked with the contract the server checks them with.
 */
function OrderingSettingsForm({ settings, onSave, saving }: { settings: OrderSettings; onSave: (change: OrderSettingsChange) => Promise<unknown>; saving: boolean }) {
  const form = useFormValues({
    prepMinutes: String(settings.prepMinutes),
    maxOrdersPer15Min: settings.maxOrdersPer15Min === null ? '' : String(settings.maxOrdersPer15Min),
  });
  const submit = submitHandler(
    () =>
      validateForm(orderSettingsUpdateSchema, {
        prepMinutes: asNumber(form.values.prepMinutes),
        maxOrdersPer15Min: form.values.maxOrdersPer15Min.trim() === '' ? null : asNumber(form.values.maxOrdersPer15Min),
      }),
    form.setErrors,
    (change) =>
      void onSave(change).then(
        () => toast({ title: 'Ordering settings saved' }),
        (err: unknown) => {
          if (err instanceof ApiError && err.status === 400) form.setErrors(serverFieldErrors(err.body));
          failedTo('Could not save')(err);
        },
      ),
  );
  return (
    <form className="grid gap-3 sm:grid-cols-[12rem_12rem_auto] sm:items-start" onSubmit={submit} noValidate>
      <FormField label="Preparation time (minutes)" error={form.errors.prepMinutes} hint="Diners are told their order is ready in this time.">
        <Input inputMode="numeric" className="h-12" value={form.values.prepMinutes} onChange={(e) => form.setField('prepMinutes', e.target.value)} />
      </FormField>
      <FormField label={`Max orders per ${ORDER_LIMITS.windowMinutes} min`} error={form.errors.maxOrdersPer15Min} hint="Empty: no limit.">
        <Input
          inputMode="numeric"
          className="h-12"
          placeholder="No limit"
          value={form.values.maxOrdersPer15Min}
          onChange={(e) => form.setField('maxOrdersPer15Min', e.target.value)}
        />
      </FormField>
      <Button type="submit" variant="outline" className="h-12 sm:mt-6 sm:justify-self-start" disabled={saving}>
        Save
      </Button>
    </form>
  );
}

/** Whether a new order chimes: this device's choice, kept across visits. */
export function useOrderSound(): [boolean, (on: boolean) => void] {
  const [sound, setSound] = useState(() => storage.get(STORAGE_KEYS.orderSound) !== '0');
  const change = (on: boolean) => {
    setSound(on);
    storage.set(STORAGE_KEYS.orderSound, on ? '1' : '0');
  };
  return [sound, change];
}

/** Taking orders or paused, and the pauses: what a rush needs, so above the tickets. */
function OrderingStatus({ truckId }: { truckId: number }) {
  const settings = useOrderSettings(truckId);
  const update = useUpdateOrderSettings(truckId);
  if (!settings.data) return null;
  const failed = failedTo('Could not save');
  const paused = settings.data.pausedUntil !== null;

  return (
    <Card className="grid gap-4 p-4">
      {!settings.data.payoutsConnected && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Diners cannot order yet: connect your payout account on the dashboard.
        </p>
      )}
      {paused ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="font-semibold text-red-800">Not accepting orders until {clockTime(settings.data.pausedUntil ?? new Date())}</p>
          <Button className="h-12" onClick={() => update.mutate({ pauseMinutes: 0 }, { onError: failed })}>
            <PlayCircle aria-hidden /> Resume orders
          </Button>
        </div>
      ) : (
        <div className="grid gap-2 sm:flex sm:flex-wrap sm:items-center sm:gap-3">
          {/* One line on a phone too: the first ticket comes that much higher. */}
          <div className="flex items-baseline justify-between gap-3 sm:contents">
            <p className="font-semibold text-green-800">Taking orders</p>
            <span id={`pause-${truckId}`} className="text-sm text-gray-700">
              Pause orders for
            </span>
          </div>
          {/* Three in a row on a phone: each was a row of its own, and the card a screen tall. */}
          <div className="grid grid-cols-3 gap-2 sm:flex sm:gap-3" role="group" aria-labelledby={`pause-${truckId}`}>
            {[10, 20, 30].map((minutes) => (
              <Button
                key={minutes}
                variant="outline"
                className="h-12 px-2 sm:px-4"
                aria-label={`Pause orders for ${minutes} minutes`}
                onClick={() => update.mutate({ pauseMinutes: minutes }, { onError: failed })}
              >
                <PauseCircle aria-hidden /> {minutes} min
              </Button>
            ))}
          </div>
        </div>
      )}
    </Card>
  );
}

/**
 * The preparation time, the limit and the chime: set once a day, so below the tickets, the form
 * folded away. Above them, open, they put a phone's first ticket below its first screen.
 */
export function KitchenSettings({ truckId, sound, onSoundChange }: { truckId: number; sound: boolean; onSoundChange: (on: boolean) => void }) {
  const settings = useOrderSettings(truckId);
  const update = useUpdateOrderSettings(truckId);
  const [changing, setChanging] = useState(false);
  if (!settings.data) return null;

  return (
    <Card className="grid gap-2 p-4">
      <h2 className="text-lg font-semibold">Ordering settings</h2>
      <p className="text-sm text-gray-700" data-testid="ordering-now">
        Now: preparation {settings.data.prepMinutes} min · {settings.data.maxOrdersPer15Min === null ? 'no limit' : `at most ${settings.data.maxOrdersPer15Min} orders per ${ORDER_LIMITS.windowMinutes} min`}
      </p>
      <details open={changing} onToggle={(e) => setChanging(e.currentTarget.open)}>
        <summary className="cursor-pointer py-3 font-medium">Change preparation time or limit</summary>
        <div className="pt-2">
          <OrderingSettingsForm
            settings={settings.data}
            // Saved: folded again, the line above saying what now holds.
            onSave={(change) => update.mutateAsync(change).then(() => setChanging(false))}
            saving={update.isPending}
          />
        </div>
      </details>
      <div className="flex min-h-12 items-center gap-2">
        {sound ? <Bell className="h-5 w-5" aria-hidden /> : <BellOff className="h-5 w-5" aria-hidden />}
        <Label htmlFor={`sound-${truckId}`}>Sound on new orders</Label>
        <Switch id={`sound-${truckId}`} checked={sound} onCheckedChange={onSoundChange} />
      </div>
    </Card>
  );
}

/**
 * The operator's orders screen for one truck (issue 30): live (a new order appears within a second,
 * with a chime that can be turned off), big touch targets, one tap per status, refusal with a
 * refund, pause and throttle.
 */
export function KitchenQueue({ truckId, truckName, sound }: { truckId: number; truckName: string; sound: boolean }) {
  const queue = useTruckQueue(truckId);
  const soundRef = useRef(sound);
  useEffect(() => {
    soundRef.current = sound;
  }, [sound]);
  const seen = useRef<Set<number> | null>(null);
  const state = useOrderStream(
    () => void queue.refetch(),
    (order) => {
      if (order.foodTruckId !== truckId || order.status !== 'received') return;
      if (seen.current && !seen.current.has(order.id) && soundRef.current) chime();
      seen.current?.add(order.id);
    },
  );
  useEffect(() => {
    if (queue.data) seen.current = new Set([...(seen.current ?? []), ...queue.data.map((o) => o.id)]);
  }, [queue.data]);

  const active = (queue.data ?? []).filter((o) => ACTIVE_ORDER_STATUSES.includes(o.status));
  // "(2) Orders · Taco Libre": a new order shows in the tab strip while another tab is in front.
  const waiting = active.filter((o) => o.status === 'received').length;
  useScreenTitle(`${waiting > 0 ? `(${waiting}) ` : ''}Orders · ${truckName}`);
  const done = (queue.data ?? []).filter((o) => !ACTIVE_ORDER_STATUSES.includes(o.status)).reverse();

  return (
    <div className="grid gap-4 sm:gap-6">
      <OrderingStatus truckId={truckId} />
      <section aria-labelledby="active-orders" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h2 id="active-orders" className="text-xl font-semibold">
            Active orders{queue.data ? ` (${active.length})` : ''}
          </h2>
          <p className={cn('text-sm', state === 'open' ? 'text-green-800' : 'text-gray-700')} role="status">
            {/* Beside the heading on a phone: one line less above the first ticket. */}
            {state === 'open' ? (
              <>
                <span className="mr-1.5 inline-block h-2 w-2 rounded-full bg-green-600" aria-hidden />
                Live<span className="hidden sm:inline">: new orders appear here</span>
              </>
            ) : (
              'Connecting…'
            )}
          </p>
        </div>
        {queue.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner className="h-8 w-8 text-brand-700" label="Loading orders" />
          </div>
        ) : queue.isError ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {errorMessage(queue.error, 'Failed to load the orders. Please try again.')}
          </p>
        ) : active.length === 0 ? (
          <p className="rounded-lg border border-dashed border-gray-300 p-8 text-center text-gray-700">No orders right now. New ones appear here at once.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="Active orders">
            {active.map((order) => (
              <OrderTicket key={order.id} order={order} />
            ))}
          </ul>
        )}
      </section>
      {done.length > 0 && (
        <section aria-labelledby="done-orders" className="grid gap-2">
          <h2 id="done-orders" className="text-lg font-semibold">
            Done today
          </h2>
          <ul className="grid gap-1 text-sm">
            {done.map((order) => (
              <li key={order.id} className="flex justify-between gap-2 rounded border border-gray-200 p-2">
                <span>
                  <strong>{order.number}</strong> · {order.customerName}
                </span>
                <span>
                  {ORDER_STATUS_LABELS[order.status]}
                  {order.refund ? ` · refunded ${formatCents(order.refund.amountCents, order.currency)}` : ''}
                  {order.refusalReason && <span className="block text-xs text-gray-700">{order.refusalReason}</span>}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
