import axios from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  /** Load again, e.g. after a delete. */
  reload: () => void;
}

/**
 * Runs `load` when the component mounts and whenever `key` changes; aborts it when the screen
 * goes away. Failures are already reported by the API client's toast, so the screen only needs
 * `failed` to decide what to show.
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, key: string): RequestState<T> {
  const [state, setState] = useState<{ data?: T; loading: boolean; failed: boolean }>({ loading: true, failed: false });
  const [attempt, setAttempt] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true, failed: false }));
    loadRef.current(controller.signal).then(
      (data) => setState({ data, loading: false, failed: false }),
      (error: unknown) => {
        if (!axios.isCancel(error)) setState({ loading: false, failed: true });
      },
    );
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data: state.data, loading: state.loading, failed: state.failed, reload };
}
