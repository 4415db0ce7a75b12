/**
 * What the server's command-line scripts share (`npm run backup`/`restore`, `keys:rotate`/`keys:retire`):
 * printing, the usage refusal (exit 2) and the failure line (exit 1), and reading the server's own
 * configuration from the environment, a configuration error being a usage error.
 */
import { ConfigError, loadConfig, type Config } from '../config.ts';

/** A line on standard output. */
export const say = (line: string) => process.stdout.write(`${line}\n`);

/** A logger for the pieces a script calls (the database target, a restore): indented lines on stdout. */
export const cliLog = { info: (m: string) => say(`  ${m}`), warn: (m: string) => say(`  warning: ${m}`) };

/** The call's words are off: printed with the usage, exit 2. */
export class UsageError extends Error {}

export interface CliOptions {
  /** Printed after a usage error (alone when it is the error). */
  usage: string;
  /** Each command by the first argument; it gets the configuration and the remaining arguments. */
  commands: Record<string, (config: Config, args: string[]) => Promise<void>>;
  /** The text written to stderr for any other error before exit 1 (`message` is the error's message). */
  failure: (err: unknown, message: string) => string;
}

/** node:util's parseArgs refuses an unknown option or a missing value with an ERR_PARSE_ARGS_* TypeError. */
const isParseArgsRefusal = (err: unknown) =>
  err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS_');

/** Runs the command `process.argv[2]` names, with the server's configuration, and exits as above on error. */
export function runCli({ usage, commands, failure }: CliOptions): void {
  async function main(): Promise<void> {
    const [command, ...args] = process.argv.slice(2);
    let config: Config;
    try {
      config = loadConfig();
    } catch (err) {
      if (err instanceof ConfigError) throw new UsageError(err.message);
      throw err;
    }
    const run = command !== undefined && Object.hasOwn(commands, command) ? commands[command] : undefined;
    if (!run) throw new UsageError(usage);
    return run(config, args);
  }

  main().catch((err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError || isParseArgsRefusal(err)) {
      process.stderr.write(`${message}\n${message === usage ? '' : `${usage}\n`}`);
      process.exit(2);
    }
    process.stderr.write(failure(err, message));
    process.exit(1);
  });
}
