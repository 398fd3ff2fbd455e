import { endsNextDay, stopInputSchema, type ScheduleStop } from '@shared/contracts/schedules';
import CalendarPlus from 'lucide-react/icons/calendar-plus';
import Pencil from 'lucide-react/icons/pencil';
import Save from 'lucide-react/icons/save';
import Trash2 from 'lucide-react/icons/trash';
import CalendarX from 'lucide-react/icons/calendar-x';
import X from 'lucide-react/icons/x';
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { ConfirmDialog } from '@client/components/ui/confirm-dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/select';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, errorMessage } from '@client/lib/api-client';
import { fieldErrorsOf, serverFieldErrors, type FieldErrors } from '@client/lib/forms';
import { PlacePicker } from '@client/entities/place/place-picker';
import type { Point } from '@client/entities/place/place-api';
import { getCurrentPosition } from '@client/lib/geolocation';
import { toast, toastError } from '@client/lib/toast';
import {
  useAddStop,
  useDeleteStop,
  useScheduleStops,
  useSetTimeZone,
  useSkipDate,
  useUnskipDate,
  useUpdateStop,
} from '../api/schedule-stops';
import { nextWeekdays, wallClock } from '@shared/utils/zoned-time';
import { WEEKDAY_NAMES } from '../schedule-label';
import { formatClockRange, formatDate, formatWeekday } from '@shared/utils/format';

interface StopFormValues {
  kind: 'weekly' | 'once';
  weekday: string;
  date: string;
  startTime: string;
  endTime: string;
  address: string;
  latitude: string;
  longitude: string;
}

const EMPTY: StopFormValues = {
  kind: 'weekly',
  weekday: '1',
  date: '',
  startTime: '11:00',
  endTime: '14:00',
  address: '',
  latitude: '',
  longitude: '',
};

const number = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** The form's values as the POST body (the shared contract checks them before sending). */
function stopRequest(v: StopFormValues) {
  const common = {
    startTime: v.startTime,
    endTime: v.endTime,
    address: v.address,
    latitude: number(v.latitude),
    longitude: number(v.longitude),
  };
  return v.kind === 'weekly'
    ? { kind: 'weekly' as const, weekday: Number(v.weekday), ...common }
    : { kind: 'once' as const, date: v.date, ...common };
}

/** A stop's fields as the form holds them, to edit it. */
function valuesOf(stop: ScheduleStop): StopFormValues {
  return {
    kind: stop.kind,
    weekday: String(stop.weekday ?? 1),
    date: stop.date ?? '',
    startTime: stop.startTime,
    endTime: stop.endTime,
    address: stop.address,
    latitude: String(stop.latitude),
    longitude: String(stop.longitude),
  };
}

export function describeStop(stop: ScheduleStop): string {
  const when =
    stop.kind === 'weekly'
      ? `Every ${formatWeekday(stop.weekday ?? 1, { long: true })}`
      : formatDate(stop.date ?? '');
  return `${when} ${formatClockRange(stop.startTime, stop.endTime)} at ${stop.address}`;
}

const CLOCK = /^\d{2}:\d{2}$/;

/** "Ends the next day, Sunday" under the end time of a late-night stop (an end before the start). */
function nextDayHint(v: StopFormValues): string | undefined {
  if (!CLOCK.test(v.startTime) || !CLOCK.test(v.endTime) || !endsNextDay(v.startTime, v.endTime))
    return undefined;
  if (v.kind !== 'weekly') return 'Ends the next day';
  return `Ends the next day, ${WEEKDAY_NAMES[Number(v.weekday) % 7] ?? ''}`;
}

/** How many of a weekly stop's next dates the operator can pick from to skip (two months). */
const SKIPPABLE_WEEKS = 9;

/**
 * A weekly stop's dates off: each with Undo, and "Skip a date" offering its next dates (in the
 * truck's zone) not skipped yet. A diner going to a skipped date is told it is cancelled.
 */
function SkippedDates({ truckId, stop, zone }: { truckId: number; stop: ScheduleStop; zone: string }) {
  const skip = useSkipDate(truckId);
  const unskip = useUnskipDate(truckId);
  const [choosing, setChoosing] = useState(false);
  const today = wallClock(new Date(), zone).date;
  // Dates off already past say nothing to the operator (the server keeps them).
  const daysOff = stop.exceptions.filter((date) => date >= today);
  const offered = choosing
    ? nextWeekdays(today, stop.weekday ?? 1, SKIPPABLE_WEEKS).filter((d) => !stop.exceptions.includes(d))
    : [];
  const [chosen, setChosen] = useState('');
  const failed = (title: string) => (err: unknown) => toastError(title, err, 'Please try again.');
  return (
    <div className="mt-2 grid gap-2">
      {daysOff.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Dates off">
          {daysOff.map((date) => (
            <li
              key={date}
              className="flex items-center gap-1 rounded-full border border-gray-300 py-0.5 pr-1 pl-3 text-xs text-gray-800"
            >
              Not on {formatDate(date)}
              <Button
                variant="ghost"
                size="sm"
                className="h-7 px-2"
                aria-label={`Undo skip: ${formatDate(date)}`}
                disabled={unskip.isPending}
                onClick={() =>
                  unskip.mutate(
                    { stopId: stop.id, date },
                    { onSuccess: () => toast({ title: 'Date back on' }), onError: failed('Could not undo') },
                  )
                }
              >
                <X aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      {choosing ? (
        <div className="flex flex-wrap items-end gap-2">
          <FormField label="Date to skip">
            <NativeSelect value={chosen || offered[0] || ''} onChange={(e) => setChosen(e.target.value)} className="h-10">
              {offered.map((date) => (
                <option key={date} value={date}>
                  {formatDate(date)}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <Button
            size="sm"
            className="h-10"
            disabled={skip.isPending || offered.length === 0}
            onClick={() => {
              const date = chosen || offered[0];
              if (!date) return;
              skip.mutate(
                { stopId: stop.id, date },
                {
                  onSuccess: () => {
                    toast({ title: 'Date skipped', description: `No stop on ${formatDate(date)}.` });
                    setChoosing(false);
                    setChosen('');
                  },
                  onError: failed('Could not skip the date'),
                },
              );
            }}
          >
            Skip
          </Button>
          <Button variant="outline" size="sm" className="h-10" onClick={() => setChoosing(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          aria-label={`Skip a date: ${describeStop(stop)}`}
          onClick={() => setChoosing(true)}
        >
          <CalendarX aria-hidden /> Skip a date
        </Button>
      )}
    </div>
  );
}

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * The Schedule section of the edit screen (issue 14): the truck's time zone, its stops (weekly or
 * on one date) and a form to add one. Overlaps are refused by the server with a message shown here.
 * Fields stack on narrow screens (usable at 360 px).
 */
export function ScheduleSection({ truckId }: { truckId: number }) {
  const id = useId();
  const schedule = useScheduleStops(truckId);
  const addStop = useAddStop(truckId);
  const updateStop = useUpdateStop(truckId);
  const deleteStop = useDeleteStop(truckId);
  // The stop the form edits (its Edit was tapped), or null: the form adds a stop.
  const [editing, setEditing] = useState<number | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const setTimeZone = useSetTimeZone(truckId);
  const [values, setValues] = useState<StopFormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const lastStop = schedule.data?.stops.at(-1);
  const zones = useMemo(() => timeZones(schedule.data?.timeZone ?? ''), [schedule.data?.timeZone]);

  const set = (key: keyof StopFormValues, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setFormError(null);
  };

  /** 'Use my location': the device's position, or a toast saying why not. */
  async function myLocation(): Promise<Point | null> {
    try {
      return await getCurrentPosition('operator');
    } catch (err) {
      toastError(
        'Location unavailable',
        err,
        'Could not read your location. Pick the place on the map or enter the coordinates.',
      );
      return null;
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = stopInputSchema.safeParse(stopRequest(values));
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    const refused = (fallback: string) => (err: unknown) => {
      setErrors(err instanceof ApiError ? serverFieldErrors(err.body) : {});
      setFormError(errorMessage(err, fallback));
    };
    if (editing !== null) {
      updateStop.mutate(
        { stopId: editing, input: parsed.data },
        {
          onSuccess: () => {
            toast({ title: 'Stop saved' });
            stopEditing();
          },
          onError: refused('Failed to save the stop'),
        },
      );
      return;
    }
    addStop.mutate(parsed.data, {
      // The values stay: the next stop is often the same place on another day.
      onSuccess: () => toast({ title: 'Stop added' }),
      onError: refused('Failed to add the stop'),
    });
  }

  /** The form takes the stop's fields, and comes into view (on a phone it is a screen below the list). */
  function startEditing(stop: ScheduleStop) {
    setEditing(stop.id);
    setValues(valuesOf(stop));
    setErrors({});
    setFormError(null);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ block: 'start' });
      formRef.current?.querySelector('select')?.focus({ preventScroll: true });
    });
  }

  function stopEditing() {
    setEditing(null);
    setValues(EMPTY);
    setErrors({});
    setFormError(null);
  }

  return (
    <Card role="region" aria-labelledby={`${id}-heading`}>
      <CardHeader>
        <h2 className="text-xl font-semibold" id={`${id}-heading`}>
          Schedule
        </h2>
        <CardDescription>
          Where the truck will be and when: diners see your next stop and can look ahead on the map.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {schedule.isPending ? (
          <Spinner label="Loading schedule" />
        ) : schedule.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(schedule.error, 'Failed to load the schedule')}
          </p>
        ) : (
          <>
            <FormField label="Time zone" hint="Stop times are in this zone.">
              <NativeSelect
                value={schedule.data.timeZone}
                disabled={setTimeZone.isPending}
                onChange={(e) =>
                  setTimeZone.mutate(e.target.value, {
                    onSuccess: () => toast({ title: 'Time zone saved' }),
                    onError: (err) => toastError('Time zone not saved', err, 'Failed to save the time zone'),
                  })
                }
              >
                {zones.map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            {schedule.data.stops.length === 0 ? (
              <p className="text-sm text-gray-700">No stops yet.</p>
            ) : (
              <ul className="grid gap-2" aria-label="Stops">
                {schedule.data.stops.map((stop) => (
                  <li key={stop.id} className="grid gap-1 rounded-lg border border-gray-200 p-3 text-sm">
                    <div className="flex items-start justify-between gap-2">
                      <span className="min-w-0 wrap-anywhere">{describeStop(stop)}</span>
                      <span className="flex shrink-0 gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Edit stop: ${describeStop(stop)}`}
                          onClick={() => startEditing(stop)}
                        >
                          <Pencil aria-hidden />
                        </Button>
                        <ConfirmDialog
                          trigger={
                            <Button
                              variant="outline"
                              size="sm"
                              aria-label={`Delete stop: ${describeStop(stop)}`}
                              disabled={deleteStop.isPending}
                            >
                              <Trash2 aria-hidden />
                            </Button>
                          }
                          title="Delete this stop?"
                          description={`${describeStop(stop)}. Diners who said they are going are told it is cancelled. To change its day, hours or place, edit it instead.`}
                          confirmLabel="Delete stop"
                          onConfirm={() =>
                            deleteStop.mutate(stop.id, {
                              onSuccess: () => {
                                if (editing === stop.id) stopEditing();
                              },
                              onError: (err) => toastError('Delete failed', err, 'Failed to delete the stop'),
                            })
                          }
                        />
                      </span>
                    </div>
                    {/* The whole row's width: beside the buttons, "Not on Dec 9, 2026" broke over two lines. */}
                    {stop.kind === 'weekly' && (
                      <SkippedDates truckId={truckId} stop={stop} zone={schedule.data.timeZone} />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </>
        )}

        <form
          ref={formRef}
          onSubmit={submit}
          noValidate
          className="grid scroll-mt-20 gap-4"
          aria-labelledby={`${id}-add`}
        >
          <h3 id={`${id}-add`} className="font-semibold">
            {editing === null ? 'Add a stop' : 'Edit stop'}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label="Repeats">
              <NativeSelect value={values.kind} onChange={(e) => set('kind', e.target.value)}>
                <option value="weekly">Every week</option>
                <option value="once">One day only</option>
              </NativeSelect>
            </FormField>
            {values.kind === 'weekly' ? (
              <FormField label="Day" error={errors.weekday}>
                <NativeSelect value={values.weekday} onChange={(e) => set('weekday', e.target.value)}>
                  {WEEKDAY_NAMES.map((name, i) => (
                    <option key={name} value={String(i + 1)}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              </FormField>
            ) : (
              <FormField label="Date" error={errors.date}>
                <Input type="date" value={values.date} onChange={(e) => set('date', e.target.value)} />
              </FormField>
            )}
            <FormField label="Starts" error={errors.startTime}>
              <Input
                type="time"
                value={values.startTime}
                onChange={(e) => set('startTime', e.target.value)}
              />
            </FormField>
            <FormField label="Ends" error={errors.endTime} hint={nextDayHint(values)}>
              <Input type="time" value={values.endTime} onChange={(e) => set('endTime', e.target.value)} />
            </FormField>
          </div>
          <PlacePicker
            value={values}
            onChange={(patch) => {
              setValues((v) => ({ ...v, ...patch }));
              setErrors((e) => ({
                ...e,
                ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])),
              }));
              setFormError(null);
            }}
            errors={errors}
            labels={{
              latitude: 'Stop latitude',
              longitude: 'Stop longitude',
              locate: 'Use my location',
              map: "Map of the stop's place: tap or click to put the pin there",
            }}
            locate={myLocation}
            fallbackCenter={lastStop ? { latitude: lastStop.latitude, longitude: lastStop.longitude } : null}
          />
          <FormField label="Place" error={errors.address} hint="What diners read, e.g. 6th & Congress">
            <Input value={values.address} maxLength={300} onChange={(e) => set('address', e.target.value)} />
          </FormField>
          {formError && (
            <p role="alert" className="text-sm text-red-700">
              {formError}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
            {editing !== null && (
              <Button type="button" variant="outline" onClick={stopEditing}>
                Cancel
              </Button>
            )}
            {editing === null ? (
              <Button type="submit" disabled={addStop.isPending}>
                {addStop.isPending ? <Spinner label="Adding" /> : <CalendarPlus aria-hidden />} Add stop
              </Button>
            ) : (
              <Button type="submit" disabled={updateStop.isPending}>
                {updateStop.isPending ? <Spinner label="Saving" /> : <Save aria-hidden />} Save stop
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
