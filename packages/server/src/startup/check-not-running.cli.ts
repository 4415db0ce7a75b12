/**
 * `npm start`'s first step (ADR 0054): refuses when an Ayar process already holds the data directory,
 * before `npm run build` replaces the web files that process serves. DATA_DIR is read by the server's
 * own configuration (default ./data from the working directory), so this looks where the server
 * would. With DATABASE_URL set the server takes no lock, and this lets the start go on.
 */
import fs from 'node:fs';
import { ConfigError, loadConfig } from '../config.ts';
import { whoHoldsDataDirLock } from './locks.ts';

/** The holder's command line from /proc, for the message; empty when it cannot be read. */
function commandOf(pid: number): string {
  try {
    const words = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    return words.length ? `: ${words.join(' ')}` : '';
  } catch {
    return '';
  }
}

let dataDir: string;
try {
  dataDir = loadConfig().dataDir;
} catch (err) {
  // The server would refuse the same configuration, only after the build: say so now.
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
}

const pid = whoHoldsDataDirLock(dataDir);
if (pid !== null) {
  process.stderr.write(
    `Ayar could not start: another Ayar process (pid ${pid}${commandOf(pid)}) is already using the data directory ${dataDir}.\n` +
      '  Nothing was rebuilt: the web files it serves are as they were.\n' +
      `  What to do: stop it first (kill ${pid}, or systemctl stop ayar), or set DATA_DIR to another directory.\n`,
  );
  process.exit(1);
}
