// The module behind 'shared/data' (the same instance the screens use).
import { queryClient } from '../shared/src/data/queryClient';

// One query cache per test, as a fresh page would have. Retries keep their rules (which failures are
// retried, how often) but not their waits, so a screen's failure shows at once; the data layer's own
// tests check the waits.
afterEach(() => queryClient.clear());
queryClient.setDefaultOptions({
  queries: { ...queryClient.getDefaultOptions().queries, retryDelay: () => 0 },
});
