import os from 'node:os';

/**
 * A start-up failure the person starting the server can fix: what is wrong and what to do about it,
 * printed as one message instead of a stack trace (ADR 0022).
 */
export class StartupError extends Error {
  readonly hint: string;
  constructor(message: string, hint: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StartupError';
    this.hint = hint;
  }
}

/** The text for the terminal: one line of what, one of what to do (or the cause of an unexpected error). */
export function startupFailureText(err: unknown): string {
  if (err instanceof StartupError) return `Ayar could not start: ${err.message}\n  What to do: ${err.hint}\n`;
  const message = err instanceof Error ? err.message : String(err);
  const cause = err instanceof Error && err.cause ? `\n  cause: ${String(err.cause)}` : '';
  return `Ayar could not start: ${message}${cause}\n`;
}

const code = (err: unknown) => (err as NodeJS.ErrnoException | undefined)?.code;

function userName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return `uid ${process.getuid?.()}`;
  }
}

/**
 * A failed write, directory creation or free-space check in `dir`, which `name` (DATA_DIR, or the
 * system directory the embedded database uses as root) says where to move.
 */
export function directoryProblem(err: unknown, dir: string, name = 'DATA_DIR'): Error {
  switch (code(err)) {
    case 'EACCES':
    case 'EPERM':
      return new StartupError(
        `${name} ${dir} cannot be written by the user ${userName()} (permission denied).`,
        `choose a directory this user may write with ${name}=/path, or give this one to it (chown -R ${userName()} ${dir}).`,
        { cause: err },
      );
    case 'EROFS':
      return new StartupError(
        `${name} ${dir} is on a read-only file system.`,
        `set ${name} to a directory on a writable disk.`,
        { cause: err },
      );
    case 'ENOSPC':
    case 'EDQUOT':
      return diskFull(dir, name, err);
    case 'ENOTDIR':
    case 'EEXIST':
      return new StartupError(`${name} ${dir} is not a directory.`, `set ${name} to a directory.`, {
        cause: err,
      });
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}

/** Too little room for the database; `variable` (DATA_DIR) is what moves it, when one does. */
export function diskFull(
  dir: string,
  variable: string | null,
  cause?: unknown,
  freeBytes?: number,
): StartupError {
  const free = freeBytes === undefined ? '' : ` (${Math.floor(freeBytes / 1024 / 1024)} MB free)`;
  const move = variable ? `, or set ${variable} to a directory on a disk with room` : '';
  return new StartupError(
    `there is not enough room on the disk holding ${variable ? `${variable} ` : ''}${dir}${free}.`,
    `free some space on that disk (df -h ${dir} shows it)${move}; the database needs at least 100 MB.`,
    cause === undefined ? undefined : { cause },
  );
}

/** The HTTP port could not be opened. */
export function listenProblem(err: unknown, port: number, host: string): Error {
  switch (code(err)) {
    case 'EADDRINUSE':
      return new StartupError(
        `port ${port} on ${host} is already in use by another program.`,
        `stop that program (ss -ltnp 'sport = :${port}' shows which), or choose another port with PORT, e.g. PORT=${port === 8080 ? 8081 : 8080} npm start.`,
        { cause: err },
      );
    case 'EACCES':
      return new StartupError(
        `port ${port} needs privileges the user ${userName()} lacks.`,
        'choose a port above 1023 with PORT (PORT=8080) and put a reverse proxy in front for 80 and 443 (docs/deploy.md).',
        { cause: err },
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new StartupError(
        `HOST=${host} is not an address of this machine.`,
        'set HOST to one of its addresses, 127.0.0.1 behind a reverse proxy, or 0.0.0.0 for all.',
        { cause: err },
      );
    default:
      return err instanceof Error ? err : new Error(String(err));
  }
}

/**
 * Reports a failed start and exits with 1: the message to stderr, and to the log as one line. In a
 * terminal the log is that same screen, so the message is printed once there.
 */
export function exitWithStartupFailure(
  err: unknown,
  logger?: { fatal(obj: object, msg: string): void },
): never {
  if (logger && !process.stdout.isTTY) {
    const message = err instanceof Error ? err.message : String(err);
    logger.fatal(err instanceof StartupError ? { hint: err.hint } : { err }, `could not start: ${message}`);
  }
  process.stderr.write(startupFailureText(err));
  process.exit(1);
}

/**
 * A running server that must stop because something it depends on is gone for good (its embedded
 * PostgreSQL could not be started again, ADR 0051): said on stderr and in the log, and the exit code is
 * 1, so a service manager (systemd's Restart=on-failure) starts everything afresh.
 */
export function exitWithRuntimeFailure(
  err: unknown,
  logger?: { fatal(obj: object, msg: string): void },
): never {
  const message = err instanceof Error ? err.message : String(err);
  logger?.fatal({ err }, `stopping: ${message}`);
  process.stderr.write(
    `Ayar stopped: ${message}\n  What happens next: a service manager with Restart=on-failure starts it again; ` +
      'the log above has PostgreSQL’s last lines.\n',
  );
  process.exit(1);
}
