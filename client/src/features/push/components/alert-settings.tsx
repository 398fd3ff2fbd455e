import type { NotificationPreferences } from '@shared/contracts';
import { formatDate } from '@shared/utils/format';
import { deviceTimeZone } from '@shared/utils/zoned-time';
import { useEffect, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { toast, toastError } from '@client/lib/toast';
import { useNotificationPreferences, useSaveNotificationPreferences } from '../api/notification-preferences';
import { usePushDevices, useRemovePushDevice } from '../api/push-devices';
import { storedPushDeviceId, unsubscribeBrowser } from '../browser-push';

const ROWS = [
  { kind: 'opened', label: 'A favorite opens near me', channels: ['push', 'sms'] },
  { kind: 'schedule', label: "A favorite changes today's stops", channels: ['push'] },
  // Issue 30, ADR 0192: "ready" and "refused" are texted whatever this says (the diner asked for
  // the order and is on the way to pick it up); push can be off.
  { kind: 'orders', label: 'My order ahead is ready or refused', channels: ['push'] },
] as const;

function ChannelSwitch({ id, label, checked, onChange }: { id: string; label: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function DeviceList() {
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const here = storedPushDeviceId();
  if (devices.isPending) return <Skeleton className="h-10 w-full" />;
  if (devices.isError) return <p role="alert" className="text-sm text-red-800">Failed to load your devices. Please try again later.</p>;
  if (devices.data.length === 0) {
    return <p className="text-sm text-gray-700">No devices yet. Turn alerts on from the Favorites screen on each phone or computer.</p>;
  }
  return (
    <ul className="grid gap-2" aria-label="Devices with alerts on">
      {devices.data.map((device) => (
        <li key={device.id} className="flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 p-2">
          <div className="grid min-w-0 flex-1">
            <span className="font-medium">
              {device.label}
              {device.id === here ? ' (this device)' : ''}
            </span>
            <span className="text-sm text-gray-700">
              Added {formatDate(device.createdAt)}
              {device.lastSuccessAt ? ` · last alert ${formatDate(device.lastSuccessAt)}` : ''}
            </span>
          </div>
          <Button
            variant="outline"
            size="sm"
            aria-label={`Remove ${device.label}`}
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(device.id, {
                onSuccess: () => {
                  if (device.id === here) void unsubscribeBrowser();
                },
                onError: (error) => toastError('Error', error, 'Could not remove the device. Please try again.'),
              })
            }
          >
            Remove
          </Button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The alert settings (issue 29): per channel (push, SMS) and kind, and quiet hours, in one form on
 * the account screen; below it, the devices with push alerts on.
 */
export function AlertSettings() {
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  useEffect(() => {
    if (prefs.data && !draft) setDraft(prefs.data);
  }, [prefs.data, draft]);

  const quiet = draft?.quietHours ?? null;
  const setQuiet = (on: boolean) =>
    draft && setDraft({ ...draft, quietHours: on ? (quiet ?? { start: '22:00', end: '07:00', timeZone: deviceTimeZone() }) : null });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: (saved) => {
        setDraft(saved);
        toast({ title: 'Alert settings saved' });
      },
      onError: (error) => toastError('Error', error, 'Failed to save your alert settings. Please try again.'),
    });
  }

  return (
    <section id="alerts" aria-labelledby="alerts-heading" className="grid gap-4">
      <h2 id="alerts-heading" className="font-medium">
        Alerts
      </h2>
      {prefs.isError ? (
        <p role="alert" className="text-sm text-red-800">
          Failed to load your alert settings. Please try again later.
        </p>
      ) : !draft ? (
        <Skeleton className="h-40 w-full" data-testid="alert-settings-loading" />
      ) : (
        <form onSubmit={submit} className="grid gap-4">
          {ROWS.map((row) => (
            <fieldset key={row.kind} className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-gray-900">{row.label}</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                <ChannelSwitch
                  id={`push-${row.kind}`}
                  label="Push notification"
                  checked={draft.push[row.kind] ?? true}
                  onChange={(v) => setDraft({ ...draft, push: { ...draft.push, [row.kind]: v } })}
                />
                {(row.channels as readonly string[]).includes('sms') && (
                  <ChannelSwitch
                    id={`sms-${row.kind}`}
                    label="Text message"
                    checked={draft.sms.opened}
                    onChange={(v) => setDraft({ ...draft, sms: { opened: v } })}
                  />
                )}
              </div>
            </fieldset>
          ))}
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-gray-900">Quiet hours</legend>
            <ChannelSwitch id="quiet-hours" label="No alerts at night" checked={quiet !== null} onChange={setQuiet} />
            {quiet && (
              <div className="flex flex-wrap items-end gap-3">
                <div className="grid gap-1">
                  <Label htmlFor="quiet-start">From</Label>
                  <Input
                    id="quiet-start"
                    type="time"
                    required
                    value={quiet.start}
                    onChange={(e) => setDraft({ ...draft, quietHours: { ...quiet, start: e.target.value } })}
                    className="w-36"
                  />
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="quiet-end">Until</Label>
                  <Input
                    id="quiet-end"
                    type="time"
                    required
                    value={quiet.end}
                    onChange={(e) => setDraft({ ...draft, quietHours: { ...quiet, end: e.target.value } })}
                    className="w-36"
                  />
                </div>
                <p className="text-sm text-gray-700">{quiet.timeZone.replace(/_/g, ' ')} time</p>
              </div>
            )}
          </fieldset>
          <Button type="submit" disabled={save.isPending} className="justify-self-start">
            {save.isPending ? 'Saving…' : 'Save alert settings'}
          </Button>
        </form>
      )}
      <h3 className="font-medium">Devices with push alerts</h3>
      <DeviceList />
    </section>
  );
}
