import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  LIMITS,
  hasInvalidCharacters,
  loadCommonPasswords,
  passwordIsUserName,
  weakPasswordReason,
} from '@ayar/contract';
import { backupsConfigProblems, backupsConfigShape, bucketName } from './config-backups.ts';
import { isEd25519PrivateKey } from './lib/ed25519.ts';
import { metricsConfigShape } from './config-metrics.ts';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

// ADMIN_PASSWORD is checked against the common passwords as the environment is read (ADR 0043).
await loadCommonPasswords();

const WEAK_ADMIN_PASSWORD = {
  blank: 'must not be only spaces',
  repeated: 'must not be one to four characters repeated (aaaaaaaa, abababab)',
  common: 'is one of the most common passwords, the first an attacker tries; choose another',
} as const;

/** What is wrong with ADMIN_PASSWORD by the contract's password rule, in the start error's words. */
function adminPasswordProblem(v: string): string | undefined {
  if (v.length < LIMITS.password.min) return `must be at least ${LIMITS.password.min} characters`;
  if (v.length > LIMITS.password.max) return `must be at most ${LIMITS.password.max} characters`;
  if (hasInvalidCharacters(v)) return 'must not hold control characters';
  if (/^\d+$/.test(v)) return 'must not be only digits';
  const reason = weakPasswordReason(v);
  return reason ? WEAK_ADMIN_PASSWORD[reason] : undefined;
}

/** `https://host[:port]` exactly as its URL's origin reads: a status list's address is signed forever. */
function isHttpOrigin(v: string): boolean {
  try {
    const url = new URL(v);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === v;
  } catch {
    return false;
  }
}

/** The words a yes/no setting (S3_FORCE_PATH_STYLE) takes. */
const TRUE_WORDS = new Set(['true', '1', 'yes', 'on']);
const BOOLEAN_WORDS = new Set([...TRUE_WORDS, 'false', '0', 'no', 'off']);

/** Every environment variable the server reads, with its default (README "Configuration"). */
export const configSchema = z.object({
  ...metricsConfigShape,
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** A streaming replica for the reads that may lag (ADR 0032): the public lookup, labs, statistics. */
  DATABASE_READ_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** Seconds the replica may be behind before those reads go to the primary. */
  READ_MAX_LAG_S: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(3600).default(10)),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^rediss?:\/\//.test(v), 'must start with redis:// or rediss://')
      .optional(),
  ),
  WORKERS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('1')
      .refine(
        (v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64),
        'must be a whole number from 1 to 64, or auto',
      )
      .transform((v) => (v === 'auto' ? os.availableParallelism() : Number(v))),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /** The Ed25519 key that signs results (PKCS#8 PEM or private JWK); unset: DATA_DIR's generated one. */
  RESULT_SIGNING_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => isEd25519PrivateKey(v), 'must be an Ed25519 private key (PKCS#8 PEM or a private JWK)')
      .optional(),
  ),
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string().min(3).max(50).default('admin')),
  /** The first administrator's password: the rule of every new password (ADR 0043). */
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((v, ctx) => {
        const problem = adminPasswordProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['outbox', 'kavenegar']).default('outbox')),
  /**
   * The secret in the address the SMS provider posts received messages to
   * (`/api/v1.0/Sms/Receive/<secret>`); unset: no lookup by SMS. ADR 0029.
   */
  SMS_RECEIVE_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{24,128}$/, 'must be 24 to 128 letters, digits, - or _ (it is part of a URL)')
      .optional(),
  ),
  /** Lookups by SMS answered per sender in any 24 hours. */
  SMS_LOOKUP_DAILY_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(1).max(1000).default(10),
  ),
  KAVENEGAR_API_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w-]+$/, 'must contain only letters, digits, - and _')
      .optional(),
  ),
  KAVENEGAR_BASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^https?:\/\/[^\s/]+/.test(v), 'must be an http:// or https:// URL')
      .transform((v) => v.replace(/\/+$/, ''))
      .default('https://api.kavenegar.com'),
  ),
  KAVENEGAR_SENDER: z.preprocess(
    emptyToUndefined,
    z.string().regex(/^\d+$/, 'must be a line number').optional(),
  ),
  KAVENEGAR_OTP_TEMPLATE: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  /**
   * The server's public origin (ADR 0041): signed results name their status list under it. Unset: the
   * lists' addresses are path-absolute and a verifier resolves them against where it fetched the result.
   */
  PUBLIC_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(
        isHttpOrigin,
        'must be an http:// or https:// origin (e.g. https://ayar.example), no path or trailing /',
      )
      .optional(),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  /** Seconds readiness answers 503 before the listener closes at shutdown, for a load balancer (ADR 0051). */
  DRAIN_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(300).default(0)),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
  /** PostgreSQL programs to run instead of npm's (ADR 0020): another processor, musl. */
  POSTGRES_BIN_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  TRUST_PROXY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .superRefine((v, ctx) => {
        const bad = v === undefined ? [] : trustProxyProblems(v);
        if (bad.length > 0) ctx.addIssue({ code: 'custom', message: bad.join('; ') });
      })
      .transform(parseTrustProxy),
  ),
  /**
   * `1`: webhooks may point at this machine or private networks (tests, a closed network); else those
   * are refused at registration and before each delivery (ADR 0062).
   */
  WEBHOOK_ALLOW_PRIVATE_TARGETS: z
    .preprocess(emptyToUndefined, z.enum(['0', '1']).default('0'))
    .transform((v) => v === '1'),
  RATE_LIMIT_ALLOWLIST: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((ip) => ip.trim())
          .filter(Boolean),
      ),
  ),
  ...backupsConfigShape,
  /** Where uploads are kept (ADR 0030): DATA_DIR/files, or an S3-compatible bucket. */
  STORAGE: z.preprocess(emptyToUndefined, z.enum(['local', 's3']).default('local')),
  S3_ENDPOINT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((v) => /^https?:\/\/[^\s/]+/.test(v), 'must be an http:// or https:// URL')
      // The endpoint is printed in messages and logs: a password in it would be too.
      .refine(
        (v) => !/^https?:\/\/[^/]*@/.test(v),
        'must not hold a user or password (they go in S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)',
      )
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  /** MinIO and Ceph accept any region in the signature unless configured otherwise. */
  S3_REGION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[\w-]+$/, 'must be a region name (letters, digits, -)')
      .default('us-east-1'),
  ),
  S3_BUCKET: z.preprocess(emptyToUndefined, bucketName.optional()),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** Path-style addresses by default: a bucket on the network's own MinIO or Ceph has no DNS name of its own. */
  S3_FORCE_PATH_STYLE: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('true')
      .refine((v) => BOOLEAN_WORDS.has(v.toLowerCase()), 'must be true or false')
      .transform((v) => TRUE_WORDS.has(v.toLowerCase())),
  ),
});

/** What STORAGE=s3 cannot do without, each named when missing (the bucket, where it is, the key). */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** STORAGE=s3 with a setting missing, or S3 settings with STORAGE left unset (photos would go to disk). */
function storageProblems(env: NodeJS.ProcessEnv): string[] {
  const storage = env.STORAGE || 'local';
  if (storage === 's3') {
    return S3_REQUIRED.filter((name) => !env[name]).map(
      (name) => `  - ${name}: is required when STORAGE=s3 (README "Object storage")`,
    );
  }
  if (!env.STORAGE && env.S3_BUCKET) {
    return [
      '  - STORAGE: S3_BUCKET is set but STORAGE is not; set STORAGE=s3 to keep files in the bucket, or STORAGE=local to keep them in DATA_DIR/files',
    ];
  }
  return [];
}

/** proxy-addr's names for whole address ranges, which Fastify's trustProxy understands. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY names who may say where a request came from (X-Forwarded-For). Trusting everyone would
 * let any client pick its own address and walk around every per-address limit, so only a hop count or
 * the proxies' own addresses are accepted.
 */
function trustProxyProblems(value: string): string[] {
  if (/^\d+$/.test(value)) {
    return Number(value) >= 1 && Number(value) <= 10 ? [] : ['a hop count must be from 1 to 10'];
  }
  if (/^(true|yes|\*|all)$/i.test(value)) {
    return [
      'name the proxies in front (addresses or CIDRs) or give a hop count; trusting every client is refused',
    ];
  }
  const bad = value
    .split(',')
    .map((e) => e.trim())
    .filter((e) => !isAddressOrCidr(e));
  return bad.length > 0 ? [`not an address or CIDR: ${bad.join(', ')}`] : [];
}

/** Fastify's trustProxy: false (the socket's address is the client), a hop count, or the proxies. */
export type TrustProxy = false | number | string[];

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
}

export type Config = z.infer<typeof configSchema> & { dataDir: string };

export class ConfigError extends Error {}

/** Reads and validates the environment; throws one error listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  // Checked on the raw values too, so it is listed together with any other bad variable.
  if (env.SMS_PROVIDER === 'kavenegar' && !env.KAVENEGAR_API_KEY) {
    lines.push('  - KAVENEGAR_API_KEY: is required when SMS_PROVIDER=kavenegar');
  }
  lines.push(...storageProblems(env), ...backupsConfigProblems(env));
  if (parsed.success && parsed.data.ADMIN_PASSWORD) {
    const { ADMIN_PASSWORD: password, ADMIN_USERNAME: userName } = parsed.data;
    if (passwordIsUserName(password, userName)) {
      lines.push('  - ADMIN_PASSWORD: must not be ADMIN_USERNAME, nor ADMIN_USERNAME backwards');
    }
  }
  // Each process would count its own rate limits and failed sign-ins (docs/product.md §11.3).
  if (parsed.success && parsed.data.WORKERS > 1 && !parsed.data.REDIS_URL) {
    lines.push(
      '  - WORKERS: more than one process needs REDIS_URL, where the processes share their rate limits',
    );
  }
  if (!parsed.success || lines.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
