import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, Level } from 'pino';

/** What a request logger needs of the process's logger: pino's own level check. */
interface LevelAware {
  isLevelEnabled(level: Level): boolean;
}
const isLevelAware = (logger: object): logger is FastifyBaseLogger & LevelAware =>
  typeof (logger as Partial<LevelAware>).isLevelEnabled === 'function';

/**
 * A request's logger that becomes pino's child (with the request id) only when something is logged at
 * a level the process writes. Fastify makes a child for every request, and pino's child serialises
 * and redacts its bindings at once: on the public lookup at LOG_LEVEL=warn that was 2–3 µs of CPU a
 * request for a logger nothing wrote to (ADR 0036). What is written is what the child would write.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger & LevelAware;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger & LevelAware, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): FastifyBaseLogger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options);
    return this.#child;
  }

  #write(level: Level, obj: unknown, msg: string | undefined, args: unknown[]): void {
    if (this.#child || this.#parent.isLevelEnabled(level)) this.#logger()[level](obj, msg, ...args);
  }

  get level(): string {
    return this.#child?.level ?? this.#parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#write('fatal', obj, msg, args);
  }
  error(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#write('error', obj, msg, args);
  }
  warn(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#write('warn', obj, msg, args);
  }
  info(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#write('info', obj, msg, args);
  }
  debug(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#write('debug', obj, msg, args);
  }
  trace(obj: unknown, msg?: string, ...args: unknown[]): void {
    this.#write('trace', obj, msg, args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/**
 * Fastify's `childLoggerFactory`: the lazy request logger above, or pino's child at once where a
 * route sets a level of its own (the child must then decide) or the logger is not pino.
 */
export const lazyRequestLoggers = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  options.level === undefined && isLevelAware(logger)
    ? new LazyRequestLogger(logger, bindings, options)
    : logger.child(bindings, options);
