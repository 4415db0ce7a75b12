import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every environment variable the server reads, with its default (README "Configuration"). */
export const configSchema = z.object({
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
  ADMIN_USERNAME: z.preprocess(emptyToUndefined, z.string().min(3).max(50).default('admin')),
  ADMIN_PASSWORD: z.preprocess(
    emptyToUndefined,
    z.string().min(8, 'must be at least 8 characters').optional(),
  ),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['outbox', 'kavenegar']).default('outbox')),
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
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  WEB_DIST: z.preprocess(emptyToUndefined, z.string().optional()),
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
});

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
  // Each process would count its own rate limits and failed sign-ins (DESIGN.md 7).
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
