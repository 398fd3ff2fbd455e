import { truckCreateSchema } from '@shared/contracts';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast, toastError } from '@client/lib/toast';
import { useCreateTruck } from '@client/features/operator/api/truck-mutations';
import { BackToDashboard } from '@client/features/operator/components/back-to-dashboard';
import { OperatorOnly } from '@client/features/operator/components/operator-only';
import { TruckFields } from '@client/features/operator/components/truck-fields';
import { checkTruckInput, emptyTruckForm, type TruckFormErrors } from '@client/features/operator/truck-form';
import { TruckImagePicker } from '@client/features/uploads/components/truck-image-picker';
import { submitHandler } from '@client/lib/forms';

function CreateTruckForm() {
  const [, navigate] = useLocation();
  const [values, setValues] = useState(emptyTruckForm);
  const [image, setImage] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<TruckFormErrors>({});
  const create = useCreateTruck();

  const submit = submitHandler(
    () => checkTruckInput(truckCreateSchema, { ...values, image }),
    setErrors,
    (input) =>
      create.mutate(input, {
        onSuccess: () => {
          toast({ title: 'Food truck created' });
          navigate('/operator-dashboard');
        },
        onError: (err) => toastError('Creation failed', err, 'Failed to create food truck'),
      }),
  );

  return (
    <main className="mx-auto grid max-w-2xl gap-4 px-4 py-6 sm:py-8">
      <BackToDashboard href="/operator-dashboard" />
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold">Create Food Truck</h1>
          <CardDescription>Add your truck so customers can find it.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={submit} className="grid gap-6" noValidate>
            <TruckFields
              values={values}
              errors={errors}
              onChange={(next, changed) => {
                setValues(next);
                setErrors((e) => ({ ...e, [changed]: undefined }));
              }}
              withAddress
            />
            <TruckImagePicker value={image} onChange={setImage} onUploadingChange={setUploading} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button asChild variant="outline">
                <Link href="/operator-dashboard">Cancel</Link>
              </Button>
              <Button type="submit" disabled={create.isPending || uploading}>
                {create.isPending && <Spinner label="Creating" />} Create Food Truck
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}

export default function CreateTruckPage() {
  return <OperatorOnly>{() => <CreateTruckForm />}</OperatorOnly>;
}
