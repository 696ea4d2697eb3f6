import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { PageHeader, Panel } from './layout';
import { Notice } from './notice';
import { LoadingBlock } from './Spinner';

/** Why a screen's data is not there: the words to show, and the HTTP status when the server answered. */
export interface LoadError {
  message: string;
  status?: number;
}

/**
 * What a list or details screen knows about its data (docs/composition.md, "Load states"): still loading, failed
 * (and why), or loaded — `data` may be an empty list, which is not a failure.
 */
export interface LoadState<T> {
  data: T | undefined;
  /** The call runs and nothing is on screen yet (a refresh with data on screen is not loading). */
  loading: boolean;
  /** The last attempt failed (after its retries); `null` while loading or once loaded. */
  error: LoadError | null;
  /** Load again: the Retry button, or after a write the screen made itself. */
  reload: () => void;
}

const Failure = styled(Notice).attrs({ role: 'alert', $tone: 'alert' })`
  padding: ${({ theme }) => theme.space(4)};
`;

/** A failed load: what could not be loaded, the reason, and Retry. */
export function LoadFailed({
  error,
  retry,
  what = 'This page',
}: {
  error: LoadError;
  retry: () => void;
  what?: string;
}) {
  return (
    <Failure>
      <p>
        <strong>{`${what} could not be loaded.`}</strong> <span>{error.message}</span>
      </p>
      <Button variant="secondary" onClick={retry}>
        Retry
      </Button>
    </Failure>
  );
}

/**
 * A details or edit screen before its record is there: the spinner, the failure with Retry, or —
 * when the server says there is no such record (404) or sent none — `missing`.
 */
export function NotLoaded({ load, missing, what }: { load: LoadState<unknown>; missing: ReactNode; what?: string }) {
  if (load.loading) return <LoadingBlock />;
  // A 404 is the record's own not-found text; where there is none, it is a failure like any other.
  if (load.error && (load.error.status !== 404 || missing == null)) {
    return <LoadFailed error={load.error} retry={load.reload} what={what} />;
  }
  return <>{missing}</>;
}

/**
 * A whole screen (a details or edit page) before its record is there: the spinner or the failure sit in
 * the screen's card under its title, as the loaded screen will, so nothing jumps when it arrives.
 */
export function NotLoadedScreen({
  load,
  missing,
  what,
}: {
  load: LoadState<unknown>;
  missing: ReactNode;
  what?: string;
}) {
  const failed = load.error && (load.error.status !== 404 || missing == null);
  if (!load.loading && !failed) return <>{missing}</>;
  return (
    <>
      <PageHeader />
      <Panel>
        <NotLoaded load={load} missing={missing} what={what} />
      </Panel>
    </>
  );
}
