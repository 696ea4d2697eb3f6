import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { Button, LoadingBlock, Panel } from 'shared';
import styled from 'styled-components';
import { loadRemoteApp, RemoteLoadError, SharedVersionError } from './federation';
import type { RemoteDefinition } from './remotesMap';
import { reportFailure } from './reportFailure';

class RemoteErrorBoundary extends Component<
  { remote: RemoteDefinition; fallback: (error: Error) => ReactNode; children: ReactNode },
  { error?: Error }
> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A remote failed', error, info.componentStack);
    reportFailure(this.props.remote, 'render');
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

const PanelFrame = styled(Panel)`
  max-width: 640px;
  border-left: 4px solid ${({ theme }) => theme.color.danger};
  h2 {
    margin: 0 0 ${({ theme }) => theme.space(2)};
    font-size: 1.125rem;
  }
  p {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    color: ${({ theme }) => theme.color.muted};
  }
  details {
    margin: 0 0 ${({ theme }) => theme.space(4)};
    color: ${({ theme }) => theme.color.muted};
    font-size: 0.875rem;
  }
  summary {
    cursor: pointer;
  }
  code {
    display: block;
    margin-top: ${({ theme }) => theme.space(2)};
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/**
 * What an area of the layout shows when its screens cannot be loaded: plain words for the
 * administrator, the technical text for whoever they ask, and Retry.
 */
export function UnavailablePanel({
  title,
  detail,
  explanation = 'They may be being updated — try again in a moment.',
  onRetry,
}: {
  title: string;
  detail: string;
  explanation?: string;
  onRetry: () => Promise<unknown>;
}) {
  const [retrying, setRetrying] = useState(false);
  return (
    <PanelFrame role="alert">
      <h2>{title}</h2>
      <p>{explanation}</p>
      <details>
        <summary>Details</summary>
        <code>{detail}</code>
      </details>
      <Button
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void onRetry().finally(() => setRetrying(false));
        }}
      >
        Retry
      </Button>
    </PanelFrame>
  );
}

/**
 * Renders the remote that owns the current path. If it cannot be loaded, only this area shows the
 * failure; Retry reads the live map again (the release may have changed) and starts a fresh attempt.
 */
export function RemoteRoute({
  remote,
  timeoutMs,
  refreshMap,
  load = loadRemoteApp,
}: {
  remote: RemoteDefinition;
  timeoutMs: number;
  /** Reads the live map again before a retry. */
  refreshMap: () => Promise<unknown>;
  load?: typeof loadRemoteApp;
}) {
  const [attempt, setAttempt] = useState(0);
  // A new release or a Retry is a new attempt: its own loader, from a clean state.
  return (
    <RemoteLoader
      key={`${remote.entry}:${attempt}`}
      remote={remote}
      timeoutMs={timeoutMs}
      load={load}
      onRetry={() => refreshMap().finally(() => setAttempt((n) => n + 1))}
    />
  );
}

function RemoteLoader({
  remote,
  timeoutMs,
  load,
  onRetry,
}: {
  remote: RemoteDefinition;
  timeoutMs: number;
  load: typeof loadRemoteApp;
  onRetry: () => Promise<unknown>;
}) {
  const [loaded, setLoaded] = useState<{ App?: ComponentType; error?: Error }>({});

  useEffect(() => {
    let current = true;
    load(remote, timeoutMs).then(
      (module) => current && setLoaded({ App: module.default }),
      (error: unknown) => {
        reportFailure(remote, 'load');
        if (current) setLoaded({ error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      current = false;
    };
  }, [load, remote, timeoutMs]);

  const panel = (error: Error) =>
    error instanceof SharedVersionError ? (
      <UnavailablePanel
        title={`The ${remote.label} screens need a newer version of the back-office`}
        explanation={`This release of ${remote.label} (${remote.release}) needs shared ${error.needed}; this back-office provides shared ${error.provided}. Deploy the newer back-office, or roll ${remote.label} back to its previous release.`}
        detail={error.message}
        onRetry={onRetry}
      />
    ) : (
      <UnavailablePanel
        title={`The ${remote.label} screens could not be loaded`}
        detail={error instanceof RemoteLoadError ? error.detail : error.message || String(error)}
        onRetry={onRetry}
      />
    );
  if (loaded.error) return panel(loaded.error);
  if (!loaded.App) return <LoadingBlock />;
  const { App } = loaded;
  return (
    <RemoteErrorBoundary remote={remote} fallback={panel}>
      <App />
    </RemoteErrorBoundary>
  );
}
