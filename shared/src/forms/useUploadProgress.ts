import { useCallback, useState } from 'react';
import type { ProgressListener } from '../api/multipart';

/**
 * The progress of a form's upload, for `FileField`'s `progress`. `run(value, call)` makes the call
 * with a progress listener when the field's value is a newly chosen File (an unchanged URL or no file
 * uploads nothing), and clears the progress once the call has settled.
 */
export function useUploadProgress() {
  const [progress, setProgress] = useState<number>();
  const run = useCallback(async <T>(value: unknown, call: (onProgress?: ProgressListener) => Promise<T>) => {
    try {
      return await call(value instanceof File ? setProgress : undefined);
    } finally {
      setProgress(undefined);
    }
  }, []);
  return { progress, run };
}
