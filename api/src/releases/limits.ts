import { RELEASE_MAX_BYTES, RELEASE_MAX_FILES } from '../config';

/** What one release may hold, in files and bytes. */
export interface ReleaseLimits {
  maxFiles: number;
  maxBytes: number;
}

export const DEFAULT_RELEASE_LIMITS: ReleaseLimits = { maxFiles: RELEASE_MAX_FILES, maxBytes: RELEASE_MAX_BYTES };
