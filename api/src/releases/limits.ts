import { RELEASE_MAX_BYTES, RELEASE_MAX_FILES } from '../config';

/** What one release may hold, in files and bytes. */
export interface ReleaseLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_RELEASE_LIMITS: ReleaseLimits = { maxFiles: RELEASE_MAX_FILES, maxBytes: RELEASE_MAX_BYTES };

/** "200 MB", "512 KB", "300 bytes", as a refusal says a limit. */
export function sizeInWords(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}
