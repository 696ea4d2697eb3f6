import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

// The server's figures for Prometheus (GET /metrics, docs/operations.md), with prom-client. Each app
// has a registry of its own (the tests start many in one process, and a figure is one server's); the
// process's own figures (memory, CPU, the event loop's lag, garbage collection) are the process's,
// collected once in a registry of their own and served after the app's.

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's figures (http/metrics.ts); served at /metrics. */
    metrics: Metrics;
  }
}

/** Why a call was shed (http/pressure.ts): a bounded set, so that each is one series. */
export type ShedReason = 'admin reads queue full' | 'overloaded' | 'critical';

/** Why a login failed: a wrong password, a wrong code, a deactivated account, or too many attempts. */
export type LoginFailure = 'password' | 'code' | 'deactivated' | 'refused';

/** Seconds: from a cached public read (a millisecond) to an export (many seconds). */
const REQUEST_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

let processRegistry: Registry | undefined;

/** The process's figures, collected once per process whatever the number of apps in it. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** One series of the answer times: its labels, its count per bucket (not cumulative), sum and count. */
interface AnswerSeries {
  labels: { method: string; route: string; status_code: number };
  buckets: number[];
  sum: number;
  count: number;
}

/** A value and its labels as prom-client's registry prints them (its histograms' own shape). */
interface ExportedValue {
  labels: Record<string, string | number>;
  sharedLabels: Record<string, string | number>;
  value: number;
  metricName: string;
}

/**
 * The answers' times, by method, route pattern and status: a histogram in prom-client's registry,
 * printed as its own are. prom-client's Histogram checks and hashes the labels at every observation,
 * a share of a cached public read's time; here an answer costs three map lookups and two additions.
 */
export class AnswerTimes {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'Time from a request to its answer, by route pattern (never the raw address) and status';
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  /** route → method → status → series. */
  private series = new Map<string, Map<string, Map<number, AnswerSeries>>>();

  constructor(private readonly bounds: readonly number[]) {}

  observe(method: string, route: string, statusCode: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(statusCode);
    if (!series) {
      series = {
        labels: { method, route, status_code: statusCode },
        buckets: this.bounds.map(() => 0),
        sum: 0,
        count: 0,
      };
      byStatus.set(statusCode, series);
    }
    const bounds = this.bounds;
    let i = 0;
    while (i < bounds.length && seconds > bounds[i]!) i++;
    if (i < bounds.length) series.buckets[i]!++;
    series.sum += seconds;
    series.count++;
  }

  /** What the registry prints (prom-client's interface of a metric). */
  getForPromString() {
    const bucket = `${this.name}_bucket`;
    const values: ExportedValue[] = [];
    for (const byMethod of this.series.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, buckets, sum, count } of byStatus.values()) {
          let cumulative = 0;
          this.bounds.forEach((le, i) => {
            cumulative += buckets[i]!;
            values.push({ labels: { le }, sharedLabels: labels, value: cumulative, metricName: bucket });
          });
          values.push({ labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucket });
          values.push({ labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum` });
          values.push({ labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count` });
        }
      }
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The same values with the series' labels among each value's own (prom-client's JSON form). */
  get() {
    const metric = this.getForPromString();
    return {
      ...metric,
      values: metric.values.map(({ labels, sharedLabels, ...value }) => ({
        ...value,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  reset(): void {
    this.series = new Map();
  }
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requestDuration = this.registered(new AnswerTimes(REQUEST_BUCKETS));
  private readonly shed = new Counter({
    name: 'http_requests_shed_total',
    help: 'Calls refused with 503 before their work started, because the server was overloaded',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly queryDuration = new Histogram({
    name: 'backoffice_db_query_duration_seconds',
    help: 'Time a database query took, by whether it failed',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });
  private readonly loginsFailed = new Counter({
    name: 'backoffice_logins_failed_total',
    help: 'Logins refused: a wrong password or code, a deactivated account, or too many attempts',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  private registered<T extends object>(metric: T): T {
    this.registry.registerMetric(metric as unknown as Metric);
    return metric;
  }

  requestAnswered(method: string, route: string, statusCode: number, seconds: number): void {
    this.requestDuration.observe(method, route, statusCode, seconds);
  }

  requestShed(reason: ShedReason): void {
    this.shed.inc({ reason });
  }

  loginFailed(reason: LoginFailure): void {
    this.loginsFailed.inc({ reason });
  }

  queryDone(seconds: number, failed: boolean): void {
    this.queryDuration.observe({ outcome: failed ? 'error' : 'ok' }, seconds);
  }

  /**
   * A gauge read at each scrape: `collect` sets its values (after a reset, so that a series gone, such
   * as a release no longer live, goes from the answer too).
   */
  readAtScrape<L extends string>(
    options: { name: string; help: string; labelNames?: readonly L[] },
    collect: (gauge: Gauge<L>) => void | Promise<void>,
  ): void {
    new Gauge<L>({
      ...options,
      labelNames: options.labelNames ?? [],
      registers: [this.registry],
      async collect() {
        this.reset();
        await collect(this);
      },
    });
  }

  /** The text Prometheus reads: the app's figures, then the process's. */
  async text(): Promise<string> {
    return (await this.registry.metrics()) + (await processMetrics().metrics());
  }

  readonly contentType = this.registry.contentType;
}

/**
 * The app's figures: every answer's time by route and status, every query's time, the pool's use
 * (PostgreSQL; SQLite has no pool) and the load level. Register before the routes.
 */
export function registerMetrics(app: FastifyInstance): Metrics {
  const metrics = new Metrics();
  app.decorate('metrics', metrics);
  // The route's pattern (/api/v1/books/:id), never the address asked: a bounded set of series. Each
  // route's hook knows its own (request.routeOptions builds an object at every read); an address no
  // route serves is answered by the not-found handler, which only the root's hooks see. Callback
  // hooks: no promise per request.
  app.addHook('onRoute', (route) => {
    const url = route.url;
    const timed = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      metrics.requestAnswered(request.method, url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    };
    route.onResponse = [...(route.onResponse === undefined ? [] : [route.onResponse].flat()), timed];
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) metrics.requestAnswered(request.method, 'no route', reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const stop = app.db.observeQueries((event) =>
    metrics.queryDone(event.queryDurationMillis / 1000, event.level === 'error'),
  );
  app.addHook('onClose', async () => stop());

  const { pool } = app.db;
  if (pool) {
    metrics.readAtScrape(
      {
        name: 'backoffice_db_pool_connections',
        help: 'PostgreSQL connections of the pool: open (total), idle, and calls waiting for one',
        labelNames: ['state'] as const,
      },
      (gauge) => {
        gauge.set({ state: 'total' }, pool.totalCount);
        gauge.set({ state: 'idle' }, pool.idleCount);
        gauge.set({ state: 'waiting' }, pool.waitingCount);
        gauge.set({ state: 'max' }, pool.options.max);
      },
    );
  }
  metrics.readAtScrape(
    {
      name: 'backoffice_load_level',
      help: 'Load shedding: 0 calm, 1 the signed-in calls shed, 2 the logins and public submits too',
    },
    (gauge) => gauge.set(app.loadGauge?.level ?? 0),
  );
  return metrics;
}
