import { SMS_OPT_OUT_TEXT } from '@shared/constants';
import { Link } from 'wouter';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { useAuth } from '@client/lib/auth';
import { toastError } from '@client/lib/toast';
import { useSetSmsPreferences, useSmsPreferences } from '../api/sms-preferences';

/**
 * 'Text me when my favorites open': the customer's SMS opt-out (STOP / START by text does the same).
 * A number not confirmed yet gets no alerts whatever this says (ADR 0189): it says so, with the way
 * to confirm it.
 */
export function SmsAlertsSwitch() {
  const { user } = useAuth();
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
        {user?.phoneConfirmed === false && (
          <p className="text-sm text-amber-900">
            We text only a confirmed number.{' '}
            <Link href="/account" className="font-medium underline">
              Confirm yours on your account
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
