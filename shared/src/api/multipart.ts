import type { AxiosProgressEvent } from 'axios';
import { apiClient, type ApiEnvelope } from './client';

/** Progress of an upload in percent (0–100), for `UploadProgress`. */
export type ProgressListener = (percent: number) => void;

/**
 * A multipart body from a form's values. A picture field carries either a newly chosen File or
 * the existing URL string (spec §7: "the picture field carries either a newly chosen file or the
 * existing image url"); empty values are left out.
 */
export function toFormData(values: Record<string, string | number | File | null | undefined>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    body.append(name, value instanceof File ? value : String(value));
  }
  return body;
}

export const uploadProgress = (listener?: ProgressListener) =>
  listener
    ? (event: AxiosProgressEvent) => listener(event.total ? Math.round((event.loaded / event.total) * 100) : 0)
    : undefined;

/** Sends a multipart form (an add or an edit with a file), reporting the upload's progress. */
export async function sendForm<T>(
  method: 'post' | 'put',
  url: string,
  body: FormData,
  onProgress?: ProgressListener,
): Promise<ApiEnvelope<T>> {
  return (
    await apiClient.request<ApiEnvelope<T>>({ method, url, data: body, onUploadProgress: uploadProgress(onProgress) })
  ).data;
}
