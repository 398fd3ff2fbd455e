import { SMS_OPT_OUT_TEXT } from '@shared/constants';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { toastError } from '@client/lib/toast';
import { useSetSmsPreferences, useSmsPreferences } from '../api/sms-preferences';

/** 'Text me when my favorites open': the customer's SMS opt-out (STOP / START by text does the same). */
export function SmsAlertsSwitch() {
  const prefs = useSmsPreferences(true);
  const save = useSetSmsPreferences();
  const checked = save.isPending ? Boolean(save.variables?.smsAlerts) : (prefs.data?.smsAlerts ?? false);
  return (
    <div className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3">
      <Switch
        id="sms-alerts"
        aria-describedby="sms-alerts-hint"
        checked={checked}
        disabled={prefs.isPending || save.isPending}
        onCheckedChange={(smsAlerts) =>
          save.mutate({ smsAlerts }, { onError: (error) => toastError('Error', error, 'Failed to save your SMS setting. Please try again.') })
        }
      />
      <div className="grid gap-0.5">
        <Label htmlFor="sms-alerts">Text me when my favorites open</Label>
        <p id="sms-alerts-hint" className="text-sm text-gray-700">
          {SMS_OPT_OUT_TEXT}
        </p>
      </div>
    </div>
  );
}
