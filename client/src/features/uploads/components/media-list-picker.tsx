import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import type { Dispatch, SetStateAction } from 'react';
import { toast } from '@client/lib/toast';
import type { UploadPurpose } from '../api/upload-file';
import { acceptAttribute, pickFiles, uploadFailure, type FileProblem, type FileRule } from '../file-rules';
import { useFileUpload } from '../hooks/use-file-upload';
import { FilePickButton } from './file-pick-button';
import { ObjectThumb } from './object-thumb';
import { UploadProgress } from './upload-progress';

export interface MediaListConfig {
  id: string;
  heading: string;
  hint: string;
  purpose: UploadPurpose;
  rule: FileRule;
  max: number;
  full: FileProblem;
  /** Accessible name of the file input. */
  inputLabel: string;
  addText: string;
  /** Name of the n-th entry (1-based), for alt text and its remove button. */
  itemName(n: number): string;
  uploaded: FileProblem;
  failed: FileProblem;
  successText: string;
}

/** A list of uploaded files (gallery photos, menu documents) the parent holds until Save Changes. */
export function MediaListPicker({
  config,
  value,
  onChange,
}: {
  config: MediaListConfig;
  value: string[];
  onChange: Dispatch<SetStateAction<string[]>>;
}) {
  const { status, progress, upload, isUploading } = useFileUpload(config.purpose);
  const isFull = value.length >= config.max;

  async function onFiles(files: File[]) {
    const { accepted, problem } = pickFiles(files, config.rule, value.length, config.max, config.full);
    if (problem) toast({ variant: 'destructive', ...problem });
    for (const file of accepted) {
      try {
        const path = await upload(file);
        onChange((prev) => (prev.length < config.max ? [...prev, path] : prev));
        toast(config.uploaded);
      } catch (error) {
        toast({ variant: 'destructive', ...uploadFailure(error, config.failed) });
        return;
      }
    }
  }

  return (
    <section aria-labelledby={`${config.id}-heading`} className="grid gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${config.id}-heading`} className="text-base font-semibold">
          {config.heading}
        </h2>
        <span className="text-xs text-gray-600">
          {value.length}/{config.max}
        </span>
      </div>
      <p className="text-xs text-gray-600">{config.hint}</p>
      {value.length > 0 && (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 md:grid-cols-4">
          {value.map((src, i) => (
            <li key={`${src}-${i}`} className="relative overflow-hidden rounded-md border border-gray-200">
              <ObjectThumb src={src} alt={config.itemName(i + 1)} className="aspect-square w-full" />
              <button
                type="button"
                className="absolute top-1 right-1 rounded-full bg-black/70 p-1 text-white hover:bg-black"
                aria-label={`Remove ${config.itemName(i + 1)}`}
                onClick={() => onChange((prev) => prev.filter((_, j) => j !== i))}
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <FilePickButton
          inputLabel={config.inputLabel}
          accept={acceptAttribute(config.rule)}
          multiple
          disabled={isUploading}
          onFiles={(f) => void onFiles(f)}
          onBlockedClick={isFull ? () => toast({ variant: 'destructive', ...config.full }) : undefined}
          size="sm"
        >
          <Plus aria-hidden /> {config.addText}
        </FilePickButton>
      </div>
      <UploadProgress status={status} progress={progress} successText={config.successText} />
    </section>
  );
}
