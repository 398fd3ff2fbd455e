import CheckCircle2 from 'lucide-react/icons/circle-check';
import type { UploadStatus } from '../hooks/use-file-upload';

/** Percent progress while uploading, then the success line (spec section 4). */
export function UploadProgress({
  status,
  progress,
  successText = 'Image uploaded successfully',
}: {
  status: UploadStatus;
  progress: number;
  successText?: string;
}) {
  if (status === 'uploading') {
    return (
      <div className="grid gap-1" aria-live="polite">
        <div
          className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
          role="progressbar"
          aria-label="Upload progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
        >
          <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${progress}%` }} />
        </div>
        <p className="text-xs text-gray-700">Uploading... {progress}%</p>
      </div>
    );
  }
  if (status === 'success') {
    return (
      <p className="flex items-center gap-1 text-xs text-green-800" aria-live="polite">
        <CheckCircle2 className="h-3.5 w-3.5" aria-hidden /> {successText}
      </p>
    );
  }
  return null;
}
