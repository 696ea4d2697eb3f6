import type { Schemas } from 'api/contract';
import { useEffect, useState } from 'react';
import { callApi } from '../api/call';

/** The upload limits the server applies (GET /version), in bytes. */
export type UploadLimits = Schemas['VersionInfo']['uploads'];

/** What a file field takes: a picture (JPEG, PNG, GIF or WebP), or a file of any type. */
export type UploadKind = 'image' | 'file';

let asked: Promise<UploadLimits | undefined> | undefined;
/** The limits once read: a field shown after that has them from its first paint. */
let known: UploadLimits | undefined;

/**
 * The server's upload limits, asked once per page. Undefined while they cannot be read (asked again
 * next time): the server still refuses what is too large, so a form sends rather than guesses.
 */
export function uploadLimits(): Promise<UploadLimits | undefined> {
  if (known) return Promise.resolve(known);
  asked ??= callApi('get', '/api/v1/version', { silent: true })
    .then((answer) => (known = answer.data.uploads))
    .catch(() => {
      asked = undefined;
      return undefined;
    });
  return asked;
}

/**
 * Forgets the limits read, so that the next field asks again, or takes `assumed` as read (for tests,
 * whose stubs change).
 */
export function forgetUploadLimits(assumed?: UploadLimits): void {
  asked = undefined;
  known = assumed;
}

/** The server's upload limits once read (undefined until then). */
export function useUploadLimits(): UploadLimits | undefined {
  const [limits, setLimits] = useState(known);
  useEffect(() => {
    if (limits) return;
    let current = true;
    void uploadLimits().then((read) => {
      if (current && read) setLimits(read);
    });
    return () => {
      current = false;
    };
  }, [limits]);
  return limits;
}

export const maxBytesOf = (limits: UploadLimits, kind: UploadKind) =>
  kind === 'image' ? limits.imageMaxBytes : limits.fileMaxBytes;

/** "5 MB", "2 KB", "300 bytes" (1 MB = 1024 × 1024 bytes), as the server words a limit. */
export function formatBytes(bytes: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (bytes >= 1024 * 1024) return `${round(bytes / (1024 * 1024))} MB`;
  if (bytes >= 1024) return `${round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/**
 * The server's own refusal of a file past its limit, word for word ('The cover is too large (at most
 * 5 MB)'), given before anything is sent.
 */
export const tooLargeMessage = (words: string, maxBytes: number) =>
  `${words} is too large (at most ${formatBytes(maxBytes)})`;
