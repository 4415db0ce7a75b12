import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { directoryProblem, listenProblem, StartupError } from './errors.ts';

/**
 * Checks made before anything is created, so a start that cannot succeed fails at once with one clear
 * message and leaves no half-made data directory or database behind (ADR 0022).
 */

/** The HTTP port is free. The real listen still reports a program that takes the port meanwhile. */
export async function checkPort(port: number, host: string): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve()));
  }).catch((err: unknown) => {
    throw listenProblem(err, port, host);
  });
}

/**
 * DATA_DIR exists (created if missing) and this user can write it. Answers whether this start created
 * it, so a failed first start can remove it again.
 */
export function prepareDataDir(dataDir: string): { created: boolean } {
  const existed = fs.existsSync(dataDir);
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const probe = path.join(dataDir, `.write-test-${process.pid}`);
    fs.writeFileSync(probe, '');
    fs.unlinkSync(probe);
  } catch (err) {
    throw directoryProblem(realMkdirError(err, dataDir), dataDir);
  }
  return { created: !existed };
}

/**
 * A recursive mkdir reports ENOENT when the last step fails for another reason (a read-only disk, say):
 * the last step again, alone, says which.
 */
function realMkdirError(err: unknown, dir: string): unknown {
  if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !fs.existsSync(path.dirname(dir))) return err;
  try {
    fs.mkdirSync(dir);
    return err;
  } catch (again) {
    return again;
  }
}

/** Where a URL points, without its password: `user@host:port/database`. */
export function where(url: string, defaultPort: number): string {
  try {
    const u = new URL(url);
    const user = u.username ? `${decodeURIComponent(u.username)}@` : '';
    return `${user}${u.hostname || 'localhost'}:${u.port || defaultPort}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'the address given';
  }
}

/** The Redis named in REDIS_URL answers a PING within a few seconds. */
export async function checkRedis(url: string): Promise<void> {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined); // reported below, once
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const auth = /NOAUTH|WRONGPASS|invalid password|AUTH/i.test(message);
    throw new StartupError(
      auth
        ? `Redis at ${where(url, 6379)} refused the credentials in REDIS_URL (${message}).`
        : `Redis at ${where(url, 6379)} (REDIS_URL) does not answer (${message}).`,
      auth
        ? 'put the right user name and password in REDIS_URL (redis://user:password@host:6379).'
        : 'start that Redis (Debian: apt-get install redis-server) or correct REDIS_URL. With WORKERS=1 it may be left unset: the rate limits are then counted in the process.',
      { cause: err },
    );
  } finally {
    redis.disconnect();
  }
}

/** An external PostgreSQL (DATABASE_URL) accepts our connection, user and password. */
export async function checkDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    throw databaseProblem(err, url);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const UNSET_HINT = 'or leave DATABASE_URL unset to use the embedded database in DATA_DIR.';

function databaseProblem(err: unknown, url: string): Error {
  const at = where(url, 5432);
  const e = err as { code?: string; message?: string };
  const message = e.message ?? String(err);
  switch (e.code) {
    case 'ECONNREFUSED':
      return new StartupError(
        `nothing accepts connections at ${at} (DATABASE_URL).`,
        `start that PostgreSQL, or correct the host and port in DATABASE_URL; ${UNSET_HINT}`,
        { cause: err },
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return new StartupError(
        `the host of DATABASE_URL (${at}) is not found.`,
        `correct DATABASE_URL; ${UNSET_HINT}`,
        {
          cause: err,
        },
      );
    case '28P01':
      return new StartupError(
        `PostgreSQL at ${at} refused the password in DATABASE_URL (${message}).`,
        "put the right password in DATABASE_URL (special characters URL-encoded), or set it in PostgreSQL: ALTER ROLE <user> PASSWORD '…'.",
        { cause: err },
      );
    case '28000':
      return new StartupError(
        `PostgreSQL at ${at} refused the connection (${message}).`,
        'create that user (createuser), or allow it in pg_hba.conf, or correct the user in DATABASE_URL.',
        { cause: err },
      );
    case '3D000':
      return new StartupError(
        `PostgreSQL at ${at} has no such database (${message}).`,
        'create it (createdb <name>, owned by the user in DATABASE_URL), or correct the database name in DATABASE_URL.',
        { cause: err },
      );
    default:
      // No code, or one without its own advice: the message is read below.
      break;
  }
  if (/password must be a string|SASL/.test(message)) {
    return new StartupError(
      `PostgreSQL at ${at} asks for a password and DATABASE_URL has none.`,
      'add it to DATABASE_URL: postgresql://user:password@host:5432/database.',
      { cause: err },
    );
  }
  if (/timeout/i.test(message)) {
    return new StartupError(
      `PostgreSQL at ${at} (DATABASE_URL) did not answer within 10 s.`,
      `check that host and port are right and reachable (a firewall?); ${UNSET_HINT}`,
      { cause: err },
    );
  }
  return new StartupError(
    `could not connect to PostgreSQL at ${at} (DATABASE_URL): ${message}.`,
    `correct DATABASE_URL; ${UNSET_HINT}`,
    {
      cause: err,
    },
  );
}
