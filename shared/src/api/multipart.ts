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

/** An upload's progress events, told to `listener` in percent. */
export const uploadProgress = (listener: ProgressListener) => (event: AxiosProgressEvent) =>
  listener(event.total ? Math.round((event.loaded / event.total) * 100) : 0);

/** Sends a multipart form with its upload's progress (for remotes released against 3.x; apps call `callApi`). */
export async function sendForm<T>(
  method: 'post' | 'put',
  url: string,
  body: FormData,
  onProgress?: ProgressListener,
): Promise<ApiEnvelope<T>> {
  const onUploadProgress = onProgress ? uploadProgress(onProgress) : undefined;
  return (await apiClient.request<ApiEnvelope<T>>({ method, url, data: body, onUploadProgress })).data;
}
