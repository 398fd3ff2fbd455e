import ImageIcon from 'lucide-react/icons/image';
import Trash2 from 'lucide-react/icons/trash';
import Upload from 'lucide-react/icons/upload';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { objectVariant } from '@client/lib/object-url';
import { acceptAttribute, checkFile, fileHint, IMAGE_UPLOAD_FAILED, PHOTO_RULE, uploadFailure } from '../file-rules';
import { useFileUpload } from '../hooks/use-file-upload';
import { FilePickButton } from './file-pick-button';
import { UploadProgress } from './upload-progress';

/** The edit screen's banner photo: upload, replace or clear; the parent holds it until Save Changes. */
export function BannerPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange(next: string | null): void;
}) {
  const { status, progress, upload, isUploading, reset } = useFileUpload('banner');

  async function onFiles([file]: File[]) {
    if (!file) return;
    const problem = checkFile(file, PHOTO_RULE);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    try {
      onChange(await upload(file));
      toast({ title: 'Banner photo uploaded', description: 'Click Save Changes to apply.' });
    } catch (error) {
      toast({ variant: 'destructive', ...uploadFailure(error, IMAGE_UPLOAD_FAILED) });
    }
  }

  return (
    <section aria-labelledby="banner-heading" className="grid gap-3">
      <h2 id="banner-heading" className="text-base font-semibold">
        Banner Photo
      </h2>
      <div className="aspect-[2/1] w-full overflow-hidden rounded-lg border border-gray-200 bg-gray-100">
        {value ? (
          <img
            src={objectVariant(value, 'banner')}
            alt="Banner photo"
            className="h-full w-full object-cover"
          />
        ) : (
          <div className="flex h-full flex-col items-center justify-center gap-2 text-gray-600">
            <ImageIcon className="h-10 w-10" aria-hidden />
            <span className="text-sm">No banner photo</span>
          </div>
        )}
      </div>
      <p className="text-xs text-gray-600">
        Recommended banner size is 1200x600 or larger. {fileHint(PHOTO_RULE)}.
      </p>
      <div className="flex flex-wrap gap-2">
        <FilePickButton
          inputLabel="Banner photo file"
          accept={acceptAttribute(PHOTO_RULE)}
          disabled={isUploading}
          onFiles={(f) => void onFiles(f)}
          size="sm"
        >
          <Upload aria-hidden /> {value ? 'Change Banner Photo' : 'Upload Banner Photo'}
        </FilePickButton>
        {value && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              reset();
              onChange(null);
            }}
          >
            <Trash2 aria-hidden /> Remove Banner Photo
          </Button>
        )}
      </div>
      <UploadProgress status={status} progress={progress} />
    </section>
  );
}
