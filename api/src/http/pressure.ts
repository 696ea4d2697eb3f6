import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyUnderPressure from '@fastify/under-pressure';
import type { AppConfig } from '../config';
import { HttpError } from './errors';
import { addRouteHooks, isReadRequest, needsSession, reads } from './route-hooks';

/** Seconds a shed call is told to wait (the front end's data layer retries a 503 after it). */
export const SHED_RETRY_AFTER_SECONDS = 2;

export const BUSY_MESSAGE = 'The server is busy. Please try again in a moment.';

/** The mobile app's reads (and the pages' files): public GETs, never shed, never queued. */
function isPublicRead(request: FastifyRequest): boolean {
  return isReadRequest(request) && !needsSession(request.routeOptions);
}

/**
 * The administrators' reads: the GET routes that need a session. Calls without one are refused at
 * once (401), so they never wait; writes are not gated: they come from a few staff at a human pace,
 * are size- and rate-limited, and an upload's time is its sender's network, which must not hold a place.
 */
const isAdminReadRoute = (route: RouteOptions) => reads(route) && needsSession(route);

/** The 503 of a call refused before its work starts. */
function shed(request: FastifyRequest, reply: FastifyReply, reason: string, detail: unknown): HttpError {
  request.log.warn({ reason, detail }, 'call shed');
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
      if (!leave) return done(shed(request, reply, 'admin reads queue full', gate.queued));
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
 * Load shedding: while the event loop lags past EVENT_LOOP_LAG_LIMIT_MS, every call but the public
 * reads is answered 503 with Retry-After at once, instead of queueing behind the work that lags it,
 * so that the mobile app keeps being served. Before that, the administrators' reads are admitted a few
 * at a time (registerAdmission).
 */
export async function registerLoadShedding(app: FastifyInstance, config: AppConfig): Promise<void> {
  if (config.eventLoopLagLimitMs !== 0) {
    await app.register(fastifyUnderPressure, {
      maxEventLoopDelay: config.eventLoopLagLimitMs,
      sampleInterval: config.pressureSampleMs,
      pressureHandler: async (request, reply, type, value) => {
        if (isPublicRead(request)) return;
        throw shed(request, reply, `under pressure: ${type}`, value);
      },
    });
  }
  registerAdmission(app, config);
}
