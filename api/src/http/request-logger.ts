import type { FastifyBaseLogger } from 'fastify';

type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildLoggerOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * A request's logger, made when it first writes. Fastify gives every request a logger of its own that
 * carries its id (`reqId`); made at once, that pino child (its bindings serialized, its formatters
 * rebuilt) cost each cached public read a share of its time, though nearly every request logs nothing
 * (LOG_REQUESTS=errors-and-slow). Each line it writes is the child's, so it still carries the id.
 */
export class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined = undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? (this.options.level as string | undefined) ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  // Methods on the prototype, not a closure each per request. Their arguments are pino's (an object
  // or an error, then a message and its arguments), passed on as they are.
  fatal(...args: unknown[]): void {
    write(this.logger, 'fatal', args);
  }
  error(...args: unknown[]): void {
    write(this.logger, 'error', args);
  }
  warn(...args: unknown[]): void {
    write(this.logger, 'warn', args);
  }
  info(...args: unknown[]): void {
    write(this.logger, 'info', args);
  }
  debug(...args: unknown[]): void {
    write(this.logger, 'debug', args);
  }
  trace(...args: unknown[]): void {
    write(this.logger, 'trace', args);
  }
  silent(...args: unknown[]): void {
    write(this.logger, 'silent', args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

function write(logger: FastifyBaseLogger, level: Level, args: unknown[]): void {
  (logger[level] as (...args: unknown[]) => void).apply(logger, args);
}

/** Fastify's `childLoggerFactory`: each request's logger, made when first used. */
export const lazyRequestLogger = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger => new RequestLogger(logger, bindings, options);
