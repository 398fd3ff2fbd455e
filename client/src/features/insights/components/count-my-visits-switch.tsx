import { Switch } from '@client/components/ui/switch';
import { toastError } from '@client/lib/toast';
import { useInsightsPreferences, useSetInsightsPreferences } from '../api/insights-preferences';

/** The profile's "Don't count my visits" (issue 31): on = none of this account's visits enter operators' insights. */
export function CountMyVisitsSwitch() {
  const prefs = useInsightsPreferences();
  const set = useSetInsightsPreferences();
  const dontCount = prefs.data ? !prefs.data.countMyVisits : false;
  return (
    <div className="flex items-start justify-between gap-4" data-testid="count-my-visits">
      <div className="grid gap-1">
        <label htmlFor="dont-count-visits" className="font-medium">
          Don&apos;t count my visits
        </label>
        <p className="text-sm text-gray-700">
          Trucks&apos; operators see counts of views, favorites and &quot;I&apos;m going&quot;, never who. Turn this on and your visits are not counted at all.
          Browsers that send Do Not Track or Global Privacy Control are never counted.
        </p>
      </div>
      <Switch
        id="dont-count-visits"
        checked={dontCount}
        disabled={prefs.isPending}
        aria-disabled={set.isPending || undefined}
        onCheckedChange={(checked) => {
          if (set.isPending) return;
          set.mutate({ countMyVisits: !checked }, { onError: (error) => toastError('Error', error, 'Could not save. Please try again.') });
        }}
      />
    </div>
  );
}
