import ImageIcon from 'lucide-react/icons/image';
import Trash2 from 'lucide-react/icons/trash';
import Upload from 'lucide-react/icons/upload';
import { useEffect, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/lib/toast';
import { acceptAttribute, checkFile, fileHint, IMAGE_UPLOAD_FAILED, PHOTO_RULE, uploadFailure } from '../file-rules';
import { useFileUpload } from '../hooks/use-file-upload';
import { FilePickButton } from './file-pick-button';
import { UploadProgress } from './upload-progress';

/** The create form's truck image: the banner's rule (PHOTO_RULE), with a preview and a remove button. */
export function TruckImagePicker({
  value,
  onChange,
  onUploadingChange,
}: {
  value: string | null;
  onChange(path: string | null): void;
  onUploadingChange?(uploading: boolean): void;
}) {
  const { status, progress, upload, isUploading, reset } = useFileUpload('truck-image');
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => onUploadingChange?.(isUploading), [isUploading, onUploadingChange]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  async function onFiles([file]: File[]) {
    if (!file) return;
    const problem = checkFile(file, PHOTO_RULE);
    if (problem) {
      toast({ variant: 'destructive', ...problem });
      return;
    }
    setPreview(URL.createObjectURL(file));
    try {
      onChange(await upload(file));
    } catch (error) {
      setPreview(null);
      onChange(null);
      toast({ variant: 'destructive', ...uploadFailure(error, IMAGE_UPLOAD_FAILED) });
    }
  }

  const shown = preview ?? value;
  return (
    <div className="grid gap-2">
      <span className="text-sm font-medium text-gray-800">Truck Image</span>
      {shown ? (
        <div className="relative">
          <img
            src={shown}
            alt="Truck image preview"
            className="h-48 w-full rounded-lg border border-gray-200 object-cover"
          />
          <Button
            variant="destructive"
            size="sm"
            className="absolute top-2 right-2"
            onClick={() => {
              reset();
              setPreview(null);
              onChange(null);
            }}
          >
            <Trash2 aria-hidden /> Remove Image
          </Button>
        </div>
      ) : (
        <div className="flex h-32 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed border-gray-300 text-gray-600">
          <ImageIcon className="h-8 w-8" aria-hidden />
          <span className="text-xs">{fileHint(PHOTO_RULE)}</span>
        </div>
      )}
      <div>
        <FilePickButton
          inputLabel="Truck image file"
          accept={acceptAttribute(PHOTO_RULE)}
          disabled={isUploading}
          onFiles={(f) => void onFiles(f)}
          size="sm"
        >
          <Upload aria-hidden /> {shown ? 'Change Image' : 'Upload Image'}
        </FilePickButton>
      </div>
      <UploadProgress status={status} progress={progress} />
    </div>
  );
}
