import { useSearchParams } from 'react-router-dom';

/** The header's search term: it lives in the URL as `?q=` so a list keeps it across edits. */
export function useSearchTerm(): string {
  const [params] = useSearchParams();
  return (params.get('q') ?? '').trim();
}

/** Case-insensitive match of the term against any of the record's texts. */
export function matchesSearch(term: string, ...texts: (string | null | undefined)[]): boolean {
  if (!term) return true;
  const needle = term.toLocaleLowerCase();
  return texts.some((text) => text?.toLocaleLowerCase().includes(needle));
}

/** The rows of a list that match the header's search term. */
export function useSearchFilter<Row>(
  rows: Row[] | undefined,
  texts: (row: Row) => (string | null | undefined)[],
): Row[] {
  const term = useSearchTerm();
  return (rows ?? []).filter((row) => matchesSearch(term, ...texts(row)));
}
