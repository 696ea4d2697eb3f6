import { useState } from 'react';
import { AxiosError } from 'axios';
import type { paths } from 'api/contract';
import { apiClient, errorMessage } from '../api/client';
import { notify } from '../notify/notify';
import { useSearchTerm } from '../search/search';
import { Button } from './Button';

/** The lists that export, as the contract names them: `/api/v1/export/{list}.csv`. */
export type ExportList = {
  [P in keyof paths]: P extends `/api/v1/export/${infer List}.csv` ? List : never;
}[keyof paths];

/** The file's name from the answer's Content-Disposition, else the list's. */
function fileNameOf(disposition: unknown, list: string): string {
  const named = typeof disposition === 'string' ? /filename="([^"]+)"/.exec(disposition) : null;
  return named?.[1] ?? `${list}.csv`;
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

/** The words of a refused export: its answer is a Blob, whose JSON `{ message }` says why. */
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

interface ExportButtonProps {
  list: ExportList;
  /** The list's filters as its screen has them now (`{ state: 'New' }`); undefined ones are left out. */
  filters?: Record<string, string | undefined>;
}

/**
 * 'Export CSV' on a list screen: downloads what the list shows — its filters and the header's search
 * (`?q=`) — as the server writes it (GET /export/{list}.csv), dates in the browser's time zone.
 */
export function ExportButton({ list, filters = {} }: ExportButtonProps) {
  const term = useSearchTerm();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const given = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== undefined);
      const answer = await apiClient.get<Blob>(`/export/${list}.csv`, {
        params: {
          ...(term ? { q: term } : {}),
          tz: Intl.DateTimeFormat().resolvedOptions().timeZone,
          ...Object.fromEntries(given),
        },
        responseType: 'blob',
        // A refusal is read from the Blob and told below; an ended session is still handled.
        quiet: true,
      });
      download(answer.data, fileNameOf(answer.headers['content-disposition'], list));
    } catch (error) {
      if (!(error instanceof AxiosError && error.response?.status === 401)) notify.error(await refusalOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => void start()}>
      {busy ? 'Exporting…' : 'Export CSV'}
    </Button>
  );
}
