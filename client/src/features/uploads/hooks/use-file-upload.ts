import { useCallback, useRef, useState } from 'react';
import { uploadFile, type UploadPurpose } from '../api/upload-file';

export type UploadStatus = 'idle' | 'uploading' | 'success' | 'error';

/** Spec section 4's image upload states: idle, uploading with percent progress, success or error. */
export function useFileUpload(purpose: UploadPurpose) {
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [progress, setProgress] = useState(0);
  const active = useRef(0);

  const upload = useCallback(
    async (file: Blob): Promise<string> => {
      const run = ++active.current;
      setStatus('uploading');
      setProgress(0);
      try {
        const path = await uploadFile(file, purpose, (p) => {
          if (run === active.current) setProgress(p);
        });
        if (run === active.current) setStatus('success');
        return path;
      } catch (err) {
        if (run === active.current) setStatus('error');
        throw err;
      }
    },
    [purpose],
  );

  const reset = useCallback(() => {
    active.current += 1;
    setStatus('idle');
    setProgress(0);
  }, []);

  return { status, progress, upload, reset, isUploading: status === 'uploading' };
}
