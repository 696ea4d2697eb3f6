import type { paths } from 'api/contract';
import { useSearchTerm } from '../search/search';
import { DownloadButton } from './DownloadButton';

/** The lists that export, as the contract names them: `/api/v1/export/{list}.csv`. */
export type ExportList = {
  [P in keyof paths]: P extends `/api/v1/export/${infer List}.csv` ? List : never;
}[keyof paths];

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
  return (
    <DownloadButton
      url={`/export/${list}.csv`}
      params={{ ...(term ? { q: term } : {}), tz: Intl.DateTimeFormat().resolvedOptions().timeZone, ...filters }}
      fileName={`${list}.csv`}
      label="Export CSV"
      busyLabel="Exporting…"
    />
  );
}
