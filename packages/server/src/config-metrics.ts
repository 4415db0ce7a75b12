import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);

/**
 * Where the Prometheus metrics are served (ADR 0052): a listener of their own, off unless
 * METRICS_PORT is set, on the loopback address unless METRICS_HOST says otherwise. With METRICS_TOKEN
 * a scrape needs `Authorization: Bearer <token>`, and the public port answers `/metrics` too.
 */
export const metricsConfigShape = {
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyToUndefined, z.string().default('127.0.0.1')),
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(16, 'must be at least 16 characters').optional(),
  ),
};
