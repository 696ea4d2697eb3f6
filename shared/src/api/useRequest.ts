import axios from 'axios';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  loading: boolean;
  failed: boolean;
  /** Load again, e.g. after a delete. */
  reload: () => void;
}

interface Settled<T> {
  /** The request (key and attempt) this answer belongs to. */
  request: string;
  data?: T;
  failed: boolean;
}

/**
 * Runs `load` when the component mounts and whenever `key` changes; aborts it when the screen
 * goes away. Failures are already reported by the API client's toast, so the screen only needs
 * `failed` to decide what to show. While a new request runs, the last answer stays (a reload keeps
 * the list on screen); `loading` is true until this request's own answer arrives.
 */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<T>, key: string): RequestState<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ request: '', failed: false });
  const request = `${key}\u0000${attempt}`;
  // The latest `load` runs, without restarting the request when the screen passes a new function.
  const run = useEffectEvent((signal: AbortSignal) => load(signal));

  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => setSettled({ request, data, failed: false }),
      (error: unknown) => {
        if (!axios.isCancel(error)) setSettled({ request, failed: true });
      },
    );
    return () => controller.abort();
  }, [request]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled.request === request;
  return {
    data: settled.data,
    loading: !current,
    failed: current && settled.failed,
    reload,
  };
}
