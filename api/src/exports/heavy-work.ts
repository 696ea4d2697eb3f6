import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { HttpError, unauthorized } from '../http/errors';
import { addRouteHooks } from '../http/route-hooks';
import type { RenderAnswer, RenderMessage } from './render-protocol';

// Exports and PDFs take seconds of CPU and megabytes each: one member looping them used to hold the
// event loop, so that load shedding answered every other member 503 and the public reads waited
// seconds. Here they are made at most one at a time per member (a second answers 429 at once), a few
// at a time in all (the rest wait their turn, in order), and their CPU-bound part (writing the
// workbook or the PDF) runs on a renderer thread, one per place.

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An export or a PDF: made one at a time per member, `exportsAtOnce` at once in all, off the event loop. */
    heavyWork?: boolean;
  }
  interface FastifyInstance {
    heavyWork: HeavyWork;
  }
  interface FastifyRequest {
    /** The renderer thread of a heavyWork route's place, held until its answer is sent. */
    renderer?: Renderer;
  }
}

/** Seconds a member's second export is told to wait. */
export const MEMBER_RETRY_AFTER_SECONDS = 5;
export const ONE_AT_A_TIME =
  'Your previous export is still being prepared. Please wait for it to finish, then try again ' +
  `(in ${MEMBER_RETRY_AFTER_SECONDS} seconds or so).`;

/** Exports waiting for a place, past which one is refused at once, and how long one waits at most. */
const QUEUE_MAX = 32;
const MAX_WAIT_MS = 30_000;
const CROWD_RETRY_AFTER_SECONDS = 10;
export const TOO_MANY_AT_ONCE = `Many exports are being prepared just now. Please try again in ${CROWD_RETRY_AFTER_SECONDS} seconds.`;

const WORKER_FILE = path.join(__dirname, `render-worker${path.extname(__filename)}`);

function spawnWorker(): Worker {
  // The tests run the TypeScript sources: tsx compiles the thread's; the build runs its JavaScript.
  const worker = WORKER_FILE.endsWith('.ts')
    ? new Worker(
        `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();require(${JSON.stringify(WORKER_FILE)});`,
        {
          eval: true,
        },
      )
    : new Worker(WORKER_FILE);
  // An idle renderer never keeps the process up.
  worker.unref();
  return worker;
}

/** One file being made on a renderer: its messages, then its answer. */
export interface RenderJob {
  send(message: RenderMessage): void;
  /** The last message (a workbook's or a PDF's), answered with the file. */
  finish(message: RenderMessage): Promise<Buffer>;
}

/** A thread that writes files, started at its first use and started again if it dies. */
export class Renderer {
  private worker: Worker | undefined;
  private pending: { resolve: (file: Buffer) => void; reject: (error: Error) => void } | undefined;

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnWorker();
    worker.on('message', (answer: RenderAnswer) => {
      const pending = this.pending;
      this.pending = undefined;
      if ('error' in answer) pending?.reject(new Error(`the file could not be written: ${answer.error}`));
      else pending?.resolve(Buffer.from(answer.file.buffer, answer.file.byteOffset, answer.file.byteLength));
    });
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      this.pending?.reject(error);
      this.pending = undefined;
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the renderer thread stopped (${code})`)));
    this.worker = worker;
    return worker;
  }

  job(): RenderJob {
    const worker = this.ensureWorker();
    worker.postMessage({ type: 'reset' } satisfies RenderMessage);
    return {
      send: (message) => worker.postMessage(message),
      finish: (message) =>
        new Promise<Buffer>((resolve, reject) => {
          // Its thread working on a file keeps the process up until the answer is back.
          worker.ref();
          const settle = () => worker.unref();
          this.pending = {
            resolve: (file) => (settle(), resolve(file)),
            reject: (error) => (settle(), reject(error)),
          };
          worker.postMessage(message);
        }),
    };
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

/** A place taken: its renderer once its turn comes (undefined if it left first), and how to give it back. */
export interface Turn {
  renderer: Promise<Renderer | undefined>;
  leave: () => void;
}

interface Waiting {
  member: string;
  admit: (renderer: Renderer | undefined) => void;
}

/**
 * The places for exports and PDFs: `atOnce` renderers, each given to one call at a time, in order of
 * arrival; a member holds at most one place or one spot in the queue.
 */
export class HeavyWork {
  private readonly members = new Set<string>();
  private readonly renderers: Renderer[];
  private readonly idle: Renderer[];
  private readonly waiting: Waiting[] = [];

  constructor(
    readonly atOnce: number,
    readonly queueMax = QUEUE_MAX,
  ) {
    this.renderers = Array.from({ length: atOnce }, () => new Renderer());
    this.idle = [...this.renderers];
  }

  /** Exports and PDFs being made now, and those waiting for a place (the metrics' figures). */
  get running(): number {
    return this.renderers.length - this.idle.length;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Whether the member has an export in progress or waiting. */
  busy(member: string): boolean {
    return this.members.has(member);
  }

  enter(member: string): Turn | 'member busy' | 'queue full' {
    if (this.members.has(member)) return 'member busy';
    const ready = this.idle.pop();
    if (!ready && this.waiting.length >= this.queueMax) return 'queue full';
    this.members.add(member);
    let held: Renderer | undefined = ready;
    let left = false;
    let renderer: Promise<Renderer | undefined>;
    let entry: Waiting | undefined;
    if (ready) renderer = Promise.resolve(ready);
    else {
      renderer = new Promise((resolve) => {
        entry = {
          member,
          admit: (given) => {
            held = given;
            resolve(given);
          },
        };
        this.waiting.push(entry);
      });
    }
    const leave = () => {
      if (left) return;
      left = true;
      this.members.delete(member);
      if (held) this.giveBack(held);
      else if (entry) {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        entry.admit(undefined);
      }
    };
    return { renderer, leave };
  }

  private giveBack(renderer: Renderer): void {
    const next = this.waiting.shift();
    if (next) next.admit(renderer);
    else this.idle.push(renderer);
  }

  async close(): Promise<void> {
    await Promise.all(this.renderers.map((renderer) => renderer.close()));
  }
}

function refuse(reply: FastifyReply, seconds: number, message: string): HttpError {
  reply.header('Retry-After', String(seconds));
  return new HttpError(429, message);
}

/** preHandler of a heavyWork route: its place (waiting for it), given back once the answer is sent. */
async function takeTurn(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const member = request.admin?._id;
  if (!member) throw unauthorized('Please log in');
  const turn = request.server.heavyWork.enter(member);
  if (turn === 'member busy') throw refuse(reply, MEMBER_RETRY_AFTER_SECONDS, ONE_AT_A_TIME);
  if (turn === 'queue full') throw refuse(reply, CROWD_RETRY_AFTER_SECONDS, TOO_MANY_AT_ONCE);
  // Sent, or its client gone (while it waits, too): the place is free.
  reply.raw.once('close', turn.leave);
  let timer: NodeJS.Timeout | undefined;
  const renderer = await Promise.race([
    turn.renderer,
    new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), MAX_WAIT_MS))),
  ]);
  clearTimeout(timer);
  if (!renderer) {
    turn.leave();
    throw refuse(reply, CROWD_RETRY_AFTER_SECONDS, TOO_MANY_AT_ONCE);
  }
  request.renderer = renderer;
}

/** The places for exports and PDFs (EXPORTS_AT_ONCE), for the routes declared after it with `heavyWork`. */
export function registerHeavyWork(app: FastifyInstance, config: AppConfig): void {
  const work = new HeavyWork(config.exportsAtOnce);
  app.decorate('heavyWork', work);
  app.addHook('onClose', async () => await work.close());
  addRouteHooks(app, (route) => route.config?.heavyWork === true, { preHandler: takeTurn });
}
