import Upload from 'lucide-react/icons/upload';
import { useMemo, useState } from 'react';
import { toast } from '@client/lib/toast';
import type { UploadPurpose } from '../api/upload-file';
import { acceptAttribute, checkFile, uploadFailure, uploaderRule } from '../file-rules';
import { useFileUpload } from '../hooks/use-file-upload';
import { FilePickButton } from './file-pick-button';
import { UploadProgress } from './upload-progress';

interface ImageUploaderProps {
  purpose: UploadPurpose;
  /** Size limit in MB, at most the purpose's (default: the purpose's, 10 MB for images: shared/contracts/uploads.ts). */
  maxSizeMB?: number;
  /** Accessible name of the file input, e.g. 'Image for Tacos'. */
  inputLabel: string;
  buttonText?: string;
  /** Receives the stored path once the file is uploaded; the caller saves it and reports its own errors. */
  onUploaded(path: string): void;
}

/** The reusable image uploader: image files only, a size limit, percent progress, success line. */
export function ImageUploader({
  purpose,
  maxSizeMB,
  inputLabel,
  buttonText = 'Upload Image',
  onUploaded,
}: ImageUploaderProps) {
  const rule = useMemo(() => uploaderRule(maxSizeMB, purpose), [maxSizeMB, purpose]);
  const { status, progress, upload, isUploading } = useFileUpload(purpose);
  const [error, setError] = useState<string | null>(null);

  async function onFiles([file]: File[]) {
    if (!file) return;
    setError(null);
    const problem = checkFile(file, rule);
    if (problem) {
      setError(problem.description);
      return;
    }
    try {
      onUploaded(await upload(file));
    } catch (failure) {
      const said = uploadFailure(failure, { title: 'Upload failed', description: 'Failed to upload image' });
      setError(said.description);
      toast({ variant: 'destructive', ...said });
    }
  }

  return (
    <div className="grid gap-2">
      <FilePickButton
        inputLabel={inputLabel}
        accept={acceptAttribute(rule)}
        disabled={isUploading}
        onFiles={(f) => void onFiles(f)}
        size="sm"
      >
        <Upload aria-hidden /> {buttonText}
      </FilePickButton>
      <UploadProgress status={status} progress={progress} />
      {error && (
        <p className="text-xs text-red-700" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
