import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppConfig } from '../config';
import { HttpError } from './errors';
import type { ShedReason } from './metrics';
import { addRouteHooks, needsSession, reads } from './route-hooks';

declare module 'fastify' {
  interface FastifyInstance {
    /** The event loop's load as load shedding sees it (absent when EVENT_LOOP_LAG_LIMIT_MS is 0). */
    loadGauge?: LagGauge;
  }
}

/** Seconds a shed call is told to wait (the front end's data layer retries a 503 after it). */
export const SHED_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = `The server is busy. Please try again in ${SHED_RETRY_AFTER_SECONDS} seconds.`;

/**
 * The administrators' reads: the GET routes that need a session. Calls without one are refused at
 * once (401), so they never wait; writes are not gated: they come from a few staff at a human pace,
 * are size- and rate-limited, and an upload's time is its sender's network, which must not hold a place.
 * Exports and PDFs have places of their own (exports/heavy-work.ts): one taking seconds here would hold
 * one of the few places every other member's reads wait for.
 */
const isAdminReadRoute = (route: RouteOptions) => reads(route) && needsSession(route) && !route.config?.heavyWork;

/** The 503 of a call refused before its work starts. */
function shed(
  request: FastifyRequest,
  reply: FastifyReply,
  reason: string,
  detail: unknown,
  counted: ShedReason,
): HttpError {
  request.log.warn({ reason, detail }, 'call shed');
  request.server.metrics.requestShed(counted);
  reply.header('Retry-After', String(SHED_RETRY_AFTER_SECONDS));
  return new HttpError(503, BUSY_MESSAGE);
}

interface Waiting {
  admit: () => void;
  gone: boolean;
}

/**
 * At most `limit` calls start in one turn of the event loop and at most `limit` are in progress at
 * once; up to `queueMax` more wait their turn in order, and past that a call is refused before any of
 * its work is done. A call holds its place until its answer is made or its client goes away.
 *
 * Both bounds matter: a cached answer is made and written within the turn its request arrived in, so
 * only the count per turn keeps 200 of them from taking the turn whole; an answer that waits on the
 * database spans turns, and the count in progress bounds those.
 */
export class AdmissionGate {
  private inProgress = 0;
  private startedThisTurn = 0;
  /** In arrival order; the calls that left it stay, marked gone, until their turn comes. */
  private waiting: Waiting[] = [];
  private head = 0;
  private stillWaiting = 0;
  private nextTurn: NodeJS.Immediate | undefined;

  constructor(
    readonly limit: number,
    readonly queueMax: number,
  ) {}

  get queued(): number {
    return this.stillWaiting;
  }

  /**
   * Calls `admit` now or when its turn comes, and returns the function that gives the place back (or
   * takes the call out of the queue); `undefined` when the queue is full and the call is refused.
   */
  enter(admit: () => void): (() => void) | undefined {
    if (this.queued === 0 && this.hasRoom()) {
      this.start();
      admit();
      return this.leaveOnce();
    }
    if (this.queued >= this.queueMax) return undefined;
    let admitted = false;
    const entry: Waiting = {
      gone: false,
      admit: () => {
        admitted = true;
        admit();
      },
    };
    this.waiting.push(entry);
    this.stillWaiting++;
    this.scheduleNextTurn();
    const leave = this.leaveOnce();
    return () => {
      if (admitted) leave();
      else if (!entry.gone) {
        entry.gone = true;
        this.stillWaiting--;
      }
    };
  }

  private hasRoom(): boolean {
    return this.inProgress < this.limit && this.startedThisTurn < this.limit;
  }

  private start(): void {
    this.inProgress++;
    this.startedThisTurn++;
    this.scheduleNextTurn();
  }

  /** setImmediate runs after this turn's input has been read: the next turn's count starts there. */
  private scheduleNextTurn(): void {
    this.nextTurn ??= setImmediate(() => {
      this.nextTurn = undefined;
      this.startedThisTurn = 0;
      this.admitWaiting();
    });
  }

  private leaveOnce(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.inProgress--;
      if (this.queued > 0) this.scheduleNextTurn();
    };
  }

  private admitWaiting(): void {
    while (this.stillWaiting > 0 && this.hasRoom()) {
      const next = this.waiting[this.head++]!;
      if (this.head > 1024 && this.head * 2 > this.waiting.length) {
        this.waiting = this.waiting.slice(this.head);
        this.head = 0;
      }
      if (next.gone) continue;
      this.stillWaiting--;
      this.start();
      next.admit();
    }
  }
}

/**
 * Admission control for the administrators' reads (ADMIN_READS_AT_ONCE, ADMIN_READS_QUEUE). One event
 * loop serves every connection in turn, so 200 clients reading whole lists would take 200 turns for
 * each the mobile app gets; with a few of them in progress and the rest waiting (at no cost), the
 * mobile app's reads keep their latency, and the administrators' lists their throughput.
 */
function registerAdmission(app: FastifyInstance, config: AppConfig): void {
  if (config.adminReadsAtOnce === 0) return;
  const gate = new AdmissionGate(config.adminReadsAtOnce, config.adminReadsQueue);
  const places = new WeakMap<FastifyRequest, () => void>();
  addRouteHooks(app, isAdminReadRoute, {
    onRequest: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
      if (request.headers.authorization === undefined) return done();
      const leave = gate.enter(() => done());
      if (!leave) return done(shed(request, reply, 'admin reads queue full', gate.queued, 'admin reads queue full'));
      places.set(request, leave);
      // A client gone while its call waits, or before its answer is made, gives its place back.
      reply.raw.once('close', leave);
    },
    // The answer is made: the place is free, whatever pace the client reads it at.
    onSend: (
      request: FastifyRequest,
      _reply: FastifyReply,
      payload: unknown,
      done: (error: null, payload: unknown) => void,
    ) => {
      places.get(request)?.();
      done(null, payload);
    },
  });
}

/**
 * How loaded the event loop is: 0 calm; 1 overloaded, when the administrators' calls are shed; 2 past
 * the hard limit, when the logins and the mobile app's submits are shed too. The mobile app's public
 * reads are never shed.
 */
export type LoadLevel = 0 | 1 | 2;

export interface LagLimits {
  /** Lag (ms) over which, sustained for `windowMs`, level 1 starts. */
  limitMs: number;
  /** Lag (ms) over which, sustained for `windowMs`, level 2 starts. */
  hardLimitMs: number;
  /** How long a lag must stay over a limit for its level to start, and under half of it to stop. */
  windowMs: number;
}

/** One limit with hysteresis: on once every sample for a window is over it, off once every one is under half. */
class Threshold {
  on = false;
  /** When the present run of samples over the limit (under half of it) began: its first sample's time. */
  private overSince: number | undefined;
  private underSince: number | undefined;

  constructor(
    private readonly limitMs: number,
    private readonly windowMs: number,
  ) {}

  record(lagMs: number, at: number): void {
    if (lagMs > this.limitMs) {
      this.overSince ??= at;
      this.underSince = undefined;
    } else if (lagMs < this.limitMs / 2) {
      this.underSince ??= at;
      this.overSince = undefined;
    } else {
      this.overSince = this.underSince = undefined;
    }
    // A run is timed from its first sample, so a single sample, however large (one slow turn: a start,
    // a stalled write, a long garbage collection), is a run of no length and never changes the level.
    if (!this.on && this.overSince !== undefined && at - this.overSince >= this.windowMs) this.on = true;
    if (this.on && this.underSince !== undefined && at - this.underSince >= this.windowMs) this.on = false;
  }
}

/**
 * The load level from samples of the event loop's lag (each the longest delay since the previous
 * one). A level starts once every sample for `windowMs` has been over its limit, counted from the first
 * such sample, and ends once every sample for `windowMs` has been under half of it: shedding follows
 * sustained overload, never one slow turn, and does not flap at the limit.
 */
export class LagGauge {
  private readonly overloaded: Threshold;
  private readonly critical: Threshold;

  constructor(readonly limits: LagLimits) {
    this.overloaded = new Threshold(limits.limitMs, limits.windowMs);
    this.critical = new Threshold(limits.hardLimitMs, limits.windowMs);
  }

  /** A sample: the longest lag (ms) since the previous one, taken at `at` (ms, any monotonic clock). */
  record(lagMs: number, at: number): void {
    this.overloaded.record(lagMs, at);
    this.critical.record(lagMs, at);
  }

  get level(): LoadLevel {
    if (this.critical.on) return 2;
    return this.overloaded.on ? 1 : 0;
  }
}

/** How often the lag probe fires (ms): a delay shorter than this is not seen. */
const PROBE_RESOLUTION_MS = 10;

/**
 * Feeds `gauge` a sample every `sampleMs`: the longest delay of the event loop since the previous
 * sample (a timer firing every 10 ms, and the sample's own timer when a turn outlasted the whole
 * interval). Returns the function that stops it.
 */
export function sampleEventLoopLag(gauge: LagGauge, sampleMs: number): () => void {
  const probe = monitorEventLoopDelay({ resolution: PROBE_RESOLUTION_MS });
  probe.enable();
  let expected = performance.now() + sampleMs;
  let timer: NodeJS.Timeout;
  const sample = () => {
    const now = performance.now();
    const probed = probe.count > 0 ? probe.max / 1e6 - PROBE_RESOLUTION_MS : 0;
    gauge.record(Math.max(probed, now - expected, 0), now);
    probe.reset();
    expected = now + sampleMs;
    timer = setTimeout(sample, sampleMs).unref();
  };
  timer = setTimeout(sample, sampleMs).unref();
  return () => {
    clearTimeout(timer);
    probe.disable();
  };
}

/**
 * Load shedding: while the event loop is overloaded (LagGauge), the calls of its level are answered
 * 503 with Retry-After at once, instead of queueing behind the work that lags it, so that the mobile
 * app keeps being served: at level 1 the administrators' calls, at level 2 the logins and the mobile
 * app's submits too; never the mobile app's public reads. The lag is measured from the moment the
 * server listens, so the work of its start counts for nothing. Before that, the administrators' reads
 * are admitted a few at a time (registerAdmission).
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.eventLoopLagLimitMs !== 0) {
    const gauge = new LagGauge({
      limitMs: config.eventLoopLagLimitMs,
      hardLimitMs: config.eventLoopLagHardLimitMs,
      windowMs: config.pressureWindowMs,
    });
    app.decorate('loadGauge', gauge);
    let stop: (() => void) | undefined;
    app.addHook('onListen', async () => {
      stop ??= sampleEventLoopLag(gauge, config.pressureSampleMs);
    });
    app.addHook('onClose', async () => stop?.());
    const shedFrom =
      (level: LoadLevel) => (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
        if (gauge.level < level) return done();
        const counted = gauge.level === 2 ? 'critical' : 'overloaded';
        done(shed(request, reply, `event loop overloaded (level ${gauge.level})`, gauge.limits, counted));
      };
    // The signed-in members' calls first.
    addRouteHooks(app, (route) => needsSession(route), { onRequest: shedFrom(1) });
    // The logins and the mobile app's submits (the writes that need no session) last.
    addRouteHooks(app, (route) => !needsSession(route) && !reads(route), { onRequest: shedFrom(2) });
  }
  registerAdmission(app, config);
}
