import pino from 'pino';

/** Where log lines go: the process's stdout, or a test's sink. */
export interface LogOutput {
  isTTY?: boolean;
  hasColors?: () => boolean;
  write(line: string): unknown;
}

/**
 * The process's logger. To a terminal: one readable line per event, a request as one line with its
 * method, path, status and duration. Anywhere else (a file, journald, a log collector): pino's JSON
 * lines, one object per event, as every tool that reads them expects. Either way every line passes
 * `redactSecrets` as it is written (ADR 0043).
 */
export function createLogger(level: string, redact: string[], out: LogOutput = process.stdout): pino.Logger {
  const options = { level, redact };
  if (!out.isTTY) {
    // For stdout pino's own destination, as pino() alone would write to (flushed at exit).
    const sink = out === process.stdout ? pino.destination(1) : out;
    return pino(options, { write: (line: string) => sink.write(redactSecrets(line)) });
  }
  const colors = !process.env.NO_COLOR && out.hasColors?.() === true;
  const write = readableLines((line) => out.write(line), colors);
  return pino(options, { write: (line: string) => write(redactSecrets(line)) });
}

/** What stands in a log line for a secret taken out of it. */
export const REDACTION_MARK = '[Redacted]';

/**
 * Secrets that travel in addresses, and so in every line that prints one (the request log, an error
 * about a request, a client error's URL): the SMS webhook's secret path segment, a slip's `/r/<token>`,
 * a public photo's token and a `token=` query parameter (`ResultByToken`). Pino's `redact` only knows
 * fields; these live inside strings, so the line itself is cleaned as it is written: a request that
 * writes nothing (the lookup at LOG_LEVEL=warn) pays nothing (ADR 0036).
 */
const SECRETS_IN_ADDRESSES: readonly RegExp[] = [
  /(\/sms\/receive\/)[^\s"'?#/\\&]+/gi,
  /(\/r\/)[^\s"'?#/\\&]+/g,
  /(\/results\/photo\/)[^\s"'?#/\\&]+/gi,
  /([?&]token=)[^\s"'#&\\]+/gi,
];

/** The line with every secret of `SECRETS_IN_ADDRESSES` replaced by `REDACTION_MARK`. */
export function redactSecrets(line: string): string {
  let out = line;
  for (const pattern of SECRETS_IN_ADDRESSES) out = out.replace(pattern, `$1${REDACTION_MARK}`);
  return out;
}

const LEVELS: Record<number, [string, string]> = {
  10: ['TRACE', '\x1b[90m'],
  20: ['DEBUG', '\x1b[90m'],
  30: ['INFO ', '\x1b[32m'],
  40: ['WARN ', '\x1b[33m'],
  50: ['ERROR', '\x1b[31m'],
  60: ['FATAL', '\x1b[41m\x1b[97m'],
};
const RESET = '\x1b[0m';
/** Fields shown in their own way, or not worth a terminal's width. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'msg',
  'reqId',
  'req',
  'res',
  'responseTime',
  'err',
]);
/** Requests whose "completed" line is still to come, by request id; bounded, as an aborted one never ends. */
const MAX_OPEN = 1000;

interface Entry {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  component?: string;
  [key: string]: unknown;
}

const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);

/** A pino destination turning its JSON lines into readable ones. */
export function readableLines(print: (line: string) => void, colors: boolean): (json: string) => void {
  const open = new Map<string, string>();
  return (json) => {
    let entry: Entry;
    try {
      entry = JSON.parse(json) as Entry;
    } catch {
      print(json);
      return;
    }
    // Fastify logs a request twice; the first line only says what the second will complete.
    if (entry.msg === 'incoming request' && entry.reqId && entry.req) {
      if (open.size >= MAX_OPEN) open.delete(open.keys().next().value!);
      open.set(entry.reqId, `${entry.req.method ?? ''} ${entry.req.url ?? ''}`);
      return;
    }
    const request = entry.reqId ? open.get(entry.reqId) : undefined;
    let text = entry.msg ?? '';
    if (entry.msg === 'request completed' && entry.reqId) {
      open.delete(entry.reqId);
      const ms = entry.responseTime === undefined ? '' : ` ${entry.responseTime.toFixed(1)} ms`;
      text = `${request ?? '?'} ${entry.res?.statusCode ?? ''}${ms}`;
    } else if (request) {
      text += ` (${request})`;
    }
    if (typeof entry.component === 'string') text = `[${entry.component}] ${text}`;
    const extra = Object.entries(entry)
      .filter(([key]) => !SHOWN.has(key) && key !== 'component')
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    if (extra.length) text += `  ${extra.join(' ')}`;
    if (entry.err) {
      const detail = entry.level >= 50 && entry.err.stack ? entry.err.stack : entry.err.message;
      if (detail) text += `\n    ${detail.replaceAll('\n', '\n    ')}`;
    }
    const [name, color] = LEVELS[entry.level] ?? [String(entry.level).padEnd(5), ''];
    const label = colors ? `${color}${name}${RESET}` : name;
    print(`${clock(entry.time)} ${label} ${text}\n`);
  };
}
