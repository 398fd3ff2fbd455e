import { useId } from 'react';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/select';
import { hourLabel, type TimeChoice, type TimeChoiceWhen } from '../time-choice';

const WHEN_OPTIONS: { value: TimeChoiceWhen; label: string }[] = [
  { value: 'now', label: 'Now' },
  { value: 'later', label: 'Later today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'date', label: 'Pick a date' },
];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** When to look: now (live), or an hour later today, tomorrow or on a date — where trucks will be then. */
export function TimeChoicePicker({
  value,
  onChange,
}: {
  value: TimeChoice;
  onChange(next: TimeChoice): void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Look ahead">
      <div className="grid gap-1">
        <Label htmlFor={`${id}-when`}>When</Label>
        <NativeSelect
          id={`${id}-when`}
          value={value.when}
          onChange={(e) => onChange({ ...value, when: e.target.value as TimeChoiceWhen })}
          className="w-36"
        >
          {WHEN_OPTIONS.map((o) => (
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
            value={value.date}
            onChange={(e) => onChange({ ...value, date: e.target.value })}
            className="w-40"
          />
        </div>
      )}
      {value.when !== 'now' && (
        <div className="grid gap-1">
          <Label htmlFor={`${id}-hour`}>Time</Label>
          <NativeSelect
            id={`${id}-hour`}
            value={String(value.hour)}
            onChange={(e) => onChange({ ...value, hour: Number(e.target.value) })}
            className="w-32"
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {hourLabel(h)}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
    </div>
  );
}
