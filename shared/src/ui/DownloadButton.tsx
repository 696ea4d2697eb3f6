import { useState } from 'react';
import { AxiosError } from 'axios';
import type { paths } from 'api/contract';
import { apiClient, errorMessage } from '../api/client';
import { notify } from '../notify/notify';
import { Button } from './Button';

/** A path of the contract with its `{parameters}` filled in: '/masses/week/{userId}/pdf' → '/masses/week/${string}/pdf'. */
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}`
  ? `${Head}${string}${Filled<Tail>}`
  : P;

/** A URL of the API, under /api/v1, that the contract declares: a renamed route breaks its callers' build. */
export type ApiUrl =
  Filled<keyof paths & string> extends infer Path ? (Path extends `/api/v1${infer Url}` ? Url : never) : never;

/** The file's name from the answer's Content-Disposition, else the given one. */
function fileNameOf(disposition: unknown, fallback: string): string {
  const named = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return named?.[1] ?? fallback;
}

/** A Blob's text (FileReader: every browser has it, and so has the tests' jsdom). */
function textOf(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsText(file);
  });
}

/** The words of a refused download: its answer is a Blob, whose JSON `{ message }` says why. */
async function refusalOf(error: unknown): Promise<string> {
  const data: unknown = error instanceof AxiosError ? error.response?.data : undefined;
  if (data instanceof Blob) {
    try {
      const body = JSON.parse(await textOf(data)) as { message?: unknown };
      if (typeof body.message === 'string' && body.message) return body.message;
    } catch {
      // Not JSON: the client's own words below.
    }
  }
  return errorMessage(error);
}

/** Hands the file to the browser as a download. */
function download(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click has run.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export interface DownloadButtonProps {
  url: ApiUrl;
  /** The query, undefined values left out. */
  params?: Record<string, string | undefined>;
  /** The file's name when the answer names none. */
  fileName: string;
  label: string;
  /** Said while the file comes. */
  busyLabel: string;
}

/**
 * Downloads a file the server writes (a CSV export, a PDF), with the session's token, as the server
 * names it; a refusal is told in the server's words, and one download runs at a time.
 */
export function useDownload() {
  const [busy, setBusy] = useState(false);
  const start = async ({ url, params = {}, fileName }: Pick<DownloadButtonProps, 'url' | 'params' | 'fileName'>) => {
    if (busy) return;
    setBusy(true);
    try {
      const given = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined);
      const answer = await apiClient.get<Blob>(url, {
        params: Object.fromEntries(given),
        responseType: 'blob',
        // A refusal is read from the Blob and told below; an ended session is still handled.
        quiet: true,
      });
      download(answer.data, fileNameOf(answer.headers['content-disposition'], fileName));
    } catch (error) {
      if (!(error instanceof AxiosError && error.response?.status === 401)) notify.error(await refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}

/** A button that downloads a file the server writes (see useDownload), and says so while it comes. */
export function DownloadButton({ url, params, fileName, label, busyLabel }: DownloadButtonProps) {
  const { busy, start } = useDownload();
  return (
    <Button
      variant="secondary"
      // Not `disabled`: the button keeps the focus while the file comes (start ignores a second press).
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={() => void start({ url, params, fileName })}
    >
      {busy ? busyLabel : label}
    </Button>
  );
}
