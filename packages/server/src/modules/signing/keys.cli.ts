/**
 * `npm run keys:rotate` and `npm run keys:retire -- KID --reason "…"` (ADR 0042, docs/verifying-results.md).
 * Both read the server's own configuration (DATA_DIR or RESULT_SIGNING_KEY, DATABASE_URL) from the
 * environment and reach its database as `npm run backup` does: DATABASE_URL's, else the embedded one
 * of DATA_DIR through the running server's socket, else started here for the moment.
 */
import type { Config } from '../../config.ts';
import { createDatabase, type Database } from '../../db/database.ts';
import { cliLog, runCli, say, UsageError } from '../../lib/cli.ts';
import { databaseToBackUp } from '../backups/target.lib.ts';
import {
  configuredKey,
  KeyLifecycleError,
  retire,
  rotateKeyFile,
  rotateSharedKey,
} from './key-lifecycle.service.ts';
import { ResultKeyError } from './keys.lib.ts';

const USAGE = `usage: npm run keys:rotate
       npm run keys:retire -- KID --reason "why"`;

async function withDatabase<T>(config: Config, work: (db: Database) => Promise<T>): Promise<T> {
  const target = await databaseToBackUp(config, cliLog);
  const db = createDatabase(target.url, 1);
  try {
    return await work(db);
  } finally {
    await db.destroy().catch(() => undefined);
    await target.close();
  }
}

async function rotate(config: Config, args: string[]): Promise<void> {
  if (args.length > 0) throw new UsageError(USAGE);
  if (config.RESULT_SIGNING_KEY) {
    const { kid, pem } = await withDatabase(config, rotateSharedKey);
    say(`New result-signing key: ${kid} (its public half is now in /.well-known/jwks.json).`);
    say('Set RESULT_SIGNING_KEY to this key on every server, then restart each of them:');
    say('');
    process.stdout.write(pem);
    say('');
    say('Until a server restarts it signs with the key it started with. Once all have restarted, retire');
    say('the old one: npm run keys:retire -- OLD_KID --reason "…"');
    return;
  }
  const result = await withDatabase(config, (db) => rotateKeyFile(db, config.dataDir));
  say(`New result-signing key: ${result.kid} (its public half is now in /.well-known/jwks.json).`);
  if (result.keptAs) say(`  The old key ${result.previousKid} is kept as ${result.keptAs}.`);
  say('Restart every server on this DATA_DIR now: until it restarts a server signs with its old key.');
  if (result.previousKid) {
    say(`Then retire the old key: npm run keys:retire -- ${result.previousKid} --reason "…"`);
  }
}

/**
 * The kid and `--reason` of `keys:retire`, read by hand: a kid is base64url and may start with «-»,
 * which parseArgs would take for an option.
 */
function retireArgs(args: string[]): { kid: string; reason: string | undefined } {
  const rest: string[] = [];
  let reason: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--reason') reason = args[++i];
    else if (arg.startsWith('--reason=')) reason = arg.slice('--reason='.length);
    else rest.push(arg);
  }
  if (rest.length !== 1) throw new UsageError('keys:retire takes one key id (its kid)');
  return { kid: rest[0]!, reason };
}

async function retireCommand(config: Config, args: string[]): Promise<void> {
  const { kid, reason: given } = retireArgs(args);
  const configured = await configuredKey(config);
  const { retiredAt, reason } = await withDatabase(config, (db) =>
    retire(db, { kid, reason: given, configuredKid: configured?.kid ?? null }),
  );
  say(`Retired the result-signing key ${kid} at ${retiredAt.toISOString()}: ${reason}`);
  say('  /.well-known/jwks.json now lists it with retiredAt. What it signed before still verifies;');
  say('  a server still configured with it stops signing within seconds and will not start again.');
}

runCli({
  usage: USAGE,
  commands: { rotate, retire: retireCommand },
  failure: (err, message) =>
    err instanceof KeyLifecycleError || err instanceof ResultKeyError
      ? `Refused: ${message}\nNothing was changed.\n`
      : `Failed: ${message}${err instanceof Error && err.cause ? `\n  cause: ${String(err.cause)}` : ''}\n`,
});
