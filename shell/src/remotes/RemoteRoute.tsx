import { Component, lazy, Suspense, useMemo, useState, type ErrorInfo, type ReactNode } from 'react';
import { Button, LoadingBlock, Panel } from 'shared';
import styled from 'styled-components';
import { loadRemoteApp } from './federation';
import type { RemoteDefinition } from './remotesConfig';

class RemoteErrorBoundary extends Component<
  { fallback: (error: Error) => ReactNode; children: ReactNode },
  { error?: Error }
> {
  state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A remote failed', error, info.componentStack);
  }
  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

const ErrorPanel = styled(Panel)`
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
`;

/**
 * Renders the remote that owns the current path. If it cannot be loaded, only this area shows
 * the failure; Retry makes a fresh lazy component, because React.lazy remembers a rejection.
 */
export function RemoteRoute({
  remote,
  load = loadRemoteApp,
}: {
  remote: RemoteDefinition;
  load?: typeof loadRemoteApp;
}) {
  const [attempt, setAttempt] = useState(0);
  // `attempt` is a dependency on purpose: each Retry needs a new lazy component.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const RemoteApp = useMemo(() => lazy(() => load(remote.name)), [remote.name, attempt, load]);

  return (
    <RemoteErrorBoundary
      key={`${remote.name}:${attempt}`}
      fallback={(error) => (
        <ErrorPanel role="alert">
          <h2>The {remote.label} screens could not be loaded</h2>
          <p>{error.message || 'The server did not answer.'} Check the connection, then try again.</p>
          <Button onClick={() => setAttempt((n) => n + 1)}>Retry</Button>
        </ErrorPanel>
      )}
    >
      <Suspense fallback={<LoadingBlock />}>
        <RemoteApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
