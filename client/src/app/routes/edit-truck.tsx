import { useScreenTitle } from '@client/lib/screen-title';
import { truckUpdateSchema, type FoodTruck } from '@shared/contracts';
import Save from 'lucide-react/icons/save';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { toast, toastError } from '@client/lib/toast';
import { useTruck } from '@client/entities/truck/truck-details';
import { useUpdateTruck } from '@client/features/operator/api/truck-mutations';
import { EmbedSnippet } from '@client/features/operator/components/embed-snippet';
import { DeleteTruckButton } from '@client/features/operator/components/delete-truck-button';
import { BackToDashboard } from '@client/features/operator/components/back-to-dashboard';
import { OperatorOnly } from '@client/features/operator/components/operator-only';
import { TruckFields } from '@client/features/operator/components/truck-fields';
import { TruckAttributesFields } from '@client/features/operator/components/truck-attributes-fields';
import type { TruckFeatures } from '@shared/utils/attributes';
import { TruckNotFound, truckLoadState } from '@client/features/operator/components/truck-not-found';
import { parseId } from '@shared/utils/ids';
import { checkTruckInput, truckFormFrom, type TruckFormErrors } from '@client/features/operator/truck-form';
import { ScheduleSection } from '@client/features/schedules/components/schedule-section';
import { BannerPicker } from '@client/features/uploads/components/banner-picker';
import { MediaListPicker } from '@client/features/uploads/components/media-list-picker';
import { GALLERY_CONFIG, MENU_DOCUMENTS_CONFIG } from '@client/features/uploads/components/truck-media';
import { submitHandler } from '@client/lib/forms';

function EditTruckForm({ truck }: { truck: FoodTruck }) {
  useScreenTitle(`Edit ${truck.name}`);
  const [values, setValues] = useState(() => truckFormFrom(truck));
  // Photos and menus are uploaded at once but applied to the truck only by Save Changes.
  const [image, setImage] = useState<string | null>(truck.image);
  const [gallery, setGallery] = useState<string[]>(truck.gallery);
  const [menuDocuments, setMenuDocuments] = useState<string[]>(truck.menuDocuments);
  const [features, setFeatures] = useState<TruckFeatures>(() => truck.features ?? {});
  const [accessNote, setAccessNote] = useState(truck.accessNote ?? '');
  const [errors, setErrors] = useState<TruckFormErrors>({});
  // Bumped by each save: the pickers start afresh, so their 'uploaded successfully' lines go.
  const [saves, setSaves] = useState(0);
  const update = useUpdateTruck();

  /** The PATCH body: the text fields and the held banner, gallery and menu changes. */
  function request() {
    const { name, cuisine, description, phone } = values;
    return { name, cuisine, description, phone, image, gallery, menuDocuments, features, accessNote };
  }
  const submit = submitHandler(
    () => checkTruckInput(truckUpdateSchema, request()),
    setErrors,
    (input) =>
      update.mutate(
        { id: truck.id, input },
        {
          // The mutation invalidates the truck caches; the screens refetch without a page reload (ADR 0050).
          onSuccess: () => {
            setSaves((n) => n + 1);
            toast({ title: 'Truck updated' });
          },
          onError: (err) => toastError('Update failed', err, 'Failed to update truck information'),
        },
      ),
  );

  return (
    <main className="mx-auto grid max-w-3xl gap-4 px-4 py-6 sm:py-8">
      <BackToDashboard href="/dashboard" />
      <form onSubmit={submit} className="grid gap-6" noValidate>
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-bold wrap-anywhere">Edit {truck.name}</h1>
            <CardDescription>Update your truck's details, photos and menus.</CardDescription>
          </CardHeader>
          <CardContent>
            <TruckFields
              values={values}
              errors={errors}
              onChange={(next, changed) => {
                setValues(next);
                setErrors((e) => ({ ...e, [changed]: undefined }));
              }}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-xl font-semibold">Know before you go</h2>
            <CardDescription>
              What diners ask before they come: how they can pay, whether they can get to the counter, and what is there.
              Leave “Not stated” where you are not sure — diners see exactly that.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <TruckAttributesFields
              features={features}
              accessNote={accessNote}
              accessNoteError={errors.accessNote}
              onFeaturesChange={setFeatures}
              onAccessNoteChange={(v) => {
                setAccessNote(v);
                setErrors((e) => ({ ...e, accessNote: undefined }));
              }}
            />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="grid gap-8 pt-6">
            <BannerPicker key={`banner-${saves}`} value={image} onChange={setImage} />
            <MediaListPicker key={`gallery-${saves}`} config={GALLERY_CONFIG} value={gallery} onChange={setGallery} />
            <MediaListPicker
              key={`menus-${saves}`}
              config={MENU_DOCUMENTS_CONFIG}
              value={menuDocuments}
              onChange={setMenuDocuments}
            />
            {(errors.image || errors.gallery || errors.menuDocuments) && (
              <p role="alert" className="text-sm text-red-700">
                {errors.image ?? errors.gallery ?? errors.menuDocuments}
              </p>
            )}
          </CardContent>
        </Card>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button asChild variant="outline">
            <Link href="/dashboard">Cancel</Link>
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? <Spinner label="Saving" /> : <Save aria-hidden />} Save Changes
          </Button>
        </div>
      </form>
      <ScheduleSection truckId={truck.id} />
      <EmbedSnippet truck={truck} />
      <div className="border-t border-gray-200 pt-4">
        <DeleteTruckButton truck={truck} />
      </div>
    </main>
  );
}

function EditTruck({ operatorId }: { operatorId: number }) {
  const params = useParams<{ truckId: string }>();
  const truckId = parseId(params.truckId);
  const truck = useTruck(truckId ?? 0, truckId !== null);

  const notFound = (
    <TruckNotFound
      title="Food Truck Not Found"
      linkTo={{ href: '/dashboard', label: 'Back to Dashboard' }}
    >
      The food truck you're looking for doesn't exist.
    </TruckNotFound>
  );
  if (truckId === null) return notFound;
  if (!truck.isSuccess) return truckLoadState(truck, notFound);
  if (truck.data.operatorId !== operatorId) return notFound;
  return <EditTruckForm key={truck.data.id} truck={truck.data} />;
}

export default function EditTruckPage() {
  return <OperatorOnly>{(operatorId) => <EditTruck operatorId={operatorId} />}</OperatorOnly>;
}
