import { useId, useMemo, useState } from 'react';
import { deviceTimeZone, zoneName } from '@shared/utils/zoned-time';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/select';
import { useNow } from '@client/lib/use-now';
import { firstDate, hourLabel, hoursOffered, type TimeChoice, type TimeChoiceWhen } from '../time-choice';

const WHEN_OPTIONS: { value: TimeChoiceWhen; label: string }[] = [
  { value: 'now', label: 'Now' },
  { value: 'later', label: 'Later today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'date', label: 'Pick a date' },
];

/**
 * When to look: now (live), or an hour later today, tomorrow or on a date — where trucks will be
 * then. Days and hours are in `zone`, the trucks' zone (issue 27): the picker says so ('Times in
 * Central Time') when the device keeps another, and offers only hours still ahead (re-read every
 * minute). The page passes a settled `value` (settleChoice), so its hour is one of those offered.
 */
export function TimeChoicePicker({
  value,
  zone,
  onChange,
  onReach,
}: {
  value: TimeChoice;
  zone: string;
  onChange(next: TimeChoice): void;
  /** The diner reached for the list (focus, or a press that opens it): `zone` must be the real one from now on. */
  onReach?(): void;
}) {
  const id = useId();
  const now = useNow(60_000);
  // Whether 'Later today' has an hour left is read on the trucks' clock: the page's first use of
  // Intl, 110-200 ms in one piece on a 4× slowed phone (issue 33). The closed list shows only 'Now',
  // so it is settled when the diner reaches for the list (focus, or a press that opens it), not
  // while the page comes alive; looking ahead needs that clock anyway.
  const [reached, setReached] = useState(false);
  const lookingAhead = value.when !== 'now';
  const hours = hoursOffered(value, zone, now);
  const laterLeft = lookingAhead || reached ? hoursOffered({ ...value, when: 'later' }, zone, now).length > 0 : true;
  const reach = () => {
    setReached(true);
    onReach?.();
  };
  const zoneNote = useMemo(
    () => (lookingAhead && zone !== deviceTimeZone() ? `Times in ${zoneName(zone)}` : null),
    [zone, lookingAhead],
  );
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Look ahead">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-when`}>When</Label>
        <NativeSelect
          id={`${id}-when`}
          value={value.when}
          onChange={(e) => onChange({ ...value, when: e.target.value as TimeChoiceWhen })}
          onFocus={reach}
          onPointerDown={reach}
          className="w-36"
        >
          {WHEN_OPTIONS.filter((o) => o.value !== 'later' || laterLeft || value.when === 'later').map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {value.when === 'date' && (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-date`}>Date</Label>
          <Input
            id={`${id}-date`}
            type="date"
            min={firstDate(zone, now)}
            value={value.date}
            onChange={(e) => onChange({ ...value, date: e.target.value })}
            className="w-40"
          />
        </div>
      )}
      {value.when !== 'now' && hours.length > 0 && (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-hour`}>Time</Label>
          <NativeSelect
            id={`${id}-hour`}
            value={String(value.hour)}
            onChange={(e) => onChange({ ...value, hour: Number(e.target.value) })}
            aria-describedby={zoneNote ? `${id}-zone` : undefined}
            className="w-32"
          >
            {hours.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {value.when === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value.date) && hours.length === 0 && (
        <p className="pb-2 text-sm text-gray-700">No hours ahead on this date: pick a later one.</p>
      )}
      {value.when !== 'now' && zoneNote && (
        <p id={`${id}-zone`} className="pb-2 text-sm text-gray-700" data-testid="time-zone-note">
          {zoneNote}
        </p>
      )}
    </div>
  );
}
