/**
 * The Update Location dialog's form. A module of its own, loaded when the dialog first opens: its
 * checks are the shared zod contracts, which the dashboard itself never needs (zod's schemas were
 * a fifth of the dashboard's main-thread work at load on a slow phone, Lighthouse).
 */
import type { FoodTruck } from '@shared/contracts';
import { Crosshair } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { DialogFooter } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input, Textarea } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Spinner } from '@client/components/ui/spinner';
import { Switch } from '@client/components/ui/switch';
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
  const [locating, setLocating] = useState(false);
  const update = useUpdateLocation();
  const set = <K extends keyof LocationFormValues>(key: K, value: LocationFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  async function detectLocation() {
    setLocating(true);
    try {
      const { latitude, longitude } = await getCurrentPosition('operator');
      // A new spot: the old description no longer says where the truck is (unless the operator rewrote it).
      const detected = { latitude: Number(latitude.toFixed(6)), longitude: Number(longitude.toFixed(6)) };
      setValues((v) => ({
        ...v,
        latitude: latitude.toFixed(6),
        longitude: longitude.toFixed(6),
        address: formAddressAfterMove(truck, { ...detected, address: v.address }),
      }));
      toast({ title: 'Location detected', description: `${latitude.toFixed(6)}, ${longitude.toFixed(6)}` });
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
    } finally {
      setLocating(false);
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
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField label="Latitude" error={errors.latitude}>
          <Input
            type="number"
            step="any"
            inputMode="decimal"
            value={values.latitude}
            onChange={(e) => set('latitude', e.target.value)}
          />
        </FormField>
        <FormField label="Longitude" error={errors.longitude}>
          <Input
            type="number"
            step="any"
            inputMode="decimal"
            value={values.longitude}
            onChange={(e) => set('longitude', e.target.value)}
          />
        </FormField>
      </div>
      <Button variant="outline" onClick={() => void detectLocation()} disabled={locating}>
        {locating ? <Spinner label="Getting your location" /> : <Crosshair aria-hidden />} Use Current
        Location
      </Button>
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
