import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { envelopeSchema } from '@ayar/contract';
import type { Database } from '../../db/database.ts';
import { ok } from '../../lib/envelope.ts';

export function healthRoutes(app: FastifyInstance, deps: { db: Database; version: string }): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/health',
    config: { audience: 'public', rateLimit: false },
    schema: {
      tags: ['health'],
      response: {
        200: envelopeSchema(
          z.object({ status: z.literal('ok'), version: z.string(), database: z.boolean() }),
        ),
      },
    },
    handler: async () => {
      await sql`select 1`.execute(deps.db);
      return ok({ status: 'ok' as const, version: deps.version, database: true });
    },
  });
}
