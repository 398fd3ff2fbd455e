/**
 * The Update Location dialog's form. A module of its own, loaded when the dialog first opens: its
 * checks are the shared zod contracts, which the dashboard itself never needs (zod's schemas were
 * a fifth of the dashboard's main-thread work at load on a slow phone, Lighthouse).
 */
import type { FoodTruck } from '@shared/contracts';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
import { PlacePicker } from '@client/entities/place/place-picker';
import type { Point } from '@client/entities/place/place-api';
import { toast, toastError } from '@client/lib/toast';
import { useUpdateLocation } from '../api/truck-mutations';
import { getCurrentPosition, GeolocationUnsupportedError } from '@client/lib/geolocation';
import { parseLocationForm, type LocationFormValues } from '../location-form';
import { formAddressAfterMove } from '@shared/utils/truck-address';
import { submitHandler } from '@client/lib/forms';

const initialValues = (truck: FoodTruck): LocationFormValues => ({
  latitude: truck.latitude?.toString() ?? '',
  longitude: truck.longitude?.toString() ?? '',
  address: truck.address ?? '',
  isOpen: truck.isOpen,
});

export default function LocationForm({ truck, onDone }: { truck: FoodTruck; onDone(): void }) {
  const [values, setValues] = useState(() => initialValues(truck));
  const [errors, setErrors] = useState<Partial<Record<keyof LocationFormValues, string>>>({});
  const update = useUpdateLocation();
  const set = <K extends keyof LocationFormValues>(key: K, value: LocationFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  /** 'Use Current Location': the device's position, or a toast saying why not (spec section 8's texts). */
  async function detectLocation(): Promise<Point | null> {
    try {
      const { latitude, longitude } = await getCurrentPosition('operator');
      toast({ title: 'Location detected', description: `${latitude.toFixed(6)}, ${longitude.toFixed(6)}` });
      return { latitude, longitude };
    } catch (err) {
      if (err instanceof GeolocationUnsupportedError) {
        toast({ variant: 'destructive', title: 'Geolocation not supported', description: err.message });
      } else {
        toast({
          variant: 'destructive',
          title: 'Location error',
          description: 'Unable to get your current location.',
        });
      }
      return null;
    }
  }

  const submit = submitHandler(
    () => parseLocationForm(values, truck),
    setErrors,
    (input) =>
      update.mutate(
        { id: truck.id, input },
        {
          onSuccess: () => {
            toast({ title: 'Location updated' });
            onDone();
          },
          onError: (err) => toastError('Update failed', err, 'Failed to update location'),
        },
      ),
  );

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <PlacePicker
        value={values}
        onChange={(patch) => {
          setValues((v) => ({ ...v, ...patch }));
          setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
        }}
        errors={errors}
        labels={{
          latitude: 'Latitude',
          longitude: 'Longitude',
          locate: 'Use Current Location',
          map: `Map of where ${truck.name} is: tap or click to put the pin there`,
        }}
        locate={detectLocation}
        // A new spot: the old description no longer says where the truck is (unless the operator rewrote it).
        addressAfterMove={(to, address) => formAddressAfterMove(truck, { ...to, address })}
      />
      <FormField label="Describe Where You Are Located" error={errors.address}>
        <Textarea
          placeholder="e.g. Corner of 6th and Congress, next to the park"
          value={values.address}
          onChange={(e) => set('address', e.target.value)}
        />
      </FormField>
      <div className="flex items-center gap-3">
        <Switch
          id={`open-switch-${truck.id}`}
          checked={values.isOpen}
          onCheckedChange={(v) => set('isOpen', v)}
        />
        <Label htmlFor={`open-switch-${truck.id}`}>Open for business</Label>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner label="Updating" />} Update
        </Button>
      </DialogFooter>
    </form>
  );
}
