import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { MSG, envelopeSchema } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/envelope.ts';

export const healthSchema = envelopeSchema(
  z.object({ status: z.literal('ok'), version: z.string(), database: z.boolean() }),
);

export function healthRoutes(app: FastifyInstance, deps: { db: Database; version: string }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/health',
    config: {
      audience: 'public',
      rateLimit: false,
      example: {
        response: {
          successful: true,
          message: MSG.ok,
          data: { status: 'ok', version: '1.9.66', database: true },
        },
      },
    },
    schema: {
      tags: ['health'],
      summary: 'Whether the server and its database answer, and the running version',
      response: { 200: healthSchema },
    },
    handler: async () => {
      await sql`select 1`.execute(deps.db);
      return ok({ status: 'ok' as const, version: deps.version, database: true });
    },
  });
}
